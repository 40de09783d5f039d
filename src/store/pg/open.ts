/**
 * A PostgreSQL store's start: the writing connection, the schema brought up to date, this
 * server's name taken, and the pool for reads. Apart from the store so that what it plays
 * reads on its own; a start that fails anywhere lets go of every connection it made.
 */
import type pg from 'pg';
import { StoreFailure } from '../files.js';
import { connect, describePgError, describeTarget, prepareSession, readPool, takeServerName } from './connection.js';
import { migrate } from './migrations.js';

export interface PgStoreOptions {
  settings: pg.ClientConfig;
  /** This server's name on the database: its tables' seeds are kept under it. */
  server: string;
  /** Where that name comes from, for the message when another server already runs under it. */
  serverNameFrom?: string;
  log?: (line: string) => void;
  now?: () => number;
  /** The connection that holds this server's leases broke: it may no longer play its characters. */
  onLost?: (e: StoreFailure) => void;
}

/** The connections of a start, for `start` to load from; if it throws, both are ended. */
export async function openConnections<T>(
  o: PgStoreOptions,
  log: (line: string) => void,
  start: (writer: pg.Client, reader: pg.Pool, serverId: number) => Promise<T>,
): Promise<T> {
  const application = `obsidian-scorpion ${o.server}`.slice(0, 63);
  const writer = await connect(o.settings, application);
  let reader: pg.Pool | null = null;
  try {
    await prepareSession(writer, log);
    await migrate(writer, log);
    const serverId = await takeServerName(writer, o);
    reader = readPool(o.settings, application, log);
    const started = await start(writer, reader, serverId);
    log(`postgres: ${describeTarget(o.settings)}, this server's name there "${o.server}"`);
    return started;
  } catch (e) {
    await writer.end().catch(() => undefined);
    await reader?.end().catch(() => undefined);
    if (e instanceof StoreFailure) throw e;
    throw new StoreFailure(`PostgreSQL at ${describeTarget(o.settings)}: ${describePgError(e)}`);
  }
}
