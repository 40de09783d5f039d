import type { BooksData, JournalRecord, Result } from './books.js';

/**
 * A journal line read back (journal.ts): trusted only once it has the shape it was written with,
 * and brought to today's shape when an older bundle wrote it (no journal id, one currency).
 */

type Obj = Record<string, unknown>;

const isObj = (o: unknown): o is Obj => !!o && typeof o === 'object' && !Array.isArray(o);
const isInt = (n: unknown): n is number => Number.isSafeInteger(n);
const isCount = (n: unknown): n is number => isInt(n) && n >= 0;
/** An object of whole numbers, by name. */
const counts = (o: unknown): o is Record<string, number> => isObj(o) && Object.values(o).every(isInt);
const each = (o: unknown, check: (v: unknown) => boolean) => isObj(o) && Object.values(o).every(check);
const OUTCOMES = ['won', 'lost', 'even', 'returned', 'handout'];

function isResult(r: unknown): r is Result {
  if (!isObj(r)) return false;
  const texts = ['key', 'name', 'table', 'game', 'bet'].every((k) => typeof r[k] === 'string');
  return texts && isCount(r.number) && isCount(r.stake) && isCount(r.paid) && isInt(r.at) && OUTCOMES.includes(r.outcome as string);
}
const results = (a: unknown) => Array.isArray(a) && a.every(isResult);

function isDraw(d: unknown): boolean {
  if (!isObj(d) || !isCount(d.nonce)) return false;
  if (d.kind === 'dice') return Array.isArray(d.dice) && d.dice.length === 2 && d.dice.every(isCount);
  if (d.kind === 'die') return isCount(d.die);
  return d.kind === 'shuffle' && Array.isArray(d.cards) && Array.isArray(d.order);
}

/** Why a books record is not one, or null. */
function booksProblem(b: Obj): string | null {
  if (typeof b.id !== 'string' || !each(b.nets, counts) || !counts(b.house) || !each(b.escrows, (t) => each(t, counts))) return 'its books are incomplete';
  if (!isObj(b.fair) || !each(b.handouts, counts) || !isObj(b.live) || !each(b.history, results) || !each(b.untold, results) || !results(b.wins)) return 'its books are incomplete';
  const live = Object.values(b.live).every((g) => isObj(g) && isCount(g.number) && Array.isArray(g.draws) && g.draws.every(isDraw) && results(g.results));
  return live ? null : 'its game under way is incomplete';
}

/**
 * The record a line holds, in today's shape (`currency`: the world's, for the lines of a bundle
 * that kept one currency), or why it is none.
 */
export function readRecord(line: unknown, currency: string): JournalRecord | string {
  if (!isObj(line)) return 'it is not an object';
  switch (line.k) {
    case 'books': {
      let b = line.books;
      if (!isObj(b)) return 'its books are incomplete';
      // An older bundle's books: one currency, and no id (journal.ts gives it one).
      if (b.id === undefined && isInt(b.house)) {
        b = { ...b, id: '', legacy: currency, nets: { [currency]: b.nets }, escrows: { [currency]: b.escrows }, house: { [currency]: b.house }, live: {}, history: {}, untold: {}, wins: [] };
      }
      const problem = booksProblem(b as Obj);
      return problem ?? { k: 'books', books: b as unknown as BooksData };
    }
    case 'coins': {
      if (typeof line.table !== 'string' || !counts(line.purses) || !counts(line.escrow) || !isInt(line.house)) return 'its coins are not whole numbers';
      if (line.currency !== undefined && typeof line.currency !== 'string') return 'its currency is not a word';
      if ((line.results !== undefined && !results(line.results)) || (line.away !== undefined && !(Array.isArray(line.away) && line.away.every((a) => typeof a === 'string')))) {
        return 'its results are incomplete';
      }
      return { ...(line as Extract<JournalRecord, { k: 'coins' }>), currency: (line.currency as string | undefined) ?? currency };
    }
    case 'fair':
      if (!isObj(line.fair) || typeof line.fair.table !== 'string') return 'its seeds name no table';
      return line.draw === undefined || isDraw(line.draw) ? (line as JournalRecord) : 'its draw is incomplete';
    case 'handout':
      return typeof line.name === 'string' && typeof line.kind === 'string' && isInt(line.at) ? (line as JournalRecord) : 'its hand-out is incomplete';
    case 'told':
      return typeof line.name === 'string' ? (line as JournalRecord) : 'it names nobody';
    case 'game':
      return typeof line.table === 'string' && isCount(line.number) ? (line as JournalRecord) : 'its game is incomplete';
    default:
      return `it is of no known kind (${JSON.stringify(line.k)})`;
  }
}
