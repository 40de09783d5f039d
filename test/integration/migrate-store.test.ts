import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore, Ledger, PgStore, charAccount, escrowAccount, HOUSE, type Store } from '../../src/store/index.js';
import { FairTable } from '../../src/tables/fair-table.js';
import { derivedSeeds } from '../../src/games/fair-source.js';
import { rollDice, rollDie, seededRandom, shuffle } from '../../src/games/random.js';
import { cardName, numberCards } from '../../src/games/dragons-lair/cards.js';
import { hashPassword } from '../../src/login/accounts.js';
import { commitmentOf } from '../../src/games/fair.js';
import { TestClient } from '../support/client.js';
import { journalEntries } from '../support/journal.js';
import { listening, run, type Program } from '../support/program.js';
import { freshDatabase, noPostgres, type TestDatabase } from '../support/postgres.js';

/** `npm run migrate-store`: a file-store world moved into PostgreSQL, checked, and played on. */

const cleanups: (() => Promise<unknown>)[] = [];
const programs: Program[] = [];
afterEach(async () => {
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrate-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function database(): Promise<TestDatabase> {
  const db = await freshDatabase();
  cleanups.push(() => db.drop());
  return db;
}

/** A world with a history: gifts, a wager left on a table by a crash, settings, a ban, a hand-out, a table's seeds. */
async function world(dir: string, segmentBytes?: number): Promise<void> {
  const store = await FileStore.open({ dataDir: dir, checkpoints: 'inline', segmentBytes });
  const ledger = new Ledger(store);
  const passwordHash = await hashPassword('secret123');
  for (const name of ['Ana', 'Bob', 'Cyd']) await store.createCharacter({ name, passwordHash, room: 'common-room', purse: 1000 });
  for (let i = 1; i <= 5; i++) {
    ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: i, why: 'gift' }]);
    await store.flush();
  }
  ledger.transfer([{ from: HOUSE, to: charAccount('cyd'), amount: 20_000, why: 'hand-out' }]);
  ledger.transfer([{ from: charAccount('bob'), to: escrowAccount('sand-table', 'bob'), amount: 50, why: 'wager' }]);
  store.record({ kind: 'prefs', key: 'ana', prefs: { colour: false, description: 'tall and dusty' } });
  store.record({ kind: 'ban', key: 'cyd', by: 'Root', reason: 'farming', at: '2030-01-01T00:00:00.000Z' });
  store.record({ kind: 'handout', key: 'cyd', handout: 'start', at: 1234 });
  const serverSeed = 'a'.repeat(64);
  store.record({ kind: 'fair', fair: { table: 'sand-table', game: 1, serverSeed, commitment: commitmentOf(Buffer.from(serverSeed, 'hex')), clientSeed: 'sand-table:1', nonce: 4, revealed: null } });
  await store.close();
}

function migrate(from: string, to: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/store/migrate-store.ts', '--from', from, '--to', to], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const rows = (db: TestDatabase, sql: string) => db.query(sql);

describe.skipIf(!!noPostgres)('npm run migrate-store', () => {
  it('moves a file world into an empty database, journal and all, checks it, and refuses to run into one that is not empty', async () => {
    const dir = await folder();
    await world(dir);
    const db = await database();
    const { code, out } = await migrate(dir, db.url);
    expect(out, out).toMatch(
      /^migrate-store: read .*: 3 characters, 1 ban, 1 table's seeds; 22,950 coins in purses and 50 on tables \(minted 3,000, paid by the house 20,000\); from the journal, entries 1 to 14\n/,
    );
    expect(out).toMatch(/\nmigrate-store: wrote 14 journal entries to PostgreSQL at postgres@.* in one transaction, as server "[^"]+" \(the name in .*server-name\)\n/);
    expect(out).toMatch(/\nmigrate-store: checked before committing: all 6 balances agree with the folder, the ledger adds up to 0, and every balance is the sum of the journal\n/);
    expect(out).toMatch(/\nmigrate-store: done; start the server with --data .* --store <that address>/);
    expect(out.trim().split('\n')).toHaveLength(4);
    expect(code).toBe(0);
    // The same journal, entry for entry and number for number.
    const journal = await rows(db, 'SELECT seq::int, entry FROM journal ORDER BY seq');
    expect(journal).toEqual((await journalEntries(dir)).map(({ seq, time: _time, crc: _crc, ...entry }) => ({ seq, entry })));
    expect(await rows(db, `SELECT account, balance::int FROM balances WHERE balance <> 0 ORDER BY account`)).toEqual([
      { account: 'char:ana', balance: 985 },
      { account: 'char:bob', balance: 965 },
      { account: 'char:cyd', balance: 21_000 },
      { account: 'escrow:sand-table:bob', balance: 50 },
      { account: 'house', balance: -20_000 },
      { account: 'mint', balance: -3000 },
    ]);

    const again = await migrate(dir, db.url);
    expect(again.out).toMatch(/migrate-store: the database already holds 3 characters and 14 journal entries; migrate-store only fills an empty one \(createdb a new database\); nothing was written\n$/);
    expect(again.code).toBe(1);

    // The server plays on from it: the wager left on the table goes back, the settings and the ban are there.
    const server = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--store', db.url, '--seed', '3']);
    programs.push(server);
    const port = await listening(server);
    expect(server.output()).toMatch(/restart: returned 50 coins from sand-table to bob/);
    const c = await TestClient.connect(port);
    await c.nextPrompt(20_000);
    expect(await c.command('connect bob secret123')).toMatch(/Exits:/);
    c.inGame = true;
    expect(await c.command('i')).toMatch(/1,015 obsidian coins/);
    expect(await rows(db, `SELECT prefs FROM characters WHERE key = 'ana'`)).toEqual([{ prefs: { colour: false, description: 'tall and dusty' } }]);
    expect(await rows(db, `SELECT key, reason FROM bans`)).toEqual([{ key: 'cyd', reason: 'farming' }]);
    // The table's seed came along: the server's start revealed it and committed the next.
    expect(await rows(db, `SELECT data->'game' AS game, data->'revealed'->'serverSeed' AS revealed FROM fairness WHERE table_id = 'sand-table'`)).toEqual([{ game: 2, revealed: 'a'.repeat(64) }]);
    c.close();
  }, 60_000);

  it('moves a world whose first journal segments were archived away: the checkpoint opens the journal, the rest follows', async () => {
    const dir = await folder();
    await world(dir, 300);
    const segments = (await readdir(join(dir, 'journal'))).sort();
    const checkpoint = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(checkpoint.position.segment).toBe(segments.at(-1));
    for (const s of segments.slice(0, -1)) await rm(join(dir, 'journal', s));
    const db = await database();
    const { code, out } = await migrate(dir, db.url);
    expect(out).toMatch(/from the checkpoint at entry 14 \(as \d+ opening entries\), then the journal to entry 14\n/);
    expect(code).toBe(0);
    expect(await rows(db, `SELECT sum(balance)::int AS total, count(*)::int AS n FROM balances WHERE balance <> 0`)).toEqual([{ total: 0, n: 6 }]);
  }, 60_000);

  it('refuses a damaged folder with one line, and writes nothing', async () => {
    const dir = await folder();
    await world(dir);
    await rm(join(dir, 'db.json'));
    const segment = join(dir, 'journal', '000000000001.jsonl');
    const lines = (await readFile(segment, 'utf8')).split('\n');
    lines[3] = lines[3].replace('"amount":1', '"amount":100000');
    await writeFile(segment, lines.join('\n'));
    const db = await database();
    const { code, out } = await migrate(dir, db.url);
    expect(out).toMatch(/^migrate-store: .*000000000001\.jsonl: line 4 \(entry 4\): its checksum does not match its bytes: a byte of it was changed; the server will not start, and no file was changed; nothing was written\n$/);
    expect(code).toBe(1);
    expect(await rows(db, `SELECT to_regclass('journal') AS t`)).toEqual([{ t: null }]);
  });

  it('carries the game records, the wins and the live draws: the next start records the cut-off game', async () => {
    for (const archived of [false, true]) {
      const dir = await folder();
      const store = await FileStore.open({ dataDir: dir, checkpoints: 'inline', segmentBytes: archived ? 300 : undefined });
      for (const name of ['Ana', 'Bob']) await store.createCharacter({ name, passwordHash: 'h', room: 'common-room', purse: 1000 });
      const options = { ordinary: seededRandom(1), seeds: derivedSeeds(3), game: 'dragons-lair', now: () => Date.now() };
      const table = FairTable.open(store, 'lair-table', options).random;
      shuffle(numberCards(), table, cardName);
      rollDie(table);
      table.retire([{ key: 'bob', name: 'Bob', bet: 'ante', stake: 50, paid: 90, outcome: 'won' }]);
      rollDice(table); // game 2 has drawn once when the folder is moved
      await store.close();
      if (archived) {
        const segments = (await readdir(join(dir, 'journal'))).sort();
        for (const s of segments.slice(0, -1)) await rm(join(dir, 'journal', s));
      }
      const db = await database();
      const { code, out } = await migrate(dir, db.url);
      expect(code, out).toBe(0);
      const lists = (s: Store) => ({ games: s.games('lair-table'), wins: s.wins(10, Date.now()), draws: s.liveDraws('lair-table') });
      const file = await FileStore.open({ dataDir: dir, checkpoints: 'inline' });
      const before = lists(file);
      await file.close();
      expect(before.games).toHaveLength(1);
      expect(before.draws).toHaveLength(1);
      const name = (await readFile(join(dir, 'server-name'), 'utf8')).trim();
      const pg = await PgStore.open({ settings: { connectionString: db.url }, server: name });
      try {
        expect(lists(pg)).toEqual(before);
        FairTable.open(pg, 'lair-table', options);
        expect(pg.games('lair-table').map((g) => [g.number, g.cutOff, g.draws.length])).toEqual([
          [1, false, 2],
          [2, true, 1],
        ]);
      } finally {
        await pg.close();
      }
    }
  }, 60_000);
});
