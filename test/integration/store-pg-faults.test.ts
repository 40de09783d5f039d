import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Ledger, PgStore, StoreFailure, type NewCharacter, type Store } from '../../src/store/index.js';
import { CutProxy } from '../support/cutProxy.js';
import { bring } from '../support/engines.js';
import { freshDatabase, noPostgres, type TestDatabase } from '../support/postgres.js';
import { canonical, finishRun, flushNowAndThen, NAMES, randomChange, rng, withCreated, type Run } from '../support/storeChanges.js';

/**
 * The PostgreSQL engine's fault injection, the counterpart of the file engine's: random
 * sequences of changes, with the server's process dying (every connection cut at once by a
 * proxy) right after each single message it sends in turn, or in the middle of it: every query
 * of its start and migrations, each transaction (one message, or BEGIN, INSERT, SAVEPOINT and
 * COMMIT one by one for a new character), each lease taken and let go. Each time the
 * database is opened again by a new server: that must succeed, hold every change acknowledged
 * before the death, be exactly the state after some prefix of the changes (nothing
 * unacknowledged half there, nothing counted twice), and have balances equal to its journal.
 */

const SERVER = 'faults';
let proxy: CutProxy;
beforeAll(async () => {
  if (!noPostgres) proxy = await CutProxy.start((await freshDatabase()).url);
});
afterAll(async () => {
  await proxy?.close();
});

const NOW = new Date(1_700_000_000_000).toISOString();
const openStore = (url: string) => PgStore.open({ settings: { connectionString: url }, server: SERVER, now: () => Date.parse(NOW) });

/** Opens the database (claiming everyone, as logins would), makes `changes` random changes with flushes here and there, and closes. */
async function session(url: string, seed: number, changes: number, before: string | null, opened = () => {}): Promise<Run> {
  // A death before the store is even open changes nothing: the state is as it was.
  const run: Run = { states: before === null ? [] : [before], acknowledged: 0, crashed: false };
  const r = rng(seed);
  try {
    const store = await openStore(url);
    for (const key of NAMES) await bring(store, key);
    const ledger = new Ledger(store);
    run.states[0] = canonical(store);
    opened();
    const flushes: Promise<void>[] = [];
    for (let i = 1; i <= changes; i++) {
      let creating: NewCharacter | null = null;
      const made = randomChange(store, ledger, r, (seed % 1000) * 100 + i, (c) => (creating = c));
      await made.catch((e: unknown) => {
        // A creation whose answer the death cut off may have been committed all the same.
        if (creating && e instanceof StoreFailure) run.states.push(withCreated(run.states.at(-1)!, creating, NOW));
        throw e;
      });
      // A new character is committed with every change before it.
      if (creating && !store.hasUnwrittenChanges) run.acknowledged = i;
      run.states.push(canonical(store));
      await flushNowAndThen(store, r, i, run, flushes);
    }
    await finishRun(store, run, flushes, changes);
  } catch (e) {
    if (!(e instanceof StoreFailure)) throw e;
    run.crashed = true;
  }
  return run;
}

/** Waits until the dead server's connections are gone from PostgreSQL (its leases with them). */
async function gone(db: TestDatabase): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    for (let i = 0; i < 1000; i++) {
      const { rows } = await c.query(`SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, [db.name, `obsidian-scorpion ${SERVER}`]);
      if (!rows.length) return;
      await new Promise((r) => setTimeout(r, 2));
    }
    throw new Error('the dead server is still connected');
  } finally {
    await c.end();
  }
}

/**
 * The file store's two kinds of damage as they apply here: a journal entry changed after it was
 * written, and the kept balances raised beside it (the checkpoint's part). A transaction commits
 * whole or not at all, so there is no torn last entry to tell from a changed one; and the
 * database itself refuses both changes, whatever a death left.
 */
async function tryToForge(db: TestDatabase, what: string): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await expect(c.query(`UPDATE journal SET entry = entry || '{"note":"x"}' WHERE seq = (SELECT max(seq) FROM journal)`), what).rejects.toThrow(/the journal is only ever appended to/);
    await expect(c.query(`UPDATE balances SET balance = balance + 1000000 WHERE account LIKE 'char:%'`), what).rejects.toThrow(/balances are kept from the journal/);
  } finally {
    await c.end();
  }
}

/** Reopens after a death (after trying to forge what it left): returns the state found. */
async function checkRecovery(db: TestDatabase, run: Run, what: string): Promise<string> {
  await gone(db);
  await tryToForge(db, what);
  const store: Store = await openStore(db.url).catch((e: Error) => {
    throw new Error(`${what}: reopening failed: ${e.message}`);
  });
  for (const key of NAMES) await bring(store, key);
  const got = canonical(store);
  if (run.states.indexOf(got, run.acknowledged) < 0) {
    throw new Error(`${what}: the reopened state is no prefix of the changes from the ${run.acknowledged} acknowledged on\n got ${got}\nwant ${run.states.slice(run.acknowledged).join("\n  or ")}`);
  }
  expect(await store.ledgerProblems(), what).toEqual([]);
  await store.close();
  return got;
}

describe.skipIf(!!noPostgres)('the PostgreSQL store under fault injection', () => {
  it('keeps every acknowledged change and counts none twice, whichever message the server dies after', async () => {
    const SEQUENCES = 5;
    let crashes = 0;
    /** Deaths that cut a run in which things had been bought or handed over. */
    let withThings = 0;
    for (let seq = 1; seq <= SEQUENCES; seq++) {
      const db = await freshDatabase();
      const through = proxy.url(db.name);
      // The first sequence dies in the middle of its very first start (the migrations) too.
      let state: string | null = null;
      if (seq > 1) {
        const prelude = await session(db.url, seq * 7919, 6 + (seq % 5), null);
        expect(prelude.crashed).toBe(false);
        state = prelude.states.at(-1)!;
      }
      proxy.arm(null);
      let openSteps = 0;
      const dry = await session(through, seq, 8 + (seq % 4), state, () => (openSteps = proxy.steps));
      state = dry.states.at(-1)!;
      const steps = proxy.steps;
      // Every message of the first start (its migrations among them); after that, of the writes.
      for (let k = seq === 1 ? 1 : openSteps; k <= steps; k++) {
        // Each run goes on from where the one before left the database; every other death cuts its last message in half.
        proxy.arm(k, k % 2 === 0);
        const run = await session(through, seq * 1000 + k, 8 + (seq % 4), state);
        proxy.arm(null);
        if (!run.crashed) {
          state = run.states.at(-1)!;
          continue;
        }
        crashes++;
        if (/"char:[a-z]+",\[\["(?:ale|date)",\d+\]/.test(run.states.at(-1)!)) withThings++;
        const what = `sequence ${seq}, death ${k % 2 ? 'after' : 'in the middle of'} message ${k} of about ${steps}`;
        state = await checkRecovery(db, run, what);
        if (crashes % 4) continue;
        // And the database goes on working: more changes, a clean close, the same state again.
        const more = await session(db.url, seq * 1000 + 500 + k, 3, state);
        expect(more.crashed, what).toBe(false);
        state = await checkRecovery(db, more, `${what}, then opened again`);
      }
      await db.drop();
    }
    expect(crashes).toBeGreaterThan(SEQUENCES * 12);
    expect(withThings).toBeGreaterThan(crashes / 4);
  }, 240_000);
});
