/**
 * The contract between a game's pure rules and its table.
 * Rules never touch sockets, timers, the database or balances: they return the next
 * state, what happened (events, rendered by the table), and the coin movements the
 * table must apply as one ledger transaction before it adopts the new state.
 */

import type { BetResult, CoinMove, Party, TableHost } from './api.js';
import type { RandomSource } from './random.js';

/** What a game's rules are handed with each action: the random source and the time, never their own. */
export interface RulesContext {
  random: RandomSource;
  now: number;
}

/** A bet decided: won, lost or even, from what it staked and what it paid. */
export function decided(player: string, bet: string, stake: number, paid: number): BetResult {
  return { player, bet, stake, paid, outcome: paid > stake ? 'won' : paid < stake ? 'lost' : 'even' };
}

/** A bet given back undecided. */
export function returned(player: string, bet: string, stake: number): BetResult {
  return { player, bet, stake, paid: stake, outcome: 'returned' };
}

/** Coins a table gives without a stake (a hand-out, a bonus). */
export function handout(player: string, what: string, amount: number): BetResult {
  return { player, bet: what, stake: 0, paid: amount, outcome: 'handout' };
}

export type Refusal = { ok: false; reason: string };

/** A hand-out paid by a step: the host notes it in its HandoutRecord, at the step's time, once the coins have moved. */
export interface HandoutNote {
  player: string;
  kind: string;
}

/** A player the rules stand up from the table (one who let their turn lapse), with the line they are told. */
export interface Unseating {
  player: string;
  why: string;
}

export type Step<S, E> =
  | { ok: true; state: S; events: E[]; moves: CoinMove[]; results?: BetResult[]; handouts?: HandoutNote[]; unseat?: Unseating[] }
  | Refusal;

export const player = (name: string): Party => ({ kind: 'player', name });
export const escrow = (name: string): Party => ({ kind: 'escrow', name });
export const house: Party = { kind: 'house' };

export function refuse(reason: string): Refusal {
  return { ok: false, reason };
}

/**
 * Moves that pay `payouts` out of the players' escrows (`stakes`), which must hold the
 * same total: used when a pot is shared out at the end of a game.
 */
export function redistribute(
  stakes: Record<string, number>,
  payouts: Record<string, number>,
  why: string,
): CoinMove[] {
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  if (sum(stakes) !== sum(payouts)) {
    throw new Error(`redistribute: stakes ${sum(stakes)} != payouts ${sum(payouts)}`);
  }
  const sources = Object.entries(stakes).filter(([, n]) => n > 0).map(([name, n]) => ({ name, left: n }));
  const moves: CoinMove[] = [];
  for (const [to, owed] of Object.entries(payouts)) {
    let need = owed;
    for (const src of sources) {
      if (need === 0) break;
      const take = Math.min(need, src.left);
      if (take === 0) continue;
      moves.push({ from: escrow(src.name), to: player(to), amount: take, why });
      src.left -= take;
      need -= take;
    }
  }
  return moves;
}

/**
 * Takes one rules step through the host's purses: a refusal by the rules or by the coins is told
 * to `refuse` and nothing changes; otherwise the coins have moved and the step stands.
 */
export function settle<S, E>(
  host: Pick<TableHost, 'transfer'>,
  step: Step<S, E>,
  actor: string | null,
  refuse: (text: string) => void,
  exposure?: (state: S) => number,
): { state: S; events: E[] } | null {
  if (!step.ok) {
    refuse(step.reason);
    return null;
  }
  const paid = host.transfer(step.moves, actor ?? undefined, step.results, exposure && (() => exposure(step.state)));
  if (!paid.ok) {
    refuse(paid.reason);
    return null;
  }
  return step;
}
