import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ObsidianDealers } from '../support/dealer.js';
import { dealerGames } from '../support/dealer-games.js';

/**
 * The dealer in this project's own server (the `obsidian` profile), as characters of the tavern
 * whose names are none the tavern keeps for itself: players whisper to them from their own
 * connections (`whisper croupier hero 10`), and each deals its game in the common room beside the
 * tavern's own table. A whole game of each kind (test/support/dealer-games.ts), and how the
 * tavern's players hear the dealer.
 */

describe('the dealer in the obsidian tavern', () => {
  let world: ObsidianDealers;
  beforeAll(async () => {
    world = await ObsidianDealers.start(['Croupier', 'Banker', 'Sharp']);
  }, 60_000);
  afterEach(() => world.clear());
  afterAll(() => world?.stop());

  dealerGames(() => world);

  it("speaks in the room as the character does, and answers a tell from afar with questions only", async () => {
    await world.deal('Croupier', 'lich-bones');
    const [ana, bob] = await world.join('Croupier', 'Ana', 'Bob');
    expect(await ana.command('sit')).toMatch(/Ana takes a seat at the bones table/);
    await bob.sync();
    expect(bob.raw).toMatch(/Croupier says, 'Ana takes a seat at the bones table\.'/);
    // A line of the table that begins with the dealer's name is its emote, which the tavern words for each reader.
    expect(bob.raw).toMatch(/Croupier nods to Ana: "Lich Bones begins/);
    expect(ana.raw).toMatch(/Croupier nods to you: "Lich Bones begins/);
    ana.client.send('tell croupier stand');
    await ana.client.expect(/Croupier tells you, 'Only in the room where I deal/);
  }, 60_000);
});
