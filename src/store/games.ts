/**
 * Game records: each finished game's provably fair seed and every draw made with it, with what
 * came of the bets, so that anyone can check a game long after it ended (the tavern page, the
 * API). A draw is noted in the `fair` entry that moves its nonce; the record is one `game` entry,
 * written when the game ends or, for a game a crash cut off, at the next start.
 */
import { ID, isCount, isPlainObject, isText, KEY } from './shapes.js';
import type { ResultOutcome } from './results.js';

/** One draw as the game used it: two dice, one die, or a shuffle (the cards before it and after it, top first). */
export type DrawRecord =
  | { nonce: number; kind: 'dice'; dice: number[] }
  | { nonce: number; kind: 'die'; die: number }
  | { nonce: number; kind: 'shuffle'; cards: string[]; order: string[] };

/** What came of one bet in the game, with the character's name as it was then. */
export interface GameResult {
  key: string;
  name: string;
  bet: string;
  stake: number;
  paid: number;
  outcome: ResultOutcome;
}

export interface GameRecord {
  /** The table's id (`sand-table`) and its game's (`spice-run`). */
  table: string;
  game: string;
  /** The game's number at this table: the seed's (TableFairness.game). */
  number: number;
  /** When it ended (ISO 8601). */
  at: string;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  draws: DrawRecord[];
  results: GameResult[];
  /** True for a game the server's stop cut off: its record was made at the next start. */
  cutOff: boolean;
}

/** A single win, for the biggest wins of the last days: a bet that paid more than it staked. */
export interface Win {
  key: string;
  name: string;
  table: string;
  game: string;
  number: number;
  bet: string;
  /** Coins won: paid less staked. */
  amount: number;
  at: string;
}

/** How many records the engines keep in memory per table (the page shows this many). */
export const GAMES_KEPT = 20;
/** Wins older than this (before the newest game's end) leave the list. */
export const WINS_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** The most wins kept: the biggest, so that the top ten of the window is right unless hundreds expire at once. */
export const WINS_KEPT = 500;

const HEX64 = /^[0-9a-f]{64}$/;
/** A shuffled item as its record names it: a card (`7h`, `qs`), or any short word. */
const CARD = /^[\w-]{1,16}$/;
/** The most dice one throw records: more than any table game throws at once. */
const MAX_DICE = 100;
const isFace = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;
const isCards = (a: unknown): a is string[] => Array.isArray(a) && a.length <= 60 && a.every((c) => typeof c === 'string' && CARD.test(c));

/** What is wrong with a draw's shape, or null. */
export function drawProblem(d: unknown): string | null {
  if (!isPlainObject(d) || !isCount(d.nonce)) return 'a draw without a nonce';
  switch (d.kind) {
    case 'dice':
      return Array.isArray(d.dice) && d.dice.length >= 1 && d.dice.length <= MAX_DICE && d.dice.every(isFace) ? null : `draw ${d.nonce}: malformed dice`;
    case 'die':
      return isFace(d.die) ? null : `draw ${d.nonce}: a malformed die`;
    case 'shuffle':
      if (!isCards(d.cards) || !isCards(d.order) || d.cards.length !== d.order.length) return `draw ${d.nonce}: a malformed shuffle`;
      return [...d.cards].sort().join() === [...d.order].sort().join() ? null : `draw ${d.nonce}: a shuffle that changes the cards`;
    default:
      return `draw ${d.nonce}: "${String(d.kind)}" is not a kind of draw`;
  }
}

/** What is wrong with a game record's shape, or null. */
export function gameRecordProblem(g: unknown): string | null {
  if (!isPlainObject(g) || !isText(g.table, 64) || !ID.test(g.table) || !isText(g.game, 64) || !ID.test(g.game)) return 'a game record that names no table';
  if (!isCount(g.number) || g.number < 1 || !isText(g.at, 40) || typeof g.cutOff !== 'boolean') return `a malformed record of a game at ${g.table}`;
  if (!isText(g.commitment, 64) || !HEX64.test(g.commitment) || !isText(g.serverSeed, 64) || !HEX64.test(g.serverSeed) || !isText(g.clientSeed, 200)) {
    return `the record of game ${g.number} at ${g.table} has malformed seeds`;
  }
  if (!Array.isArray(g.draws) || !Array.isArray(g.results)) return `the record of game ${g.number} at ${g.table} has no draws or results`;
  let nonce = -1;
  for (const d of g.draws as unknown[]) {
    const problem = drawProblem(d);
    if (problem) return `game ${g.number} at ${g.table}: ${problem}`;
    // In nonce order; a draw that failed half-way used its nonce and left no record.
    if ((d as DrawRecord).nonce <= nonce) return `game ${g.number} at ${g.table}: draw ${(d as DrawRecord).nonce} is out of order`;
    nonce = (d as DrawRecord).nonce;
  }
  for (const r of g.results as unknown[]) {
    if (!isPlainObject(r) || !isText(r.key, 32) || !KEY.test(r.key) || !isText(r.name, 32) || r.name.toLowerCase() !== r.key) return `game ${g.number} at ${g.table}: a result names no character`;
    if (!isText(r.bet, 100) || !isCount(r.stake) || !isCount(r.paid) || !isText(r.outcome, 20)) return `game ${g.number} at ${g.table}: a malformed result`;
  }
  return null;
}

/** Adds a record to its table's list, keeping the last GAMES_KEPT. */
export function keepGame(games: Map<string, GameRecord[]>, record: GameRecord): void {
  const list = games.get(record.table) ?? [];
  list.push(structuredClone(record));
  if (list.length > GAMES_KEPT) list.splice(0, list.length - GAMES_KEPT);
  games.set(record.table, list);
}

/** The wins of one game's record. */
export function winsOf(record: GameRecord): Win[] {
  return record.results
    .filter((r) => r.paid > r.stake && r.outcome === 'won')
    .map((r) => ({ key: r.key, name: r.name, table: record.table, game: record.game, number: record.number, bet: r.bet, amount: r.paid - r.stake, at: record.at }));
}

/**
 * Adds wins to the list (biggest first, the earlier first among equals), dropping those more
 * than WINS_WINDOW_MS older than the newest added, and all but the WINS_KEPT biggest.
 */
export function keepWins(wins: Win[], added: readonly Win[]): void {
  if (!added.length) return;
  wins.push(...added);
  const newest = Math.max(...added.map((w) => Date.parse(w.at)));
  const kept = wins.filter((w) => newest - Date.parse(w.at) <= WINS_WINDOW_MS).sort((a, b) => b.amount - a.amount || a.at.localeCompare(b.at));
  wins.splice(0, wins.length, ...kept.slice(0, WINS_KEPT));
}
