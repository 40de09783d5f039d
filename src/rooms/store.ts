import { Low, type Adapter } from 'lowdb';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
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

export interface Database {
  version: 1;
  characters: Record<string, CharacterRecord>;
  ledger: LedgerEntry[];
}

const emptyDatabase = (): Database => ({ version: 1, characters: {}, ledger: [] });

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const ACCOUNT = /^(char:[a-z]+|escrow:[\w-]+:[a-z]+|house)$/;

/** What is wrong with the file's structure, before any balance is checked. */
function shapeProblems(data: Database): string[] {
  if (!data || data.version !== 1 || !data.characters || typeof data.characters !== 'object' || Array.isArray(data.characters) || !Array.isArray(data.ledger)) {
    return ['it is not a database this server understands'];
  }
  const problems: string[] = [];
  for (const [key, c] of Object.entries(data.characters)) {
    if (!c || typeof c.name !== 'string' || c.name.toLowerCase() !== key || typeof c.passwordHash !== 'string' || !isCount(c.coins) || typeof c.room !== 'string') {
      problems.push(`character "${key}" is malformed`);
    }
  }
  data.ledger.forEach((e, i) => {
    if (!e || !isCount(e.tx) || !isCount(e.amount) || e.amount === 0 || typeof e.from !== 'string' || typeof e.to !== 'string' || !ACCOUNT.test(e.from) || !ACCOUNT.test(e.to) || e.from === e.to) {
      problems.push(`ledger entry ${i + 1} is malformed: ${JSON.stringify(e).slice(0, 120)}`);
    }
  });
  return problems;
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
 * The database: lowdb over a durable file, with grouped writes. Changes are made in memory
 * at once; `flush()` resolves when every change made before the call is on disk, and many
 * changes share one write.
 */
export class Store {
  private dirty = false;
  private writing: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private closed = false;

  private constructor(private readonly db: Low<Database>) {}

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
    return new Store(db);
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
    const w = this.db.write().finally(() => {
      if (this.writing === w) this.writing = null;
    });
    this.writing = w;
    return w;
  }
}
