import { inject } from 'vitest';
import pg from 'pg';

/**
 * The tests' PostgreSQL (test/support/postgres-setup.ts): each test takes a database of its own,
 * so test files run side by side. Where there is none, `noPostgres` says why, once per file.
 */

const provided = inject('postgres');

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export const noPostgres: string | null = provided.startsWith('skip: ') ? provided.slice(6) : null;
if (noPostgres) console.warn(`SKIPPED: the PostgreSQL tests: ${noPostgres}`);

const BASE = noPostgres ? '' : provided;
let made = 0;

/** The base URL with another database in it (the URL may name the host only in its query: ?host=/tmp/...). */
export function withDatabase(url: string, database: string): string {
  const m = /^(postgres(?:ql)?:\/\/[^/?]*)(\/[^?]*)?(\?.*)?$/.exec(url);
  if (!m) throw new Error(`cannot read the test database URL ${url}`);
  return `${m[1]}/${database}${m[3] ?? ''}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Runs one query on a connection of its own. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

async function admin<T>(f: (c: pg.Client) => Promise<T>, url = BASE): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** A new, empty database. */
export async function freshDatabase(): Promise<TestDatabase> {
  if (noPostgres) throw new Error(`no PostgreSQL: ${noPostgres}`);
  const name = `t_${process.pid}_${++made}_${Math.random().toString(36).slice(2, 8)}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(BASE, name);
  return {
    url,
    name,
    query: (text, values) => admin(async (c) => (await c.query(text, values)).rows, url),
    drop: () => admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** Ends every connection to the database whose application name begins with `prefix` (as a crash or a network fault would). */
export async function killConnections(db: TestDatabase, prefix: string): Promise<number> {
  const rows = await db.query<{ n: string }>(
    `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE $2 AND pid <> pg_backend_pid()`,
    [db.name, `${prefix}%`],
  );
  return Number(rows[0].n);
}
