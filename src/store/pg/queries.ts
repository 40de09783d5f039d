import type pg from 'pg';
import type { Ban, CharacterRecord, DrawRecord, GameRecord, Prefs, TableFairness, TableResult } from '../entries.js';
import { GAMES_KEPT, WINS_KEPT, WINS_WINDOW_MS, type Win } from '../games.js';
import type { Rich } from '../richest.js';

/**
 * The SQL the PostgreSQL engine runs, and what its rows mean. The schema is in migrations/.
 * Accounts are spelled here as they are stored ('char:<key>', 'escrow:<table>:<key>', 'mint',
 * 'house'), the form ../account.ts reads and writes: SQL cannot call it, and the form never changes.
 */

/** A pool or a client: anything that runs a query. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** One journal row to write: when, and the entry as JSON. */
export interface JournalRow {
  time: string;
  json: string;
}

/** Appends entries in order, in one statement (the triggers apply them, the coins of all of them at once). */
export async function appendEntries(c: Queryable, server: number, rows: readonly JournalRow[]): Promise<void> {
  await c.query(
    `INSERT INTO journal (time, server, entry)
     SELECT t, $3, e FROM unnest($1::timestamptz[], $2::jsonb[]) WITH ORDINALITY AS x(t, e, n) ORDER BY n`,
    [rows.map((r) => r.time), rows.map((r) => r.json), server],
  );
}

/** A character as the database has it: the record, every account of it that holds coins, its hand-outs, the things it carries. */
export interface StoredCharacter {
  id: number;
  record: CharacterRecord;
  balances: [string, number][];
  handouts: Record<string, number>;
  things: [string, number][];
}

interface CharacterRow {
  id: number;
  name: string;
  password_hash: string;
  room: string;
  created: string;
  last_seen: string;
  prefs: Prefs;
  balances: Record<string, number>;
  handouts: Record<string, number>;
  things: Record<string, string>;
}

export async function loadCharacter(c: Queryable, key: string): Promise<StoredCharacter | null> {
  const { rows } = await c.query<CharacterRow>(
    `SELECT c.id, c.name, c.password_hash, c.room, c.created, c.last_seen, c.prefs,
       (SELECT coalesce(jsonb_object_agg(account, balance), '{}') FROM balances WHERE owner = c.key AND balance <> 0) AS balances,
       (SELECT coalesce(jsonb_object_agg(handout, at), '{}') FROM handouts WHERE key = c.key) AS handouts,
       (SELECT coalesce(jsonb_object_agg(thing, n::text), '{}') FROM things WHERE owner = c.key AND n <> 0) AS things
     FROM characters c WHERE c.key = $1`,
    [key],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    record: { name: r.name, passwordHash: r.password_hash, room: r.room, created: r.created, lastSeen: r.last_seen, prefs: r.prefs },
    balances: Object.entries(r.balances),
    handouts: r.handouts,
    things: Object.entries(r.things).map(([thing, n]) => [thing, Number(n)]),
  };
}

/** What a server keeps in memory from its start: every ban, its own tables' seeds, the two sources' balances, its own floors' things and the house's stock. */
export async function loadStart(c: Queryable, server: number): Promise<{ bans: [string, Ban][]; tables: { fair: TableFairness; draws: DrawRecord[] }[]; sources: [string, number][]; things: ThingRow[] }> {
  const bans = await c.query<{ key: string; by_name: string; at: string; reason: string }>('SELECT key, by_name, at, reason FROM bans');
  const tables = await c.query<{ data: TableFairness & { draws?: DrawRecord[] } }>('SELECT data FROM fairness WHERE server = $1', [server]);
  const things = await c.query<{ holder: string; thing: string; n: string }>(
    `SELECT holder, thing, n FROM things WHERE n <> 0 AND ((holder LIKE 'room:%' AND server = $1) OR holder = 'house')`,
    [server],
  );
  return {
    bans: bans.rows.map((b) => [b.key, { by: b.by_name, at: b.at, reason: b.reason }]),
    tables: tables.rows.map(({ data: { draws, ...fair } }) => ({ fair, draws: draws ?? [] })),
    sources: await sourceBalances(c),
    things: things.rows.map((r) => ({ place: r.holder, thing: r.thing, n: Number(r.n) })),
  };
}

/** So many of a thing in a place. */
export interface ThingRow {
  place: string;
  thing: string;
  n: number;
}

/** Every place's things in the database, every server's floors summed by room (the house's stock is everyone's), for the audit. */
export async function allThings(c: Queryable): Promise<ThingRow[]> {
  const { rows } = await c.query<{ holder: string; thing: string; n: string }>('SELECT holder, thing, sum(n) AS n FROM things GROUP BY holder, thing HAVING sum(n) <> 0 ORDER BY 1, 2');
  return rows.map((r) => ({ place: r.holder, thing: r.thing, n: Number(r.n) }));
}

/** Every place whose count of a thing differs from the sum of the journal's moves of it, read in one snapshot. */
export async function thingDisagreements(c: Queryable, limit = 20): Promise<string[]> {
  const { rows } = await c.query<{ holder: string; server: number; thing: string; journal: string; n: string }>(
    `WITH moves AS (
       SELECT m->>'from' AS src, m->>'to' AS dst, j.server, m->>'thing' AS thing, (m->>'n')::bigint AS n
         FROM journal j, jsonb_array_elements(j.entry->'things') m WHERE j.entry ? 'things'
     ), deltas AS (
       SELECT src AS holder, server, thing, -n AS delta FROM moves UNION ALL SELECT dst, server, thing, n FROM moves
     ), sums AS (
       SELECT holder, CASE WHEN holder LIKE 'room:%' THEN server ELSE 0 END AS server, thing, sum(delta) AS n FROM deltas GROUP BY 1, 2, 3
     )
     SELECT coalesce(s.holder, t.holder) AS holder, coalesce(s.server, t.server) AS server, coalesce(s.thing, t.thing) AS thing,
            coalesce(s.n, 0) AS journal, coalesce(t.n, 0) AS n
       FROM sums s FULL JOIN things t ON t.holder = s.holder AND t.server = s.server AND t.thing = s.thing
      WHERE coalesce(s.n, 0) <> coalesce(t.n, 0)
      ORDER BY 1, 2, 3 LIMIT $1`,
    [limit],
  );
  return rows.map((r) => `${r.holder}${r.server ? ` (server ${r.server})` : ''} holds ${r.n} ${r.thing} but the journal says ${r.journal}`);
}

/** The public lists as the database has them at a start: the richest, who is private, this server's last games, the wins of the window. */
export async function loadListings(c: Queryable, server: number, richest: number, now: number): Promise<{ rich: Rich[]; private: string[]; games: GameRecord[]; wins: Win[] }> {
  const rich = await c.query<{ key: string; name: string; balance: string }>(
    `SELECT c.key, c.name, b.balance FROM balances b JOIN characters c ON c.key = b.owner
      WHERE b.account LIKE 'char:%' AND coalesce(c.prefs->>'public', 'true') <> 'false'
      ORDER BY b.balance DESC LIMIT $1`,
    [richest],
  );
  const hidden = await c.query<{ key: string }>(`SELECT key FROM characters WHERE prefs->>'public' = 'false'`);
  const games = await c.query<{ record: GameRecord }>(
    `SELECT record FROM (SELECT record, number, row_number() OVER (PARTITION BY table_id ORDER BY number DESC) AS n FROM games WHERE server = $1) g
      WHERE n <= $2 ORDER BY number`,
    [server, GAMES_KEPT],
  );
  const wins = await c.query<{ win: Win }>(
    `SELECT jsonb_build_object('key', r->>'key', 'name', r->>'name', 'table', g.table_id, 'game', g.record->>'game', 'number', g.number,
            'bet', r->>'bet', 'amount', (r->>'paid')::bigint - (r->>'stake')::bigint, 'at', g.record->>'at') AS win
       FROM games g, jsonb_array_elements(g.record->'results') r
      WHERE g.at > $3::timestamptz - make_interval(secs => $1) AND r->>'outcome' = 'won'
      ORDER BY (r->>'paid')::bigint - (r->>'stake')::bigint DESC LIMIT $2`,
    [WINS_WINDOW_MS / 1000, WINS_KEPT, new Date(now).toISOString()],
  );
  return {
    rich: rich.rows.map((r) => ({ key: r.key, name: r.name, coins: Number(r.balance) })),
    private: hidden.rows.map((r) => r.key),
    games: games.rows.map((r) => r.record),
    wins: wins.rows.map((r) => ({ ...r.win, amount: Number(r.win.amount) })),
  };
}

/** Every account's balance in the database, and the characters who own one. */
export async function allBalances(c: Queryable): Promise<{ balances: Map<string, number>; owners: string[] }> {
  const { rows } = await c.query<{ account: string; owner: string | null; balance: string }>('SELECT account, owner, balance FROM balances WHERE balance <> 0');
  return { balances: new Map(rows.map((r) => [r.account, Number(r.balance)])), owners: rows.flatMap((r) => (r.owner ? [r.owner] : [])) };
}

export const SOURCES_SQL = `SELECT account, balance FROM balances WHERE account IN ('house', 'mint')`;
export type SourceRow = { account: string; balance: string };
export const sourcesOf = (rows: SourceRow[]): [string, number][] => rows.map((r) => [r.account, Number(r.balance)]);

/** The mint's and the house's balances, as of this statement. */
export async function sourceBalances(c: Queryable): Promise<[string, number][]> {
  return sourcesOf((await c.query<SourceRow>(SOURCES_SQL)).rows);
}

/** Characters with coins on a table: after a crash, nobody may be playing them. */
export async function charactersWithEscrow(c: Queryable): Promise<string[]> {
  const { rows } = await c.query<{ owner: string }>(`SELECT DISTINCT owner FROM balances WHERE account LIKE 'escrow:%' AND balance <> 0 ORDER BY owner`);
  return rows.map((r) => r.owner);
}

/**
 * Every account whose balance differs from the sum of the journal's coin movements (each
 * transaction's moves and each new character's purse from the mint), read in one snapshot.
 */
export async function journalDisagreements(c: Queryable, limit = 20): Promise<string[]> {
  const { rows } = await c.query<{ account: string; journal: string; balance: string }>(
    `WITH moves AS (
       SELECT m->>'from' AS src, m->>'to' AS dst, (m->>'amount')::bigint AS amount
         FROM journal, jsonb_array_elements(entry->'moves') m WHERE entry->>'kind' = 'coins'
       UNION ALL
       SELECT 'mint', 'char:' || lower(entry->>'name'), (entry->>'purse')::bigint
         FROM journal WHERE entry->>'kind' = 'character'
     ), sums AS (
       SELECT account, sum(delta) AS n FROM (SELECT src AS account, -amount AS delta FROM moves UNION ALL SELECT dst, amount FROM moves) d GROUP BY account
     )
     SELECT coalesce(s.account, b.account) AS account, coalesce(s.n, 0) AS journal, coalesce(b.balance, 0) AS balance
       FROM sums s FULL JOIN balances b ON b.account = s.account
      WHERE coalesce(s.n, 0) <> coalesce(b.balance, 0)
      ORDER BY 1 LIMIT $1`,
    [limit],
  );
  return rows.map((r) => `${r.account} holds ${r.balance} coins but the journal says ${r.journal}`);
}

/** A character's last `n` table results, newest first (the last of an entry's list is its newest). */
export async function loadResults(c: Queryable, key: string, n: number): Promise<TableResult[]> {
  const { rows } = await c.query<{ result: TableResult }>('SELECT result FROM table_results WHERE key = $1 ORDER BY seq DESC, n DESC LIMIT $2', [key, Math.max(0, n)]);
  return rows.map((r) => r.result);
}
