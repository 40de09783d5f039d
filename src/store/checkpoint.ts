import { Low, type Adapter } from 'lowdb';
import { dirname } from 'node:path';
import { apply, balanceProblems, emptyState, fairnessProblem, recordProblem, type CharacterRecord, type State } from './entries.js';
import { isCount } from './shapes.js';
import { seal } from './checksum.js';
import { cannotWrite, type FileLayer } from './files.js';
import { decodeLine, isSegmentName, type Position } from './journal.js';
import { keepResults, resultProblem, RESULTS_KEPT, type TableResult } from './results.js';
import { drawProblem, gameRecordProblem, keepGame, keepWins, type DrawRecord, type GameRecord } from './games.js';
import { holdingsFromRecord, holdingsRecord } from './holdings.js';

/**
 * The checkpoint (db.json, written with lowdb): the whole state as of one journal position. It
 * is only a shortcut for start-up; the journal is the truth, and a missing or older checkpoint
 * is made good by rolling the journal forward from the position it names.
 */

export const CHECKPOINT_FILE = 'db.json';

export interface Snapshot {
  version: 2;
  /** The journal position this state is the result of: entries 1..seq, and where entry seq + 1 begins. */
  position: Position;
  characters: Record<string, CharacterRecord>;
  balances: Record<string, number>;
  bans: State['bans'] extends Map<string, infer B> ? Record<string, B> : never;
  handouts: Record<string, Record<string, number>>;
  tables: State['tables'] extends Map<string, infer T> ? Record<string, T> : never;
  /** Each character's last table results, oldest first (absent in checkpoints from before them). */
  results?: Record<string, TableResult[]>;
  /** Per table, the draws of its live seed (absent in checkpoints from before game records). */
  draws?: Record<string, DrawRecord[]>;
  /** Per table, its last game records, oldest first; the wins are made again from them and `wins`. */
  games?: Record<string, GameRecord[]>;
  wins?: State['wins'];
  /** Per place, the things there (absent in checkpoints from before things). */
  things?: Record<string, Record<string, number>>;
  /** Written as the server stopped cleanly: the journal ended exactly at `position` then. */
  stopped?: true;
}

export function toSnapshot(state: State, position: Position, stopped = false): Snapshot {
  return {
    ...(stopped ? { stopped: true } : {}),
    version: 2,
    position,
    characters: Object.fromEntries(state.characters),
    balances: Object.fromEntries(state.balances),
    bans: Object.fromEntries(state.bans),
    handouts: Object.fromEntries(state.handouts),
    tables: Object.fromEntries(state.tables),
    results: Object.fromEntries(state.results),
    draws: Object.fromEntries(state.draws),
    games: Object.fromEntries(state.games),
    wins: state.wins,
    things: holdingsRecord(state.things),
  };
}

const isObject = (o: unknown): o is Record<string, unknown> => !!o && typeof o === 'object' && !Array.isArray(o);

/** The state in a checkpoint, or what is wrong with it. Nothing in it is trusted before it is checked. */
export function fromSnapshot(raw: unknown): { state: State; position: Position; stopped: boolean } | string {
  if (!isObject(raw) || raw.version !== 2) return 'it is not a checkpoint this server understands';
  const p = raw.position as Position;
  if (!isObject(p) || !isCount(p.seq) || !isCount(p.offset) || typeof p.segment !== 'string' || !isSegmentName(p.segment)) return 'its journal position is malformed';
  if (p.crc !== undefined && !(typeof p.crc === 'string' && /^[0-9a-f]{8}$/.test(p.crc))) return 'its journal position is malformed';
  if (raw.stopped !== undefined && raw.stopped !== true) return 'its clean stop is malformed';
  for (const part of ['characters', 'balances', 'bans', 'handouts', 'tables'] as const) {
    if (!isObject(raw[part])) return `its ${part} are malformed`;
  }
  const state = emptyState();
  for (const [key, c] of Object.entries(raw.characters as Record<string, unknown>)) {
    const problem = recordProblem(key, c);
    if (problem) return problem;
    const r = c as CharacterRecord;
    state.characters.set(key, { name: r.name, passwordHash: r.passwordHash, room: r.room, created: r.created, lastSeen: r.lastSeen, prefs: { ...r.prefs } });
  }
  for (const [account, n] of Object.entries(raw.balances as Record<string, unknown>)) {
    if (!Number.isSafeInteger(n) || n === 0) return `account ${account} holds ${JSON.stringify(n)}`;
    state.balances.set(account, n as number);
  }
  for (const [key, b] of Object.entries(raw.bans as Record<string, unknown>)) {
    if (!isObject(b) || typeof b.by !== 'string' || typeof b.at !== 'string' || typeof b.reason !== 'string') return `the ban of "${key}" is malformed`;
    state.bans.set(key, { by: b.by, at: b.at, reason: b.reason });
  }
  for (const [key, h] of Object.entries(raw.handouts as Record<string, unknown>)) {
    if (!isObject(h) || !Object.values(h).every(isCount)) return `the hand-outs of "${key}" are malformed`;
    state.handouts.set(key, { ...(h as Record<string, number>) });
  }
  for (const [table, t] of Object.entries(raw.tables as Record<string, unknown>)) {
    const problem = fairnessProblem(t);
    if (problem || (t as { table: string }).table !== table) return problem ?? `the seeds filed under table ${table} are another table's`;
    state.tables.set(table, structuredClone(t) as never);
  }
  if (raw.results !== undefined && !isObject(raw.results)) return 'its results are malformed';
  for (const [key, list] of Object.entries((raw.results ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(list) || !state.characters.has(key)) return `the results of "${key}" are malformed`;
    for (const r of list as unknown[]) {
      const problem = resultProblem(r);
      if (problem || (r as TableResult).key !== key) return problem ?? `the results filed under "${key}" are another character's`;
    }
    keepResults(state.results, (list as TableResult[]).slice(-RESULTS_KEPT));
  }
  const problem = gamesFromSnapshot(raw, state);
  if (problem) return problem;
  const things = holdingsFromRecord(raw.things);
  if (typeof things === 'string') return things;
  state.things = things;
  const problems = balanceProblems(state);
  if (problems.length) return `its books do not balance: ${problems.slice(0, 3).join('; ')}`;
  return { state, position: { seq: p.seq, segment: p.segment, offset: p.offset, ...(p.crc ? { crc: p.crc } : {}) }, stopped: raw.stopped === true };
}

/** The draws, game records and wins of a checkpoint into the state, or what is wrong with them. */
function gamesFromSnapshot(raw: Record<string, unknown>, state: State): string | null {
  for (const part of ['draws', 'games'] as const) if (raw[part] !== undefined && !isObject(raw[part])) return `its ${part} are malformed`;
  for (const [table, list] of Object.entries((raw.draws ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(list) || !state.tables.has(table)) return `the draws of table ${table} are malformed`;
    const problem = list.map(drawProblem).find((p) => p);
    if (problem) return `table ${table}: ${problem}`;
    state.draws.set(table, structuredClone(list as DrawRecord[]));
  }
  for (const [table, list] of Object.entries((raw.games ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(list)) return `the games of table ${table} are malformed`;
    for (const g of list as unknown[]) {
      const problem = gameRecordProblem(g) ?? ((g as GameRecord).table === table ? null : `a game filed under table ${table} is another table's`);
      if (problem) return problem;
      keepGame(state.games, g as GameRecord);
    }
  }
  if (raw.wins !== undefined) {
    if (!Array.isArray(raw.wins)) return 'its wins are malformed';
    for (const w of raw.wins as unknown[]) {
      if (!isObject(w) || typeof w.key !== 'string' || typeof w.name !== 'string' || !isCount(w.amount) || typeof w.at !== 'string' || Number.isNaN(Date.parse(w.at))) return 'a malformed win';
    }
    keepWins(state.wins, raw.wins as State['wins']);
  }
  return null;
}

/** A deep copy of a state, through the checkpoint's own format. */
export function cloneState(state: State): State {
  const copy = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(state, { seq: 0, segment: '000000000001.jsonl', offset: 0 }))));
  if (typeof copy === 'string') throw new Error(`state does not survive a copy: ${copy}`);
  return copy.state;
}

/**
 * A lowdb adapter that never leaves a half-written file: it writes a temporary file, fsyncs
 * it, renames it over the old one and fsyncs the folder, all through the file layer.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    private readonly files: FileLayer,
    private readonly path: string,
  ) {}

  async read(): Promise<T | null> {
    const data = await this.files.read(this.path);
    return data === null ? null : (JSON.parse(data.toString('utf8')) as T);
  }

  async write(data: T): Promise<void> {
    // Serialized before the first await: the data is exactly what it was when write was called.
    const text = Buffer.from(seal(JSON.stringify(data)));
    const tmp = `${this.path}.tmp`;
    try {
      const handle = await this.files.open(tmp, 'truncate');
      try {
        await handle.write(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.files.rename(tmp, this.path);
      await this.files.syncDir(dirname(this.path));
    } catch (e) {
      throw cannotWrite(this.path, e);
    }
  }
}

/**
 * Keeps its own replica of the state from the entries that are already durable, and writes it
 * as the checkpoint when asked. Its replica is always exactly the state at a journal position,
 * so a checkpoint can never vouch for an entry the journal does not hold. It runs in a worker
 * thread (checkpoint-worker.ts), or inline where a test needs every step on one thread.
 */
export class Checkpointer {
  private readonly db: Low<Snapshot>;
  private writing: Promise<Position | null> = Promise.resolve(null);
  private written: number;
  /** Whether the checkpoint on disk records a clean stop at `written`. */
  private writtenStop = false;

  constructor(
    files: FileLayer,
    path: string,
    private readonly state: State,
    private position: Position,
    /** The entry the checkpoint on disk stands at (-1 when there is none). */
    written: number,
  ) {
    this.db = new Low<Snapshot>(new DurableJsonFile<Snapshot>(files, path), toSnapshot(emptyState(), position));
    this.written = written;
  }

  /** Durable journal text (whole lines, entries position.seq + 1 onwards) and where it ends. */
  append(text: string, end: Position): void {
    let seq = this.position.seq;
    for (const line of text.split('\n')) {
      if (!line) continue;
      const decoded = decodeLine(line, seq + 1);
      const problem = typeof decoded === 'string' ? decoded : apply(this.state, decoded.entry);
      if (problem) throw new Error(`checkpoint replica: entry ${seq + 1} does not apply: ${problem}`);
      seq += 1;
    }
    if (seq !== end.seq) throw new Error(`checkpoint replica: expected to reach entry ${end.seq}, reached ${seq}`);
    this.position = end;
  }

  /**
   * Writes a checkpoint of the replica as it is now (one at a time, in order); resolves with
   * its position, or null when nothing changed since the last one. `stop`: the server is
   * stopping cleanly, and the checkpoint says so (written even when nothing else changed).
   */
  checkpoint(stop = false): Promise<Position | null> {
    const next = this.writing.catch(() => null).then(async () => {
      if (this.position.seq === this.written && (!stop || this.writtenStop)) return null;
      const position = this.position;
      this.db.data = toSnapshot(this.state, position, stop);
      await this.db.write();
      this.db.data = toSnapshot(emptyState(), position); // let the big object go
      this.written = position.seq;
      this.writtenStop = stop;
      return position;
    });
    this.writing = next;
    return next;
  }
}
