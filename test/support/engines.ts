import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore, PgStore, type Store } from '../../src/store/index.js';
import { journalEntries } from './journal.js';
import { freshDatabase, noPostgres, type TestDatabase } from './postgres.js';

/**
 * The store's engines, for tests of the contract every engine keeps: each makes an empty world
 * that stores can be opened on, one after another (a restart) or side by side (PostgreSQL only:
 * two servers on one database).
 */

export interface TestWorld {
  /** A store on this world; `server` names it on a shared database (the same name finds its table seeds again). */
  open(o?: { server?: string; log?: (line: string) => void; now?: () => number; onLost?: (e: Error) => void }): Promise<Store>;
  /** Every journal entry as written, in order, without its number and time. */
  journal(): Promise<Record<string, unknown>[]>;
  /** The file engine's folder, or the PostgreSQL database's URL. */
  where: string;
  /** PostgreSQL: the database, for queries from outside the stores. */
  db?: TestDatabase;
  destroy(): Promise<void>;
}

export interface Engine {
  name: 'file' | 'postgres';
  /** Why this engine cannot be tested here, or null. */
  skip: string | null;
  world(): Promise<TestWorld>;
}

const strip = ({ seq: _seq, time: _time, crc: _crc, ...entry }: Record<string, unknown>) => entry;

export const fileEngine: Engine = {
  name: 'file',
  skip: null,
  async world() {
    const dir = await mkdtemp(join(tmpdir(), 'store-test-'));
    return {
      where: dir,
      open: (o = {}) => FileStore.open({ dataDir: dir, checkpoints: 'inline', log: o.log, now: o.now }),
      journal: async () => (await journalEntries(dir)).map(strip),
      destroy: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

export const postgresEngine: Engine = {
  name: 'postgres',
  skip: noPostgres,
  async world() {
    const db = await freshDatabase();
    const stores: Store[] = [];
    return {
      where: db.url,
      db,
      async open(o = {}) {
        const store = await PgStore.open({ settings: { connectionString: db.url }, server: o.server ?? 'test', log: o.log, now: o.now, onLost: o.onLost });
        stores.push(store);
        return store;
      },
      journal: async () => (await db.query<{ entry: Record<string, unknown> }>('SELECT entry FROM journal ORDER BY seq')).map((r) => r.entry),
      async destroy() {
        for (const s of stores) await s.close().catch(() => undefined);
        await db.drop();
      },
    };
  },
};

export const engines: Engine[] = [fileEngine, postgresEngine];

/** Looks a character up and claims it, as a login does; true when it is in play here now. */
export async function bring(store: Store, key: string): Promise<boolean> {
  if (!(await store.fetchCharacter(key))) return false;
  return (await store.claim(key)) === null;
}
