import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { Books } from '../../src/dealer/books/books.js';
import { fill, loadProfile } from '../../src/dealer/profile.js';
import { rmSync, writeFileSync } from 'node:fs';
import { fullDisk, goldOf, MuxDealers, readBooks, type DealerPlayer, type DealerRun } from '../support/dealer.js';
import { describeNeeds } from '../support/needs.js';
import { pennies, tinymuxMissing } from '../support/tinymux.js';

/**
 * Purse mode's cashout across a crash, on a real TinyMUX whose every queued command costs a penny
 * (machine_command_cost 1; a stock MUX charges for 1 in 64). The dealer is killed -9 with a payout
 * pending on its books, and while it is down kill insurance of exactly the payout's amount comes
 * into its purse, with no give in the MUX's record: the purse alone would fit "it left" and "it did
 * not" equally. The MUX's own stamp of the give (the purse just before and after it, in one run of
 * the queue) decides: the player is paid once, the insurance is held, and the books say what the
 * purse holds, the give's penny borne by the house. Its logins queue nothing, so they cost nothing.
 */

describeNeeds(tinymuxMissing())('a cashout in a TinyMUX across a kill -9', () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Croupier', 'Ana', 'Bob'], { config: ['earn_limit 20000', 'paycheck 0', 'machine_command_cost 1'] });
    await world.mux.wizard('give *Croupier=5000', 'give *Ana=2000', 'give *Bob=2000');
  }, 60_000);
  afterEach(() => world.clear());
  afterAll(() => world?.stop());

  const purseOf = async () => Number(await world.mux.think('[money(*Croupier)]'));
  const said = (p: DealerPlayer, text: string) => p.client.until(() => p.all.includes(text), `"${text}" to ${p.name}`, 15_000);
  const pending = (data: string) => Object.keys(readBooks(data).balances).filter((k) => k.startsWith('pending:'));
  /** A dealer on `data` once its first read of this start is on its books (a start writes its books afresh). */
  const deal = async (data: string, env?: Record<string, string>) => {
    const { run } = await world.deal('Croupier', 'lich-bones', { minBet: 10, rounds: 1 }, { data, args: ['--money', 'purse'], env });
    await world.mux.until('[get(*Croupier/DEALER_OPEN)]', /^1$/);
    const deadline = Date.now() + 20_000;
    while (readBooks(data).reads < 1) {
      expect(Date.now(), 'the first read of the purse').toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    return run;
  };
  /** A dealer on `data` with 500 of Ana's paid in, and the players. */
  const dealtWithAna = async (data: string, env?: Record<string, string>) => {
    const run = await deal(data, env);
    const [ana, bob] = await world.join('Croupier', 'Ana', 'Bob');
    ana.client.send('give Croupier=500');
    await said(ana, '500 Pennies received');
    return { run, ana, bob };
  };
  /** Bob kills the dealer, logged in or not: the MUX pays it 50 of insurance, which no give records. */
  const insurance = async (bob: DealerPlayer) => {
    const before = (bob.client.all.match(/You killed Croupier!/g) ?? []).length;
    bob.client.send('kill Croupier=100');
    await bob.client.until(() => (bob.client.all.match(/You killed Croupier!/g) ?? []).length > before, 'the kill', 10_000);
  };
  /** The dealer's notes of money held or a purse short, over all its runs. */
  const alarms = (runs: DealerRun[]) => runs.flatMap((r) => r.output().match(/^-- .*(?:HELD|SHORT).*$/gm) ?? []);

  it("pays once a cashout whose give ran just before the dealer was killed, with the same amount of kill insurance come while it was down: the MUX's stamp says it left, the insurance is held", async () => {
    const data = `${world.work}/after`;
    const { run, ana, bob } = await dealtWithAna(data);
    const runs = [run];
    const total = async () => (await pennies(ana.client)) + goldOf(data, 'Ana').gold;
    const start = await total();
    // The moment the payout is pending on the books the MUX is frozen (SIGSTOP), so nothing can answer the dealer; the dealer
    // sends its give meanwhile and is frozen in turn; the MUX goes on and runs the give, and the dealer is killed with the
    // answer unread. (Should the dealer have settled the payout before the MUX froze, the attempt is only another restart,
    // paid once all the same, and the test tries again.)
    let stamp: string | null = null;
    for (let attempt = 0; attempt < 6 && !stamp; attempt++) {
      ana.whisper('cashout 50');
      const until = Date.now() + 5000;
      while (!pending(data).length && Date.now() < until) await new Promise((r) => setImmediate(r));
      world.mux.pause();
      await new Promise((r) => setTimeout(r, 300));
      runs.at(-1)!.child.kill('SIGSTOP');
      world.mux.resume();
      const n = pending(data)[0]?.split(':')[1];
      // The MUX runs the give in one queue entry: its stamp has the penny it kept and the purse before and after.
      if (n) stamp = await world.mux.until('[get(*Croupier/DEALER_OUT)]', new RegExp(`^${n}:1:\\d+:\\d+$`), 5000).catch(() => null);
      await runs.at(-1)!.kill();
      if (stamp) break;
      runs.push(await deal(data));
      expect(await total(), `attempt ${attempt}: paid once`).toBe(start);
    }
    expect(stamp, 'a payout pending at the kill, its give run').not.toBeNull();
    const [before, after] = stamp!.split(':').slice(2).map(Number);
    expect(before - after).toBe(50);
    await insurance(bob);
    const purse = await purseOf();
    expect(purse, 'the purse is where it was before the give: the arithmetic alone would say it never left').toBe(before);
    runs.push(await deal(data));
    expect(pending(data)).toEqual([]);
    expect(await total(), 'paid once').toBe(start);
    const books = readBooks(data);
    expect(Object.values(books.holds)).toEqual([expect.objectContaining({ amount: 50, why: expect.stringMatching(/no give in the MUD's own record/) })]);
    expect(await purseOf()).toBe(-books.balances.mud);
    expect(alarms(runs)).toEqual([expect.stringMatching(/^-- HELD 50 Pennies as hold \d+: money that came with no give/)]);
  }, 120_000);

  it('pays once a cashout the dealer journaled as pending but was killed before its give went out, with the same insurance: back on the books, the insurance held, and its give reaching the MUX late moves nothing', async () => {
    const data = `${world.work}/before`;
    const { run, ana, bob } = await dealtWithAna(data);
    const runs = [run];
    const start = await pennies(ana.client);
    await runs[0].kill();
    // Killed between its two steps: the payout on the books as pending, as the dealer journals it, and no give sent.
    const id = goldOf(data, 'Ana').id!;
    const books = Books.open(data, 'purse');
    const payout = { n: books.nextNumber, id, name: 'Ana', amount: 50 };
    books.purseStep({ moves: [{ from: `player:${id}`, to: `pending:${payout.n}`, amount: 50, why: 'a cashout, pending until the purse shows it left' }], payout });
    books.close();
    await insurance(bob);
    runs.push(await deal(data));
    expect(pending(data)).toEqual([]);
    expect(goldOf(data, 'Ana').gold, 'back on the books').toBe(500);
    expect(await pennies(ana.client), 'never paid').toBe(start);
    expect(Object.values(readBooks(data).holds)).toEqual([expect.objectContaining({ amount: 50, why: expect.stringMatching(/no give in the MUD's own record/) })]);
    // The dead session's give reaches the MUX only now (as a line a dying connection left in flight would): the fence its
    // successor set at login keeps it from queueing, so it gives nothing and charges nothing.
    const purse = await purseOf();
    const late = await world.mux.connect('Croupier');
    late.send(fill(loadProfile('tinymux').purse!.give, { n: String(payout.n), to: id, amount: '50', read: 'think late-read' }));
    late.send('think late-done');
    await late.until(() => late.all.includes('late-done'), 'the late give', 10_000);
    late.close();
    expect(late.all).not.toMatch(/late-read|You give/);
    expect(await pennies(ana.client)).toBe(start);
    expect(await purseOf()).toBe(purse);
    expect(purse).toBe(-readBooks(data).balances.mud);
    expect(alarms(runs)).toHaveLength(1);
  }, 120_000);

  it('its disk full at a cashout, gives nothing and exits 1; full at a payment in, exits 1, and its next start credits the payment from the MUX\'s own record', async () => {
    const data = `${world.work}/full`;
    const full = `${world.work}/disk-is-full`;
    const { run, ana } = await dealtWithAna(data, fullDisk(full));
    const runs = [run];
    const start = await pennies(ana.client);
    // The cashout's pending record is refused: no give goes out, and the 500 stay on the books.
    writeFileSync(full, '');
    ana.whisper('cashout 50');
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/^dealer: the books cannot be written \(ENOSPC/m);
    expect(run.output()).not.toMatch(/^you> .*give/m);
    expect(await pennies(ana.client), 'never paid').toBe(start);
    expect(goldOf(data, 'Ana').gold).toBe(500);
    expect(pending(data)).toEqual([]);
    await world.clear();

    // Dealt again, the disk full once more as Ana pays in: the MUX moved her coins, the dealer could not record them and stops.
    rmSync(full);
    const [again] = [await deal(data, fullDisk(full))];
    runs.push(again);
    const [ana2] = await world.join('Croupier', 'Ana');
    writeFileSync(full, '');
    ana2.client.send('give Croupier=100');
    expect(await again.exited).toBe(1);
    expect(await pennies(ana2.client)).toBe(start - 100);
    expect(goldOf(data, 'Ana').gold).toBe(500);
    await world.clear();

    // With room on the disk, the next start's read finds her give in the MUX's own record: credited, told, nothing held.
    rmSync(full);
    runs.push(await deal(data));
    expect(goldOf(data, 'Ana').gold, runs.at(-1)!.output()).toBe(600);
    expect(await purseOf()).toBe(-readBooks(data).balances.mud);
    expect(alarms(runs)).toEqual([]);
  }, 120_000);

  it('logs in again and again on a MUX that charges a penny for every queued command without losing one: its setup queues nothing', async () => {
    const data = `${world.work}/logins`;
    const runs = [await deal(data)];
    const purse = await purseOf();
    for (let i = 0; i < 4; i++) {
      await runs.at(-1)!.kill();
      runs.push(await deal(data));
    }
    expect(await purseOf()).toBe(purse);
    expect(-readBooks(data).balances.mud).toBe(purse);
    expect(alarms(runs)).toEqual([]);
  }, 120_000);
});
