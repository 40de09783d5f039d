import type pg from 'pg';
import { StoreFailure } from '../files.js';
import { describePgError, LOCK } from './connection.js';
import { sql as v1 } from './migrations/v1-schema.js';
import { sql as v2 } from './migrations/v2-results.js';
import { sql as v3 } from './migrations/v3-games.js';
import { sql as v4 } from './migrations/v4-things.js';

/**
 * The schema's versions, in order. A server brings a database up to the newest it knows when
 * it starts; to change the schema, add the next version here (never edit one that has shipped).
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'characters, journal, balances, bans, hand-outs, table seeds', sql: v1 },
  { version: 2, name: 'table results, for history', sql: v2 },
  { version: 3, name: 'game records, live draws, and an index of the richest', sql: v3 },
  { version: 4, name: 'things: what characters carry, what lies on floors, the house stock', sql: v4 },
];

/**
 * Applies every migration the database lacks, in order, each once and in its own transaction
 * together with its row in schema_migrations, under a lock so that two servers starting at once
 * never both apply one. A database at a version newer than this server's is refused.
 * Resolves to the versions applied.
 */
export async function migrate(c: pg.ClientBase, log: (line: string) => void, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const applied: number[] = [];
  const newest = migrations.at(-1)?.version ?? 0;
  for (;;) {
    let next: Migration | undefined;
    await c.query('BEGIN');
    try {
      await c.query('SELECT pg_advisory_xact_lock($1, 0)', [LOCK.migrations]);
      await c.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())');
      const at = Number((await c.query('SELECT coalesce(max(version), 0) AS v FROM schema_migrations')).rows[0].v);
      if (at > newest) throw new StoreFailure(`the database's schema is at version ${at}, newer than this server's (${newest}): run the newer server, or another database`);
      next = migrations.find((m) => m.version > at);
      if (next && next.version !== at + 1) throw new StoreFailure(`the database's schema is at version ${at}, and this server has no migration ${at + 1}`);
      if (next) {
        await c.query(next.sql);
        await c.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [next.version, next.name]);
      }
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      if (e instanceof StoreFailure) throw e;
      const what = next ? `schema migration ${next.version} (${next.name})` : 'reading the schema version';
      throw new StoreFailure(`${what} failed: ${describePgError(e)}; nothing of it was applied`);
    }
    if (!next) return applied;
    applied.push(next.version);
    log(`postgres: applied schema migration ${next.version} (${next.name})`);
  }
}
