import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dealerOnTerminal, MuxDealers } from '../support/dealer.js';
import { describeNeeds } from '../support/needs.js';
import { tinymuxMissing } from '../support/tinymux.js';

/**
 * The operator's console: the dealer run on a terminal (a pseudo-terminal made by `script`, as a
 * host's own terminal is), in a real TinyMUX. It shows the MUD's text, sends a typed line as the
 * character's command, and takes /pause, /resume, /audit and /close.
 */

describeNeeds(tinymuxMissing())("the dealer's console", () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Keeper', 'Ana']);
  }, 60_000);
  afterAll(() => world?.stop());

  it('shows the MUD, sends what the operator types, pauses, audits and closes', async () => {
    const [ana] = await world.join('Keeper', 'Ana');
    const data = join(world.work, 'console');
    const term = dealerOnTerminal(['--mud', `127.0.0.1:${world.mux.port}`, '--profile', world.profile, '--character', 'Keeper', '--data', data]);
    const { shows, type } = term;
    try {
      await shows(/dealing lich-bones as Keeper/);
      // The MUD's own text, as it comes.
      await shows(/mud\| .*Keeper/);
      expect(await ana.command('sit')).toMatch(/Ana takes a seat at the bones table\./);
      await shows(/mud\| .*Ana whispers "sit"/);
      // A line typed goes to the MUD as the character's own command.
      type('say Good evening, travellers.');
      await ana.client.expect(/^Keeper says, "Good evening, travellers\."$/m, 10_000);
      type('/pause');
      await shows(/-- paused/);
      ana.whisper('gold');
      await ana.client.expect(/^Keeper whispers "The bones table is paused by its keeper; whisper again once it goes on\."$/m, 10_000);
      let mark = term.screen.length;
      type('/audit');
      await shows(/The books add up[\s\S]*Seated: Ana \(#\d+, 1000 gold\)/, mark);
      type('/settle 1 house');
      await shows(/-- \/settle is for --money purse: nothing is ever held with --money tab/);
      type('/resume');
      await shows(/-- going on/);
      expect(await ana.command('gold')).toMatch(/You have 1,000 gold/);
      type('/close');
      expect(await term.exited).toBe(0);
      await ana.client.expect(/^Keeper has disconnected\.$/m, 10_000);
      expect(term.screen).not.toMatch(/connect Keeper pw\b/);
    } finally {
      term.kill();
    }
  }, 90_000);
});
