import { Low, type Adapter } from 'lowdb';
import { mkdir, open, readFile, rename, truncate, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** One player character as kept on disk. Coins mirror the ledger's balance for `char:<key>`. */
export interface CharacterRecord {
  name: string;
  passwordHash: string;
  coins: number;
  room: string;
  created: string;
  lastSeen: string;
}

/** One coin movement. Entries that share `tx` were one transaction. */
export interface LedgerEntry {
  tx: number;
  at: string;
  from: string;
  to: string;
  amount: number;
  why: string;
}

/** What db.json holds; the ledger itself is the journal beside it (ledger.jsonl). */
export interface Database {
  version: 1;
  characters: Record<string, CharacterRecord>;
  /** How many journal entries the characters' coins include: the journal's committed length. */
  ledgerLength: number;
}

const emptyDatabase = (): Database => ({ version: 1, characters: {}, ledgerLength: 0 });

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const ACCOUNT = /^(char:[a-z]+|escrow:[\w-]+:[a-z]+|house)$/;

/** What is wrong with db.json's structure, before any balance is checked. */
function shapeProblems(data: Database): string[] {
  if (!data || data.version !== 1 || !data.characters || typeof data.characters !== 'object' || Array.isArray(data.characters) || !isCount(data.ledgerLength)) {
    return ['it is not a database this server understands'];
  }
  const problems: string[] = [];
  for (const [key, c] of Object.entries(data.characters)) {
    if (!c || typeof c.name !== 'string' || c.name.toLowerCase() !== key || typeof c.passwordHash !== 'string' || !isCount(c.coins) || typeof c.room !== 'string') {
      problems.push(`character "${key}" is malformed`);
    }
  }
  return problems;
}

function entryProblem(e: LedgerEntry): boolean {
  return !e || !isCount(e.tx) || !isCount(e.amount) || e.amount === 0 || typeof e.from !== 'string' || typeof e.to !== 'string' || !ACCOUNT.test(e.from) || !ACCOUNT.test(e.to) || e.from === e.to;
}

/**
 * Reads the journal up to the length db.json vouches for. Entries past it were written by a
 * group commit that crashed before db.json (so no player was told of them): they are cut off.
 */
async function readJournal(path: string, committed: number): Promise<LedgerEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') text = '';
    else throw e;
  }
  const entries: LedgerEntry[] = [];
  let offset = 0;
  const problems: string[] = [];
  while (entries.length < committed) {
    const end = text.indexOf('\n', offset);
    if (end < 0) break;
    const line = text.slice(offset, end);
    let entry: LedgerEntry | null = null;
    try {
      entry = JSON.parse(line) as LedgerEntry;
    } catch {
      // reported below
    }
    if (!entry || entryProblem(entry)) problems.push(`ledger entry ${entries.length + 1} is malformed: ${line.slice(0, 120)}`);
    if (entry) entries.push(entry);
    offset = end + 1;
  }
  if (problems.length) throw new Error(`${path} is damaged:\n  ${problems.slice(0, 10).join('\n  ')}`);
  if (entries.length < committed) {
    throw new Error(`${path} has ${entries.length} entries, but the database counts ${committed}: coin movements are missing`);
  }
  if (offset < Buffer.byteLength(text)) {
    await truncate(path, Buffer.byteLength(text.slice(0, offset)));
    await syncFile(path);
  }
  return entries;
}

async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r+');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Appends lines and fsyncs them. */
async function appendDurably(path: string, text: string): Promise<void> {
  const file = await open(path, 'a');
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
}

/**
 * A lowdb adapter that never leaves a half-written file: it writes a temporary file,
 * fsyncs it (lowdb's own writer does not), renames it over the old one and fsyncs the folder.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(private readonly path: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    try {
      return JSON.parse(text) as T;
    } catch (e) {
      throw new Error(`${this.path} is not valid JSON (${(e as Error).message})`);
    }
  }

  async write(data: T): Promise<void> {
    const tmp = `${this.path}.tmp`;
    const file = await open(tmp, 'w');
    try {
      await file.writeFile(JSON.stringify(data));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, this.path);
    const dir = await open(dirname(this.path), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}

/**
 * The database: characters in lowdb over a durable file (db.json), and the ledger as an
 * append-only journal (ledger.jsonl), so a write costs what changed, not the whole history.
 * Changes are made in memory at once; `flush()` resolves when every change made before the
 * call is on disk, and many changes share one write. Each write appends and fsyncs the new
 * journal entries first, then replaces db.json with the length it now vouches for.
 */
export class Store {
  private dirty = false;
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private closed = false;
  private unwritten: LedgerEntry[] = [];

  private constructor(
    private readonly db: Low<Database>,
    private readonly journalPath: string,
    private opened: LedgerEntry[],
  ) {}

  /** The journal as it was on opening, for the ledger to replay once (then let go). */
  takeJournal(): LedgerEntry[] {
    const entries = this.opened;
    this.opened = [];
    return entries;
  }

  static async open(dataDir: string): Promise<Store> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, 'db.json');
    await unlink(`${path}.tmp`).catch(() => undefined); // a write cut off by a crash
    const db = new Low<Database>(new DurableJsonFile<Database>(path), emptyDatabase());
    await db.read();
    const problems = shapeProblems(db.data);
    if (problems.length) throw new Error(`${path} is damaged:\n  ${problems.slice(0, 10).join('\n  ')}`);
    // Characters are looked up by what players type: "constructor" must not find Object's.
    db.data.characters = Object.assign(Object.create(null) as Record<string, CharacterRecord>, db.data.characters);
    const journalPath = join(dataDir, 'ledger.jsonl');
    return new Store(db, journalPath, await readJournal(journalPath, db.data.ledgerLength));
  }

  /** Queues ledger entries for the next write. */
  record(entries: readonly LedgerEntry[]): void {
    this.unwritten.push(...entries);
    this.dirty = true;
  }

  get data(): Database {
    return this.db.data;
  }

  /** Records that the data changed and must reach the disk. */
  touch(): void {
    this.dirty = true;
  }

  get hasUnwrittenChanges(): boolean {
    return this.dirty;
  }

  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.queued) return this.queued;
    if (!this.dirty) return this.writing ?? Promise.resolve();
    if (!this.writing) return this.startWrite();
    // A write is under way with older data: queue exactly one more behind it.
    this.queued = this.writing.then(
      () => {
        this.queued = null;
        return this.startWrite();
      },
      () => {
        this.queued = null;
        return this.startWrite();
      },
    );
    return this.queued;
  }

  /** Writes what is left; nothing is written after this. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private startWrite(): Promise<void> {
    this.dirty = false;
    const entries = this.unwritten;
    this.unwritten = [];
    const w = (async () => {
      if (entries.length) {
        await appendDurably(this.journalPath, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
        this.db.data.ledgerLength += entries.length;
      }
      await this.db.write();
    })().finally(() => {
      if (this.writing === w) this.writing = null;
    });
    this.writing = w;
    return w;
  }
}
