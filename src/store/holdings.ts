/**
 * Things in the store, kept like coins: a count of each kind of thing (a world's thing id, `ale`)
 * in each place (place.ts). A thing moves as coins do, from one place to another in a journal
 * entry, so it is never in two places: a move takes it from one count and adds it to another in
 * the same entry, and no place but the house may hold fewer than none.
 */
import { mayLack, placeOwner, readPlace, whyNoPlace } from './place.js';
import { ID, isCount, isPlainObject, isText } from './shapes.js';

/** `n` of a thing moving from one place to another, and why (the journal keeps the why). */
export interface ThingMove {
  thing: string;
  n: number;
  from: string;
  to: string;
  why: string;
}

/** Per place, per thing, how many: only counts that are not zero are kept. */
export type Holdings = Map<string, Map<string, number>>;

/** The most of one thing one move carries: far more than anyone buys, small enough to count safely. */
const MOST_IN_ONE_MOVE = 1_000_000;

/** What is wrong with a list of thing moves as read from disk, or null. */
export function thingMovesProblem(moves: unknown): string | null {
  if (!Array.isArray(moves) || moves.length === 0) return 'a move of things without moves';
  for (const m of moves as unknown[]) {
    if (!isPlainObject(m)) return 'a move of things is not an object';
    if (!isText(m.thing, 64) || !ID.test(m.thing)) return 'a move names no thing';
    for (const end of [m.from, m.to]) if (!isText(end, 200) || !readPlace(end)) return typeof end === 'string' ? whyNoPlace(end) : 'a move of things names no place';
    if (m.from === m.to) return `a move of ${m.thing} from ${String(m.from)} to itself`;
    if (!isCount(m.n) || m.n === 0 || m.n > MOST_IN_ONE_MOVE) return `a move of ${JSON.stringify(m.n)} ${m.thing}`;
    if (!isText(m.why)) return 'a move of things without a reason';
  }
  return null;
}

/** No things: what an empty place holds. */
export const NOTHING: ReadonlyMap<string, number> = new Map();

/** Counts listed as rows (from a database) as holdings. */
export function holdingsOf(rows: readonly { place: string; thing: string; n: number }[]): Holdings {
  const holdings: Holdings = new Map();
  for (const { place, thing, n } of rows) {
    if (!holdings.has(place)) holdings.set(place, new Map());
    holdings.get(place)!.set(thing, n);
  }
  return holdings;
}

function countOf(holdings: Holdings, place: string, thing: string): number {
  return holdings.get(place)?.get(thing) ?? 0;
}

/**
 * The counts the moves leave in every place and thing they touch, or why they do not fit: a
 * place of nobody's, or a place left with fewer than none. Changes nothing.
 */
export function thingsAfter(holdings: Holdings, moves: readonly ThingMove[], isCharacter: (key: string) => boolean): Map<string, Map<string, number>> | string {
  const after = new Map<string, Map<string, number>>();
  const add = (place: string, thing: string, delta: number) => {
    let things = after.get(place);
    if (!things) after.set(place, (things = new Map()));
    things.set(thing, (things.get(thing) ?? countOf(holdings, place, thing)) + delta);
  };
  for (const m of moves) {
    for (const place of [m.from, m.to]) {
      const owner = placeOwner(place);
      if (owner !== null && !isCharacter(owner)) return `${place} belongs to no character`;
    }
    add(m.from, m.thing, -m.n);
    add(m.to, m.thing, m.n);
  }
  for (const [place, things] of after) {
    for (const [thing, n] of things) {
      if (n < 0 && !mayLack(place)) return `${place} would hold ${n} ${thing}`;
      if (!Number.isSafeInteger(n)) return `${place} would hold more ${thing} than can be counted`;
    }
  }
  return after;
}

/** Puts the counts thingsAfter made into the holdings. */
export function setThings(holdings: Holdings, after: Map<string, Map<string, number>>): void {
  for (const [place, things] of after) {
    let held = holdings.get(place);
    for (const [thing, n] of things) {
      if (n !== 0) {
        if (!held) holdings.set(place, (held = new Map()));
        held.set(thing, n);
      } else held?.delete(thing);
    }
    if (held?.size === 0) holdings.delete(place);
  }
}

/** Problems with the things as a whole: a thing whose counts do not sum to zero, a place below zero, a place of nobody's. */
export function holdingProblems(holdings: Holdings, isCharacter: (key: string) => boolean): string[] {
  const problems: string[] = [];
  const totals = new Map<string, number>();
  for (const [place, things] of holdings) {
    const owner = placeOwner(place);
    if (owner !== null && !isCharacter(owner)) problems.push(`${place} holds things but there is no such character`);
    for (const [thing, n] of things) {
      totals.set(thing, (totals.get(thing) ?? 0) + n);
      if (n < 0 && !mayLack(place)) problems.push(`${place} holds ${n} ${thing}`);
    }
  }
  for (const [thing, n] of totals) if (n !== 0) problems.push(`the counts of ${thing} sum to ${n}, not 0`);
  return problems;
}

/** The holdings as a checkpoint keeps them: { place: { thing: n } }. */
export function holdingsRecord(holdings: Holdings): Record<string, Record<string, number>> {
  return Object.fromEntries([...holdings].map(([place, things]) => [place, Object.fromEntries(things)]));
}

/** The holdings of a checkpoint, or what is wrong with them. */
export function holdingsFromRecord(raw: unknown): Holdings | string {
  if (raw === undefined) return new Map();
  if (!isPlainObject(raw)) return 'its things are malformed';
  const holdings: Holdings = new Map();
  for (const [place, things] of Object.entries(raw)) {
    if (!readPlace(place)) return `its things: ${whyNoPlace(place)}`;
    if (!isPlainObject(things)) return `the things of ${place} are malformed`;
    const held = new Map<string, number>();
    for (const [thing, n] of Object.entries(things)) {
      if (!ID.test(thing) || !Number.isSafeInteger(n) || n === 0 || ((n as number) < 0 && !mayLack(place))) return `${place} holds ${JSON.stringify(n)} ${thing}`;
      held.set(thing, n as number);
    }
    if (held.size) holdings.set(place, held);
  }
  return holdings;
}
