import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Ledger, accountText, carriedBy, charAccount, escrowAccount, floorOf, HOUSE, HOUSE_STOCK, MINT, type Store } from '../../src/store/index.js';
import { migrate, MIGRATIONS } from '../../src/store/pg/migrations.js';
import { prepareSession } from '../../src/store/pg/connection.js';
import { bring, postgresEngine, type TestWorld } from '../support/engines.js';
import { freshDatabase, killConnections, type TestDatabase } from '../support/postgres.js';

/**
 * What only the PostgreSQL engine does: its schema and migrations, the books kept by the
 * database itself, and two servers on one database (leases, the shared mint and house, escrow,
 * a server that dies).
 */

let world: TestWorld | null = null;
let db: TestDatabase | null = null;
afterEach(async () => {
  await world?.destroy();
  await db?.drop();
  world = db = null;
});

const database = async () => (db = await freshDatabase());
const newWorld = async () => (world = await postgresEngine.world());

/** Waits for everything queued on a store's writing connection (a claim is one more use of it). */
const settled = (s: Store, key: string) => s.claim(key);

describe.skipIf(!!postgresEngine.skip)('the PostgreSQL engine', () => {
  describe('its schema', () => {
    it('is made by the server on its first start, each migration once, and never again', async () => {
      await newWorld();
      const logs: string[] = [];
      await (await world!.open({ log: (l) => logs.push(l) })).close();
      for (const m of MIGRATIONS) expect(logs).toContain(`postgres: applied schema migration ${m.version} (${m.name})`);
      const again: string[] = [];
      await (await world!.open({ log: (l) => again.push(l) })).close();
      expect(again.join('\n')).not.toMatch(/applied/);
      const d = await database();
      const c = new pg.Client({ connectionString: d.url });
      await c.connect();
      expect(await migrate(c, () => undefined)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(c, () => undefined)).toEqual([]);
      expect((await c.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
      await c.end();
    });

    it('applies each migration in a transaction of its own: a broken one leaves nothing of itself, and the next try goes on from there', async () => {
      const d = await database();
      const c = new pg.Client({ connectionString: d.url });
      await c.connect();
      const next = MIGRATIONS.length + 1;
      const broken = [...MIGRATIONS, { version: next, name: 'a broken one', sql: 'CREATE TABLE extra (x int); SELECT 1 / 0' }];
      await expect(migrate(c, () => undefined, broken)).rejects.toThrow(new RegExp(`^schema migration ${next} \\(a broken one\\) failed: division by zero; nothing of it was applied$`));
      expect((await c.query(`SELECT to_regclass('extra') AS t, (SELECT max(version) FROM schema_migrations) AS v`)).rows).toEqual([{ t: null, v: next - 1 }]);
      expect(await migrate(c, () => undefined, [...MIGRATIONS, { version: next, name: 'fixed', sql: 'CREATE TABLE extra (x int)' }])).toEqual([next]);
      await c.end();
    });

    it('refuses a database whose schema is newer than the server', async () => {
      await newWorld();
      await (await world!.open()).close();
      const c = new pg.Client({ connectionString: world!.where });
      await c.connect();
      const future = MIGRATIONS.length + 1;
      await c.query(`INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')`, [future]);
      await c.end();
      await expect(world!.open()).rejects.toThrow(`the database's schema is at version ${future}, newer than this server's (${future - 1})`);
    });

    it('keeps the books itself: no purse below zero, no coins of nobody, a journal only appended to, other tables only kept from it', async () => {
      await newWorld();
      const store = await world!.open();
      await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
      const c = new pg.Client({ connectionString: world!.where });
      await c.connect();
      const entry = (e: object) => c.query(`INSERT INTO journal (time, server, entry) VALUES (now(), 1, $1)`, [JSON.stringify(e)]);
      await expect(entry({ kind: 'coins', moves: [{ from: 'char:ana', to: 'house', amount: 1001, why: 'x' }] })).rejects.toThrow(/violates check constraint "no_debt"/);
      await expect(entry({ kind: 'coins', moves: [{ from: 'house', to: 'char:zed', amount: 1, why: 'x' }] })).rejects.toThrow(/foreign key/);
      await expect(entry({ kind: 'room', key: 'zed', room: 'r' })).rejects.toThrow(/names no character \(zed\)/);
      await expect(c.query(`UPDATE balances SET balance = 1000000 WHERE account = 'char:ana'`)).rejects.toThrow(/balances are kept from the journal/);
      await expect(c.query(`DELETE FROM characters`)).rejects.toThrow(/characters are kept from the journal/);
      await expect(c.query(`UPDATE journal SET entry = '{"kind":"x"}'`)).rejects.toThrow(/the journal is only ever appended to/);
      await expect(c.query(`TRUNCATE journal CASCADE`)).rejects.toThrow(/the journal is only ever appended to/);
      // A transaction of moves is summed per account: one that ends above zero stands.
      await entry({ kind: 'coins', moves: [{ from: 'char:ana', to: 'house', amount: 1001, why: 'x' }, { from: 'mint', to: 'char:ana', amount: 1, why: 'y' }] });
      expect((await c.query(`SELECT account, balance::int FROM balances ORDER BY account`)).rows).toEqual([
        { account: 'char:ana', balance: 0 },
        { account: 'house', balance: 1001 },
        { account: 'mint', balance: -1001 },
      ]);
      await c.end();
    });

    it('finds at the audit a balance changed behind the triggers (by a superuser who turned them off): the journal\'s rows are recomputed', async () => {
      await newWorld();
      const store = await world!.open();
      const ledger = new Ledger(store);
      await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
      await store.flush();
      expect((await ledger.audit()).problems).toEqual([]);
      const c = new pg.Client({ connectionString: world!.where });
      await c.connect();
      await c.query('ALTER TABLE balances DISABLE TRIGGER USER');
      await c.query(`UPDATE balances SET balance = balance + 1000000 WHERE account = 'char:ana'`);
      await c.query(`UPDATE balances SET balance = balance - 1000000 WHERE account = 'mint'`);
      await c.query('ALTER TABLE balances ENABLE TRIGGER USER');
      await c.end();
      // The books still sum to zero: only the journal tells.
      expect((await ledger.audit()).problems).toEqual(['char:ana holds 1001000 coins but the journal says 1000', 'mint holds -1001000 coins but the journal says -1000']);
      await store.close();
    });

    it('turns synchronous_commit on for its own writes where a database has it off', async () => {
      const d = await database();
      await d.query(`ALTER DATABASE ${d.name} SET synchronous_commit = off`);
      const c = new pg.Client({ connectionString: d.url });
      await c.connect();
      const logs: string[] = [];
      await prepareSession(c, (l) => logs.push(l));
      expect((await c.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
      expect(logs.join('\n')).toMatch(/synchronous_commit is off for this database; this server turns it on/);
      await c.end();
    });
  });

  describe('two servers on one database', () => {
    async function twoServers(): Promise<{ a: Store; b: Store; lost: Error[]; logs: string[] }> {
      await newWorld();
      const lost: Error[] = [];
      const logs: string[] = [];
      const a = await world!.open({ server: 'a', onLost: (e) => lost.push(e) });
      const b = await world!.open({ server: 'b', log: (l) => logs.push(l) });
      await a.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
      await a.createCharacter({ name: 'Bob', passwordHash: 'h', room: 'r', purse: 1000 });
      return { a, b, lost, logs };
    }

    it('lets one server at a time play a character: the other is refused with one line until the first lets go', async () => {
      const { a, b } = await twoServers();
      expect(await b.fetchCharacter('ana')).toMatchObject({ name: 'Ana', passwordHash: 'h' });
      expect(await b.claim('ana')).toBe("Ana is in play on another server that shares this tavern's characters; quit there first (a lost connection keeps its seat there for a few minutes).");
      expect(b.character('ana')).toBeUndefined();
      expect(await a.claim('ana')).toBeNull(); // held already: nothing changes
      a.letGo('ana');
      await settled(a, 'bob');
      expect(a.character('ana')).toBeUndefined();
      expect(await b.claim('ana')).toBeNull();
      expect(b.character('ana')).toMatchObject({ name: 'Ana' });
      expect(await a.claim('ana')).toMatch(/^Ana is in play on another server/);
    });

    it('shows coins given on one server to the other at the next claim', async () => {
      const { a, b } = await twoServers();
      new Ledger(a).transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 250, why: 'gift' }]);
      a.record({ kind: 'room', key: 'bob', room: 'bones-room' });
      a.letGo('bob');
      await a.flush();
      await settled(a, 'ana');
      expect(await bring(b, 'bob')).toBe(true);
      expect(b.balance(accountText(charAccount('bob')))).toBe(1250);
      expect(b.character('bob')!.room).toBe('bones-room');
    });

    it('carries a character\'s things to the server that plays them next, while each server keeps its own floors', async () => {
      const { a, b } = await twoServers();
      const ledger = new Ledger(a);
      expect(ledger.moveThings([{ thing: 'ale', n: 3, from: HOUSE_STOCK, to: carriedBy('ana'), why: 'bought' }], [{ from: charAccount('ana'), to: HOUSE, amount: 15, why: 'ale' }])).toEqual({ ok: true });
      expect(ledger.moveThings([{ thing: 'ale', n: 1, from: carriedBy('ana'), to: floorOf('common-room'), why: 'dropped' }])).toEqual({ ok: true });
      a.letGo('ana');
      await a.flush();
      await settled(a, 'bob');
      expect(a.things('char:ana').size).toBe(0); // let go: out of memory here
      expect(await bring(b, 'ana')).toBe(true);
      expect([...b.things('char:ana')]).toEqual([['ale', 2]]);
      // The jug Ana dropped lies on server a's floor; server b's common room is another room.
      expect([...a.things('room:common-room')]).toEqual([['ale', 1]]);
      expect(b.things('room:common-room').size).toBe(0);
      expect(new Ledger(b).moveThings([{ thing: 'ale', n: 1, from: floorOf('common-room'), to: carriedBy('ana'), why: 'picked up' }])).toMatchObject({ ok: false, has: 0, needs: 1 });
      expect(new Ledger(b).moveThings([{ thing: 'ale', n: 2, from: carriedBy('ana'), to: floorOf('common-room'), why: 'dropped' }])).toEqual({ ok: true });
      await b.flush();
      const audit = await new Ledger(b).audit();
      expect(audit).toMatchObject({ problems: [], thingsCarried: 0, thingsOnFloors: 3, fromHouse: -15 });
    });

    it('keeps a character that left with coins on a table until they are settled there', async () => {
      const { a, b } = await twoServers();
      const ledger = new Ledger(a);
      ledger.transfer([{ from: charAccount('ana'), to: escrowAccount('bones-table', 'ana'), amount: 50, why: 'bet' }]);
      a.letGo('ana');
      await a.flush();
      await settled(a, 'bob');
      expect(await b.claim('ana')).toMatch(/^Ana is in play on another server/);
      // The bet is settled after she left: her coins come back with the winnings, and then she is free.
      ledger.transfer([
        { from: escrowAccount('bones-table', 'ana'), to: charAccount('ana'), amount: 50, why: 'stake back' },
        { from: HOUSE, to: charAccount('ana'), amount: 50, why: 'won' },
      ]);
      await a.flush();
      await settled(a, 'bob');
      expect(await b.claim('ana')).toBeNull();
      expect(b.balance(accountText(charAccount('ana')))).toBe(1050);
    });

    it('gives coins a dead server left on a table back at the next claim elsewhere, and frees its characters at once', async () => {
      const { a, b, lost, logs } = await twoServers();
      new Ledger(a).transfer([{ from: charAccount('ana'), to: escrowAccount('sand-table', 'ana'), amount: 70, why: 'wager' }]);
      await a.flush();
      expect(await killConnections(world!.db!, 'obsidian-scorpion a')).toBeGreaterThan(0);
      // The server hears of it (and would stop), and takes nothing more.
      await until(() => lost.length > 0);
      expect(lost[0].message).toMatch(/^lost the connection to PostgreSQL at .*: the database server was shut down, or an administrator ended this connection \(57P01\)$/);
      expect(() => a.record({ kind: 'room', key: 'ana', room: 'x' })).toThrow(/lost the connection/);
      await expect(a.flush()).rejects.toThrow(/lost the connection/);
      expect(await b.claim('ana')).toBeNull();
      expect(b.balance(accountText(charAccount('ana')))).toBe(1000);
      expect(b.balance(accountText(escrowAccount('sand-table', 'ana')))).toBe(0);
      expect(logs).toContain('returned 70 coins from sand-table to ana: a server that stopped had left them on its table');
      await b.flush();
      expect(await b.ledgerProblems()).toEqual([]);
      expect(await b.claim('bob')).toBeNull();
    });

    it('brings every character with coins on a table that no live server plays into play at its start, for the tavern to give them back', async () => {
      const { a, b } = await twoServers();
      const ledger = new Ledger(a);
      ledger.transfer([{ from: charAccount('ana'), to: escrowAccount('sand-table', 'ana'), amount: 70, why: 'wager' }]);
      ledger.transfer([{ from: charAccount('bob'), to: escrowAccount('sand-table', 'bob'), amount: 30, why: 'wager' }]);
      await a.flush();
      await a.close(); // a server that stops leaves its wagers (the next start gives them back)
      expect(await bring(b, 'bob')).toBe(true); // now played by b, which gives Bob's back itself
      const c = await world!.open({ server: 'c' });
      expect(new Ledger(c).escrows()).toEqual([{ account: escrowAccount('sand-table', 'ana'), amount: 70 }]);
      expect(await c.claim('ana')).toBeNull(); // in play there already
    });

    it('moves the house and the mint from both at once, relative to what they hold, and the books add up', async () => {
      const { a, b } = await twoServers();
      await b.createCharacter({ name: 'Cyd', passwordHash: 'h', room: 'r', purse: 1000 });
      const pay = async (s: Store, key: string, n: number) => {
        for (let i = 1; i <= n; i++) {
          new Ledger(s).transfer([{ from: HOUSE, to: charAccount(key), amount: i, why: 'hand-out' }]);
          if (i % 3) await s.flush();
        }
        await s.flush();
      };
      await Promise.all([pay(a, 'ana', 60), pay(a, 'bob', 40), pay(b, 'cyd', 50)]);
      const paid = (n: number) => (n * (n + 1)) / 2;
      const balances = await b.allBalances();
      expect(balances.get(accountText(HOUSE))).toBe(-(paid(60) + paid(40) + paid(50)));
      expect(balances.get(accountText(MINT))).toBe(-3000);
      expect(await b.ledgerProblems()).toEqual([]);
      // Each server's own view of the house follows the other's moves at its next commit.
      new Ledger(a).transfer([{ from: HOUSE, to: charAccount('ana'), amount: 1, why: 'one more' }]);
      await a.flush();
      expect(a.balance(accountText(HOUSE))).toBe(-(paid(60) + paid(40) + paid(50)) - 1);
    });

    it('keeps every server\'s bans current: a ban or an unban on one is in the other\'s memory once it commits, and told to its onBan', async () => {
      const { a, b, logs } = await twoServers();
      expect(await b.nameTaken('bob')).toBe(true); // a character played elsewhere may be banned once it is looked up
      b.record({ kind: 'ban', key: 'bob', by: 'Root', reason: 'farming', at: 't' });
      await b.flush();
      await until(() => a.ban('bob') !== undefined);
      expect(a.ban('bob')).toEqual({ by: 'Root', reason: 'farming', at: 't' });
      a.record({ kind: 'unban', key: 'bob' });
      await a.flush();
      await until(() => b.ban('bob') === undefined);
      expect(() => b.record({ kind: 'ban', key: 'zed', by: 'Root', reason: '', at: 't' })).toThrow(/there is no character "zed"/);
      // A ban elsewhere is told to onBan (an unban is not); a throw there costs nothing but a log line.
      const told: string[] = [];
      b.onBan = (key, ban) => {
        told.push(`${key}: ${ban.reason}`);
        throw new Error('the store is closed');
      };
      a.record({ kind: 'ban', key: 'bob', by: 'Root', reason: 'again', at: 't' });
      await a.flush();
      await until(() => b.ban('bob') !== undefined);
      expect(told).toEqual(['bob: again']);
      expect(logs).toContain('could not throw bob out after a ban elsewhere: the store is closed');
      a.record({ kind: 'unban', key: 'bob' });
      await a.flush();
      await until(() => b.ban('bob') === undefined);
      expect(told).toEqual(['bob: again']);
    });

    it('refuses a second server under the name of one running', async () => {
      await newWorld();
      await world!.open({ server: 'live' });
      await expect(world!.open({ server: 'live' })).rejects.toThrow(/^another server sharing this database is running under the name "live"; each server needs a name of its own$/);
    });

    it('loses nothing acknowledged when its connection is killed in the middle of a transaction, and counts nothing twice', async () => {
      const { a, b, lost } = await twoServers();
      const ledger = new Ledger(a);
      ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'acknowledged gift' }]);
      await a.flush();
      // Another session holds the house's row, so the next write waits inside its transaction.
      const blocker = new pg.Client({ connectionString: world!.where });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query(`SELECT * FROM balances WHERE account = 'house' FOR UPDATE`);
      ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount: 10, why: 'never told' }]);
      const flushed = a.flush();
      flushed.catch(() => undefined);
      const h = world!.db!;
      await until(async () => (await h.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'obsidian-scorpion a' AND wait_event_type = 'Lock'`)).length > 0);
      await killConnections(h, 'obsidian-scorpion a');
      await expect(flushed).rejects.toThrow(/PostgreSQL/);
      expect(lost).toHaveLength(1);
      await blocker.query('ROLLBACK');
      await blocker.end();
      expect(await bring(b, 'ana')).toBe(true);
      expect(b.balance(accountText(charAccount('ana')))).toBe(999);
      expect(b.balance(accountText(HOUSE))).toBe(0);
      expect(await b.ledgerProblems()).toEqual([]);
      expect((await world!.journal()).filter((e) => e.kind === 'coins')).toHaveLength(1);
    });
  });
});

/** Waits for something another process does (a backend ending, a lock wait), checking every few milliseconds. */
async function until(check: () => boolean | Promise<boolean>, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('it did not happen');
}
