import type { BetOutcome } from '../../games/api.js';
import type { DrawRecord } from '../../games/fair-source.js';

/**
 * A finished game's record, kept as the tavern keeps its own (the same fields, so `npm run
 * verify -- game <file>` checks either): the seed's commitment and the seed itself, the client
 * seed, every draw made with it in nonce order, and what came of every bet.
 */

export type { DrawRecord };

/** What came of one bet, with the player's identity (`key`) and name as they were then. */
export interface GameResult {
  key: string;
  name: string;
  bet: string;
  stake: number;
  paid: number;
  outcome: BetOutcome;
}

export interface GameRecord {
  table: string;
  game: string;
  number: number;
  /** When it ended (ISO 8601). */
  at: string;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  draws: DrawRecord[];
  results: GameResult[];
  /** True for a game a stop cut off: its record was made at the next start. */
  cutOff: boolean;
}

const HEX64 = /^[0-9a-f]{64}$/;
const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
const isFace = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;
const isNames = (a: unknown): a is string[] => Array.isArray(a) && a.every((c) => typeof c === 'string' && /^[\w-]{1,16}$/.test(c));

/** What is wrong with a draw's shape, or null. */
export function drawProblem(d: unknown): string | null {
  const r = d as Record<string, unknown> | null;
  if (!r || typeof r !== 'object' || !isCount(r.nonce)) return 'a draw without a nonce';
  switch (r.kind) {
    case 'dice':
      return Array.isArray(r.dice) && r.dice.length >= 1 && r.dice.every(isFace) ? null : `draw ${r.nonce}: malformed dice`;
    case 'die':
      return isFace(r.die) ? null : `draw ${r.nonce}: a malformed die`;
    case 'shuffle':
      return isNames(r.cards) && isNames(r.order) && r.cards.length === r.order.length ? null : `draw ${r.nonce}: a malformed shuffle`;
    default:
      return `draw ${r.nonce}: "${String(r.kind)}" is not a kind of draw`;
  }
}

/** What is wrong with a game record's shape, or null. */
export function gameRecordProblem(g: unknown): string | null {
  const r = g as Record<string, unknown> | null;
  if (!r || typeof r !== 'object' || typeof r.table !== 'string' || typeof r.game !== 'string') return 'a game record that names no table';
  if (!isCount(r.number) || typeof r.at !== 'string' || typeof r.cutOff !== 'boolean') return `a malformed record of a game at ${r.table}`;
  if (typeof r.commitment !== 'string' || !HEX64.test(r.commitment) || typeof r.serverSeed !== 'string' || !HEX64.test(r.serverSeed) || typeof r.clientSeed !== 'string') {
    return `the record of game ${r.number} at ${r.table} has malformed seeds`;
  }
  if (!Array.isArray(r.draws) || !Array.isArray(r.results)) return `the record of game ${r.number} at ${r.table} has no draws or results`;
  return (r.draws as unknown[]).map(drawProblem).find(Boolean) ?? null;
}
