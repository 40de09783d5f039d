import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { CHECKPOINT_FILE } from './checkpoint.js';
import { FileStore } from './file-store.js';
import { PRIVATE_DIR, PRIVATE_FILE } from './private.js';
import { describeError, StoreFailure } from './files.js';
import { describeTarget, isPostgresSpec, pgSettings } from './pg/connection.js';
import { PgStore } from './pg/pg-store.js';
import type { Store } from './store.js';

/**
 * `--store`: which engine keeps the world, and where.
 *   --store FILE              the file engine: FILE is its checkpoint (db.json), the journal/ beside it is the truth;
 *   --store DIR               the same, in that folder;
 *   --store postgres://...    PostgreSQL at that address;
 *   --store postgres          PostgreSQL, found by the libpq environment variables (PGHOST, PGUSER...).
 * The default is the file engine in the data folder (`<data>/db.json`).
 */
export type StoreSpec = { engine: 'file'; dir: string } | { engine: 'postgres'; spec: string };

/** The engine a `--store` value names, or the one line that says what is wrong with it. */
export function parseStoreSpec(value: string | undefined, dataDir: string): StoreSpec | string {
  if (value === undefined) return { engine: 'file', dir: dataDir };
  if (isPostgresSpec(value)) {
    try {
      describeTarget(pgSettings(value));
    } catch {
      return `--store: "${hidePassword(value)}" is not a postgres:// address (postgres://user:password@host:port/database)`;
    }
    return { engine: 'postgres', spec: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `--store: "${value}" is neither a file nor a postgres:// address`;
  if (value.endsWith('/') || (existsSync(value) && statSync(value).isDirectory())) return { engine: 'file', dir: value };
  if (basename(value) !== CHECKPOINT_FILE) {
    return `--store: the file store is a folder holding ${CHECKPOINT_FILE} (its checkpoint) and journal/ (the truth); give <folder>/${CHECKPOINT_FILE} or the folder, not "${value}"`;
  }
  return { engine: 'file', dir: dirname(value) };
}

const hidePassword = (url: string) => url.replace(/^(\w+:\/\/[^:@/]*):[^@/]*@/, '$1:***@');

/** For the log: which engine, and where (never a password). */
export function describeSpec(spec: StoreSpec): string {
  return spec.engine === 'file' ? `files in ${spec.dir}` : `PostgreSQL at ${describeTarget(pgSettings(spec.spec))}`;
}

export interface OpenOptions {
  /** The server's data folder: its log, and (with PostgreSQL) the file that names the server on the database. */
  dataDir: string;
  log?: (line: string) => void;
  now?: () => number;
  checkpoints?: 'worker' | 'inline';
  /** Files only: a new journal segment begins once the current one is this long (default 16 MB; tests make it small). */
  segmentBytes?: number;
  /** PostgreSQL only: the connection holding this server's characters broke. */
  onLost?: (e: StoreFailure) => void;
}

export async function openStore(spec: StoreSpec, o: OpenOptions): Promise<Store> {
  if (spec.engine === 'file') return FileStore.open({ dataDir: spec.dir, log: o.log, now: o.now, checkpoints: o.checkpoints, segmentBytes: o.segmentBytes });
  const name = await serverName(o.dataDir);
  return PgStore.open({ settings: pgSettings(spec.spec), server: name.name, serverNameFrom: name.from, log: o.log, now: o.now, onLost: o.onLost });
}

export const SERVER_NAME_FILE = 'server-name';

/**
 * The name this server goes by on a shared database (its tables' seeds are kept under it), kept
 * in `<data>/server-name`: made up at the first start (the host may write another one before it),
 * the same at every start after.
 */
export async function serverName(dataDir: string): Promise<{ name: string; from: string }> {
  const path = join(dataDir, SERVER_NAME_FILE);
  const from = `the name in ${resolve(path)}`;
  try {
    const name = (await readFile(path, 'utf8')).trim();
    if (!/^[\x21-\x7e]([\x20-\x7e]{0,198}[\x21-\x7e])?$/.test(name)) throw new StoreFailure(`${path}: a server's name is one line of 1 to 200 printable ASCII characters`);
    return { name, from };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e instanceof StoreFailure ? e : new StoreFailure(`cannot read ${path}: ${describeError(e)}`);
  }
  const name = `${hostname().replace(/[^\x21-\x7e]/g, '').slice(0, 40) || 'server'}-${randomBytes(3).toString('hex')}`;
  try {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR });
    await writeFile(path, `${name}\n`, { flag: 'wx', mode: PRIVATE_FILE });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return serverName(dataDir);
    throw new StoreFailure(`cannot write ${path}: ${describeError(e)}`);
  }
  return { name, from };
}
