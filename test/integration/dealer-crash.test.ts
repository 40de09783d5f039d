import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE } from '../../src/dealer/books/journal.js';
import { fullDisk, goldOf, MuxDealers, readBooks, runDealer, type DealerPlayer } from '../support/dealer.js';
import { describeNeeds } from '../support/needs.js';
import { rollToPlace } from '../support/spiceRun.js';
import { TcpProxy } from '../support/tcpProxy.js';
import { tinymuxMissing } from '../support/tinymux.js';

/**
 * The dealer's books under faults, against a real TinyMUX: killed (kill -9) at four moments of a
 * game, between whispers, and started again with the same --data, every balance is as it was and
 * every wager on the table is back with its player (a kill at every record of the books, and
 * inside each, is test/unit/dealer-table.test.ts's); its connection lost, it logs in again and the table's clock waited; told
 * to stop (SIGTERM, as /close), it returns every wager, logs out and exits 0; its disk refusing a
 * record (full), it tells nobody of what it could not write, says it closes, and exits 1.
 */

const sumOf = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describeNeeds(tinymuxMissing())('the dealer under faults', () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Croupier', 'Banker', 'Closer', 'Scribe', 'Stopper', 'Ana', 'Bob', 'Cyd', 'Dee']);
  }, 60_000);
  afterEach(() => world.clear());
  afterAll(() => world?.stop());

  /** Gold and stake of each player on the books now. */
  const holdings = (data: string, players: DealerPlayer[]) => players.map((p) => goldOf(data, p.name));

  it('killed -9 at four moments of a Lich Bones game (seated, started, bets on the table, a throw settled), starts again with every balance as it was and every wager back with its player', async () => {
    const settings = { rounds: 2, minBet: 10, handout: 100, heroBonus: 10 };
    const steps = ['seated', 'started (hand-outs paid)', 'bets on the table', 'a throw settled'];
    for (const [k, step] of steps.entries()) {
      const data = `${world.work}/crash-${k}`;
      let { run } = await world.deal('Croupier', 'lich-bones', settings, { data });
      const [ana, bob] = await world.join('Croupier', 'Ana', 'Bob');
      await ana.command('sit');
      await bob.command('sit');
      if (k >= 1) await ana.command('start');
      if (k >= 2) {
        expect(await ana.command('hero 30')).toMatch(/chalks up 30 gold from Ana on HERO/);
        expect(await bob.command('bet lich 20')).toMatch(/chalks up 20 gold from Bob on LICH/);
        expect(await bob.command('bet beseech 10')).toMatch(/chalks up 10 gold from Bob on BESEECH/);
      }
      if (k >= 3) {
        const hero = /HERO: (\w+)/.exec(await ana.command('look table'))![1];
        await (hero === 'Ana' ? ana : bob).command('roll');
      }
      const before = holdings(data, [ana, bob]);
      const booksBefore = readBooks(data);
      if (k === 2) expect(before.some((h) => h.escrow > 0), step).toBe(true);
      await run.kill();
      // Started again on the same books: nothing lost, nothing made, and nothing left on the table.
      ({ run } = await world.deal('Croupier', 'lich-bones', settings, { data }));
      const after = holdings(data, [ana, bob]);
      expect(
        after.map((h) => h.gold),
        step,
      ).toEqual(before.map((h) => h.gold + h.escrow));
      expect(after.map((h) => h.escrow)).toEqual([0, 0]);
      const books = readBooks(data);
      expect(sumOf(books.balances), 'the books add up').toBe(0);
      expect(books.balances.house ?? 0).toBe(booksBefore.balances.house ?? 0);
      // The room is told what came of the game the kill cut off.
      if (k === 2) {
        await ana.sync();
        expect(ana.all).toMatch(/^The bones table stopped with a game under way: every wager on it went back to its owner \((?=.*30 gold to Ana)(?=.*30 gold to Bob)[^)]*\); game 1's seed is revealed \(whisper Croupier=fair\)\.$/m);
      }
      // The players hear it as a player would: gold as the books have it.
      expect(await ana.command('gold')).toContain(`You have ${after[0].gold.toLocaleString('en-US')} gold`);
      // A game that drew before the kill is on the books as cut off, its seed revealed.
      if (k >= 3) {
        expect(books.games.at(-1)!.draws.length).toBeGreaterThan(0);
        expect(await bob.command('fair')).toMatch(/revealed [0-9a-f]{64} for commitment [0-9a-f]{64}/);
      }
      await world.clear();
    }
  }, 240_000);

  it('loses its connection, logs in again, and the table clock waited: no turn lapsed while it was away', async () => {
    const proxy = await TcpProxy.start(world.mux.port);
    try {
      const data = `${world.work}/dropped`;
      const run = runDealer(['--mud', `127.0.0.1:${proxy.port}`, '--profile', world.profile, '--character', 'Banker', '--data', data, '--game', 'spice-run', '--lines-per-second', '200']);
      await run.dealing();
      const [cyd, dee] = await world.join('Banker', 'Cyd', 'Dee');
      await cyd.command('sit');
      await dee.command('sit');
      // The turn is Cyd's, with the default 2 minutes: the dealer is away for 12 seconds and more
      // (it tries again at growing waits), and the table's time must not move meanwhile.
      const before = await cyd.command('look table');
      const left = Number(/(\d+) seconds? left/.exec(before)?.[1] ?? /(\d+) seconds/.exec(before)![1]);
      proxy.refusing = true;
      proxy.cut();
      await new Promise((r) => setTimeout(r, 12_000));
      proxy.refusing = false;
      const deadline = Date.now() + 60_000;
      while (!/logged in again/.test(run.output())) {
        expect(Date.now(), 'the dealer logs in again').toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
      const after = await cyd.command('look table');
      const now = Number(/(\d+) seconds? left/.exec(after)?.[1] ?? /(\d+) seconds/.exec(after)![1]);
      expect(left - now, 'seconds the table lost while the dealer was away').toBeLessThan(5);
      expect(cyd.all).not.toMatch(/lapse/);
      await rollToPlace(cyd);
      await run.stop();
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('its disk full at a bet: the bet is told to nobody, the room hears the table close, the dealer exits 1, and its next start gives every wager back', async () => {
    const data = `${world.work}/full`;
    const full = `${world.work}/disk-is-full`;
    const settings = { minBet: 10, handout: 100 };
    const { run } = await world.deal('Scribe', 'lich-bones', settings, { data, env: fullDisk(full) });
    const [ana, bob] = await world.join('Scribe', 'Ana', 'Bob');
    await ana.command('sit');
    await bob.command('sit');
    await ana.command('start');
    expect(await ana.command('hero 30')).toMatch(/chalks up 30 gold from Ana on HERO/);
    const before = holdings(data, [ana, bob]);
    writeFileSync(full, '');
    bob.whisper('bet lich 20');
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/^dealer: the books cannot be written \(ENOSPC: no space left on device, write\); the dealer stops, and at its next start every wager goes back to its owner$/m);
    expect(run.output()).not.toMatch(/Uncaught|at .*\.ts:\d+/);
    await bob.client.until(() => /^Scribe has disconnected\.$/m.test(bob.raw), 'the dealer to log out');
    expect(bob.all).toMatch(/^The bones table closes: its books cannot be written, so every wager on it goes back to its owner when it deals again\.$/m);
    // What the disk did not take was told to nobody, and is not on the books.
    expect(ana.all + bob.all).not.toMatch(/from Bob on LICH|your 20 gold on LICH/);
    expect(holdings(data, [ana, bob])).toEqual(before);
    await world.clear();

    // The disk has room again: the next start gives the wager on the table back, and the books add up.
    rmSync(full);
    await world.deal('Scribe', 'lich-bones', settings, { data });
    const after = holdings(data, [ana, bob]);
    expect(after.map((h) => h.gold)).toEqual(before.map((h) => h.gold + h.escrow));
    expect(after.map((h) => h.escrow)).toEqual([0, 0]);
    expect(sumOf(readBooks(data).balances), 'the books add up').toBe(0);
  }, 90_000);

  it('stopped (SIGTERM) with a wager on the table and its disk full: the room hears the table close, the dealer logs out and exits 1 with one line', async () => {
    const data = `${world.work}/full-stop`;
    const full = `${world.work}/disk-is-full-stop`;
    const { run } = await world.deal('Stopper', 'lich-bones', { minBet: 10, handout: 100 }, { data, env: fullDisk(full) });
    const [ana, bob] = await world.join('Stopper', 'Ana', 'Bob');
    await ana.command('sit');
    await bob.command('sit');
    await ana.command('start');
    await ana.command('hero 50');
    expect(goldOf(data, 'Ana').escrow).toBe(50);
    writeFileSync(full, '');
    expect(await run.stop()).toBe(1);
    expect(run.output().split('\n').filter((l) => l.startsWith('dealer: '))).toEqual([expect.stringMatching(/^dealer: the books cannot be written \(ENOSPC/)]);
    await bob.client.until(() => /^Stopper has disconnected\.$/m.test(bob.raw), 'the dealer to log out');
    expect(bob.all).toMatch(/^The bones table closes: its books cannot be written, so every wager on it goes back to its owner when it deals again\.$/m);
    // The stake is still on the table in the books, for the next start to give back, and the books are let go.
    expect(goldOf(data, 'Ana').escrow).toBe(50);
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);

    // With nothing on the table the first record refused is the clock's lag, kept at the stop: the same one line, exit 1.
    const idle = `${world.work}/full-stop-idle`;
    rmSync(full);
    const again = await world.deal('Stopper', 'lich-bones', { minBet: 10, handout: 100 }, { data: idle, env: fullDisk(full) });
    writeFileSync(full, '');
    expect(await again.run.stop()).toBe(1);
    expect(again.run.output().split('\n').filter((l) => l.startsWith('dealer: '))).toEqual([expect.stringMatching(/^dealer: the books cannot be written \(ENOSPC/)]);
    expect(existsSync(join(idle, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('SIGTERM (as /close): every wager goes back to its owner, the room is told, the dealer logs out and exits 0', async () => {
    const { run, data } = await world.deal('Closer', 'lich-bones', { minBet: 10, handout: 100 });
    const [ana, bob] = await world.join('Closer', 'Ana', 'Bob');
    await ana.command('sit');
    await bob.command('sit');
    await ana.command('start');
    await ana.command('hero 50');
    const { gold, escrow } = goldOf(data, 'Ana');
    expect(escrow).toBe(50);
    expect(await run.stop()).toBe(0);
    await bob.client.until(() => /^Closer has disconnected\.$/m.test(bob.raw), 'the dealer to log out');
    expect(bob.all).toMatch(/The bones table closes: every wager on it goes back to its owner \(50 gold to Ana\)\./);
    expect(goldOf(data, 'Ana')).toMatchObject({ gold: gold + 50, escrow: 0 });
    expect(run.output()).not.toMatch(/^dealing .*\n[\s\S]*^dealing /m);
  }, 60_000);
});
