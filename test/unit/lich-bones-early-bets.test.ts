import { describe, expect, it } from 'vitest';
import { apply } from '../../src/games/lich-bones/rules.js';
import { DEFAULT_SETTINGS, newTable, type LichBonesAction, type LichBonesState } from '../../src/games/lich-bones/state.js';
import { parseBet } from '../../src/games/lich-bones/bets.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import type { CoinMove } from '../../src/games/api.js';

/**
 * Early HERO and LICH bets pay 1:1 plus 10% (docs/games.md, Lich Bones), and each player's bet is paid on its
 * own: what another player has on the other side never changes it. (One player may not hold both
 * sides; two players who do pay the house 10% of the stake each fight between them: noted in
 * docs/rulings.md as a question for the house, not changed here, since the rate is the game's.)
 */

/** No hand-outs and no HERO bonus: only the bets move coins. */
const SETTINGS = { ...DEFAULT_SETTINGS, handout: 0, heroBonus: 0 };

function step(state: LichBonesState, action: LichBonesAction, values: number[] = []) {
  const r = apply(state, action, { random: fixedRandom(values), now: 0, handoutsOpened: () => null, money: (n) => `${n} coins`, dealer: 'Dreaven' });
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

describe('early HERO and LICH bets of two players', () => {
  it.each(DECISIONS)('are each paid as docs/games.md says on %s: the winner 1:1 plus 10%, the loser nothing', (_, throws) => {
    const { house, state } = fight([['Ana', 'hero 5000'], ['Bo', 'lich 5000']], throws);
    expect(state.bets).toEqual([]); // decided
    expect(house).toBe(-500); // the winner's 10% of 5,000; the stakes cancel out
  });

  it('pay each winning early bet its whole 10%, however much the other side holds', () => {
    expect(fight([['Ana', 'hero 12000'], ['Ana', 'hero 8000'], ['Bo', 'lich 10000']], [[3, 4]]).house).toBe(-(20_000 + 2_000) + 10_000);
    expect(fight([['Ana', 'hero 15000'], ['Bo', 'lich 5000']], [[1, 1]]).house).toBe(15_000 - 5_500);
  });

  it('leave a lone early bet its whole 10%', () => {
    expect(fight([['Bo', 'lich 5000']], [[1, 1]]).house).toBe(-5_500);
    expect(fight([['Bo', 'hero 5000']], [[5, 6]]).house).toBe(-5_500);
  });
});
