/**
 * Coins balance in Spice Run over hundreds of random games of every variant and ending: exactly what
 * was escrowed is paid out, the board always matches escrow, and the house is never involved.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom, type RandomSource } from '../../src/games/random.js';
import type { CoinMove, Party } from '../../src/games/api.js';
import { resultsMismatch } from '../support/results.js';
import { apply, boardTotal, setup, throwWaits } from '../../src/games/spice-run/rules.js';
import { defaultSettings, SQUARES, type SpiceRunAction, type SpiceRunState } from '../../src/games/spice-run/state.js';
import { ANA, BO, T0 } from '../support/spice-run-play.js';

describe('Spice Run: coins balance', () => {
  /** A tiny ledger that refuses to go below zero, as the table does. */
  function applyMoves(balances: Map<string, number>, moves: CoinMove[]) {
    const key = (party: Party) => (party.kind === 'house' ? 'house' : `${party.kind}:${party.name}`);
    for (const m of moves) {
      expect(m.amount).toBeGreaterThan(0);
      expect(m.from.kind).not.toBe('house'); // Spice Run never involves the house
      expect(m.to.kind).not.toBe('house');
      balances.set(key(m.from), (balances.get(key(m.from)) ?? 0) - m.amount);
      balances.set(key(m.to), (balances.get(key(m.to)) ?? 0) + m.amount);
      expect(balances.get(key(m.from))).toBeGreaterThanOrEqual(0);
    }
  }

  /** Picks a random legal action for the state, as a table full of whimsical players would. */
  function randomAction(s: SpiceRunState, coins: (name: string) => number, pick: RandomSource, now: number): SpiceRunAction {
    const who = s.players[s.turn];
    const roll = pick.int(400);
    if (roll === 0) return { type: 'withdraw', player: s.players[pick.int(2)], cause: throwWaits(s) ? 'left' : 'asked' };
    if (roll === 1 && now >= s.deadline) return { type: 'timeout' };
    if (s.phase === 'placement' && s.wagersPlaced === 0 && roll < 20) {
      return { type: 'variant', player: s.players[0], variant: (['standard', 'all-or-none', 'take-and-give'] as const)[pick.int(3)] };
    }
    switch (s.awaiting) {
      case 'roll':
        return { type: 'roll', player: who };
      case 'play':
        return { type: 'play', player: who };
      default: {
        const purse = coins(who);
        if (purse === 0) return { type: 'skip', player: who };
        return { type: 'bet', player: who, amount: 1 + pick.int(Math.min(purse, 300)) };
      }
    }
  }

  it('pays out exactly what was escrowed, to someone, over many random games', () => {
    const endings = new Set<string>();
    const actionsSeen = new Set<string>();
    for (let seed = 1; seed <= 300; seed++) {
      const dice = seededRandom(seed);
      const pick = seededRandom(seed + 10_000);
      const start = 200 + pick.int(800);
      const balances = new Map([
        [`player:${ANA}`, start],
        [`player:${BO}`, start],
      ]);
      let now = T0;
      let s = setup([ANA, BO], defaultSettings, now);
      for (let steps = 0; s.phase !== 'over'; steps++) {
        expect(steps).toBeLessThan(10_000);
        now += pick.int(3) * 60_000;
        const action = randomAction(s, (name) => balances.get(`player:${name}`) ?? 0, pick, now);
        const step = apply(s, action, { random: dice, now });
        expect(step.ok, step.ok ? '' : `${action.type}: ${step.reason}`).toBe(true);
        if (!step.ok) break;
        actionsSeen.add(action.type);
        expect(resultsMismatch(step.moves, step.results)).toBeNull(); // history's record of it adds up
        applyMoves(balances, step.moves);
        s = step.state;
        const escrowed = (balances.get(`escrow:${ANA}`) ?? 0) + (balances.get(`escrow:${BO}`) ?? 0);
        expect(escrowed).toBe(boardTotal(s)); // the board is exactly what sits in escrow
        expect(s.board.every((w) => (SQUARES as readonly number[]).includes(w.square))).toBe(true);
      }
      endings.add(`${s.variant}:${s.endedBy}`);
      expect(balances.get(`escrow:${ANA}`) ?? 0).toBe(0);
      expect(balances.get(`escrow:${BO}`) ?? 0).toBe(0);
      expect(balances.get(`player:${ANA}`)! + balances.get(`player:${BO}`)!).toBe(2 * start);
      const net = Object.values(s.tally).reduce((sum, t) => sum + t.received - t.staked, 0);
      expect(net).toBe(0);
    }
    // The run really explored the game, not one path.
    for (const ending of ['standard:sweep', 'standard:board-empty', 'all-or-none:sweep', 'take-and-give:sweep']) {
      expect(endings).toContain(ending);
    }
    expect([...actionsSeen].sort()).toEqual(['bet', 'play', 'roll', 'skip', 'timeout', 'variant', 'withdraw']);
  });
});
