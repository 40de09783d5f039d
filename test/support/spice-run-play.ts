/**
 * A game of Spice Run driven straight through its rules (src/games/spice-run/rules.ts), for the
 * Spice Run rules tests: Ana (Player 1) and Bo (Player 2), dice fixed by their totals, steps that
 * must succeed or be refused, and a game put in play after four placements. (Playing a game over a
 * client, as a player types it, is spiceRun.ts.)
 */
import { expect } from 'vitest';
import { diceValues, fixedRandom, type RandomSource } from '../../src/games/random.js';
import type { BetResult, CoinMove, Party } from '../../src/games/api.js';
import { unmarked } from '../../src/text/markup.js';
import { apply, setup } from '../../src/games/spice-run/rules.js';
import { defaultSettings, type SpiceRunAction, type SpiceRunEvent, type SpiceRunState, type Variant } from '../../src/games/spice-run/state.js';
import { nextStep as markedNextStep } from '../../src/games/spice-run/prompts.js';

export const ANA = 'Ana'; // Player 1
export const BO = 'Bo'; // Player 2
export const T0 = 1_000_000;
export const TURN = defaultSettings.turnMs;

/** Two faces that add up to `total`. */
function facesFor(total: number): [number, number] {
  const low = Math.max(1, total - 6);
  return [low, total - low];
}

/** A fixed random source that throws the given totals, in order. */
export function throws(...totals: number[]): RandomSource {
  return fixedRandom(totals.flatMap((t) => diceValues(...facesFor(t))));
}

/** What an accepted step did. */
export interface Applied {
  state: SpiceRunState;
  events: SpiceRunEvent[];
  moves: CoinMove[];
  results?: BetResult[];
}

/** Applies an action that must succeed; `dice` are the totals it will throw. */
export function act(state: SpiceRunState, action: SpiceRunAction, opts: { dice?: number[]; now?: number } = {}): Applied {
  const step = apply(state, action, { random: throws(...(opts.dice ?? [])), now: opts.now ?? T0 });
  if (!step.ok) throw new Error(`refused: ${step.reason}`);
  return step;
}

/** The reason, as a player reads it (without its marks). */
export function refusal(state: SpiceRunState, action: SpiceRunAction, now = T0): string {
  const step = apply(state, action, { random: throws(), now });
  if (step.ok) throw new Error(`expected ${action.type} to be refused`);
  return unmarked(step.reason);
}

/** What the player on turn must do, as the viewer reads it (without its marks). */
export const nextStep = (state: SpiceRunState, viewer?: string) => unmarked(markedNextStep(state, viewer));

/** Rolls `total` then bets `amount` for the player on turn. */
export function rollAndBet(state: SpiceRunState, total: number, amount: number): Applied {
  const who = state.players[state.turn];
  const rolled = act(state, { type: 'roll', player: who }, { dice: [total] });
  return act(rolled.state, { type: 'bet', player: who, amount });
}

/** A game in play after four placements [square, amount] (P1, P2, P1, P2). */
export function inPlay(variant: Variant, placements: [number, number][]): SpiceRunState {
  let state = setup([ANA, BO], defaultSettings, T0);
  if (variant !== 'standard') state = act(state, { type: 'variant', player: ANA, variant }).state;
  for (const [square, amount] of placements) state = rollAndBet(state, square, amount).state;
  expect(state.phase).toBe('play');
  return state;
}

/** Ana 100 and Bo 50 on square 7, Ana 20 on square 3, Bo 10 on square 9: 180 in all. */
export const FOUR: [number, number][] = [
  [7, 100],
  [7, 50],
  [3, 20],
  [9, 10],
];

/** A player's purse and their escrow, as the parties of a move. */
export const p = (name: string): Party => ({ kind: 'player', name });
export const e = (name: string): Party => ({ kind: 'escrow', name });
/** The moves as [from, to, amount]. */
export const flows = (moves: CoinMove[]) => moves.map((m) => [m.from, m.to, m.amount]);
/** The events of one type. */
export const ofType = <K extends SpiceRunEvent['type']>(events: SpiceRunEvent[], type: K) =>
  events.filter((ev): ev is Extract<SpiceRunEvent, { type: K }> => ev.type === type);
