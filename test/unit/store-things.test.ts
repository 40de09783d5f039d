import { describe, expect, it } from 'vitest';
import { apply, balanceProblems, charactersIn, emptyState, shapeProblem, type Entry, type State } from '../../src/store/entries.js';
import { cloneState, fromSnapshot, toSnapshot } from '../../src/store/checkpoint.js';
import { carriedBy, charAccount, floorOf, HOUSE, HOUSE_STOCK, Ledger, type Store } from '../../src/store/index.js';
import { FakeFiles } from '../support/fakeFiles.js';
import { FileStore } from '../../src/store/index.js';

/** Things in the store: moved like coins, never in two places, bought with the coins in one entry. */

function withAnaAndBex(): State {
  const s = emptyState();
  for (const name of ['Ana', 'Bex']) expect(apply(s, { kind: 'character', name, passwordHash: 'h', room: 'common-room', created: 't0', purse: 100 })).toBeNull();
  return s;
}

const buy = (n: number, coins: number): Entry => ({
  kind: 'coins',
  moves: [{ from: 'char:ana', to: 'house', amount: coins, why: 'bought ale' }],
  things: [{ thing: 'ale', n, from: 'house', to: 'char:ana', why: 'bought' }],
});

describe('things in the journal', () => {
  it('moves a purchase\'s coins and things together, or neither', () => {
    const s = withAnaAndBex();
    expect(apply(s, buy(3, 15))).toBeNull();
    expect(s.things.get('char:ana')).toEqual(new Map([['ale', 3]]));
    expect(s.things.get('house')).toEqual(new Map([['ale', -3]]));
    expect(s.balances.get('char:ana')).toBe(85);
    expect(s.balances.get('house')).toBe(15);
    // Too few coins: the things stay in the house's stock.
    const before = cloneState(s);
    expect(apply(s, buy(1, 500))).toBe('char:ana would hold -415 coins');
    expect(s).toEqual(before);
    expect(balanceProblems(s)).toEqual([]);
  });

  it('takes a thing from one place as it puts it in another, and refuses what a place does not hold', () => {
    const s = withAnaAndBex();
    apply(s, buy(2, 10));
    const handOver: Entry = { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'char:ana', to: 'char:bex', why: 'given' }, { thing: 'ale', n: 1, from: 'char:ana', to: 'room:common-room', why: 'dropped' }] };
    expect(charactersIn(handOver)).toEqual(['ana', 'bex', 'ana']);
    expect(apply(s, handOver)).toBeNull();
    expect(s.things.has('char:ana')).toBe(false); // an empty place is not kept
    expect(s.things.get('char:bex')).toEqual(new Map([['ale', 1]]));
    expect(s.things.get('room:common-room')).toEqual(new Map([['ale', 1]]));
    const before = cloneState(s);
    // The second move would take a jug Bex does not have: the first does not happen either.
    expect(apply(s, { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'room:common-room', to: 'char:ana', why: 'got' }, { thing: 'ale', n: 2, from: 'char:bex', to: 'house', why: 'drunk' }] })).toBe('char:bex would hold -1 ale');
    expect(s).toEqual(before);
    expect(apply(s, { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'house', to: 'char:cyd', why: 'given' }] })).toBe('char:cyd belongs to no character');
  });

  it.each([
    [{ kind: 'things', things: [] }, 'a move of things without moves'],
    [{ kind: 'things', things: [{ thing: 'ale', n: 0, from: 'house', to: 'char:ana', why: 'x' }] }, 'a move of 0 ale'],
    [{ kind: 'things', things: [{ thing: 'ale', n: 1.5, from: 'house', to: 'char:ana', why: 'x' }] }, 'a move of 1.5 ale'],
    [{ kind: 'things', things: [{ thing: 'ale', n: 1, from: 'house', to: 'house', why: 'x' }] }, 'a move of ale from house to itself'],
    [{ kind: 'things', things: [{ thing: 'ale', n: 1, from: 'house', to: 'char:Ana', why: 'x' }] }, '"char:Ana" names no character: a key is 1 to 32 lower-case letters'],
    [{ kind: 'things', things: [{ thing: 'ale', n: 1, from: 'pocket', to: 'char:ana', why: 'x' }] }, '"pocket" is not a place: one is char:<key>, room:<room> or house'],
    [{ kind: 'things', things: [{ thing: 'a le', n: 1, from: 'house', to: 'char:ana', why: 'x' }] }, 'a move names no thing'],
    [{ ...buy(1, 5), things: [{ thing: 'ale', n: 1, from: 'room:a b', to: 'char:ana', why: 'x' }] }, '"room:a b" names no room: a room\'s id is 1 to 64 letters, digits, _ or -'],
  ])('refuses a malformed move of things on disk: %j', (entry, problem) => {
    expect(shapeProblem(entry)).toBe(problem);
  });

  it('keeps the things in a checkpoint and finds things that do not add up there', () => {
    const s = withAnaAndBex();
    apply(s, buy(2, 10));
    apply(s, { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'char:ana', to: 'room:cellar', why: 'dropped' }] });
    const position = { seq: 4, segment: '000000000001.jsonl', offset: 0 };
    const back = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(s, position))));
    expect(typeof back === 'string' ? back : back.state.things).toEqual(s.things);
    const snapshot = JSON.parse(JSON.stringify(toSnapshot(s, position)));
    snapshot.things['room:cellar'].ale = 2; // a jug in two places
    expect(fromSnapshot(snapshot)).toBe('its books do not balance: the counts of ale sum to 1, not 0');
    snapshot.things['room:cellar'].ale = -1;
    expect(fromSnapshot(snapshot)).toBe('room:cellar holds -1 ale');
    delete snapshot.things;
    expect(fromSnapshot({ ...snapshot, balances: { mint: -200, 'char:ana': 100, 'char:bex': 100 } })).not.toBeTypeOf('string'); // a checkpoint from before things
  });
});

describe('the ledger moving things', () => {
  async function openLedger(): Promise<{ store: Store; ledger: Ledger }> {
    const store = await FileStore.open({ dataDir: '/data', files: new FakeFiles(null).ensureDir('/data'), checkpoints: 'inline', schedule: () => ({ cancel() {} }) });
    for (const name of ['Ana', 'Bex']) await store.createCharacter({ name, passwordHash: 'h', room: 'common-room', purse: 20 });
    return { store, ledger: new Ledger(store) };
  }

  it('sells: the coins to the house and the things from its stock, in one entry, telling who shows purses and things', async () => {
    const { store, ledger } = await openLedger();
    const told: string[] = [];
    ledger.onTransfer = (accounts) => told.push(`coins ${accounts.map((a) => a.kind).join(',')}`);
    ledger.onThings = (places) => told.push(`things ${places.map((p) => p.kind).join(',')}`);
    expect(ledger.moveThings([{ thing: 'ale', n: 3, from: HOUSE_STOCK, to: carriedBy('ana'), why: 'bought' }], [{ from: charAccount('ana'), to: HOUSE, amount: 15, why: 'paid' }])).toEqual({ ok: true });
    expect(ledger.count(carriedBy('ana'), 'ale')).toBe(3);
    expect(ledger.balance(charAccount('ana'))).toBe(5);
    expect(told).toEqual(['coins character,house', 'things house,character']);
    expect(ledger.moveThings([{ thing: 'ale', n: 1, from: HOUSE_STOCK, to: carriedBy('ana'), why: 'bought' }], [{ from: charAccount('ana'), to: HOUSE, amount: 6, why: 'paid' }])).toMatchObject({ ok: false, owner: 'Ana', has: 5, needs: 6 });
    expect(ledger.moveThings([{ thing: 'ale', n: 4, from: carriedBy('ana'), to: floorOf('common-room'), why: 'dropped' }])).toEqual({ ok: false, place: carriedBy('ana'), thing: 'ale', has: 3, needs: 4 });
    expect(ledger.count(carriedBy('ana'), 'ale')).toBe(3);
    await store.flush();
    const audit = await ledger.audit();
    expect(audit).toMatchObject({ problems: [], thingsCarried: 3, thingsOnFloors: 0, fromHouse: -15 });
    await store.close();
  });
});
