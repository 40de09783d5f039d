/**
 * The journal's vocabulary: every change a player can be told of is one entry, and one pure
 * `apply` turns a state and an entry into the next state. The live store and recovery both go
 * through `apply`, so the state a server runs with and the state it recovers cannot differ.
 *
 * To add a kind of change: add it to `Entry`, give it a case in `shapeProblem` (what a valid
 * entry looks like on disk) and in `apply` (whether it fits the state, and what it changes).
 */

import { keepResults, resultsProblem, type TableResult } from './results.js';
import { accountOwner, accountText, charAccount, mayOwe, MINT, readAccount, type Move } from './account.js';
import { ID, isCount, isPlainObject, isText, KEY } from './shapes.js';
import { drawProblem, gameRecordProblem, keepGame, keepWins, winsOf, type DrawRecord, type GameRecord, type Win } from './games.js';
import { holdingProblems, setThings, thingMovesProblem, thingsAfter, type Holdings, type ThingMove } from './holdings.js';
import { placeOwner } from './place.js';
import { Balances } from './balances.js';

export type { ResultOutcome, TableResult } from './results.js';
export type { Move } from './account.js';
export type { DrawRecord, GameRecord, GameResult, Win } from './games.js';
export type { Holdings, ThingMove } from './holdings.js';

/** A character's settings that matter after a restart. Unset means "as the client says". */
export interface Prefs {
  colour?: boolean;
  screenReader?: boolean;
  ooc?: boolean;
  description?: string;
  /** False: kept off every list of the richest, of wins, and of who is here (`set public off`). */
  public?: boolean;
}

export interface CharacterRecord {
  name: string;
  passwordHash: string;
  room: string;
  created: string;
  lastSeen: string;
  prefs: Prefs;
}

export interface Ban {
  by: string;
  at: string;
  reason: string;
}

/**
 * A table's provably fair seeds (docs/rulings.md, "Provably fair draws"; games/fair-source.ts
 * draws with them): the live server seed, committed before its first draw, and the last one
 * revealed, shown so that anyone can recompute its draws.
 */
export interface TableFairness {
  table: string;
  /** The number of the game this seed is for: 1 for a table's first seed, then 2, 3 ... */
  game: number;
  /** 64 lower-case hex digits; secret until retired. */
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  /** The number of draws made with this seed so far: the nonce of the next draw. */
  nonce: number;
  /** `draws`: how many draws were made with it, nonces 0 to draws - 1. */
  revealed: { serverSeed: string; commitment: string; clientSeed: string; draws: number } | null;
}

export type Entry =
  /**
   * A coin transaction: every move of it, applied together or not at all. A transaction that
   * settles bets at a table says what came of each (`results`), accounting for its moves exactly.
   * A purchase moves the things bought in the same entry (`things`), so the coins and the goods
   * change hands together or not at all.
   */
  | { kind: 'coins'; moves: Move[]; results?: TableResult[]; things?: ThingMove[] }
  /** Things changing places with no coins (picked up, dropped, handed over, drunk, a floor stocked): every move of it or none. */
  | { kind: 'things'; things: ThingMove[] }
  /** A new character, with its starting purse from the mint (in the same entry, so a torn write cannot split them). */
  | { kind: 'character'; name: string; passwordHash: string; room: string; created: string; purse: number }
  | { kind: 'password'; key: string; passwordHash: string }
  | { kind: 'room'; key: string; room: string }
  | { kind: 'seen'; key: string; at: string }
  /** Sets the given preferences; a null value removes one. */
  | { kind: 'prefs'; key: string; prefs: { [K in keyof Prefs]?: Prefs[K] | null } }
  | { kind: 'ban'; key: string; by: string; reason: string; at: string }
  | { kind: 'unban'; key: string }
  /** A hand-out paid to a character, for the cool-down across tables (issue 11): `at` in epoch ms. */
  | { kind: 'handout'; key: string; handout: string; at: number }
  /**
   * A table's fairness data as it now is: after a draw (the nonce, and what the draw produced),
   * a client seed, or a seed retired and the next committed (in one entry, so a crash cannot
   * lose the old or skip the new).
   */
  | { kind: 'fair'; fair: TableFairness; draw?: DrawRecord }
  /** A finished game's record (games.ts), written before its seed retires. */
  | { kind: 'game'; record: GameRecord };

/** Everything the journal describes. Characters are keyed by lower-case name. */
export interface State {
  characters: Map<string, CharacterRecord>;
  balances: Balances;
  bans: Map<string, Ban>;
  /** Per character, per kind of hand-out, when the last one was paid (epoch ms). */
  handouts: Map<string, Record<string, number>>;
  tables: Map<string, TableFairness>;
  /** Per character, their last table results (results.ts), oldest first. */
  results: Map<string, TableResult[]>;
  /** Per table, the draws made so far with its live seed, in nonce order (games.ts). */
  draws: Map<string, DrawRecord[]>;
  /** Per table, the records of its last GAMES_KEPT games, oldest first. */
  games: Map<string, GameRecord[]>;
  /** The biggest wins of the last WINS_WINDOW_MS, biggest first. */
  wins: Win[];
  /** Per place, the things there (holdings.ts). */
  things: Holdings;
}

export const emptyState = (): State => ({
  characters: new Map(),
  balances: new Balances(),
  bans: new Map(),
  handouts: new Map(),
  tables: new Map(),
  results: new Map(),
  draws: new Map(),
  games: new Map(),
  wins: [],
  things: new Map(),
});

const HEX64 = /^[0-9a-f]{64}$/;
const PREF_TYPES: Record<keyof Prefs, 'boolean' | 'string'> = { colour: 'boolean', screenReader: 'boolean', ooc: 'boolean', description: 'string', public: 'boolean' };


/** Whose things thing moves take or bring (null for a floor or the house). */
const thingOwners = (moves: readonly ThingMove[] = []) => moves.flatMap((m) => [placeOwner(m.from), placeOwner(m.to)]);

/** The characters an entry touches, by key. */
export function charactersIn(e: Entry): string[] {
  switch (e.kind) {
    case 'coins':
      return [...e.moves.flatMap((m) => [accountOwner(m.from), accountOwner(m.to)]), ...thingOwners(e.things)].filter((k): k is string => k !== null);
    case 'things':
      return thingOwners(e.things).filter((k): k is string => k !== null);
    case 'character':
      return [e.name.toLowerCase()];
    case 'fair':
    case 'game':
      return [];
    default:
      return [e.key];
  }
}

/** What is wrong with a character record's shape (from a checkpoint), or null. */
export function recordProblem(key: string, c: unknown): string | null {
  if (!isPlainObject(c)) return `character "${key}" is not a record`;
  if (!isText(c.name, 32) || c.name.toLowerCase() !== key || !KEY.test(key)) return `character "${key}" is filed under another name`;
  if (!isText(c.passwordHash) || !isText(c.room, 200) || !isText(c.created, 40) || !isText(c.lastSeen, 40)) return `character "${key}" is malformed`;
  return prefsProblem(c.prefs, false) && `character "${key}": ${prefsProblem(c.prefs, false)}`;
}

function prefsProblem(p: unknown, nullable: boolean): string | null {
  if (!isPlainObject(p)) return 'prefs is not an object';
  for (const [k, v] of Object.entries(p)) {
    const type = Object.hasOwn(PREF_TYPES, k) ? PREF_TYPES[k as keyof Prefs] : undefined;
    if (!type) return `"${k}" is not a preference`;
    if (!(typeof v === type || (nullable && v === null)) || (typeof v === 'string' && v.length > 2000)) return `preference "${k}" has a bad value`;
  }
  return null;
}

/** What is wrong with a table's fairness data (from an entry or a checkpoint), or null. */
export function fairnessProblem(f: unknown): string | null {
  if (!isPlainObject(f) || !isText(f.table, 64) || !ID.test(f.table)) return 'fairness data that names no table';
  const hex = (s: unknown) => isText(s, 64) && HEX64.test(s);
  if (!isCount(f.game) || f.game < 1 || !hex(f.serverSeed) || !hex(f.commitment) || !isText(f.clientSeed, 200) || !isCount(f.nonce)) return `malformed fairness data for table ${f.table}`;
  const r = f.revealed;
  if (r !== null && !(isPlainObject(r) && hex(r.serverSeed) && hex(r.commitment) && isText(r.clientSeed, 200) && isCount(r.draws))) return `a malformed revealed seed for table ${f.table}`;
  return null;
}

/** What is wrong with an entry's shape as read from disk, or null when it is a well-formed entry. */
export function shapeProblem(e: unknown): string | null {
  if (!isPlainObject(e)) return 'it is not an entry';
  const keyed = () => (isText(e.key, 32) && KEY.test(e.key) ? null : 'it names no character');
  switch (e.kind) {
    case 'coins': {
      if (!Array.isArray(e.moves) || e.moves.length === 0) return 'a coin transaction without moves';
      for (const m of e.moves as unknown[]) {
        if (!isPlainObject(m)) return 'a move is not an object';
        if (!isText(m.from, 200) || !isText(m.to, 200) || !readAccount(m.from).ok || !readAccount(m.to).ok) return 'a move names an unknown account';
        if (m.from === m.to) return `a move from ${m.from} to itself`;
        if (!isCount(m.amount) || m.amount === 0) return `a move of ${JSON.stringify(m.amount)} coins`;
        if (!isText(m.why)) return 'a move without a reason';
      }
      return (e.results === undefined ? null : resultsProblem(e.results, e.moves as Move[])) ?? (e.things === undefined ? null : thingMovesProblem(e.things));
    }
    case 'things':
      return thingMovesProblem(e.things);
    case 'character':
      if (!isText(e.name, 32) || !KEY.test(e.name.toLowerCase())) return 'a character without a proper name';
      if (!isText(e.passwordHash) || !isText(e.room, 200) || !isText(e.created, 40) || !isCount(e.purse)) return 'a malformed new character';
      return null;
    case 'password':
      return keyed() ?? (isText(e.passwordHash) ? null : 'a password change without a hash');
    case 'room':
      return keyed() ?? (isText(e.room, 200) ? null : 'a room change without a room');
    case 'seen':
      return keyed() ?? (isText(e.at, 40) ? null : 'a malformed time');
    case 'prefs':
      return keyed() ?? prefsProblem(e.prefs, true);
    case 'ban':
      return keyed() ?? (isText(e.by, 32) && isText(e.reason) && isText(e.at, 40) ? null : 'a malformed ban');
    case 'unban':
      return keyed();
    case 'handout':
      return keyed() ?? (isText(e.handout, 32) && isCount(e.at) ? null : 'a malformed hand-out');
    case 'fair':
      return fairnessProblem(e.fair) ?? (e.draw === undefined ? null : drawProblem(e.draw));
    case 'game':
      return gameRecordProblem(e.record);
    default:
      return `"${String(e.kind)}" is not a kind of entry`;
  }
}

/**
 * Applies one well-formed entry to the state, or returns why it does not fit (and changes
 * nothing). Pure: no clock, no I/O; everything it needs is in the state and the entry.
 */
export function apply(state: State, e: Entry): string | null {
  const needCharacter = (key: string) => (state.characters.has(key) ? null : `there is no character "${key}"`);
  switch (e.kind) {
    case 'coins': {
      const after = new Map<string, number>();
      for (const m of e.moves) {
        for (const account of [m.from, m.to]) {
          const owner = accountOwner(account);
          if (owner !== null && !state.characters.has(owner)) return `${account} belongs to no character`;
        }
        after.set(m.from, (after.get(m.from) ?? state.balances.get(m.from) ?? 0) - m.amount);
        after.set(m.to, (after.get(m.to) ?? state.balances.get(m.to) ?? 0) + m.amount);
      }
      // The ledger refuses an overdraft before it records; this guards the journal (a bug, a damaged file).
      for (const [account, n] of after) {
        if (n < 0 && !mayOwe(account)) return `${account} would hold ${n} coins`;
        if (!Number.isSafeInteger(n)) return `${account} would hold more coins than can be counted`;
      }
      const things = e.things ? thingsAfter(state.things, e.things, (key) => state.characters.has(key)) : null;
      if (typeof things === 'string') return things;
      for (const [account, n] of after) {
        if (n === 0) state.balances.delete(account);
        else state.balances.set(account, n);
      }
      if (things) setThings(state.things, things);
      if (e.results) keepResults(state.results, e.results);
      return null;
    }
    case 'things': {
      const things = thingsAfter(state.things, e.things, (key) => state.characters.has(key));
      if (typeof things === 'string') return things;
      setThings(state.things, things);
      return null;
    }
    case 'character': {
      const key = e.name.toLowerCase();
      if (state.characters.has(key)) return `the character "${key}" exists already`;
      state.characters.set(key, { name: e.name, passwordHash: e.passwordHash, room: e.room, created: e.created, lastSeen: e.created, prefs: {} });
      if (e.purse > 0) return apply(state, { kind: 'coins', moves: [{ from: accountText(MINT), to: accountText(charAccount(key)), amount: e.purse, why: 'starting purse' }] });
      return null;
    }
    case 'password':
      return needCharacter(e.key) ?? ((state.characters.get(e.key)!.passwordHash = e.passwordHash), null);
    case 'room':
      return needCharacter(e.key) ?? ((state.characters.get(e.key)!.room = e.room), null);
    case 'seen':
      return needCharacter(e.key) ?? ((state.characters.get(e.key)!.lastSeen = e.at), null);
    case 'prefs': {
      const problem = needCharacter(e.key);
      if (problem) return problem;
      const prefs = state.characters.get(e.key)!.prefs as Record<string, unknown>;
      for (const [k, v] of Object.entries(e.prefs)) {
        if (v === null || v === undefined) delete prefs[k];
        else prefs[k] = v;
      }
      return null;
    }
    case 'ban':
      return needCharacter(e.key) ?? (state.bans.set(e.key, { by: e.by, at: e.at, reason: e.reason }), null);
    case 'unban':
      return state.bans.delete(e.key) ? null : `"${e.key}" is not banned`;
    case 'handout': {
      const problem = needCharacter(e.key);
      if (problem) return problem;
      state.handouts.set(e.key, { ...state.handouts.get(e.key), [e.handout]: e.at });
      return null;
    }
    case 'fair': {
      const f = e.fair;
      const was = state.tables.get(f.table);
      const sameSeed = !!was && f.serverSeed === was.serverSeed;
      // A draw is noted with the step of the nonce that made it.
      if (e.draw && !(sameSeed ? e.draw.nonce === was!.nonce && f.nonce === was!.nonce + 1 : e.draw.nonce === 0 && f.nonce === 1 && !was)) {
        return `table ${f.table}'s draw ${e.draw.nonce} does not come with its nonce`;
      }
      if (was && sameSeed) {
        // The same seed: only its nonce and client seed move, and the nonce never back.
        if (f.game !== was.game || f.commitment !== was.commitment) return `table ${f.table}'s seed would change its game or commitment`;
        if (f.nonce < was.nonce) return `table ${f.table}'s nonce would go back from ${was.nonce} to ${f.nonce}`;
      } else if (was) {
        // A new seed: the old one must be the one revealed (never lost), and never come back.
        if (f.game <= was.game) return `table ${f.table}'s game would go back from ${was.game} to ${f.game}`;
        if (f.revealed?.serverSeed !== was.serverSeed || f.revealed.draws < was.nonce) return `table ${f.table}'s new seed does not reveal the one it replaces`;
        if (f.serverSeed === was.revealed?.serverSeed) return `table ${f.table} has used this seed before`;
      }
      state.tables.set(f.table, structuredClone(f));
      if (!sameSeed) state.draws.delete(f.table);
      if (e.draw) state.draws.set(f.table, [...(state.draws.get(f.table) ?? []), structuredClone(e.draw)]);
      return null;
    }
    case 'game': {
      const g = e.record;
      const last = state.games.get(g.table)?.at(-1);
      if (last && last.number >= g.number) return `table ${g.table}'s game ${g.number} is recorded after game ${last.number}`;
      keepGame(state.games, g);
      keepWins(state.wins, winsOf(g));
      return null;
    }
  }
}

/** Problems with the books as a whole: accounts (or things) that do not sum to zero, purses below zero, coins (or things) of nobody. */
export function balanceProblems(state: State): string[] {
  const problems: string[] = [];
  let total = 0;
  for (const [account, n] of state.balances) {
    total += n;
    if (n < 0 && !mayOwe(account)) problems.push(`${account} holds ${n} coins`);
    const owner = accountOwner(account);
    if (owner !== null && !state.characters.has(owner)) problems.push(`${account} holds ${n} coins but there is no such character`);
  }
  if (total !== 0) problems.push(`the accounts sum to ${total}, not 0`);
  problems.push(...holdingProblems(state.things, (key) => state.characters.has(key)));
  return problems;
}
