import { afterEach, describe, expect, it } from 'vitest';
import { listening, type Program } from '../support/program.js';
import { enter, makeWorld, startWorld } from '../support/ranvier.js';
import { chooser, playDragonsLair, playSpiceRun, purseIn, SecretWatch, toldCoins, type Seat } from '../support/ranvier-play.js';

/**
 * A whole game of each kind in a Ranvier world, over telnet: after every step each player's
 * purse (`currencies.gold`, as `gold` reads it) is exactly 1,000 plus what the tables told them;
 * and a Dragon's Lair game watched over every byte each socket received.
 */

const programs: Program[] = [];
const cleanups: (() => void)[] = [];
const seats: Seat[] = [];
afterEach(async () => {
  for (const s of seats.splice(0)) s.client.close();
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const c of cleanups.splice(0)) c();
});

async function world(seed: number): Promise<number> {
  const { dir, cleanup } = await makeWorld({ tables: { seed } });
  cleanups.push(cleanup);
  const program = startWorld(dir);
  programs.push(program);
  return listening(program);
}

async function players(port: number, ...names: string[]): Promise<Seat[]> {
  const out: Seat[] = [];
  for (const name of names) out.push({ name, client: await enter(port, name) });
  seats.push(...out);
  return out;
}

/** Each player's purse is 1,000 and what they were told; returns the purses. */
async function purses(...players: Seat[]): Promise<number[]> {
  const got: number[] = [];
  for (const p of players) {
    const purse = purseIn(await p.client.command('gold'));
    expect(purse, `${p.name}'s purse`).toBe(1000 + toldCoins(p.client.all));
    got.push(purse);
  }
  return got;
}

describe('the games in a Ranvier world, coin by coin', () => {
  it('Spice Run: a whole game, each purse checked after every step; the coins add up to what the board said', async () => {
    const port = await world(7);
    const [ana, bob] = await players(port, 'Ana', 'Bob');
    await ana.client.command('sit sand');
    expect(await bob.client.command('sit sand')).toMatch(/A game of Spice Run begins: Ana is Player 1, you are Player 2/);
    let steps = 0;
    const story = await playSpiceRun(ana, bob, 'sand', 100, async () => {
      steps++;
      await purses(ana, bob);
    });
    expect(steps).toBeGreaterThan(8);
    expect(story).toMatch(/You place 100 obsidian coins on square \d+/);
    expect(story).toMatch(/You collect square \d+: \d+ obsidian coins|sweeps? the whole board/);
    const over = /The game of Spice Run is over: (?:Ana|you) (won|lost|broke even) ?([\d,]*)/.exec(ana.client.all);
    expect(over).not.toBeNull();
    const anaNet = over![1] === 'broke even' ? 0 : (over![1] === 'won' ? 1 : -1) * Number(over![2].replace(/,/g, ''));
    const [a, b] = await purses(ana, bob);
    expect(a + b).toBe(2000);
    expect(a).toBe(1000 + anaNet);
    expect(await ana.client.command('dice sand')).toMatch(/The dice on the sand table show \d and \d \(\d+\); that throw was nonce \d+ of game 1\./);
    expect(await ana.client.command('fair sand')).toMatch(/Game 1 is over: its client seed was casino:sand-table@casino:hall:1 and it made \d+ draws[^]*revealed [0-9a-f]{64} for commitment [0-9a-f]{64}/);
  });

  it("Lich Bones: a whole game of bets, the HERO's throws, hand-outs and bonuses; every purse told to the coin, and the house's part adds up", async () => {
    const port = await world(21);
    const [ana, bob] = await players(port, 'Ana', 'Bob');
    for (const p of [ana, bob]) {
      await p.client.command('north');
      expect(await p.client.command('sit bones')).toMatch(/You take a seat at the bones table/);
    }
    const started = await ana.client.command('start');
    expect(started).toMatch(/Dreaven hands 100 obsidian coins to each of you and Bob\./);
    expect(started).toMatch(/(Ana|Bob) is the HERO/);
    expect(started).toMatch(/place your bets/);
    await purses(ana, bob);
    for (let round = 1; ; round++) {
      if (/Lich Bones is over/.test(ana.client.all)) break;
      expect(round).toBeLessThan(10);
      expect(await ana.client.command('bet hero 10')).toMatch(/Dreaven takes your 10 obsidian coins on HERO|already back/);
      if (!/on LICH/.test(await bob.client.command('gold'))) await bob.client.command('bet lich 20');
      await bob.client.command('bet beseech 10');
      await purses(ana, bob);
      const view = await ana.client.command('table bones');
      const hero = /HERO: (\w+)/.exec(view)![1];
      const thrown = await (hero === 'Ana' ? ana : bob).client.command('roll dice bones');
      expect(thrown).toMatch(/You throw (the opening attack roll|for the quest point \d+): \d and \d \(\d+\)\./);
      await purses(ana, bob);
    }
    const story = ana.client.all;
    expect(story).toMatch(/Dreaven settles \d+ bets?: /);
    // The house's part, as each player was told it: hand-outs, bonuses, winnings and losses.
    const house = [ana, bob].map((p) => toldCoins(p.client.all)).reduce((a, b) => a + b, 0);
    const [a, b] = await purses(ana, bob);
    expect(a + b).toBe(2000 + house);
    expect(house).not.toBe(0);
    expect(await ana.client.command('dice bones')).toMatch(/The dice on the bones table show \d and \d \(\d+\); that throw was nonce \d+ of game 1\./);
  });

  it("Dragon's Lair: three players and an onlooker; no hidden card in any byte any socket received, and the antes come back as told", async () => {
    const port = await world(3);
    const players3 = await players(port, 'Ana', 'Bob', 'Cyd');
    const [dee] = await players(port, 'Dee');
    for (const p of players3) expect(await p.client.command('sit lair')).toMatch(/You take a seat at the lair table/);
    const watch = new SecretWatch(players3, [dee]);
    const started = await players3[1].client.command('start');
    expect(started).toMatch(/Dragon's Lair begins with Ana, you and Cyd: each antes 50 obsidian coins, and the bank holds 150 game coins/);
    expect(started).toMatch(/You are dealt (\S+ \(\w+ \d+\)(, )?){4}\./);
    await dee.client.expect("Dragon's Lair begins with Ana, Bob and Cyd");
    await playDragonsLair(players3, 'lair', watch, chooser(3));
    await watch.checkpoint();
    expect(watch.checked).toBeGreaterThan(200);
    expect(watch.bytes).toBeGreaterThan(20_000);
    const story = players3[0].client.all;
    expect(story).toMatch(/Lair \d is revealed/);
    expect(story).toMatch(/^The game of Dragon's Lair is over: .* Settlement: /m);
    const got = await purses(...players3);
    expect(got.reduce((a, b) => a + b, 0)).toBe(3000);
    expect(got.some((n) => n !== 1000)).toBe(true);
    // The onlooker saw the public cards, and no hand: nothing in her bytes is a telnet subnegotiation either.
    expect(dee.client.all).toMatch(/Lair \d is revealed/);
    expect(Buffer.concat(dee.client.raw).includes(Buffer.from([255, 250]))).toBe(false);
  }, 120_000);
});
