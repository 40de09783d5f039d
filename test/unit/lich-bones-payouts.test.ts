/**
 * Every Lich Bones bet against fixed throws: what it pays, when it loses, when it stays, is off or
 * carries over, at the rates of docs/games.md (rounded down).
 */
import { describe, expect, it } from 'vitest';
import { betLabel, parseBet } from '../../src/games/lich-bones/bets.js';
import type { LichBonesEvent } from '../../src/games/lich-bones/state.js';
import type { CoinMove } from '../../src/games/api.js';
import { escrow, house, player } from '../../src/games/rules.js';
import { type Dice, Table, plain } from '../support/lich-bones-play.js';

/**
 * One bet (Bo's) against a sequence of throws; Ana is the HERO. `before` throws come
 * before the bet is placed (Bo's `base` HERO/LICH bet goes down first, on the opening roll).
 * The coins are those of the test bet alone: stake `back`, winnings `won`, stake `lost`.
 */
interface BetCase {
  bet: string;
  base?: 'hero 5000' | 'lich 5000';
  before?: Dice[];
  after: Dice[];
  back?: number;
  won?: number;
  lost?: number;
  /** A settlement that is not a win or loss, e.g. 'inactive' or 'carried'. */
  note?: 'inactive' | 'carried';
}

const CASES: [string, BetCase][] = [
  // HERO and LICH placed before the opening roll: 1:1 plus 10%.
  ['HERO wins on an opening 7', { bet: 'hero 5000', after: [[3, 4]], back: 5000, won: 5500 }],
  ['HERO wins on an opening 11', { bet: 'hero 5000', after: [[5, 6]], back: 5000, won: 5500 }],
  ['HERO loses on an opening 2', { bet: 'hero 5000', after: [[1, 1]], lost: 5000 }],
  ['HERO loses on an opening 3', { bet: 'hero 5000', after: [[2, 1]], lost: 5000 }],
  ['HERO loses on an opening 12', { bet: 'hero 5000', after: [[6, 6]], lost: 5000 }],
  ['HERO stays through the point being set and other numbers', { bet: 'hero 5000', after: [[2, 4], [4, 4], [6, 5]] }],
  ['HERO wins when the point is made', { bet: 'hero 5000', after: [[2, 4], [4, 4], [1, 5]], back: 5000, won: 5500 }],
  ['HERO loses on a seven-out', { bet: 'hero 5000', after: [[2, 4], [6, 1]], lost: 5000 }],
  ['HERO bonus rounds down: 5,005 wins 5,005 + 500', { bet: 'hero 5005', after: [[3, 4]], back: 5005, won: 5505 }],
  ['LICH loses on an opening 7', { bet: 'lich 5000', after: [[3, 4]], lost: 5000 }],
  ['LICH loses on an opening 11', { bet: 'lich 5000', after: [[6, 5]], lost: 5000 }],
  ['LICH wins on an opening 2', { bet: "don't pass 5000", after: [[1, 1]], back: 5000, won: 5500 }],
  ['LICH wins on an opening 3', { bet: 'lich 5000', after: [[1, 2]], back: 5000, won: 5500 }],
  ['LICH wins on an opening 12', { bet: 'lich 5000', after: [[6, 6]], back: 5000, won: 5500 }],
  ['LICH wins on a seven-out', { bet: 'lich 5000', after: [[1, 3], [2, 2 + 3], [1, 6]], back: 5000, won: 5500 }],
  ['LICH loses when the point is made', { bet: 'lich 5000', after: [[1, 3], [2, 2]], lost: 5000 }],
  // HERO and LICH placed with a point set: the locked rate, no bonus.
  ['HERO placed on 4 pays 1:1', { bet: 'hero 5000', before: [[1, 3]], after: [[3, 1]], back: 5000, won: 5000 }],
  ['HERO placed on 10 pays 1:1', { bet: 'hero 5000', before: [[4, 6]], after: [[5, 5]], back: 5000, won: 5000 }],
  ['HERO placed on 5 pays 9:8', { bet: 'hero 5000', before: [[1, 4]], after: [[2, 3]], back: 5000, won: 5625 }],
  ['HERO placed on 9 pays 9:8, rounded down', { bet: 'hero 5001', before: [[4, 5]], after: [[3, 6]], back: 5001, won: 5626 }],
  ['HERO placed on 6 pays 9:10', { bet: 'hero 5000', before: [[1, 5]], after: [[2, 4]], back: 5000, won: 4500 }],
  ['HERO placed on 8 pays 9:10', { bet: 'hero 5000', before: [[2, 6]], after: [[4, 4]], back: 5000, won: 4500 }],
  ['HERO placed on 8 loses on a seven-out', { bet: 'hero 5000', before: [[2, 6]], after: [[3, 4]], lost: 5000 }],
  ['LICH placed on 4 pays 3:8', { bet: 'lich 5000', before: [[1, 3]], after: [[1, 6]], back: 5000, won: 1875 }],
  ['LICH placed on 10 pays 3:8, rounded down', { bet: 'lich 5001', before: [[4, 6]], after: [[2, 5]], back: 5001, won: 1875 }],
  ['LICH placed on 5 pays 1:2', { bet: 'lich 5000', before: [[1, 4]], after: [[3, 4]], back: 5000, won: 2500 }],
  ['LICH placed on 9 pays 1:2', { bet: 'lich 5000', before: [[4, 5]], after: [[3, 4]], back: 5000, won: 2500 }],
  ['LICH placed on 6 pays 5:8', { bet: 'lich 5000', before: [[1, 5]], after: [[3, 4]], back: 5000, won: 3125 }],
  ['LICH placed on 8 pays 5:8', { bet: 'lich 5000', before: [[2, 6]], after: [[3, 4]], back: 5000, won: 3125 }],
  ['LICH placed on 6 loses when the point is made', { bet: 'lich 5000', before: [[1, 5]], after: [[3, 3]], lost: 5000 }],
  // CHEER, with an early HERO/LICH bet of 5,000 (cap 10,000).
  ['CHEER HERO on 4 pays 2:1', { bet: 'cheer 10000', base: 'hero 5000', before: [[1, 3]], after: [[2, 2]], back: 10000, won: 20000 }],
  ['CHEER HERO on 10 pays 2:1', { bet: 'odds 10000', base: 'hero 5000', before: [[4, 6]], after: [[5, 5]], back: 10000, won: 20000 }],
  ['CHEER HERO on 5 pays 3:2', { bet: 'cheer 10000', base: 'hero 5000', before: [[1, 4]], after: [[1, 4]], back: 10000, won: 15000 }],
  ['CHEER HERO on 9 pays 3:2, rounded down', { bet: 'cheer 9999', base: 'hero 5000', before: [[4, 5]], after: [[3, 6]], back: 9999, won: 14998 }],
  ['CHEER HERO on 6 pays 6:5', { bet: 'cheer 10000', base: 'hero 5000', before: [[1, 5]], after: [[2, 4]], back: 10000, won: 12000 }],
  ['CHEER HERO on 8 pays 6:5', { bet: 'cheer 10000', base: 'hero 5000', before: [[2, 6]], after: [[3, 5]], back: 10000, won: 12000 }],
  ['CHEER HERO loses on a seven-out', { bet: 'cheer 10000', base: 'hero 5000', before: [[2, 6]], after: [[5, 2]], lost: 10000 }],
  ['CHEER HERO stays on other numbers', { bet: 'cheer 10000', base: 'hero 5000', before: [[2, 6]], after: [[5, 6], [1, 1], [3, 3]] }],
  ['CHEER LICH on 4 pays 1:2', { bet: 'cheer 10000', base: 'lich 5000', before: [[1, 3]], after: [[3, 4]], back: 10000, won: 5000 }],
  ['CHEER LICH on 10 pays 1:2', { bet: 'cheer 10000', base: 'lich 5000', before: [[4, 6]], after: [[3, 4]], back: 10000, won: 5000 }],
  ['CHEER LICH on 5 pays 2:3, rounded down', { bet: 'cheer 10000', base: 'lich 5000', before: [[1, 4]], after: [[3, 4]], back: 10000, won: 6666 }],
  ['CHEER LICH on 9 pays 2:3', { bet: 'cheer 9000', base: 'lich 5000', before: [[4, 5]], after: [[3, 4]], back: 9000, won: 6000 }],
  ['CHEER LICH on 6 pays 5:6, rounded down', { bet: 'cheer 10000', base: 'lich 5000', before: [[1, 5]], after: [[3, 4]], back: 10000, won: 8333 }],
  ['CHEER LICH on 8 pays 5:6', { bet: 'cheer 6000', base: 'lich 5000', before: [[2, 6]], after: [[3, 4]], back: 6000, won: 5000 }],
  ['CHEER LICH loses when the point is made', { bet: 'cheer 10000', base: 'lich 5000', before: [[4, 6]], after: [[4, 6]], lost: 10000 }],
  // Hard ways: only with a point set; they lose on the easy way or a 7.
  ['CHARGE wins on a hard 4', { bet: 'charge 5000', before: [[1, 5]], after: [[2, 2]], back: 5000, won: 35000 }],
  ['FEINT wins on a hard 6', { bet: 'feint 5000', before: [[2, 6]], after: [[3, 3]], back: 5000, won: 45000 }],
  ['JUDGEMENT wins on a hard 8', { bet: 'judgement 5000', before: [[1, 5]], after: [[4, 4]], back: 5000, won: 45000 }],
  ['STRIKE wins on a hard 10', { bet: 'strike 5000', before: [[1, 3]], after: [[5, 5]], back: 5000, won: 35000 }],
  ['FEINT wins on a hard 6 that also makes the point', { bet: 'hard 6 5000', before: [[2, 4]], after: [[3, 3]], back: 5000, won: 45000 }],
  ['CHARGE loses on an easy 4', { bet: 'charge 5000', before: [[1, 5]], after: [[3, 1]], lost: 5000 }],
  ['FEINT loses on an easy 6', { bet: 'feint 5000', before: [[2, 6]], after: [[5, 1]], lost: 5000 }],
  ['JUDGEMENT loses on an easy 8', { bet: 'judgment 5000', before: [[2, 3]], after: [[2, 6]], lost: 5000 }],
  ['STRIKE loses on an easy 10', { bet: 'strike 5000', before: [[2, 3]], after: [[6, 4]], lost: 5000 }],
  ['STRIKE loses on a seven-out', { bet: 'hard 10 5000', before: [[2, 3]], after: [[6, 1]], lost: 5000 }],
  ['CHARGE stays on other numbers', { bet: 'charge 5000', before: [[2, 3]], after: [[6, 6], [1, 1], [2, 4], [3, 5]] }],
  ['CHARGE is off on the opening roll: a 7 does not take it', { bet: 'charge 5000', after: [[3, 4]], note: 'inactive' }],
  ['CHARGE is off on the opening roll: a hard 4 sets the point but does not pay', { bet: 'charge 5000', after: [[2, 2]], note: 'inactive' }],
  ['CHARGE placed on the opening roll works once the point is set', { bet: 'charge 5000', after: [[2, 2], [2, 2]], back: 5000, won: 35000 }],
  ['JUDGEMENT carries over a made point', { bet: 'judgement 5000', before: [[1, 5]], after: [[3, 3]], note: 'carried' }],
  ['JUDGEMENT carried over is off on the next opening 7, then wins', {
    bet: 'judgement 5000', before: [[1, 5]], after: [[3, 3], [3, 4], [1, 3], [4, 4]], back: 5000, won: 45000,
  }],
  // ATTACK: only with a point set; loses on a 7.
  ['ATTACK 4 pays 5:11, rounded down', { bet: 'attack 4 5000', before: [[1, 5]], after: [[1, 3]], back: 5000, won: 2272 }],
  ['ATTACK 10 pays 5:11', { bet: 'place 10 11000', before: [[1, 5]], after: [[4, 6]], back: 11000, won: 5000 }],
  ['ATTACK 5 pays 5:8', { bet: 'attack 5 5000', before: [[1, 5]], after: [[1, 4]], back: 5000, won: 3125 }],
  ['ATTACK 9 pays 5:8', { bet: 'attack 9 8000', before: [[1, 5]], after: [[4, 5]], back: 8000, won: 5000 }],
  ['ATTACK 6 pays 4:5', { bet: 'attack 6 5000', before: [[4, 4]], after: [[1, 5]], back: 5000, won: 4000 }],
  ['ATTACK 8 pays 4:5, rounded down', { bet: 'attack 8 5001', before: [[1, 5]], after: [[3, 5]], back: 5001, won: 4000 }],
  ['ATTACK 6 wins when 6 makes the point', { bet: 'attack 6 5000', before: [[1, 5]], after: [[3, 3]], back: 5000, won: 4000 }],
  ['ATTACK 4 loses on a seven-out', { bet: 'attack 4 5000', before: [[1, 5]], after: [[4, 3]], lost: 5000 }],
  ['ATTACK 4 stays on other numbers', { bet: 'attack 4 5000', before: [[1, 5]], after: [[6, 6], [1, 1], [4, 4]] }],
  ['ATTACK 4 is off on an opening 4', { bet: 'attack 4 5000', after: [[1, 3]], note: 'inactive' }],
  ['ATTACK 4 is off on an opening 7', { bet: 'attack 4 5000', after: [[1, 6]], note: 'inactive' }],
  ['ATTACK 5 carries over a made point', { bet: 'attack 5 5000', before: [[1, 5]], after: [[3, 3]], note: 'carried' }],
  // One-roll bets: settled on the very next throw, opening rolls included.
  ['BESEECH pays 2:1 on 2', { bet: 'beseech 5000', after: [[1, 1]], back: 5000, won: 10000 }],
  ['BESEECH pays 2:1 on 12', { bet: 'field 5000', after: [[6, 6]], back: 5000, won: 10000 }],
  ['BESEECH pays 1:1 on 3', { bet: 'beseech 5000', after: [[1, 2]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 4', { bet: 'beseech 5000', after: [[1, 3]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 9', { bet: 'beseech 5000', after: [[4, 5]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 10', { bet: 'beseech 5000', after: [[4, 6]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 11 with a point set', { bet: 'beseech 5000', before: [[1, 5]], after: [[5, 6]], back: 5000, won: 5000 }],
  ['BESEECH loses on 5', { bet: 'beseech 5000', after: [[1, 4]], lost: 5000 }],
  ['BESEECH loses on 6', { bet: 'beseech 5000', after: [[3, 3]], lost: 5000 }],
  ['BESEECH loses on 7', { bet: 'beseech 5000', after: [[3, 4]], lost: 5000 }],
  ['BESEECH loses on 8 with a point set', { bet: 'beseech 5000', before: [[1, 5]], after: [[2, 6]], lost: 5000 }],
  ['INFERNO on 2: the 2 quarter pays 30:1, the other three lose', { bet: 'inferno 5000', after: [[1, 1]], back: 1250, won: 37500, lost: 3750 }],
  ['INFERNO on 12', { bet: 'horn 5000', after: [[6, 6]], back: 1250, won: 37500, lost: 3750 }],
  ['INFERNO on 3: 15:1 on the quarter', { bet: 'inferno 5000', after: [[2, 1]], back: 1250, won: 18750, lost: 3750 }],
  ['INFERNO on 11 with a point set', { bet: 'inferno 8000', before: [[2, 2]], after: [[5, 6]], back: 2000, won: 30000, lost: 6000 }],
  ['INFERNO loses on 7', { bet: 'inferno 5000', after: [[3, 4]], lost: 5000 }],
  ['INFERNO loses on 4', { bet: 'inferno 5000', after: [[2, 2]], lost: 5000 }],
  ['DRAIN pays 7:1 on 2', { bet: 'drain 5000', after: [[1, 1]], back: 5000, won: 35000 }],
  ['DRAIN pays 7:1 on 3', { bet: 'craps 5000', after: [[1, 2]], back: 5000, won: 35000 }],
  ['DRAIN pays 7:1 on 12 with a point set', { bet: 'drain 5000', before: [[1, 5]], after: [[6, 6]], back: 5000, won: 35000 }],
  ['DRAIN loses on 7', { bet: 'drain 5000', after: [[3, 4]], lost: 5000 }],
  ['DRAIN loses on 11', { bet: 'drain 5000', after: [[5, 6]], lost: 5000 }],
  ['DRAIN loses on 8 with a point set', { bet: 'drain 5000', before: [[1, 5]], after: [[4, 4]], lost: 5000 }],
  ['CLAW 2 pays 30:1', { bet: 'claw 2 5000', after: [[1, 1]], back: 5000, won: 150000 }],
  ['CLAW 3 pays 15:1', { bet: 'prop 3 5000', after: [[2, 1]], back: 5000, won: 75000 }],
  ['CLAW 7 pays 4:1', { bet: 'claw 7 5000', after: [[2, 5]], back: 5000, won: 20000 }],
  ['CLAW 7 pays 4:1 on a seven-out', { bet: 'claw 7 5000', before: [[1, 5]], after: [[2, 5]], back: 5000, won: 20000 }],
  ['CLAW 11 pays 15:1', { bet: 'claw 11 5000', after: [[6, 5]], back: 5000, won: 75000 }],
  ['CLAW 12 pays 30:1', { bet: 'claw 12 5000', after: [[6, 6]], back: 5000, won: 150000 }],
  ['CLAW 2 loses on 3', { bet: 'claw 2 5000', after: [[1, 2]], lost: 5000 }],
  ['CLAW 12 loses on a hard 6 with a point set', { bet: 'claw 12 5000', before: [[1, 5]], after: [[3, 3]], lost: 5000 }],
];

describe('every bet, against fixed throws', () => {
  it.each(CASES)('%s', (_name, c) => {
    const t = Table.started(['Ana', 'Bo']);
    const parsed = parseBet(c.bet);
    if (!parsed.ok) throw new Error(parsed.reason);
    const needsBase = parsed.bet.kind !== 'hero' && parsed.bet.kind !== 'lich';
    if (needsBase) t.bet('Bo', c.base ?? 'hero 5000');
    for (const dice of c.before ?? []) t.roll(dice);
    t.bet('Bo', c.bet);
    const placed = t.of('betPlaced')[0].bet;
    const label = betLabel(placed);

    const moves: CoinMove[] = [];
    const settled: LichBonesEvent[] = [];
    for (const dice of c.after) {
      t.roll(dice);
      moves.push(...t.moves.filter((m) => m.why.startsWith(`Lich Bones ${label} `)));
      settled.push(...t.of('settled').filter((e) => e.bet.id === placed.id));
    }

    const expected = [
      ...(c.back ? [{ from: escrow('Bo'), to: player('Bo'), amount: c.back }] : []),
      ...(c.won ? [{ from: house, to: player('Bo'), amount: c.won }] : []),
      ...(c.lost ? [{ from: escrow('Bo'), to: house, amount: c.lost }] : []),
    ];
    expect(plain(moves)).toEqual(expected);
    const decided = c.back !== undefined || c.lost !== undefined;
    expect(t.state.bets.some((b) => b.id === placed.id)).toBe(!decided);
    const results = settled.map((e) => (e.type === 'settled' ? e.result : ''));
    if (decided) expect(results.at(-1)).toBe(c.back ? 'won' : 'lost');
    if (c.note) expect(results).toContain(c.note);
    if (!decided && !c.note) expect(results).toEqual([]);
  });
});
