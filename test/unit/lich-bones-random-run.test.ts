/**
 * A long randomized Lich Bones run, thousands of throws with players betting, sitting and leaving at
 * random: every coin stays accounted for, escrow always matches the bets on the table, and every
 * kind of bet is seen to win, lose and (where it can) be returned.
 */
import { describe, expect, it } from 'vitest';
import { type BetSpec, CLAW_NUMBERS, HARD_NUMBERS, POINT_NUMBERS } from '../../src/games/lich-bones/bets.js';
import { apply } from '../../src/games/lich-bones/rules.js';
import { type LichBonesAction, newTable } from '../../src/games/lich-bones/state.js';
import { seededRandom } from '../../src/games/random.js';
import { resultsMismatch } from '../support/results.js';
import { T0 } from '../support/lich-bones-play.js';

/** Every bet a player can name, for the randomized run. */
const ALL_BETS: BetSpec[] = [
  { kind: 'hero' }, { kind: 'lich' }, { kind: 'cheer' }, { kind: 'beseech' }, { kind: 'inferno' }, { kind: 'drain' },
  ...HARD_NUMBERS.map((number): BetSpec => ({ kind: 'hard', number })),
  ...POINT_NUMBERS.map((number): BetSpec => ({ kind: 'attack', number })),
  ...CLAW_NUMBERS.map((number): BetSpec => ({ kind: 'claw', number })),
];

describe('a long randomized run', () => {
  it('keeps every coin accounted for over thousands of throws', () => {
    const dice = seededRandom(20_261_129);
    const choose = seededRandom(7);
    const pick = <T>(items: readonly T[]) => items[choose.int(items.length)];
    const names = ['Ana', 'Bo', 'Cy', 'Dee', 'Eli'];
    const START = 60_000;
    const coins = new Map(names.map((n) => [n, START]));
    const held = new Map(names.map((n) => [n, 0]));
    let houseNet = 0;
    let state = newTable();
    let now = T0;
    let throws = 0;
    let games = 0;
    let refusedByTable = 0;
    const problems: string[] = [];
    const results = new Set<string>();
    const ONE_ROLL: string[] = ['beseech', 'inferno', 'drain', 'claw'];

    /** Applies an action the way the table would: all of its moves, or nothing if a player would go below zero. */
    const act = (action: LichBonesAction): boolean => {
      const step = apply(state, action, { random: dice, now, handoutsOpened: () => null, money: (n) => `${n} coins`, dealer: 'Dreaven' });
      if (!step.ok) return false;
      for (const e of step.events) if (e.type === 'settled') results.add(`${e.bet.spec.kind} ${e.result}`);
      const mismatch = resultsMismatch(step.moves, step.results);
      if (mismatch) problems.push(`${action.type}: ${mismatch}`);
      const after = { coins: new Map(coins), held: new Map(held), houseNet };
      for (const m of step.moves) {
        if (!Number.isSafeInteger(m.amount) || m.amount <= 0) problems.push(`bad amount in ${JSON.stringify(m)}`);
        for (const [party, sign] of [[m.from, -1], [m.to, 1]] as const) {
          if (party.kind === 'house') after.houseNet -= sign * m.amount;
          else {
            const book = party.kind === 'player' ? after.coins : after.held;
            book.set(party.name, (book.get(party.name) ?? 0) + sign * m.amount);
          }
        }
      }
      if ([...after.coins.values()].some((n) => n < 0)) {
        refusedByTable += 1;
        return false;
      }
      for (const [n, v] of after.coins) coins.set(n, v);
      for (const [n, v] of after.held) held.set(n, v);
      houseNet = after.houseNet;
      state = step.state;

      const onTable = new Map(names.map((n) => [n, 0]));
      for (const b of state.bets) onTable.set(b.owner, (onTable.get(b.owner) ?? 0) + b.amount);
      for (const n of names) {
        if ((held.get(n) ?? 0) < 0) problems.push(`${n}'s escrow went negative`);
        if (held.get(n) !== onTable.get(n)) problems.push(`${n}'s escrow ${held.get(n)} != bets on the table ${onTable.get(n)}`);
        const kinds = state.bets.filter((b) => b.owner === n).map((b) => b.spec.kind);
        if (kinds.includes('hero') && kinds.includes('lich')) problems.push(`${n} holds both sides`);
      }
      if (state.phase === 'waiting' && state.bets.length > 0) problems.push('bets left on a waiting table');
      if ((action.type === 'roll' || action.type === 'timeout') && state.bets.some((b) => ONE_ROLL.includes(b.spec.kind))) {
        problems.push('a one-roll bet outlived its throw');
      }
      if (state.point === null && state.bets.some((b) => b.spec.kind === 'cheer')) problems.push('CHEER without a point');
      return true;
    };

    for (const n of names.slice(0, 3)) act({ type: 'sit', player: n });
    while (throws < 20_000) {
      if (state.seated.length === 0) act({ type: 'sit', player: pick(names) });
      if (state.phase === 'waiting') {
        now = state.deadline ?? now;
        if (!act({ type: 'start', player: pick(state.seated) })) act({ type: 'timeout' });
        games += 1;
        continue;
      }
      for (let i = choose.int(5); i > 0; i--) {
        const who = pick(names);
        const spec = pick(ALL_BETS);
        const amount = choose.int(20) === 0
          ? 100_000 + choose.int(400_000) // more than anyone holds, now and then
          : spec.kind === 'inferno' && choose.int(4) > 0 ? 4 * (1250 + choose.int(2000)) : 4_000 + choose.int(12_000);
        act({ type: 'bet', player: who, bet: spec, amount });
      }
      const roll = choose.int(20);
      if (roll === 0) act({ type: 'leave', player: pick(names) });
      else if (roll === 1) act({ type: 'sit', player: pick(names) });
      if (state.phase !== 'betting') continue;
      if (choose.int(2) === 0) act({ type: 'roll', player: state.hero as string });
      else {
        now = state.deadline as number;
        act({ type: 'timeout' });
      }
      throws += 1;
    }

    expect(problems.slice(0, 5)).toEqual([]);
    expect(games).toBeGreaterThan(1_000);
    for (const kind of new Set(ALL_BETS.map((b) => b.kind))) {
      // One-roll bets settle on the last throw, so only the others are ever returned by round 16.
      const outcomes = ONE_ROLL.includes(kind) ? ['won', 'lost'] : ['won', 'lost', 'returned'];
      for (const result of outcomes) expect(results, `${kind} ${result}`).toContain(`${kind} ${result}`);
    }
    expect(refusedByTable).toBeGreaterThan(0);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(total(coins) + total(held)).toBe(names.length * START + houseNet);
    // Fairness smoke check: the house paid out both hand-outs and winnings, and took losses.
    expect(houseNet).not.toBe(0);
  });
});
