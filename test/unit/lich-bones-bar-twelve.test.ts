import { describe, expect, it } from 'vitest';
import { oddsTable, frac } from '../../src/games/lich-bones/odds.js';
import { DEFAULT_SETTINGS } from '../../src/games/lich-bones/state.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import { escrow, house } from '../../src/games/rules.js';
import { Table, plain } from '../support/lich-bones-play.js';

/**
 * Bar 12, the house rule for real coins (docs/dealer.md, "Purse mode"): a LICH bet placed before
 * the opening roll neither wins nor loses on a 12 there and stays, as craps' don't-pass does, so
 * that LICH too has a house edge.
 */

const barred = { ...DEFAULT_SETTINGS, minBet: 10, earlyBonusPercent: 0, heroBonus: 0, handout: 0, barTwelve: 1 };

describe('Lich Bones with 12 barred', () => {
  it('leaves a LICH bet on the table on a 12 at the opening roll, and takes the HERO bet', () => {
    const t = Table.started(['Ana', 'Bo'], 0, barred).bet('Ana', 'hero 100').bet('Bo', 'lich 100');
    t.do({ type: 'roll', player: 'Ana' }, fixedRandom([...diceValues(6, 6), 0]));
    expect(plain(t.moves)).toEqual([{ from: escrow('Ana'), to: house, amount: 100 }]);
    expect(t.events).toContainEqual(expect.objectContaining({ type: 'settled', result: 'barred', lost: 0, winnings: 0 }));
    expect(t.state.bets.map((b) => `${b.owner} ${b.spec.kind} ${b.amount}`)).toEqual(['Bo lich 100']);
  });

  it('pays LICH on a 2 or 3 as before, and on a 12 where nothing is barred', () => {
    const t = Table.started(['Ana', 'Bo'], 0, barred).bet('Ana', 'hero 100').bet('Bo', 'lich 100');
    t.do({ type: 'roll', player: 'Ana' }, fixedRandom([...diceValues(1, 2), 0]));
    expect(t.state.bets).toEqual([]);
    const open = Table.started(['Ana', 'Bo'], 0, { ...barred, barTwelve: 0 }).bet('Bo', 'lich 100');
    open.do({ type: 'roll', player: 'Ana' }, fixedRandom([...diceValues(6, 6), 0]));
    expect(open.state.bets).toEqual([]);
  });

  it('gives LICH a house edge in help odds: decided by every throw but the 12, it loses 1.40 % a decision', () => {
    const row = oddsTable(barred).find((r) => r.label === 'LICH before opening roll')!;
    expect(row).toMatchObject({ payout: '1:1, 12 barred', win: frac(8541, 17325), expected: frac(-243, 17325) });
    const hero = oddsTable(barred).find((r) => r.label === 'HERO before opening roll')!;
    expect(hero.expected).toEqual(frac(-7, 495));
  });
});
