import { afterEach, describe, expect, it } from 'vitest';
import { Ledger, accountText, carriedBy, charAccount, escrowAccount, floorOf, HOUSE, HOUSE_STOCK, MINT, placeText, type Store, type TableResult } from '../../src/store/index.js';
import { bring, engines, type TestWorld } from '../support/engines.js';

/**
 * What every engine promises (src/store/store.ts), tested on each: the file engine, and
 * PostgreSQL. What only one engine does is tested beside it (store-recovery, store-faults;
 * store-pg, store-pg-faults).
 */

const SEED_A = 'a'.repeat(64);
const COMMIT = 'c'.repeat(64);

describe.each(engines)('the store contract ($name engine)', (engine) => {
  let world: TestWorld;
  afterEach(async () => {
    await world?.destroy();
  });

  /** Ana and Bob, a gift and a wager, flushed. */
  async function withAnaAndBob(): Promise<{ store: Store; ledger: Ledger }> {
    world = await engine.world();
    const store = await world.open();
    const ledger = new Ledger(store);
    await store.createCharacter({ name: 'Ana', passwordHash: 'h1', room: 'common-room', purse: 1000 });
    await store.createCharacter({ name: 'Bob', passwordHash: 'h2', room: 'common-room', purse: 1000 });
    ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 100, why: 'gift' }]);
    ledger.transfer([{ from: charAccount('bob'), to: escrowAccount('sand-table', 'bob'), amount: 50, why: 'wager' }]);
    await store.flush();
    return { store, ledger };
  }

  it.skipIf(!!engine.skip)('keeps one transaction as one journal entry, and refuses the whole of one that would overdraw', async () => {
    const { store, ledger } = await withAnaAndBob();
    const before = (await world.journal()).length;
    const r = ledger.transfer([
      { from: charAccount('bob'), to: charAccount('ana'), amount: 500, why: 'gift' },
      { from: charAccount('ana'), to: escrowAccount('t', 'ana'), amount: 2000, why: 'wager' },
    ]);
    // The ledger names whose account is short, as the character spells their name, what it holds and what it needs.
    expect(r).toEqual({ ok: false, account: charAccount('ana'), owner: 'Ana', has: 900, needs: 1500, reason: 'Ana has only 900 coins in their purse; that needs 1500' });
    expect(ledger.transfer([{ from: escrowAccount('sand-table', 'bob'), to: HOUSE, amount: 80, why: 'lost' }])).toMatchObject({ ok: false, account: escrowAccount('sand-table', 'bob'), has: 50, needs: 80, reason: 'Bob has only 50 coins on sand-table; that needs 80' });
    expect(ledger.balance(charAccount('bob'))).toBe(1050);
    ledger.transfer([
      { from: charAccount('ana'), to: escrowAccount('t', 'ana'), amount: 300, why: 'wager' },
      { from: escrowAccount('t', 'ana'), to: charAccount('bob'), amount: 300, why: 'collected' },
    ]);
    await store.flush();
    const written = (await world.journal()).slice(before);
    expect(written).toEqual([
      {
        kind: 'coins',
        moves: [
          { from: 'char:ana', to: 'escrow:t:ana', amount: 300, why: 'wager' },
          { from: 'escrow:t:ana', to: 'char:bob', amount: 300, why: 'collected' },
        ],
      },
    ]);
    expect(() => ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount: 1.5, why: 'bad' }])).toThrow(/bad amount/);
  });

  it.skipIf(!!engine.skip)('audits where the coins came from: the mint, the house, purses and escrow; the balances are the journal summed', async () => {
    const { store, ledger } = await withAnaAndBob();
    ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount: 20_000, why: 'hand-out' }]);
    expect(await ledger.audit()).toEqual({ minted: 2000, fromHouse: 20_000, inPurses: 21_950, inEscrow: 50, thingsCarried: 0, thingsOnFloors: 0, problems: [] });
    const sums = new Map<string, number>();
    for (const e of await world.journal()) {
      const moves = e.kind === 'coins' ? (e.moves as { from: string; to: string; amount: number }[]) : e.kind === 'character' ? [{ from: accountText(MINT), to: accountText(charAccount(String(e.name).toLowerCase())), amount: e.purse as number }] : [];
      for (const m of moves) {
        sums.set(m.from, (sums.get(m.from) ?? 0) - m.amount);
        sums.set(m.to, (sums.get(m.to) ?? 0) + m.amount);
      }
    }
    expect(new Map([...(await store.allBalances())].sort())).toEqual(new Map([...sums].filter(([, n]) => n !== 0).sort()));
    expect(await store.ledgerProblems()).toEqual([]);
  });

  it.skipIf(!!engine.skip)('keeps every flushed change for the next start: characters, coins, preferences, bans, hand-outs, seeds', async () => {
    const { store, ledger } = await withAnaAndBob();
    store.record({ kind: 'room', key: 'ana', room: 'bones-room' });
    store.record({ kind: 'prefs', key: 'ana', prefs: { colour: false, description: 'tall' } });
    store.record({ kind: 'prefs', key: 'ana', prefs: { colour: null, screenReader: true } });
    store.record({ kind: 'password', key: 'bob', passwordHash: 'h3' });
    store.record({ kind: 'seen', key: 'bob', at: '2030-01-01T00:00:00.000Z' });
    store.record({ kind: 'ban', key: 'bob', by: 'Root', reason: 'cheating', at: 't' });
    store.record({ kind: 'handout', key: 'ana', handout: 'start', at: 100 });
    const fair = { table: 'sand-table', game: 1, serverSeed: SEED_A, commitment: COMMIT, clientSeed: 'sand-table:1', nonce: 3, revealed: null };
    store.record({ kind: 'fair', fair });
    ledger.transfer([{ from: HOUSE, to: charAccount('bob'), amount: 5, why: 'win' }]);
    await store.close();

    const again = await world.open();
    expect(await again.nameTaken('ana')).toBe(true);
    expect(await again.nameTaken('cyd')).toBe(false);
    expect(again.ban('bob')).toEqual({ by: 'Root', reason: 'cheating', at: 't' });
    expect(again.fairness('sand-table')).toEqual(fair);
    expect(await bring(again, 'ana')).toBe(true);
    expect(await bring(again, 'bob')).toBe(true);
    expect(again.character('ana')).toMatchObject({ name: 'Ana', passwordHash: 'h1', room: 'bones-room', prefs: { description: 'tall', screenReader: true } });
    expect(again.character('ana')!.prefs).not.toHaveProperty('colour');
    expect(again.character('bob')).toMatchObject({ passwordHash: 'h3', lastSeen: '2030-01-01T00:00:00.000Z' });
    expect(again.handouts('ana')).toEqual({ start: 100 });
    expect(again.balance(accountText(charAccount('ana')))).toBe(900);
    expect(again.balance(accountText(charAccount('bob')))).toBe(1055);
    expect(again.balance(accountText(escrowAccount('sand-table', 'bob')))).toBe(50);
    expect(again.balance(accountText(HOUSE))).toBe(-5);
    expect(again.balance(accountText(MINT))).toBe(-2000);
  });

  it.skipIf(!!engine.skip)('keeps things where they were put, a purchase with its coins in one entry, for the next start; the audit counts them', async () => {
    const { store, ledger } = await withAnaAndBob();
    const before = (await world.journal()).length;
    const ana = carriedBy('ana');
    expect(ledger.moveThings([{ thing: 'ale', n: 3, from: HOUSE_STOCK, to: ana, why: 'bought from Mira' }], [{ from: charAccount('ana'), to: HOUSE, amount: 15, why: 'ale from the bar' }])).toEqual({ ok: true });
    expect(ledger.moveThings([{ thing: 'ale', n: 1, from: ana, to: carriedBy('bob'), why: 'given' }])).toEqual({ ok: true });
    expect(ledger.moveThings([{ thing: 'ale', n: 1, from: ana, to: floorOf('common-room'), why: 'dropped' }])).toEqual({ ok: true });
    // A jug Ana no longer has is refused, and so is the whole move it is part of.
    expect(ledger.moveThings([{ thing: 'ale', n: 1, from: ana, to: HOUSE_STOCK, why: 'drunk' }, { thing: 'ale', n: 1, from: ana, to: HOUSE_STOCK, why: 'drunk' }])).toMatchObject({ ok: false, thing: 'ale', has: 1, needs: 2 });
    await store.flush();
    expect((await world.journal()).slice(before)).toEqual([
      { kind: 'coins', moves: [{ from: 'char:ana', to: 'house', amount: 15, why: 'ale from the bar' }], things: [{ thing: 'ale', n: 3, from: 'house', to: 'char:ana', why: 'bought from Mira' }] },
      { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'char:ana', to: 'char:bob', why: 'given' }] },
      { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'char:ana', to: 'room:common-room', why: 'dropped' }] },
    ]);
    expect(await ledger.audit()).toMatchObject({ fromHouse: -15, thingsCarried: 2, thingsOnFloors: 1, problems: [] });
    await store.close();
    const again = await world.open();
    expect(await bring(again, 'ana')).toBe(true);
    expect(await bring(again, 'bob')).toBe(true);
    expect([...again.things(placeText(ana))]).toEqual([['ale', 1]]);
    expect([...again.things('char:bob')]).toEqual([['ale', 1]]);
    expect([...again.things('room:common-room')]).toEqual([['ale', 1]]);
    expect([...again.things('house')]).toEqual([['ale', -3]]);
    expect(again.balance(accountText(charAccount('ana')))).toBe(885);
    expect(await again.ledgerProblems()).toEqual([]);
  });

  it.skipIf(!!engine.skip)('keeps table results with the coins that settle them: history reads the newest first, the same at the next start', async () => {
    const { store, ledger } = await withAnaAndBob();
    const result = (key: string, bet: string, stake: number, paid: number, outcome: TableResult['outcome']): TableResult => ({ key, table: 'sand-table', game: 'spice-run', bet, stake, paid, outcome });
    // Ana takes square 5, where Bob's 50 lay.
    ledger.transfer([{ from: escrowAccount('sand-table', 'bob'), to: charAccount('ana'), amount: 50, why: 'taken' }], [result('ana', 'square 5', 0, 50, 'won'), result('bob', 'square 5', 50, 0, 'lost')]);
    ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount: 20, why: 'hand-out' }], [result('ana', 'hand-out', 0, 20, 'handout')]);
    // Results that do not account for their moves are refused with them: nothing moves.
    expect(() => ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount: 5, why: 'x' }], [result('ana', 'hand-out', 0, 6, 'handout')])).toThrow(/the results of ana pay 1 coins more than reached their purse/);
    expect(store.balance(accountText(charAccount('ana')))).toBe(970);
    expect(await store.history('ana', 20)).toEqual([result('ana', 'hand-out', 0, 20, 'handout'), result('ana', 'square 5', 0, 50, 'won')]);
    expect(await store.history('ana', 1)).toEqual([result('ana', 'hand-out', 0, 20, 'handout')]);
    expect(await store.history('bob', 20)).toEqual([result('bob', 'square 5', 50, 0, 'lost')]);
    expect(await store.history('cyd', 20)).toEqual([]);
    await store.close();
    const again = await world.open();
    expect((await again.history('ana', 20)).map((r) => r.bet)).toEqual(['hand-out', 'square 5']);
    expect((await world.journal()).filter((e) => e.results)).toHaveLength(2);
  });

  it.skipIf(!!engine.skip)('refuses a change that does not fit, whole, and changes nothing', async () => {
    const { store } = await withAnaAndBob();
    const before = store.accounts();
    const [house, ana, bob, zed] = [HOUSE, charAccount('ana'), charAccount('bob'), charAccount('zed')].map(accountText);
    const overdraw = { kind: 'coins', moves: [{ from: house, to: ana, amount: 5, why: 'win' }, { from: ana, to: bob, amount: 5000, why: 'gift' }] } as const;
    expect(() => store.record({ ...overdraw, moves: [...overdraw.moves] })).toThrow(/char:ana would hold -4095 coins/);
    expect(() => store.record({ kind: 'room', key: 'zed', room: 'r' })).toThrow(/zed/);
    expect(() => store.record({ kind: 'coins', moves: [{ from: house, to: zed, amount: 5, why: 'win' }] })).toThrow(/char:zed/);
    expect(() => store.record({ kind: 'coins', moves: [] })).toThrow(/without moves/);
    expect(store.accounts()).toEqual(before);
    expect(store.hasUnwrittenChanges).toBe(false);
  });

  it.skipIf(!!engine.skip)('makes each name once: a second creation resolves to null', async () => {
    const { store } = await withAnaAndBob();
    expect(await store.createCharacter({ name: 'ANA', passwordHash: 'x', room: 'r', purse: 1000 })).toBeNull();
    const cyd = await store.createCharacter({ name: 'Cyd', passwordHash: 'h', room: 'r', purse: 1000 });
    expect(cyd).toMatchObject({ name: 'Cyd', passwordHash: 'h', room: 'r', prefs: {} });
    expect(store.character('cyd')).toBe(cyd);
    expect(await store.nameTaken('cyd')).toBe(true);
    expect(store.balance(accountText(charAccount('cyd')))).toBe(1000);
    await store.flush();
    expect((await world.journal()).filter((e) => e.kind === 'character').map((e) => e.name)).toEqual(['Ana', 'Bob', 'Cyd']);
  });

  it.skipIf(!!engine.skip)('takes no change after closing, and a flush with nothing to write resolves at once', async () => {
    const { store } = await withAnaAndBob();
    await store.flush();
    await store.close();
    expect(() => store.record({ kind: 'room', key: 'ana', room: 'r' })).toThrow(/closed/);
  });
});
