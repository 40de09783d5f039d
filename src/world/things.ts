/**
 * Things as world data: what each kind of thing is called, how it is found by name, how it lies
 * on a floor, how it looks, and what it is for (drinking, eating). The store counts how many of
 * each are where (store/holdings.ts); this says what they are. docs/world-data.md, "Things".
 *
 *     "things": {
 *       "ale": {
 *         "short": "a jug of kank-milk ale", "plural": "jugs of kank-milk ale",
 *         "keywords": ["ale", "jug"],
 *         "long": "A jug of kank-milk ale stands forgotten on the floor.",
 *         "description": "A squat clay jug stamped with the scorpion of the house.",
 *         "drink": { "actor": "You drink deep from {thing}.", "room": "{actor} drinks deep from {thing}.", "leaves": "empty-jug" }
 *       }
 *     }
 */
import { ID } from '../store/shapes.js';

/** What using a thing says, to the one who uses it and to the room, and what is left of it. */
export interface Use {
  actor: string;
  room: string;
  /** The thing that is left (an empty jug), if any. */
  leaves?: string;
}

export interface ThingData {
  id: string;
  /** How a sentence names one: "a jug of kank-milk ale". */
  short: string;
  /** How a count names several: "jugs of kank-milk ale" (3 jugs of kank-milk ale). */
  plural: string;
  keywords: string[];
  /** How one lies on a floor, a line of the room's look. */
  long: string;
  /** What `look <thing>` shows. */
  description: string;
  drink?: Use;
  eat?: Use;
}

/** The verbs a thing may be for. */
export const USES = ['drink', 'eat'] as const;
export type UseVerb = (typeof USES)[number];

const MAX_LINE = 300;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The world's `things`, each checked; every problem is one line in `problems`. */
export function parseThings(raw: unknown, problems: string[]): Map<string, ThingData> {
  const things = new Map<string, ThingData>();
  if (raw === undefined) return things;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('things must be an object of things by id, e.g. { "ale": { "short": "a jug of ale", ... } }');
    return things;
  }
  for (const [id, value] of Object.entries(raw)) {
    const where = `things.${id}`;
    if (!ID.test(id)) problems.push(`things: "${id}" is not a thing's id (1 to 64 letters, digits, _ or -)`);
    const t = value as Partial<Record<keyof ThingData, unknown>>;
    if (!t || typeof t !== 'object' || Array.isArray(t)) {
      problems.push(`${where} must be an object with short, plural, keywords, long and description`);
      continue;
    }
    const before = problems.length;
    for (const field of ['short', 'plural', 'long', 'description'] as const) {
      if (typeof t[field] !== 'string' || !(t[field] as string).trim() || (t[field] as string).length > (field === 'description' ? 2000 : MAX_LINE)) problems.push(`${where}.${field} must be a line of text`);
    }
    if (!Array.isArray(t.keywords) || !t.keywords.length || !t.keywords.every((k) => typeof k === 'string' && /^[a-z][a-z'-]*$/.test(k))) {
      problems.push(`${where}.keywords must be a list of lower-case words (what players type for it)`);
    } else if (t.keywords.some((k) => k === 'all' || k === 'coins' || k === 'coin')) {
      problems.push(`${where}.keywords: "all", "coin" and "coins" mean something else to get, drop and give`);
    }
    const uses: Partial<Record<UseVerb, Use>> = {};
    for (const verb of USES) if (t[verb] !== undefined) uses[verb] = parseUse(`${where}.${verb}`, t[verb], problems);
    for (const key of Object.keys(t)) {
      if (!['short', 'plural', 'keywords', 'long', 'description', ...USES].includes(key)) problems.push(`${where}: "${key}" is not a field of a thing`);
    }
    if (problems.length === before) {
      things.set(id, { id, short: t.short as string, plural: t.plural as string, keywords: t.keywords as string[], long: t.long as string, description: t.description as string, ...uses });
    }
  }
  for (const t of things.values()) {
    for (const verb of USES) {
      const leaves = t[verb]?.leaves;
      if (leaves !== undefined && !things.has(leaves)) problems.push(`things.${t.id}.${verb}.leaves: there is no thing "${leaves}"`);
    }
  }
  return things;
}

function parseUse(where: string, raw: unknown, problems: string[]): Use {
  const u = raw as Partial<Record<keyof Use, unknown>>;
  if (!u || typeof u !== 'object' || Array.isArray(u)) {
    problems.push(`${where} must be an object: { "actor": "...", "room": "{actor} ...", "leaves"?: "<thing>" }`);
    return { actor: '', room: '' };
  }
  for (const [line, needs] of [['actor', []], ['room', ['actor']]] as const) {
    const text = u[line];
    if (typeof text !== 'string' || !text.trim() || text.length > MAX_LINE) {
      problems.push(`${where}.${line} must be a line of text`);
      continue;
    }
    const used = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
    const stray = used.find((name) => name !== 'thing' && !(needs as readonly string[]).includes(name));
    if (stray !== undefined) problems.push(`${where}.${line}: {${stray}} cannot stand in this line (it may name {thing}${needs.length ? ' and {actor}' : ''})`);
    for (const name of needs) if (!used.includes(name)) problems.push(`${where}.${line} must name {${name}}`);
  }
  if (u.leaves !== undefined && (typeof u.leaves !== 'string' || !ID.test(u.leaves))) problems.push(`${where}.leaves must be a thing's id`);
  for (const key of Object.keys(u)) if (!['actor', 'room', 'leaves'].includes(key)) problems.push(`${where}: "${key}" is not one of its lines (actor, room, leaves)`);
  return u as Use;
}

/** The words a thing is named by: its keywords, and its id (what GMCP's Char.Items calls it: `drink honey-cake`). */
export function wordsFor(t: ThingData): string[] {
  return t.keywords.includes(t.id) ? t.keywords : [...t.keywords, t.id];
}

/** A count of a thing in words: "a jug of kank-milk ale", "3 jugs of kank-milk ale". */
export function countName(t: ThingData, n: number): string {
  return n === 1 ? t.short : `${n} ${t.plural}`;
}

/** A use's line with the names put in. */
export function useLine(line: string, names: { actor?: string; thing: string }): string {
  return line.replace(PLACEHOLDER, (_m, name: string) => (name === 'actor' ? (names.actor ?? '') : names.thing));
}
