/**
 * Table results: what came of each bet, written in the coins entry whose moves settle it, so
 * `history` reads the ledger itself and can never disagree with it. An entry's results must
 * account for its moves exactly: per character, the stakes are the coins that left their escrow
 * and the payouts are the coins that reached their purse.
 */
import { readAccount, type Move } from './account.js';
import { ID, isCount, isPlainObject, KEY } from './shapes.js';

/**
 * What came of a bet for its owner. `won`, `lost` and `even` compare the payout with the stake;
 * `returned` is a bet given back undecided; `handout` is coins a table gave without a stake.
 */
export type ResultOutcome = 'won' | 'lost' | 'even' | 'returned' | 'handout';

export interface TableResult {
  /** The character, by lower-case name. */
  key: string;
  /** The table's id (`sand-table`). */
  table: string;
  /** The game's id (`spice-run`). */
  game: string;
  /** The bet or wager as the game names it: `square 5`, `HERO bet`, `ante`. */
  bet: string;
  /** Coins of theirs that were at stake (0 for a hand-out). */
  stake: number;
  /** Coins that came to their purse from it. */
  paid: number;
  outcome: ResultOutcome;
}

/** How many results the file engine keeps per character: `history` shows at most this many. */
export const RESULTS_KEPT = 50;


/** Whether the outcome says what the numbers say. */
function outcomeFits(r: Pick<TableResult, 'stake' | 'paid' | 'outcome'>): boolean {
  switch (r.outcome) {
    case 'won':
      return r.paid > r.stake;
    case 'lost':
      return r.paid < r.stake;
    case 'even':
    case 'returned':
      return r.paid === r.stake && r.stake > 0;
    case 'handout':
      return r.stake === 0 && r.paid > 0;
    default:
      return false;
  }
}

/** What is wrong with one result's shape, or null. */
export function resultProblem(r: unknown): string | null {
  if (!isPlainObject(r)) return 'a result is not an object';
  if (typeof r.key !== 'string' || !KEY.test(r.key)) return 'a result names no character';
  if (typeof r.table !== 'string' || !ID.test(r.table) || typeof r.game !== 'string' || !ID.test(r.game)) return `a result of ${r.key} names no table or game`;
  if (typeof r.bet !== 'string' || r.bet.length === 0 || r.bet.length > 100) return `a result of ${r.key} names no bet`;
  if (!isCount(r.stake) || !isCount(r.paid)) return `a result of ${r.key} has a bad amount`;
  if (!outcomeFits(r as unknown as TableResult)) return `a result of ${r.key} says ${String(r.outcome)} for ${r.stake} staked and ${r.paid} paid`;
  return null;
}

/** What is wrong with an entry's results against its own moves, or null when they account for them exactly. */
export function resultsProblem(results: unknown, moves: readonly Move[]): string | null {
  if (!Array.isArray(results) || results.length === 0) return 'results that are not a list of results';
  for (const r of results) {
    const problem = resultProblem(r);
    if (problem) return problem;
  }
  const staked = new Map<string, number>();
  const paid = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);
  for (const mv of moves) {
    const from = readAccount(mv.from);
    const to = readAccount(mv.to);
    if (from.ok && from.account.kind === 'escrow') add(staked, from.account.key, -mv.amount);
    if (to.ok && to.account.kind === 'character') add(paid, to.account.key, -mv.amount);
  }
  for (const r of results as TableResult[]) {
    add(staked, r.key, r.stake);
    add(paid, r.key, r.paid);
  }
  for (const [key, n] of staked) if (n !== 0) return `the results of ${key} stake ${n > 0 ? n : -n} coins ${n > 0 ? 'more' : 'fewer'} than left their escrow`;
  for (const [key, n] of paid) if (n !== 0) return `the results of ${key} pay ${n > 0 ? n : -n} coins ${n > 0 ? 'more' : 'fewer'} than reached their purse`;
  return null;
}

/** Adds an entry's results to each character's list (oldest first), keeping the last RESULTS_KEPT. */
export function keepResults(kept: Map<string, TableResult[]>, results: readonly TableResult[]): void {
  for (const r of results) {
    const list = kept.get(r.key) ?? [];
    list.push({ key: r.key, table: r.table, game: r.game, bet: r.bet, stake: r.stake, paid: r.paid, outcome: r.outcome });
    if (list.length > RESULTS_KEPT) list.splice(0, list.length - RESULTS_KEPT);
    kept.set(r.key, list);
  }
}
