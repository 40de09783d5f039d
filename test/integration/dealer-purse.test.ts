import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { dealerOnTerminal, goldOf, MuxDealers, readBooks, type DealerPlayer } from '../support/dealer.js';
import { describeNeeds } from '../support/needs.js';
import { toldCoins } from '../support/table-play.js';
import { pennies, tinymuxMissing } from '../support/tinymux.js';

/**
 * `--money purse` in a real TinyMUX: players pay the dealer with the MUX's own give and are paid
 * back with it. Every payment is credited only once the dealer's purse shows it; nothing a player
 * can type that looks like a payment credits anything; a give the MUX refuses is back on the
 * books; and after kill -9 at any moment of a payment in or out, each player's pennies plus their
 * balance on the books are what they were, and the books say exactly what the MUX's purse holds.
 * The MUX lets a player hold 20,000 pennies (earn_limit) and pays no daily paycheck, as
 * docs/dealer.md tells a host to set it; its queued commands cost what a stock MUX charges (a
 * penny for 1 in 64): the dealer's login queues nothing, and the penny its give's queued run may
 * cost is in the books, borne by the house, so every sum below is exact and nothing is held.
 */

const PLAYERS = ['Ana', 'Bob', 'Mal'];

describeNeeds(tinymuxMissing())('the dealer with the MUD\'s own coins in a TinyMUX', () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Croupier', ...PLAYERS], { config: ['earn_limit 20000', 'paycheck 0'] });
    await world.mux.wizard('give *Croupier=5000', ...PLAYERS.map((p) => `give *${p}=2000`));
  }, 60_000);
  afterEach(() => world.clear());
  afterAll(() => world?.stop());

  /** The dealer's purse, as the wizard reads it. */
  const purseOf = async () => Number(await world.mux.think('[money(*Croupier)]'));
  /** A dealer on `data`, once it takes payments: a dealer new to its books opens its purse only after its first read has seen it. */
  const deal = async (data: string, settings: object = { minBet: 10, rounds: 1 }) => {
    const dealt = await world.deal('Croupier', 'lich-bones', settings, { data, args: ['--money', 'purse'] });
    await takesPayments();
    return dealt;
  };
  const said = (p: DealerPlayer, text: string) => p.client.until(() => p.all.includes(text), `"${text}" to ${p.name}`, 15_000);
  /** A dealer new to its books takes payments once its first read has seen the purse (its use lock open). */
  const takesPayments = () => world.mux.until('[get(*Croupier/DEALER_OPEN)]', /^1$/);

  it('credits a payment once the purse shows it, pays a cashout with the give, and credits no pose, emit, pemit or forged line', async () => {
    const data = `${world.work}/exact`;
    await deal(data);
    const [ana, mal] = await world.join('Croupier', 'Ana', 'Mal');
    const start = await pennies(ana.client);
    ana.client.send('give Croupier=300');
    await said(ana, '300 Pennies received: you have 300 Pennies on my books.');
    expect(await pennies(ana.client)).toBe(start - 300);
    expect(goldOf(data, 'Ana').gold).toBe(300);
    expect(await ana.command('gold')).toMatch(/You have 300 Pennies/);
    // help says how to pay in, as the room heard when the dealer came.
    expect(await ana.command('help')).toMatch(/The stakes are your own Pennies: pay me in with give Croupier=<amount>, and whisper me cashout/);
    // Every way Mal can make the dealer's screen show a payment, without paying.
    const { id } = goldOf(data, 'Ana');
    for (const f of [
      ':gives you 20000 Pennies.',
      '@emit Ana gives you 5000 Pennies.',
      '@pemit Croupier=Ana gives you 5000 Pennies.',
      `whisper Croupier=gold%r[Ana(${id}),give] Ana gives you 300 Pennies.`,
      `page Croupier=gold%rDealerEar> 00112233445566778899aabbccddeeff ${id}|PLAYER|Ana| Ana gives you 300 Pennies.`,
      `whisper Croupier=gold%rMal gives you 300 Pennies.`,
    ]) mal.client.send(f);
    await mal.sync();
    await ana.sync();
    expect(goldOf(data, 'Ana').gold).toBe(300);
    expect(goldOf(data, 'Mal').gold).toBe(0);
    expect(await mal.command('gold')).toMatch(/You have 0 Pennies|You have no/);
    // Paid out with the MUX's own give, confirmed by the purse.
    const before = await pennies(ana.client);
    expect(await ana.command('cashout 100')).toMatch(/I will give you 100 Pennies/);
    await said(ana, 'I gave you 100 Pennies; you have 200 Pennies left on my books.');
    expect(await pennies(ana.client)).toBe(before + 100);
    expect(goldOf(data, 'Ana').gold).toBe(200);
    expect(await ana.command('cashout')).toMatch(/I will give you all you have on my books \(200 Pennies\)/);
    await said(ana, 'I gave you 200 Pennies; you have 0 Pennies left on my books.');
    expect(await pennies(ana.client)).toBe(start);
    expect(await ana.command('cashout 5')).toMatch(/You have nothing on my books to cash out/);
    const books = readBooks(data);
    expect(await purseOf()).toBe(-books.balances.mud);
    expect(books.holds).toEqual({});
  }, 90_000);

  it("credits a payment only from the MUX's own record of gives: a forged @pemit after kill insurance credits nobody, and a real give beside a forged claim credits the real payer only", async () => {
    const data = `${world.work}/insurance`;
    await deal(data);
    const [ana, bob] = await world.join('Croupier', 'Ana', 'Bob');
    await ana.client.until(() => readBooks(data).reads > 0, 'the first read of the purse', 10_000);
    /** Waits until the books hold `amount` unclaimed (they change with no line to any player). */
    const holding = async (amount: number) => {
      const until = Date.now() + 15_000;
      while (Object.values(readBooks(data).holds).reduce((n, h) => n + h.amount, 0) !== amount) {
        expect(Date.now(), `${amount} held`).toBeLessThan(until);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const bobStart = await pennies(bob.client);
    // Kill insurance pays the dealer 50 with no give; Bob then prints a payment line to it in his own name, and tries to run the dealer's lock and @pay himself.
    const runPay = ['think [u(*Croupier/DEALER_TAKES)]', 'kill Croupier=100', 'think [u(*Croupier/Pay)]', '@pemit *Croupier=Bob gives you 50 Pennies.'];
    for (const line of runPay) bob.client.send(line);
    await holding(50);
    expect(Object.values(readBooks(data).holds)[0].why).toMatch(/no give in the MUD's own record/);
    expect(goldOf(data, 'Bob').gold).toBe(0);
    // Ana really pays 30 while Bob does it again.
    ana.client.send('give Croupier=30');
    bob.client.send('kill Croupier=100');
    bob.client.send('@pemit *Croupier=Bob gives you 50 Pennies.');
    await said(ana, '30 Pennies received: you have 30 Pennies on my books.');
    await holding(100);
    await bob.sync();
    expect(goldOf(data, 'Ana').gold).toBe(30);
    expect(goldOf(data, 'Bob').gold).toBe(0);
    expect(bob.all).not.toMatch(/received/);
    // A real give of Bob's is his.
    bob.client.send('give Croupier=20');
    await said(bob, '20 Pennies received: you have 20 Pennies on my books.');
    expect(await pennies(bob.client)).toBe(bobStart - 200 - 20);
    expect(bob.client.all).toMatch(/PERMISSION DENIED/);
    // Even were the host to set the dealer VISUAL (its attributes readable, so Bob's u() runs its @pay), the record has no amount for it.
    await world.mux.wizard('@set *Croupier=VISUAL');
    for (const line of runPay) bob.client.send(line);
    await holding(150);
    await world.mux.wizard('@set *Croupier=!VISUAL');
    expect(goldOf(data, 'Bob').gold).toBe(20);
    const books = readBooks(data);
    expect(await purseOf()).toBe(-books.balances.mud);
  }, 90_000);

  it("survives a give the MUX refuses (the player past earn_limit): the cashout is back on the books with the MUX's reason", async () => {
    const data = `${world.work}/refused`;
    await deal(data);
    const [bob] = await world.join('Croupier', 'Bob');
    bob.client.send('give Croupier=300');
    await said(bob, '300 Pennies received');
    // Bob is made rich: 20,000 is all a player may hold here.
    await world.mux.wizard(`give *Bob=${20_000 - (await pennies(bob.client))}`);
    const rich = await pennies(bob.client);
    expect(rich).toBe(20_000);
    await bob.command('cashout 300');
    await said(bob, "My give of 300 Pennies did not reach you (the MUD said: That player doesn't need that many Pennies!); it is back on my books.");
    expect(await pennies(bob.client)).toBe(rich);
    expect(goldOf(data, 'Bob').gold).toBe(300);
    expect(await purseOf()).toBe(-readBooks(data).balances.mud);
    // Once Bob can hold it, it goes.
    bob.client.send('give Croupier=1000');
    await said(bob, '1,000 Pennies received: you have 1,300 Pennies on my books.');
    await bob.command('cashout 300');
    await said(bob, 'I gave you 300 Pennies; you have 1,000 Pennies left on my books.');
    expect(await pennies(bob.client)).toBe(rich - 1000 + 300);
  }, 90_000);

  it('deals a whole game of Lich Bones for pennies: each purse plus its balance is what it was, plus what the rules paid', async () => {
    const data = `${world.work}/game`;
    await deal(data, { minBet: 10, rounds: 2 });
    const seats = await world.join('Croupier', 'Ana', 'Mal');
    const [ana, mal] = seats;
    const start = await Promise.all(seats.map((p) => pennies(p.client)));
    for (const p of seats) {
      p.client.send('give Croupier=500');
      await said(p, '500 Pennies received');
      expect(await p.command('sit')).toMatch(new RegExp(`${p.name} takes a seat`));
    }
    const started = await ana.command('start');
    expect(started).not.toMatch(/hands \d+ Pennies/);
    for (let round = 1; !/Lich Bones is over/.test(ana.all); round++) {
      expect(round).toBeLessThan(12);
      await ana.command('hero 20');
      await mal.command('lich 10');
      const hero = /HERO: (\w+)/.exec(await ana.command('table'))![1];
      await (hero === 'Ana' ? ana : mal).command('roll');
    }
    expect(ana.all).not.toMatch(/bonus of/);
    for (const [i, p] of seats.entries()) {
      await p.sync();
      const { gold, escrow } = goldOf(data, p.name);
      expect(escrow).toBe(0);
      expect((await pennies(p.client)) + gold, p.name).toBe(start[i] + toldCoins(p.all, 'Pennies', 'Croupier', p.name));
    }
    const books = readBooks(data);
    expect(await purseOf()).toBe(-books.balances.mud);
    expect(books.balances.mint ?? 0).toBe(0);
  }, 180_000);

  it('refuses a bet the house could not pay if it won, saying why, and takes one it could', async () => {
    const data = `${world.work}/bankroll`;
    await deal(data);
    const [ana, bob] = await world.join('Croupier', 'Ana', 'Bob');
    await ana.client.until(() => readBooks(data).reads > 0, 'the first read of the purse', 10_000);
    const house = readBooks(data).balances.house;
    expect(house).toBeGreaterThan(1000);
    // A claw on 12 pays 30 to 1: one too many coins on it and the house could not pay.
    const tooMuch = Math.floor(house / 30) + 11;
    ana.client.send(`give Croupier=${tooMuch + 20}`);
    await said(ana, 'Pennies received');
    await ana.command('sit');
    await bob.command('sit');
    await ana.command('start');
    expect(await ana.command('hero 10')).toMatch(/chalks up 10 Pennies from Ana on HERO/);
    expect(await ana.command(`claw 12 ${tooMuch}`)).toMatch(/The house cannot cover that bet: if the dice went against it, the table could cost the house [\d,]+ Pennies, and it holds [\d,]+ Pennies\./);
    expect(goldOf(data, 'Ana').escrow).toBe(10);
    expect(await ana.command(`claw 12 ${tooMuch - 20}`)).toMatch(/chalks up [\d,]+ Pennies from Ana on CLAW 12/);
  }, 60_000);

  it("holds a payment it cannot tie to a player (a thing's), shows it on the console's /audit against the purse, and the operator settles it", async () => {
    const [ana, mal] = await world.join('Croupier', 'Ana', 'Mal');
    const data = `${world.work}/console`;
    const term = dealerOnTerminal(['--mud', `127.0.0.1:${world.mux.port}`, '--profile', world.profile, '--character', 'Croupier', '--data', data, '--money', 'purse', '--seed', '3']);
    const { shows } = term;
    try {
      await shows(/the house's bankroll/);
      await takesPayments();
      expect(await ana.command('gold')).toMatch(/You have 0 Pennies/);
      const { id } = goldOf(data, 'Ana');
      // Mal's thing pays: the MUX proves it came from a thing, which is nobody's balance.
      mal.client.send('@create Purse');
      mal.client.send('give Purse=40');
      mal.client.send('drop Purse');
      mal.client.send('@force Purse=give Croupier=40');
      await shows(/HELD 40 Pennies as hold (\d+): payments the MUD did not prove/);
      const hold = /HELD 40 Pennies as hold (\d+)/.exec(term.screen)![1];
      let mark = term.screen.length;
      term.type('/audit');
      await shows(/the books say it holds ([\d,]+) Pennies, which matches\.[\s\S]*Unclaimed: hold \d+, 40 Pennies/, mark);
      mark = term.screen.length;
      term.type(`/settle ${hold} ${id}`);
      await shows(new RegExp(`Hold ${hold} \\(40 Pennies\\) settled to Ana\\.`), mark);
      expect(await ana.command('gold')).toMatch(/You have 40 Pennies/);
      expect(await purseOf()).toBe(-readBooks(data).balances.mud);
      term.type('/close');
      expect(await term.exited).toBe(0);
    } finally {
      term.kill();
    }
  }, 90_000);

  it('killed -9 at random moments of payments in and out, two dozen times: after each restart every player\'s pennies plus their balance are what they were, and the books say what the purse holds', async () => {
    const data = `${world.work}/kills`;
    let { run } = await deal(data);
    const players = await world.join('Croupier', 'Ana', 'Bob');
    for (const p of players) {
      p.client.send('give Croupier=500');
      await said(p, '500 Pennies received');
    }
    const total = async (p: DealerPlayer) => (await pennies(p.client)) + goldOf(data, p.name).gold + goldOf(data, p.name).escrow;
    const expected = new Map<string, number>();
    for (const p of players) expected.set(p.name, await total(p));
    // A fixed sequence of random moments (a linear congruential generator), so a failure can be replayed.
    let seed = 20261205;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let cashouts = 0;
    const runs = [run];
    /** Rounds killed with a payout on the books as pending (its give sent or not). */
    let pendingAtKill = 0;
    for (let round = 0; round < 24; round++) {
      const p = players[round % 2];
      const has = goldOf(data, p.name).gold;
      const amount = 1 + Math.floor(random() * 200);
      const payIn = has < 50 || random() < 0.5;
      if (payIn) p.client.send(`give Croupier=${amount}`);
      else {
        p.whisper(`cashout ${Math.min(amount, has)}`);
        cashouts++;
      }
      // Every other cashout is killed the moment the books have it as pending (its give sent or about to be); the rest at a random moment.
      if (!payIn && cashouts % 2 === 0) {
        const until = Date.now() + 5000;
        while (!Object.keys(readBooks(data).balances).some((k) => k.startsWith('pending:')) && Date.now() < until) await new Promise((r) => setImmediate(r));
      } else await new Promise((r) => setTimeout(r, Math.floor(random() * 60)));
      await run.kill();
      const cut = readBooks(data);
      if (Object.keys(cut.balances).some((k) => k.startsWith('pending:'))) pendingAtKill++;
      ({ run } = await deal(data));
      runs.push(run);
      const deadline = Date.now() + 20_000;
      while (readBooks(data).reads < 1) {
        expect(Date.now(), 'the first read after a restart').toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
      const books = readBooks(data);
      expect(Object.keys(books.balances).filter((k) => k.startsWith('pending:')), `round ${round}: no payout left pending`).toEqual([]);
      // A payment whose line the kill cut off is still in the MUX's own record of gives (credited at the first read), and a
      // payout's give its own stamp settles: nothing is ever held, and the purse is never short.
      expect(books.holds, `round ${round}: nothing held`).toEqual({});
      expect(runs.flatMap((r) => r.output().match(/^-- .*(?:HELD|SHORT).*$/gm) ?? []), `round ${round}: nothing held, the purse never short`).toEqual([]);
      for (const q of players) expect(await total(q), `round ${round}: ${q.name}'s pennies and balance`).toBe(expected.get(q.name));
      expect(await purseOf(), `round ${round}: the books against the purse`).toBe(-books.balances.mud);
    }
    expect(cashouts).toBeGreaterThan(4);
    expect(pendingAtKill, 'rounds killed with a payout pending').toBeGreaterThan(2);
  }, 300_000);
});
