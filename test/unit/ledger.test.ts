import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/rooms/store.js';
import { charAccount, escrowAccount, HOUSE, Ledger } from '../../src/rooms/ledger.js';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The journal on disk, one entry a line. */
async function journal(): Promise<any[]> {
  const text = await readFile(join(dir, 'ledger.jsonl'), 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

async function freshLedger(): Promise<{ store: Store; ledger: Ledger }> {
  dir = await mkdtemp(join(tmpdir(), 'ledger-test-'));
  const store = await Store.open(dir);
  for (const name of ['ana', 'bob']) {
    store.data.characters[name] = { name, passwordHash: 'x', coins: 0, room: 'r', created: '', lastSeen: '' };
  }
  const ledger = new Ledger(store);
  ledger.transfer([
    { from: HOUSE, to: charAccount('ana'), amount: 1000, why: 'new character' },
    { from: HOUSE, to: charAccount('bob'), amount: 1000, why: 'new character' },
  ]);
  return { store, ledger };
}

describe('the ledger', () => {
  it('moves coins as one transaction and keeps the character records in step', async () => {
    const { store, ledger } = await freshLedger();
    const r = ledger.transfer([
      { from: charAccount('ana'), to: escrowAccount('t', 'ana'), amount: 300, why: 'wager' },
      { from: escrowAccount('t', 'ana'), to: charAccount('bob'), amount: 300, why: 'collected' },
    ]);
    expect(r.ok).toBe(true);
    expect(ledger.balance(charAccount('ana'))).toBe(700);
    expect(store.data.characters.bob.coins).toBe(1300);
    expect(ledger.balance(HOUSE)).toBe(-2000);
    expect(ledger.audit()).toEqual([]);
    await store.flush();
    const txs = new Set((await journal()).map((e) => e.tx));
    expect(txs.size).toBe(2);
  });

  it('refuses the whole transaction when any account but the house would go negative', async () => {
    const { store, ledger } = await freshLedger();
    await store.flush();
    const before = (await journal()).length;
    const r = ledger.transfer([
      { from: charAccount('bob'), to: charAccount('ana'), amount: 500, why: 'gift' },
      { from: charAccount('ana'), to: escrowAccount('t', 'ana'), amount: 2000, why: 'wager' },
    ]);
    expect(r).toMatchObject({ ok: false, account: charAccount('ana'), short: 500 });
    expect(ledger.balance(charAccount('bob'))).toBe(1000);
    expect(ledger.balance(charAccount('ana'))).toBe(1000);
    await store.flush();
    expect((await journal()).length).toBe(before);
  });

  it('rejects amounts that are not whole positive coins', async () => {
    const { ledger } = await freshLedger();
    for (const amount of [0, -5, 1.5, Number.NaN, Infinity]) {
      expect(() => ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount, why: 'bad' }])).toThrow(/bad amount/);
    }
  });

  it('rebuilds every balance from the journal after a restart, and the audit catches tampering', async () => {
    const { store, ledger } = await freshLedger();
    ledger.transfer([{ from: charAccount('ana'), to: escrowAccount('t', 'ana'), amount: 250, why: 'wager' }]);
    await store.flush();
    const again = new Ledger(await Store.open(dir));
    expect(again.balance(charAccount('ana'))).toBe(750);
    expect(again.accountsWithCoins('escrow:')).toEqual([[escrowAccount('t', 'ana'), 250]]);
    expect(again.audit()).toEqual([]);

    const path = join(dir, 'db.json');
    const db = JSON.parse(await readFile(path, 'utf8'));
    db.characters.bob.coins = 5000;
    await writeFile(path, JSON.stringify(db));
    const tampered = new Ledger(await Store.open(dir));
    expect(tampered.audit().join('\n')).toMatch(/bob holds 5000 coins but the ledger says 1000/);
  });

  const entry = (from: string, to: string, amount: unknown) => ({ tx: 9, at: '', from, to, amount, why: 'x' });
  it.each([
    ['a negative amount', (_db: any, j: any[]) => j.push(entry('char:bob', 'house', -5))],
    ['a fractional amount', (_db: any, j: any[]) => j.push(entry('house', 'char:bob', 0.5))],
    ['a huge amount', (_db: any, j: any[]) => j.push(entry('house', 'char:bob', 1e300))],
    ['an unknown account', (_db: any, j: any[]) => j.push(entry('nowhere', 'char:bob', 1))],
    ['a transaction number that is not one', (_db: any, j: any[]) => (j[0].tx = 'one')],
    ['a character without a password hash', (db: any) => delete db.characters.bob.passwordHash],
    ['a character filed under another name', (db: any) => (db.characters.bob.name = 'Robert')],
    ['characters kept as a list', (db: any) => (db.characters = [])],
    ['journal entries missing', (db: any) => (db.ledgerLength += 5)],
  ])('refuses to open a database with %s', async (_what, damage) => {
    const { store } = await freshLedger();
    await store.flush();
    const path = join(dir, 'db.json');
    const db = JSON.parse(await readFile(path, 'utf8'));
    const entries = await journal();
    db.ledgerLength = entries.length;
    damage(db, entries);
    db.ledgerLength = Math.max(db.ledgerLength, entries.length);
    await writeFile(path, JSON.stringify(db));
    await writeFile(join(dir, 'ledger.jsonl'), entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    await expect(Store.open(dir)).rejects.toThrow(/damaged|not a database|coin movements are missing/);
  });

  it('cuts off journal entries that db.json never vouched for (a crash between the two writes)', async () => {
    const { store, ledger } = await freshLedger();
    await store.flush();
    const torn = `${JSON.stringify(entry('house', 'char:ana', 77))}\n{"tx":10,"at":"","fr`;
    await writeFile(join(dir, 'ledger.jsonl'), torn, { flag: 'a' });
    const again = new Ledger(await Store.open(dir));
    expect(again.balance(charAccount('ana'))).toBe(ledger.balance(charAccount('ana')));
    expect(again.audit()).toEqual([]);
    expect(await journal()).toHaveLength(2);
  });

  it('finds no character called "constructor" or "__proto__"', async () => {
    const { store } = await freshLedger();
    await store.flush();
    const again = await Store.open(dir);
    expect(again.data.characters.constructor).toBeUndefined();
    expect(again.data.characters.__proto__).toBeUndefined();
    expect(again.data.characters.ana?.name).toBe('ana');
  });

  it('groups many changes into few writes, and every flush waits for its data', async () => {
    const { store, ledger } = await freshLedger();
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 50; i++) {
      ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: `gift ${i}` }]);
      flushes.push(store.flush());
    }
    await Promise.all(flushes);
    const onDisk = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(onDisk.characters.ana.coins).toBe(950);
    expect(onDisk.ledgerLength).toBe(52);
    expect(await journal()).toHaveLength(52);
  });
});
