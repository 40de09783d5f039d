import pg from 'pg';
import { StoreFailure } from '../files.js';
import type { Ban } from '../entries.js';

/**
 * Reaching PostgreSQL: `--store postgres://user:pass@host:port/db`, or `--store postgres` with
 * the libpq environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE; pg reads
 * them, and ~/.pgpass too). Errors become one line that names where, never the password.
 */

/** Advisory lock spaces (the first of the two keys): a character's lease, a server's name, the migrations. */
export const LOCK = { character: 0x4f425331, server: 0x4f425332, migrations: 0x4f425333 } as const;

export const isPostgresSpec = (spec: string) => spec === 'postgres' || /^postgres(ql)?:\/\//.test(spec);

/** pg's settings for a `--store` value. */
export function pgSettings(spec: string): pg.ClientConfig {
  return spec === 'postgres' ? {} : { connectionString: spec };
}

/** Where the settings lead, for messages: `postgres@/run/postgresql:5432/tavern` (no password). */
export function describeTarget(settings: pg.ClientConfig): string {
  const c = new pg.Client(settings);
  return `${c.user ? `${c.user}@` : ''}${c.host}:${c.port}/${c.database ?? c.user ?? ''}`;
}

const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running and listening there?)',
  ENOENT: 'no PostgreSQL is listening on that socket',
  ENOTFOUND: 'no such host',
  ETIMEDOUT: 'the connection timed out',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  '28P01': 'password authentication failed',
  '28000': 'the server refused this user',
  '3D000': 'there is no such database (create it first: createdb)',
  '57P01': 'the database server was shut down, or an administrator ended this connection',
  '57P02': 'the database server crashed',
  '57P03': 'the database server is starting up or shutting down',
};

/** A pg or socket error in a few words. */
export function describePgError(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const words = err.code ? CODES[err.code] : undefined;
  const message = (err.message ?? String(e)).split('\n')[0];
  return words ? `${words} (${err.code})` : message;
}

/** Opens one connection, or throws a StoreFailure naming where it went. */
export async function connect(settings: pg.ClientConfig, applicationName: string): Promise<pg.Client> {
  const client = new pg.Client({ ...settings, application_name: applicationName, keepAlive: true });
  // An error before the first query would otherwise be an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (e) {
    await client.end().catch(() => undefined);
    throw new StoreFailure(`cannot connect to PostgreSQL at ${describeTarget(settings)}: ${describePgError(e)}`);
  }
  return client;
}

/** A few connections for reads that need no lease (logins, the audit), so they never wait behind a write. */
export function readPool(settings: pg.ClientConfig, applicationName: string, log: (line: string) => void): pg.Pool {
  const pool = new pg.Pool({ ...settings, application_name: applicationName, keepAlive: true, max: 3, idleTimeoutMillis: 30_000 });
  // An idle connection that breaks is replaced on the next read; only say so.
  pool.on('error', (e) => log(`postgres: a reading connection broke (${describePgError(e)}); the next read opens another`));
  return pool;
}

/** Settings of the writing connection: a dead peer is noticed, nothing closes it for idling, and a commit is on disk. */
export async function prepareSession(c: pg.Client, log: (line: string) => void): Promise<void> {
  await c.query('SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3');
  const { rows } = await c.query<{ version: string; sync: string }>(`SELECT current_setting('server_version_num') AS version, current_setting('synchronous_commit') AS sync`);
  if (Number(rows[0].version) >= 140000) await c.query('SET idle_session_timeout = 0');
  if (rows[0].sync === 'off') {
    await c.query('SET synchronous_commit = on');
    log('postgres: synchronous_commit is off for this database; this server turns it on for its own writes, since nobody is told of a change before it is on disk');
  }
}

/** Registers this server's name and holds it for as long as the connection lives. */
export async function takeServerName(c: pg.Client, o: { server: string; serverNameFrom?: string }): Promise<number> {
  const known = await c.query<{ id: number }>('SELECT id FROM servers WHERE name = $1', [o.server]);
  const id = known.rows[0]?.id ?? (await c.query<{ id: number }>('INSERT INTO servers (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id', [o.server])).rows[0].id;
  const got = (await c.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS got', [LOCK.server, id])).rows[0].got;
  if (!got) {
    throw new StoreFailure(`another server sharing this database is running under the name "${o.server}"${o.serverNameFrom ? ` (${o.serverNameFrom})` : ''}; each server needs a name of its own`);
  }
  return id;
}

/** Where the schema's trigger tells every server of a ban or an unban, at its commit. */
export const BANS_CHANNEL = 'obsidian_scorpion_bans';

/** The ban (or, with ban null, the unban) a notification tells of; null for any other notification. */
export function banNotice(n: pg.Notification): { key: string; ban: Ban | null } | null {
  if (n.channel !== BANS_CHANNEL || !n.payload) return null;
  return JSON.parse(n.payload) as { key: string; ban: Ban | null };
}
