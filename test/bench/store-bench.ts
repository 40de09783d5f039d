/**
 * The store's write and start-up costs as the number of characters grows. A write is one
 * acknowledged transfer (recorded, then appended and fsynced, or committed): it must not grow
 * with the characters. Start-up is opening the store until it can serve.
 * Run: npm run bench:store                          (the file engine, in a temporary folder)
 *      npm run bench:store -- --store postgres://... (PostgreSQL: one new database per size on that
 *                                                    server, made and dropped here; needs CREATEDB)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import yargsParser from 'yargs-parser';
import { FileStore, Ledger, PgStore, charAccount, type Store } from '../../src/store/index.js';
import { isPostgresSpec, pgSettings } from '../../src/store/pg/connection.js';
import { appendEntries } from '../../src/store/pg/queries.js';

const SIZES = [100, 1_000, 10_000, 100_000];
const WRITES = 200;

/** A world of `n` characters on one engine: made, opened (timed), and removed. */
interface World {
  open(): Promise<Store>;
  remove(): Promise<void>;
}

const nameOf = (i: number) => `c${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)])}`;
const character = (i: number) => ({ name: nameOf(i), passwordHash: 'scrypt$x', room: 'common-room', purse: 1000 });

async function fileWorld(characters: number): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  const first = await FileStore.open({ dataDir: dir });
  for (let i = 0; i < characters; i++) {
    await first.createCharacter(character(i));
    if (i % 10_000 === 9_999) await first.flush();
  }
  await first.close(); // writes the checkpoint
  return { open: () => FileStore.open({ dataDir: dir }), remove: () => rm(dir, { recursive: true, force: true }) };
}

function postgresWorlds(spec: string): (characters: number) => Promise<World> {
  const settings = pgSettings(spec);
  const admin = async <T>(f: (c: pg.Client) => Promise<T>, s: pg.ClientConfig = settings) => {
    const c = new pg.Client(s);
    await c.connect();
    try {
      return await f(c);
    } finally {
      await c.end();
    }
  };
  return async (characters) => {
    const database = `store_bench_${characters}_${process.pid}`;
    await admin((c) => c.query(`CREATE DATABASE ${database}`));
    const here = { ...settings, database };
    if (here.connectionString) here.connectionString = withDatabase(here.connectionString, database);
    const open = () => PgStore.open({ settings: here, server: 'bench' });
    await (await open()).close(); // the schema, and the server's name
    // The characters as createCharacter writes them (one journal entry each), in big transactions.
    await admin(async (c) => {
      for (let i = 0; i < characters; i += 10_000) {
        const rows = [];
        for (let j = i; j < Math.min(characters, i + 10_000); j++) rows.push({ time: new Date().toISOString(), json: JSON.stringify({ kind: 'character', created: new Date().toISOString(), ...character(j) }) });
        await c.query('BEGIN');
        await appendEntries(c, 1, rows);
        await c.query('COMMIT');
      }
      await c.query('VACUUM ANALYZE');
    }, here);
    return { open, remove: () => admin((c) => c.query(`DROP DATABASE ${database} WITH (FORCE)`)).then(() => undefined) };
  };
}

/** A URL with another database in it (the host may be in the query: ?host=/run/postgresql). */
function withDatabase(url: string, database: string): string {
  const m = /^(postgres(?:ql)?:\/\/[^/?]*)(\/[^?]*)?(\?.*)?$/.exec(url);
  if (!m) throw new Error(`cannot read ${url}`);
  return `${m[1]}/${database}${m[3] ?? ''}`;
}

/** What any durable write costs on this server and disk, in the same run: one-row INSERTs, each committed on its own. */
async function commitFloor(spec: string): Promise<number> {
  const settings = pgSettings(spec);
  const database = `store_bench_floor_${process.pid}`;
  const run = async <T>(s: pg.ClientConfig, f: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client(s);
    await c.connect();
    try {
      return await f(c);
    } finally {
      await c.end();
    }
  };
  await run(settings, (c) => c.query(`CREATE DATABASE ${database}`));
  try {
    const here = { ...settings, database, connectionString: settings.connectionString && withDatabase(settings.connectionString, database) };
    return await run(here, async (c) => {
      await c.query('CREATE TABLE floor (n int)');
      const times: number[] = [];
      for (let i = 0; i < WRITES + 50; i++) {
        const t = performance.now();
        await c.query('INSERT INTO floor VALUES ($1)', [i]);
        if (i >= 50) times.push(performance.now() - t);
      }
      times.sort((x, y) => x - y);
      return times[Math.floor(times.length / 2)];
    });
  } finally {
    await run(settings, (c) => c.query(`DROP DATABASE ${database} WITH (FORCE)`));
  }
}

const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/**
 * `top` (the store's index of the richest, as `top` and /api/top read it), each read after a
 * purse moved, in microseconds; and the baseline of the same run: the ten richest found by
 * sorting every purse, as a server without the index would per request.
 */
async function measureTop(store: Store, ledger: Ledger): Promise<{ topUs: number; sortUs: number }> {
  const [a, b] = ['cq', 'cr'].map(charAccount);
  const tops: number[] = [];
  for (let i = 0; i < 2000; i++) {
    ledger.transfer([{ from: i % 2 ? a : b, to: i % 2 ? b : a, amount: 1 + (i % 7), why: 'gift' }]);
    const t = performance.now();
    if (store.richest(10).length !== 10) throw new Error('top: fewer than ten');
    tops.push((performance.now() - t) * 1000);
  }
  await store.flush();
  const balances = await store.allBalances();
  const sorts: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t = performance.now();
    const purses = [...balances].filter(([account]) => account.startsWith('char:'));
    purses.sort((x, y) => y[1] - x[1]);
    if (purses.slice(0, 10).length !== 10) throw new Error('sort: fewer than ten');
    sorts.push((performance.now() - t) * 1000);
  }
  return { topUs: median(tops), sortUs: median(sorts) };
}

async function measure(world: World, characters: number): Promise<{ p50: number; startMs: number; topUs: number; sortUs: number }> {
  try {
    const t0 = performance.now();
    const store = await world.open();
    const startMs = performance.now() - t0;
    for (const key of ['cq', 'cr']) {
      await store.fetchCharacter(key);
      const refused = await store.claim(key);
      if (refused) throw new Error(refused);
    }
    const ledger = new Ledger(store);
    const [a, b] = ['cq', 'cr'].map(charAccount);
    const times: number[] = [];
    for (let i = 0; i < WRITES + 50; i++) {
      const t = performance.now();
      ledger.transfer([{ from: i % 2 ? a : b, to: i % 2 ? b : a, amount: 1, why: 'gift' }]);
      await store.flush();
      if (i >= 50) times.push(performance.now() - t); // the first ones warm up (and let the checkpoint thread settle)
      else if (i === 49) await new Promise((r) => setTimeout(r, characters / 100));
    }
    const top = await measureTop(store, ledger);
    await store.close();
    times.sort((x, y) => x - y);
    return { p50: times[Math.floor(times.length / 2)], startMs, ...top };
  } finally {
    await world.remove();
  }
}

const argv = yargsParser(process.argv.slice(2), { string: ['store'] });
const spec = argv.store as string | undefined;
if (spec !== undefined && !isPostgresSpec(spec)) {
  console.error('Usage: npm run bench:store [-- --store postgres://user:password@host:port/database]');
  process.exit(2);
}
const makeWorld = spec ? postgresWorlds(spec) : fileWorld;
console.log(`engine: ${spec ? 'PostgreSQL' : 'files'}`);
if (spec) console.log(`baseline: PostgreSQL's own durable commit (a one-row INSERT) p50 ${(await commitFloor(spec)).toFixed(2)} ms`);

const results = new Map<number, { p50: number; startMs: number; topUs: number; sortUs: number }>();
for (const n of SIZES) {
  const r = await measure(await makeWorld(n), n);
  results.set(n, r);
  console.log(`characters ${n}: write p50 ${r.p50.toFixed(2)} ms (start ${r.startMs.toFixed(0)} ms); top p50 ${r.topUs.toFixed(1)} us, baseline sorting every purse ${r.sortUs.toFixed(1)} us`);
}
const small = results.get(SIZES[0])!.p50;
const large = results.get(SIZES.at(-1)!)!.p50;
const limit = 2 * small + 1;
const ok = large <= limit;
console.log(`${SIZES.at(-1)} characters: ${large.toFixed(2)} ms, limit 2 x ${small.toFixed(2)} + 1 = ${limit.toFixed(2)} ms: ${ok ? 'ok' : 'TOO SLOW'}`);
// top must not grow with the characters: at the largest size, within 2 x the smallest's plus 20 us.
const topSmall = results.get(SIZES[0])!.topUs;
const topLarge = results.get(SIZES.at(-1)!)!;
const topLimit = 2 * topSmall + 20;
const topOk = topLarge.topUs <= topLimit;
console.log(
  `top at ${SIZES.at(-1)} characters: ${topLarge.topUs.toFixed(1)} us, limit 2 x ${topSmall.toFixed(1)} + 20 = ${topLimit.toFixed(1)} us: ${topOk ? 'ok' : 'TOO SLOW'} ` +
    `(${(topLarge.sortUs / topLarge.topUs).toFixed(0)} times faster than sorting every purse)`,
);
process.exitCode = ok && topOk ? 0 : 1;
