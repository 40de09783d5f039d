import { describe, expect, it } from 'vitest';
import { FairTable, type SeedStore } from '../../src/tables/fair-table.js';
import { fairnessText } from '../../src/games/fair-text.js';
import type { SeedMaker } from '../../src/games/fair-source.js';
import { rollDice, rollDie, seededRandom, shuffle } from '../../src/games/random.js';
import { apply, emptyState, shapeProblem, type Entry } from '../../src/store/entries.js';
import { render } from '../../src/telnet/render.js';

/** Seeds 01 01 ... for game 1, 02 02 ... for game 2, ... */
const gameSeeds: SeedMaker = (_table, game) => Buffer.alloc(32, game);

/** A store that holds the journal's own rules (entries.ts): a `fair` entry it would not take throws. */
function journal() {
  const state = emptyState();
  const entries: Entry[] = [];
  const store: SeedStore = {
    fairness: (table) => state.tables.get(table),
    liveDraws: (table) => state.draws.get(table) ?? [],
    record(entry) {
      const problem = shapeProblem(entry) ?? apply(state, entry);
      if (problem) throw new Error(problem);
      entries.push(structuredClone(entry));
    },
  };
  return { store, entries, nonces: () => entries.map((e) => (e.kind === 'fair' ? e.fair.nonce : -1)) };
}

const open = (store: SeedStore) => FairTable.open(store, 'sand-table', { ordinary: seededRandom(1), seeds: gameSeeds, game: 'spice-run', now: () => Date.UTC(2026, 0, 1) });

describe("a table's seeds in the store", () => {
  it('commits the first seed in the store before anything is drawn, and journals every draw, never a choice that is not one', () => {
    const { store, entries, nonces } = journal();
    const { random, retired } = open(store);
    expect(retired).toBeNull();
    expect(entries).toEqual([{ kind: 'fair', fair: random.data }]);
    expect(random.data).toMatchObject({ game: 1, nonce: 0, clientSeed: 'sand-table:1', revealed: null });
    rollDice(random);
    random.int(5); // the HERO, say: the ordinary source, no nonce
    shuffle([1, 2, 3], random);
    rollDie(random);
    expect(nonces()).toEqual([0, 1, 2, 3]);
    expect(random.state).toEqual({ commitment: random.data.commitment, clientSeed: 'sand-table:1', nonce: 3 });
  });

  it('retires a seed found at the start, revealed with its draws, and commits the next game its own', () => {
    const { store, entries } = journal();
    const first = open(store).random;
    first.setClientSeed('lucky');
    rollDice(first);
    rollDice(first);
    const { commitment } = first.data;
    // The server stops (cleanly or not) and starts again on the same store.
    const { random, retired } = open(store);
    expect(retired).toEqual({ serverSeed: '01'.repeat(32), commitment, clientSeed: 'lucky', draws: 2 });
    expect(random.data).toMatchObject({ game: 2, nonce: 0, clientSeed: 'sand-table:2', revealed: retired });
    expect(random.data.serverSeed).toBe('02'.repeat(32));
    expect(entries.at(-1)).toEqual({ kind: 'fair', fair: random.data });
    // At the end of that game it retires again; the store took every step (nonces never back, no seed twice).
    expect(random.retire([])).toMatchObject({ serverSeed: '02'.repeat(32), draws: 0 });
    expect(store.fairness('sand-table')).toMatchObject({ game: 3, serverSeed: '03'.repeat(32) });
  });

  it('refuses a client seed once the game has drawn, and journals one that it takes', () => {
    const { store, entries } = journal();
    const { random } = open(store);
    expect(random.setClientSeed('two words')).toMatchObject({ ok: false });
    expect(entries).toHaveLength(1);
    expect(random.setClientSeed('Desert-Rose#7')).toEqual({ ok: true });
    expect(store.fairness('sand-table')!.clientSeed).toBe('Desert-Rose#7');
    rollDie(random);
    expect(random.setClientSeed('late')).toEqual({ ok: false, reason: expect.stringMatching(/already made its first draw/) });
  });
});

describe('naming the draw of a throw', () => {
  it('gives each throw told its nonce, in the order drawn; shuffles are not throws, and a throw never told is passed over', () => {
    const { random } = open(journal().store);
    const a = rollDice(random); // nonce 0, never told (as if its step had been refused)
    shuffle([1, 2, 3, 4], random); // nonce 1
    const b = rollDie(random); // nonce 2
    const c = rollDice(random); // nonce 3
    expect(random.nameThrow([b])).toEqual({ game: 1, nonce: 2 });
    expect(random.nameThrow(c)).toEqual({ game: 1, nonce: 3 });
    expect(random.nameThrow(a)).toBeNull();
    random.retire([]);
    const d = rollDice(random);
    expect(random.nameThrow(d)).toEqual({ game: 2, nonce: 0 });
  });

  it('names a throw of any number of dice: three thrown together are one draw, one nonce, one record', () => {
    const { store, entries } = journal();
    const { random } = open(store);
    const three = rollDice(random, 3);
    expect(three).toHaveLength(3);
    const again = rollDice(random, 3);
    expect(random.nameThrow(three)).toEqual({ game: 1, nonce: 0 });
    expect(random.nameThrow(again)).toEqual({ game: 1, nonce: 1 });
    // Each journaled with its nonce and all its faces, as the game's record will list them.
    const draws = entries.flatMap((e) => (e.kind === 'fair' && e.draw ? [e.draw] : []));
    expect(draws).toEqual([
      { nonce: 0, kind: 'dice', dice: three },
      { nonce: 1, kind: 'dice', dice: again },
    ]);
    expect(() => rollDice(random, 0)).toThrow(/not a number of dice/);
  });
});

describe('what fair <table> shows', () => {
  it('the lines scripts read, the commitment whole at 80 columns', () => {
    const { random } = open(journal().store);
    rollDice(random);
    const first = random.data;
    random.retire([]);
    const text = render(fairnessText(random.data, 'the sand table'), { colour: 0, screenReader: false, ascii: true, width: 80 });
    const lines = text.split('\n');
    expect(lines).toContain(`  commitment ${random.data.commitment}`);
    expect(lines).toContain('  client seed sand-table:2 nonce 0');
    expect(text).toContain('Game 1 is over: its client seed was sand-table:1 and it made one draw (nonce 0).');
    // 155 columns cannot fit in 80: wrapped there like every line, whole on a wider screen.
    expect(text.replace(/\n\s*/g, ' ')).toContain(`revealed ${first.serverSeed} for commitment ${first.commitment}`);
    const wide = render(fairnessText(random.data, 'the sand table'), { colour: 0, screenReader: false, ascii: true, width: 160 });
    expect(wide.split('\n')).toContain(`  revealed ${first.serverSeed} for commitment ${first.commitment}`);
  });
});
