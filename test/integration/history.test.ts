/**
 * `history` after a game of each kind, over telnet: every line names the table, the game, the bet
 * and what came of it, and the lines add up to what the player's purse did.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const num = (text: string) => Number(text.replace(/,/g, ''));

async function coins(c: TestClient): Promise<number> {
  return num(/carrying ([\d,]+) obsidian coins/.exec(await c.command('i'))![1]);
}

interface Line {
  game: string;
  table: string;
  bet: string;
  staked: number;
  paid: number | null;
  outcome: string;
  /** What it did to the purse, from the words alone. */
  net: number;
}

/** Reads `history 50`: each line parsed, newest first. */
async function history(c: TestClient): Promise<Line[]> {
  const text = await c.command('history 50');
  if (/no results at the tables yet/.test(text)) return [];
  const [title, ...rows] = text.split(/\r?\n/);
  expect(title).toMatch(/^Your last (\d+ results|result) at the tables/);
  return rows.map((row) => {
    const m = /^ {2}(Spice Run|Lich Bones|Dragon's Lair) at (the \w+ table), (.+?): (?:staked ([\d,]+), )?(?:paid ([\d,]+), )?(won [\d,]+|lost [\d,]+|broke even|returned|received [\d,]+)$/.exec(row);
    if (!m) throw new Error(`not a history line: ${JSON.stringify(row)}`);
    const [, game, table, bet, staked, paid, outcome] = m;
    const amount = num(outcome.replace(/^\D+/, '') || '0');
    const net = /^(won|received)/.test(outcome) ? amount : /^lost/.test(outcome) ? -amount : 0;
    return { game, table, bet, staked: staked ? num(staked) : 0, paid: paid ? num(paid) : null, outcome, net };
  });
}

const total = (lines: Line[]) => lines.reduce((n, l) => n + l.net, 0);

describe('history over telnet', () => {
  it('after Spice Run: each square taken or lost, newest first, adding up to the game\'s result; a withdrawn game says returned', async () => {
    ts = await startTestServer({ seed: 7 });
    const a = await ts.login('Ana');
    const b = await ts.login('Bob');
    expect(await a.command('history')).toMatch(/You have no results at the tables yet/);
    await a.command('sit sand');
    await b.command('sit sand');
    let over = '';
    for (let step = 0; step < 400 && !over; step++) {
      const view = await a.command('look sand');
      const who = /It is your turn/.test(view) ? a : b;
      const own = who === a ? view : await b.command('look sand');
      const reply = await who.command(/roll the dice/.test(own) ? 'roll dice sand' : /bet on/.test(own) ? 'bet 100' : 'play');
      over = /The game of Spice Run is over: [^\n]*/.exec(reply)?.[0] ?? '';
    }
    const anaNet = (await coins(a)) - 1000;
    const bobNet = (await coins(b)) - 1000;
    expect(anaNet + bobNet).toBe(0);
    const [ana, bob] = [await history(a), await history(b)];
    expect(ana.length).toBeGreaterThan(0);
    expect(ana.length).toBeLessThan(50);
    for (const line of [...ana, ...bob]) {
      expect(line).toMatchObject({ game: 'Spice Run', table: 'the sand table' });
      expect(line.bet).toMatch(/^(square \d+|the whole board)$/);
      expect(line.outcome).toMatch(/^(won|lost|broke even)/);
    }
    expect(total(ana)).toBe(anaNet);
    expect(total(bob)).toBe(bobNet);
    // The game said the same, in its own words.
    expect(over).toMatch(anaNet === 0 ? /(you|Ana) broke even/ : new RegExp(`(you|Ana) ${anaNet > 0 ? 'won' : 'lost'} ${Math.abs(anaNet).toLocaleString('en-US')} `));

    // A second game, withdrawn with wagers on the board: each one comes back.
    await a.command('sit sand');
    await b.command('sit sand');
    let placed = 0;
    while (placed < 2) {
      const view = await a.command('look sand');
      const who = /It is your turn/.test(view) ? a : b;
      const own = who === a ? view : await b.command('look sand');
      if (/bet on/.test(own)) {
        await who.command('bet 40');
        placed++;
      } else await who.command('roll dice sand');
    }
    await a.command('withdraw');
    const [last, before] = await history(a);
    expect(last).toMatchObject({ game: 'Spice Run', staked: 40, outcome: 'returned', net: 0 });
    expect(before.outcome).not.toBe('returned'); // the withdrawn game's Bob wager is Bob's
    expect((await history(b))[0]).toMatchObject({ staked: 40, outcome: 'returned' });
    expect(await a.command('history 0')).toBe('Ask for at least one: history <n>.');
    expect(await a.command('history lots')).toMatch(/^Usage: history \[<n>\]/);
    expect((await a.command('history 1')).split(/\r?\n/)).toHaveLength(2);
    expect(await a.command('history 500')).toMatch(/the tavern keeps your last 50/);
  }, 60_000);

  it('after Lich Bones: hand-outs, the bonus, each bet won or lost, and the bets returned when the table empties', async () => {
    ts = await startTestServer({ seed: 4 });
    const [ana, bob] = [await ts.login('Ana'), await ts.login('Bob')];
    for (const c of [ana, bob]) {
      await c.command('north');
      await c.command('sit bones');
    }
    const started = await ana.command('start');
    const hero = [...started.matchAll(/(\w+) is the HERO/g)].at(-1)![1];
    const heroClient = hero === 'Ana' ? ana : bob;
    expect(await ana.command('bet hero 5000')).toMatch(/takes your 5,000 obsidian coins on HERO/);
    expect(await bob.command('bet lich 5000')).toMatch(/takes your 5,000 obsidian coins on LICH/);
    // Throw until the fight is decided: one of the two bets wins, the other loses.
    let settled = '';
    for (let i = 0; i < 50 && !settled; i++) {
      const thrown = await heroClient.command('roll dice bones');
      if (/Dreaven (pays|sweeps away) your/.test(thrown)) settled = thrown;
    }
    expect(settled).not.toBe('');
    // A bet left on the table when everyone stands comes back.
    const again = await ana.command('bet hero 5000');
    expect(again).toMatch(/takes your 5,000/);
    await bob.command('stand');
    await ana.command('stand');
    const [a, b] = [await history(ana), await history(bob)];
    for (const line of [...a, ...b]) expect(line).toMatchObject({ game: 'Lich Bones', table: 'the bones table' });
    expect(a[0]).toMatchObject({ bet: 'HERO bet', staked: 5000, outcome: 'returned' });
    expect(a.find((l) => l.bet === 'hand-out at the start of the game')).toMatchObject({ outcome: 'received 20,000', net: 20_000 });
    const anaBet = a.filter((l) => l.bet === 'HERO bet' && l.outcome !== 'returned');
    const bobBet = b.filter((l) => l.bet === 'LICH bet');
    expect(anaBet).toHaveLength(1);
    expect(bobBet).toHaveLength(1);
    // One side won, the other lost: both were placed before the opening roll, at 1:1 and 10% more.
    expect([anaBet[0].outcome, bobBet[0].outcome].sort()).toEqual(['lost 5,000', 'won 5,500']);
    expect([anaBet[0], bobBet[0]].find((l) => l.net > 0)!.paid).toBe(10_500);
    const bonus = [...a, ...b].filter((l) => l.bet === 'bonus for the opening attack roll');
    expect(bonus.length).toBeGreaterThan(0);
    expect(bonus[0].outcome).toBe('received 1,000');
    expect(total(a)).toBe((await coins(ana)) - 1000);
    expect(total(b)).toBe((await coins(bob)) - 1000);
  }, 60_000);

  it("after Dragon's Lair: each player's ante, with what the settlement paid", async () => {
    ts = await startTestServer({ seed: 5 });
    const players = [await ts.login('Ana'), await ts.login('Bob')];
    for (const c of players) {
      await c.command('east');
      await c.command('sit lair');
    }
    await players[0].command('start');
    const CARD = /\b(10|[2-9]|[ajqk])([hdcs]) \(/g;
    let over = '';
    for (let step = 0; step < 300 && !over; step++) {
      for (const c of players) {
        const look = await c.command('look lair');
        if (/Last game: The game of Dragon's Lair is over/.test(look)) over = look;
        if (over) break;
        const hand = [...(await c.command('hand')).matchAll(CARD)].map((m) => m[1] + m[2]);
        if (/You must discard/.test(look)) await c.command(`discard ${hand[0]}`);
        else if (/It is your turn/.test(look)) {
          // Ana takes coins from the bank with her leprechauns, or sends knights against lair 1 alone; Bob holds.
          const leprechaun = hand.find((card) => card.endsWith('c'));
          const knight = hand.find((card) => card.endsWith('h'));
          const play = c !== players[0] ? null : leprechaun ? `play ${leprechaun}` : knight ? `play ${knight} lair 1` : null;
          const reply = play ? await c.command(play) : '';
          if (!/You lay|You play the leprechaun/.test(reply)) expect(await c.command('hold')).toMatch(/You hold/);
        }
      }
    }
    expect(over).not.toBe('');
    const paid = /Settlement: you receive (\d+) obsidian coins?, Bob receives (\d+)/.exec(await players[0].command('look lair'))!;
    const [anaPaid, bobPaid] = [Number(paid[1]), Number(paid[2])];
    const [a, b] = [await history(players[0]), await history(players[1])];
    for (const [lines, got] of [[a, anaPaid], [b, bobPaid]] as const) {
      expect(lines).toHaveLength(1);
      const word = got > 50 ? `won ${got - 50}` : got < 50 ? `lost ${50 - got}` : 'broke even';
      expect(lines[0]).toMatchObject({ game: "Dragon's Lair", table: 'the lair table', bet: 'ante', staked: 50, outcome: word });
    }
    expect(total(a)).toBe((await coins(players[0])) - 1000);
    expect(anaPaid).not.toBe(bobPaid); // the run really decided something
  }, 60_000);
});
