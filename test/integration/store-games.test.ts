import { afterEach, describe, expect, it } from 'vitest';
import { FairTable } from '../../src/tables/fair-table.js';
import { derivedSeeds } from '../../src/games/fair-source.js';
import { rollDice, rollDie, seededRandom, shuffle } from '../../src/games/random.js';
import { cardName, numberCards } from '../../src/games/dragons-lair/cards.js';
import { Ledger, charAccount, HOUSE, type Store } from '../../src/store/index.js';
import { engines, type TestWorld } from '../support/engines.js';

/**
 * Game records, the wins and the richest, on every engine: what a table's draws and results
 * leave in the store, read back after a restart, and the game a stop cut off recorded at the
 * next start with the draws it made.
 */

const NOW = Date.UTC(2026, 5, 1, 12);
const options = { ordinary: seededRandom(1), seeds: derivedSeeds(7), game: 'dragons-lair', now: () => NOW };

describe.each(engines)('game records and the public lists ($name engine)', (engine) => {
  let world: TestWorld;
  afterEach(async () => {
    await world?.destroy();
  });

  async function open(): Promise<Store> {
    return world.open({ now: () => NOW });
  }

  it.skipIf(!!engine.skip)('records a finished game with every draw and result, keeps the wins and the richest, and records a cut-off game at the next start', async () => {
    world = await engine.world();
    const store = await open();
    const ledger = new Ledger(store);
    for (const name of ['Ana', 'Bob', 'Cyr']) await store.createCharacter({ name, passwordHash: 'h', room: 'common-room', purse: 1000 });
    ledger.transfer([{ from: HOUSE, to: charAccount('bob'), amount: 4000, why: 'win' }]);
    store.record({ kind: 'prefs', key: 'cyr', prefs: { public: false } });
    ledger.transfer([{ from: HOUSE, to: charAccount('cyr'), amount: 9000, why: 'win' }]);

    const table = FairTable.open(store, 'lair-table', options).random;
    const pile = shuffle(numberCards(), table, cardName);
    const dice = rollDice(table);
    const die = rollDie(table);
    table.retire([
      { key: 'bob', name: 'Bob', bet: 'ante', stake: 50, paid: 350, outcome: 'won' },
      { key: 'cyr', name: 'Cyr', bet: 'ante', stake: 50, paid: 950, outcome: 'won' },
      { key: 'ana', name: 'Ana', bet: 'ante', stake: 50, paid: 0, outcome: 'lost' },
    ]);
    const cut = rollDice(table); // game 2's first throw; then the server stops
    await store.flush();

    const expectLists = (s: Store) => {
      const [game1] = s.games('lair-table');
      expect(game1).toMatchObject({ table: 'lair-table', game: 'dragons-lair', number: 1, cutOff: false, at: new Date(NOW).toISOString() });
      expect(game1.draws).toEqual([
        { nonce: 0, kind: 'shuffle', cards: numberCards().map((c) => `${c.rank === 1 ? 'a' : c.rank}${c.suit[0]}`), order: pile.map((c) => `${c.rank === 1 ? 'a' : c.rank}${c.suit[0]}`) },
        { nonce: 1, kind: 'dice', dice },
        { nonce: 2, kind: 'die', die },
      ]);
      expect(game1.results.map((r) => r.name)).toEqual(['Bob', 'Cyr', 'Ana']);
      // Cyr is private: on no list, though the biggest win and the richest purse are theirs.
      expect(s.wins(10, NOW)).toEqual([{ key: 'bob', name: 'Bob', table: 'lair-table', game: 'dragons-lair', number: 1, bet: 'ante', amount: 300, at: game1.at }]);
      expect(s.wins(10, NOW + 8 * 24 * 3600 * 1000)).toEqual([]);
      expect(s.richest(10).map((r) => [r.name, r.coins])).toEqual([['Bob', 5000], ['Ana', 1000]]);
      expect(s.isPublic('cyr')).toBe(false);
      expect(s.isPublic('bob')).toBe(true);
    };
    expectLists(store);
    expect(store.liveDraws('lair-table')).toEqual([{ nonce: 0, kind: 'dice', dice: cut }]);
    await store.close();

    const again = await open();
    for (const key of ['ana', 'bob', 'cyr']) {
      await again.fetchCharacter(key);
      await again.claim(key);
    }
    expectLists(again);
    const { retired } = FairTable.open(again, 'lair-table', options);
    expect(retired).toMatchObject({ draws: 1 });
    const game2 = again.games('lair-table').at(-1)!;
    expect(game2).toMatchObject({ number: 2, cutOff: true, draws: [{ nonce: 0, kind: 'dice', dice: cut }], results: [] });
    expect(again.liveDraws('lair-table')).toEqual([]);
    // The next start has no draws to record: the new seed made none.
    await again.flush();
    await again.close();
    const third = await open();
    FairTable.open(third, 'lair-table', options);
    expect(third.games('lair-table').map((g) => g.number)).toEqual([1, 2]);
  });
});
