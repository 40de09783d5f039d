import { afterAll, beforeAll, expect, it } from 'vitest';
import { MuxDealers } from '../support/dealer.js';
import { describeNeeds } from '../support/needs.js';
import { tinymuxMissing } from '../support/tinymux.js';

/**
 * Twenty players whispering to the dealer at once, in a TinyMUX as Debian ships it and the
 * dealer's profile as shipped (the MUX takes a burst of 100 commands from one connection, then 1
 * a second): each is answered within 5 seconds, on the MUD's real time, because answers go out
 * before the table's own lines; the room then hears every seat taken.
 */

const NAMES = ['Alma', 'Bram', 'Cleo', 'Dara', 'Egon', 'Fern', 'Gus', 'Hale', 'Ines', 'Jory', 'Kit', 'Lark', 'Milo', 'Nell', 'Odo', 'Pia', 'Quin', 'Rhea', 'Sol', 'Tove'];

describeNeeds(tinymuxMissing())('a crowd at the dealer in a stock TinyMUX', () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Croupier', ...NAMES], { stock: true });
  }, 60_000);
  afterAll(() => world?.stop());

  it('answers twenty players who whisper at once, each within 5 seconds', async () => {
    await world.deal('Croupier', 'lich-bones', {}, { lps: 2 });
    const players = await world.join('Croupier', ...NAMES);
    const started = Date.now();
    for (const p of players) p.whisper('sit');
    const waited = await Promise.all(
      players.map(async (p) => {
        await p.client.expect(new RegExp(`^Croupier says, "${p.name} takes a seat at the bones table\\."$`, 'm'), 15_000);
        return Date.now() - started;
      }),
    );
    expect(Math.max(...waited), `answered after ${waited.join(', ')} ms`).toBeLessThan(5000);
    // The room hears every seat taken, once the answers are out.
    await players[0].client.until(() => NAMES.every((n) => players[0].raw.includes(`Croupier says, "${n} takes a seat at the bones table."`)), 'every seat told to the room', 60_000);
  }, 120_000);
});
