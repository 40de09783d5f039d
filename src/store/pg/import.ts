import { join } from 'node:path';
import type pg from 'pg';
import { CHECKPOINT_FILE, fromSnapshot } from '../checkpoint.js';
import { accountText, HOUSE, MINT, readAccount } from '../account.js';
import { apply, emptyState, type Entry, type State } from '../entries.js';
import { nodeFiles, StoreFailure, type FileLayer } from '../files.js';
import { decodeLine, isSegmentName, JOURNAL_DIR, segmentName, type Position } from '../journal.js';
import { readStore } from '../recovery.js';
import { describePgError, takeServerName } from './connection.js';
import { migrate } from './migrations.js';
import { allThings, appendEntries, journalDisagreements, thingDisagreements } from './queries.js';
import { holdingsOf, holdingsRecord } from '../holdings.js';
import { HOUSE_STOCK, placeText } from '../place.js';

/**
 * Moving a file-store world into PostgreSQL (`npm run migrate-store`). The folder is only read
 * (migrate-store.ts makes its server-name file if it is missing).
 * Its whole journal is copied when it has one from entry 1; when old segments were archived
 * away, the checkpoint's state opens the PostgreSQL journal (one entry per character, one
 * opening transaction of coins...) and the journal after the checkpoint follows.
 */

export interface FileWorld {
  /** Entries in order, with their times; `seq` is the file journal's number (null for opening entries made from a checkpoint). */
  entries: { seq: number | null; time: string; entry: Entry }[];
  /** The state they add up to, as the file engine would start with it. */
  state: State;
  /** How the entries were found, for the report. */
  source: string;
}

/** Reads a data folder as the file engine would, and the entries that make it up. */
export async function readFileWorld(dir: string, files: FileLayer = nodeFiles): Promise<FileWorld> {
  const r = await readStore(files, dir);
  if (r.upgrade) {
    const time = new Date().toISOString();
    return { entries: r.upgrade.map((entry, i) => ({ seq: i + 1, time, entry })), state: r.state, source: `db.json (version 1) and ledger.jsonl, ${r.upgrade.length} entries` };
  }
  const segments = ((await files.list(join(dir, JOURNAL_DIR))) ?? []).filter(isSegmentName).sort();
  let world: FileWorld;
  if (!segments.length || segments[0] === segmentName(1)) {
    const lines = await journalLines(files, dir, segments, { seq: 0, segment: segmentName(1), offset: 0 });
    world = { entries: lines, state: emptyState(), source: lines.length ? `the journal, entries 1 to ${lines.length}` : 'an empty folder' };
  } else {
    // Old segments archived away: the checkpoint stands for them.
    const cp = fromSnapshot(JSON.parse((await files.read(join(dir, CHECKPOINT_FILE)))!.toString('utf8')));
    if (typeof cp === 'string') throw new StoreFailure(`${join(dir, CHECKPOINT_FILE)}: ${cp}`);
    const opening = openingEntries(cp.state).map((entry) => ({ seq: null, time: new Date().toISOString(), entry }));
    const lines = await journalLines(files, dir, segments, cp.position);
    world = { entries: [...opening, ...lines], state: emptyState(), source: `the checkpoint at entry ${cp.position.seq} (as ${opening.length} opening entries), then the journal to entry ${cp.position.seq + lines.length}` };
  }
  for (const { seq, entry } of world.entries) {
    const problem = apply(world.state, entry);
    if (problem) throw new StoreFailure(`${dir}: entry ${seq ?? '(opening)'} does not add up: ${problem}`);
  }
  const differ = stateDifference(world.state, r.state);
  if (differ) throw new StoreFailure(`${dir}: its journal and its checkpoint disagree (${differ}); start the server on it once to settle it`);
  return world;
}

/** The complete journal lines from `from` on (a torn last line was told to nobody, and is left out). */
async function journalLines(files: FileLayer, dir: string, segments: string[], from: Position): Promise<FileWorld['entries']> {
  const out: FileWorld['entries'] = [];
  let seq = from.seq;
  // Not there yet: a checkpoint taken with nothing after it names the segment its next entry will begin.
  const first = segments.indexOf(from.segment);
  if (first < 0) return out;
  for (const name of segments.slice(first)) {
    const data = (await files.read(join(dir, JOURNAL_DIR, name)))!;
    let pos = name === from.segment ? from.offset : 0;
    for (let nl = data.indexOf(10, pos); nl >= 0; pos = nl + 1, nl = data.indexOf(10, pos)) {
      const decoded = decodeLine(data.subarray(pos, nl), seq + 1);
      if (typeof decoded === 'string') throw new StoreFailure(`${join(dir, JOURNAL_DIR, name)}: entry ${seq + 1}: ${decoded}`);
      out.push({ seq: ++seq, time: decoded.time, entry: decoded.entry });
    }
  }
  return out;
}

/** Entries that make an empty state into this one: the characters, their settings, one transaction of every balance, bans, hand-outs, seeds. */
export function openingEntries(state: State): Entry[] {
  const entries: Entry[] = [];
  for (const [key, c] of state.characters) {
    entries.push({ kind: 'character', name: c.name, passwordHash: c.passwordHash, room: c.room, created: c.created, purse: 0 });
    if (c.lastSeen !== c.created) entries.push({ kind: 'seen', key, at: c.lastSeen });
    if (Object.keys(c.prefs).length) entries.push({ kind: 'prefs', key, prefs: { ...c.prefs } });
  }
  // Every account from the mint, but for the house's winnings, which go to the mint: the sum stays zero.
  const mint = accountText(MINT);
  const moves = [...state.balances]
    .filter(([account]) => account !== mint)
    .map(([account, n]) => (n > 0 ? { from: mint, to: account, amount: n, why: 'opening balance' } : { from: account, to: mint, amount: -n, why: 'opening balance' }));
  if (moves.length) entries.push({ kind: 'coins', moves });
  // Every place's things from the house's stock, which ends holding minus what is out in the world.
  const house = placeText(HOUSE_STOCK);
  const things = [...state.things]
    .filter(([place]) => place !== house)
    .flatMap(([place, held]) => [...held].map(([thing, n]) => ({ thing, n, from: house, to: place, why: 'opening stock' })));
  if (things.length) entries.push({ kind: 'things', things });
  for (const [key, b] of state.bans) entries.push({ kind: 'ban', key, ...b });
  for (const [key, h] of state.handouts) for (const [handout, at] of Object.entries(h)) entries.push({ kind: 'handout', key, handout, at });
  for (const fair of state.tables.values()) {
    // The live seed's draws, each with the step of the nonce that made it, then the seed as it is.
    const draws = state.draws.get(fair.table) ?? [];
    if (draws.length) entries.push({ kind: 'fair', fair: { ...structuredClone(fair), nonce: draws[0].nonce } });
    for (const draw of draws) entries.push({ kind: 'fair', fair: { ...structuredClone(fair), nonce: draw.nonce + 1 }, draw: structuredClone(draw) });
    if (!draws.length || draws.at(-1)!.nonce + 1 !== fair.nonce) entries.push({ kind: 'fair', fair: structuredClone(fair) });
  }
  for (const record of [...state.games.values()].flat().sort((a, b) => a.at.localeCompare(b.at))) entries.push({ kind: 'game', record: structuredClone(record) });
  return entries;
}

function stateDifference(a: State, b: State): string | null {
  const j = (m: Map<string, unknown>) => JSON.stringify([...m].sort(([x], [y]) => (x < y ? -1 : 1)));
  for (const part of ['characters', 'balances', 'bans', 'handouts', 'tables', 'draws', 'games'] as const) {
    if (j(a[part]) !== j(b[part])) return `their ${part} differ`;
  }
  const things = (s: State) => JSON.stringify(Object.entries(holdingsRecord(s.things)).map(([place, held]) => [place, Object.entries(held).sort()]).sort());
  return things(a) === things(b) ? null : 'their things differ';
}

export interface ImportReport {
  entries: number;
  balances: number;
  server: string;
}

/**
 * Writes a file world into an empty database in one transaction and checks it there before
 * committing: every balance as the folder has it, the ledger adding up to zero, the balances
 * the journal's sums. Refuses a database that holds anything.
 */
export async function importWorld(c: pg.Client, world: FileWorld, server: { server: string; serverNameFrom?: string }, log: (line: string) => void): Promise<ImportReport> {
  await migrate(c, log);
  const held = (await c.query<{ c: string; j: string }>('SELECT (SELECT count(*) FROM characters) AS c, (SELECT count(*) FROM journal) AS j')).rows[0];
  if (Number(held.c) || Number(held.j)) throw new StoreFailure(`the database already holds ${held.c} characters and ${held.j} journal entries; migrate-store only fills an empty one (createdb a new database)`);
  const serverId = await takeServerName(c, server);
  await c.query('BEGIN');
  try {
    // The journal's numbers are the folder's, where it has them from entry 1.
    if (world.entries[0]?.seq === 1) await c.query('ALTER TABLE journal ALTER COLUMN seq RESTART WITH 1');
    for (let i = 0; i < world.entries.length; i += 2000) {
      await appendEntries(c, serverId, world.entries.slice(i, i + 2000).map(({ time, entry }) => ({ time, json: JSON.stringify(entry) })));
    }
    const problems = await checkBooks(c, world.state);
    if (problems.length) throw new StoreFailure(`the copy does not add up, so nothing was written: ${problems.slice(0, 5).join('; ')}`);
    const balances = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM balances WHERE balance <> 0')).rows[0].n);
    await c.query('COMMIT');
    return { entries: world.entries.length, balances, server: server.server };
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e instanceof StoreFailure ? e : new StoreFailure(`writing to PostgreSQL failed, so nothing was written: ${describePgError(e)}`);
  }
}

/** Where the database's books differ from the state they should hold. */
async function checkBooks(c: pg.Client, state: State): Promise<string[]> {
  const problems: string[] = [];
  const rows = (await c.query<{ account: string; balance: string }>('SELECT account, balance FROM balances WHERE balance <> 0')).rows;
  const inDb = new Map(rows.map((r) => [r.account, Number(r.balance)]));
  for (const account of new Set([...inDb.keys(), ...state.balances.keys()])) {
    if ((inDb.get(account) ?? 0) !== (state.balances.get(account) ?? 0)) problems.push(`${account} holds ${inDb.get(account) ?? 0} coins, not ${state.balances.get(account) ?? 0}`);
  }
  const total = [...inDb.values()].reduce((a, b) => a + b, 0);
  if (total !== 0) problems.push(`the accounts sum to ${total}, not 0`);
  problems.push(...(await journalDisagreements(c)));
  const inDbThings = holdingsRecord(holdingsOf(await allThings(c)));
  const inState = holdingsRecord(state.things);
  for (const place of new Set([...Object.keys(inDbThings), ...Object.keys(inState)])) {
    for (const thing of new Set([...Object.keys(inDbThings[place] ?? {}), ...Object.keys(inState[place] ?? {})])) {
      const [db, want] = [inDbThings[place]?.[thing] ?? 0, inState[place]?.[thing] ?? 0];
      if (db !== want) problems.push(`${place} holds ${db} ${thing}, not ${want}`);
    }
  }
  problems.push(...(await thingDisagreements(c)));
  const characters = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM characters')).rows[0].n);
  if (characters !== state.characters.size) problems.push(`${characters} characters, not ${state.characters.size}`);
  return problems;
}

/** Coins in purses and on tables, and what the mint and the house have put in, for the report. */
export function coinTotals(state: State): { purses: number; escrow: number; minted: number; fromHouse: number } {
  let purses = 0;
  let escrow = 0;
  for (const [text, n] of state.balances) {
    const r = readAccount(text);
    if (r.ok && r.account.kind === 'character') purses += n;
    else if (r.ok && r.account.kind === 'escrow') escrow += n;
  }
  return { purses, escrow, minted: -(state.balances.get(accountText(MINT)) ?? 0), fromHouse: -(state.balances.get(accountText(HOUSE)) ?? 0) };
}
