import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, apply, newTable, type LichBonesAction, type LichBonesState } from '../../src/games/lich-bones/rules.js';
import { parseBet } from '../../src/games/lich-bones/bets.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import type { CoinMove } from '../../src/games/rules.js';

/**
 * Early HERO and LICH bets pay 1:1 plus 10%, and one of them always wins: two characters of one
 * player backing both sides would win 10% of the stake every fight, risking nothing. The 10% is
 * paid only on the early stakes the other side does not match (docs/rulings.md).
 */

/** No hand-outs and no HERO bonus: only the bets move coins. */
const SETTINGS = { ...DEFAULT_SETTINGS, handout: 0, heroBonus: 0 };

function step(state: LichBonesState, action: LichBonesAction, values: number[] = []) {
  const r = apply(state, action, { random: fixedRandom(values), now: 0, lastHandout: () => null });
  if (!r.ok) throw new Error(r.reason);
  return r;
}

/** Ana (the HERO) and Bo sit and bet before the opening roll; the throws follow; the coins each side got back or lost. */
function fight(bets: [string, string][], throws: [number, number][]) {
  let s = newTable(SETTINGS);
  const moves: CoinMove[] = [];
  const events: string[] = [];
  for (const who of ['Ana', 'Bo']) s = step(s, { type: 'sit', player: who }).state;
  s = step(s, { type: 'start', player: 'Ana' }, [0]).state;
  for (const [who, text] of bets) {
    const parsed = parseBet(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    const r = step(s, { type: 'bet', player: who, bet: parsed.bet, amount: parsed.amount });
    s = r.state;
    moves.push(...r.moves);
  }
  for (const [a, b] of throws) {
    const sevenOut = s.point !== null && a + b === 7;
    const r = step(s, { type: 'roll', player: s.hero! }, [...diceValues(a, b), ...(sevenOut ? [0] : [])]);
    s = r.state;
    moves.push(...r.moves);
    events.push(...r.events.map((e) => e.type));
  }
  const house = moves.reduce((n, m) => n + (m.to.kind === 'house' ? m.amount : 0) - (m.from.kind === 'house' ? m.amount : 0), 0);
  return { house, state: s, events };
}

const DECISIONS: [string, [number, number][]][] = [
  ['an opening 7', [[3, 4]]],
  ['an opening 11', [[5, 6]]],
  ['an opening 2', [[1, 1]]],
  ['an opening 3', [[1, 2]]],
  ['an opening 12', [[6, 6]]],
  ['a point made', [[2, 4], [5, 5], [3, 3]]],
  ['a seven-out', [[4, 5], [6, 1]]],
];

describe('early HERO and LICH bets that cover each other', () => {
  it.each(DECISIONS)('win nothing from the house on %s', (_, throws) => {
    const { house, state, events } = fight([['Ana', 'hero 5000'], ['Bo', 'lich 5000']], throws);
    expect(state.bets).toEqual([]); // decided
    expect(house).toBe(0);
    expect(events).toContain('earlyBonusShared');
  });

  it('several bets on each side count together, whoever placed them', () => {
    const { house } = fight([['Ana', 'hero 5000'], ['Ana', 'hero 7000'], ['Bo', 'lich 12000']], [[3, 4]]);
    expect(house).toBe(0);
  });

  it('pay the 10% on the part the other side does not match, shared by the winning early bets', () => {
    // HERO 20,000 (Ana's 12,000 and 8,000) against LICH 10,000: half unmatched, so 600 and 400 of bonus.
    const won = fight([['Ana', 'hero 12000'], ['Ana', 'hero 8000'], ['Bo', 'lich 10000']], [[3, 4]]);
    expect(won.house).toBe(-(20_000 + 600 + 400) + 10_000);
    // Each bet's share is rounded down on its own: 666 and 333 of 1,000.
    expect(fight([['Ana', 'hero 10000'], ['Ana', 'hero 5000'], ['Bo', 'lich 5000']], [[3, 4]]).house).toBe(-(15_000 + 666 + 333) + 5_000);
    // The smaller side winning gets no bonus: everything it staked was matched.
    const lost = fight([['Ana', 'hero 15000'], ['Bo', 'lich 5000']], [[1, 1]]);
    expect(lost.house).toBe(15_000 - 5_000);
  });

  it('leave a lone early bet its whole 10%', () => {
    expect(fight([['Bo', 'lich 5000']], [[1, 1]]).house).toBe(-5_500);
    const alone = fight([['Bo', 'hero 5000']], [[5, 6]]);
    expect(alone.house).toBe(-5_500);
    expect(alone.events).not.toContain('earlyBonusShared');
  });

  it('and a HERO placed on the point (no bonus) does not change the early ones', () => {
    let s = newTable(SETTINGS);
    for (const who of ['Ana', 'Bo']) s = step(s, { type: 'sit', player: who }).state;
    s = step(s, { type: 'start', player: 'Ana' }, [0]).state;
    const bet = (who: string, text: string) => {
      const p = parseBet(text);
      if (!p.ok) throw new Error(p.reason);
      s = step(s, { type: 'bet', player: who, bet: p.bet, amount: p.amount }).state;
    };
    bet('Bo', 'lich 5000');
    s = step(s, { type: 'roll', player: 'Ana' }, diceValues(2, 2)).state; // point 4
    bet('Ana', 'hero 5000'); // on the point: 1:1, no bonus, not early
    const r = step(s, { type: 'roll', player: 'Ana' }, [...diceValues(3, 4), 0]); // seven-out: the LICH wins
    const paid = r.moves.filter((m) => m.from.kind === 'house').reduce((n, m) => n + m.amount, 0);
    expect(paid).toBe(5_500); // Bo's whole early 10%
    expect(r.events.map((e) => e.type)).not.toContain('earlyBonusShared');
  });
});
