import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apply, emptyState, shapeProblem, type Entry, type State } from '../../src/store/entries.js';
import { FileStore, Ledger, accountText, charAccount, escrowAccount, HOUSE, RESULTS_KEPT, type TableResult } from '../../src/store/index.js';

/** Table results: written with the coins that settle a bet, kept per character, read by `history`. */

const result = (r: Partial<TableResult> & Pick<TableResult, 'key' | 'stake' | 'paid' | 'outcome'>): TableResult => ({
  table: 'bones-table',
  game: 'lich-bones',
  bet: 'HERO bet',
  ...r,
});

/** Ana's HERO bet of 100 wins 100 from the house; Bob's LICH bet of 50 is lost to it. */
const settlement: Entry = {
  kind: 'coins',
  moves: [
    { from: 'escrow:bones-table:ana', to: 'char:ana', amount: 100, why: 'stake back' },
    { from: 'house', to: 'char:ana', amount: 100, why: 'won' },
    { from: 'escrow:bones-table:bob', to: 'house', amount: 50, why: 'lost' },
  ],
  results: [result({ key: 'ana', stake: 100, paid: 200, outcome: 'won' }), result({ key: 'bob', bet: 'LICH bet', stake: 50, paid: 0, outcome: 'lost' })],
};

function withBets(): State {
  const s = emptyState();
  for (const name of ['Ana', 'Bob']) apply(s, { kind: 'character', name, passwordHash: 'h', room: 'r', created: 't', purse: 1000 });
  apply(s, { kind: 'coins', moves: [{ from: 'char:ana', to: 'escrow:bones-table:ana', amount: 100, why: 'bet' }, { from: 'char:bob', to: 'escrow:bones-table:bob', amount: 50, why: 'bet' }] });
  return s;
}

describe('table results in the journal', () => {
  it('are kept per character when the coins that settle them apply', () => {
    const s = withBets();
    expect(shapeProblem(settlement)).toBeNull();
    expect(apply(s, settlement)).toBeNull();
    expect(s.results.get('ana')).toEqual([result({ key: 'ana', stake: 100, paid: 200, outcome: 'won' })]);
    expect(s.results.get('bob')![0].outcome).toBe('lost');
  });

  it('must account for the moves exactly: a result that pays more, stakes less, or leaves someone out is refused', () => {
    const withResults = (results: TableResult[]): Entry => ({ ...settlement, results } as Entry);
    const [ana, bob] = (settlement as { results: TableResult[] }).results;
    expect(shapeProblem(withResults([{ ...ana, paid: 250 }, bob]))).toBe('the results of ana pay 50 coins more than reached their purse');
    expect(shapeProblem(withResults([{ ...ana, stake: 90, paid: 200 }, bob]))).toBe('the results of ana stake 10 coins fewer than left their escrow');
    expect(shapeProblem(withResults([ana]))).toBe('the results of bob stake 50 coins fewer than left their escrow');
    expect(shapeProblem(withResults([]))).toMatch(/not a list of results/);
  });

  it('must say what the numbers say', () => {
    expect(shapeProblem({ ...settlement, results: [result({ key: 'ana', stake: 100, paid: 200, outcome: 'lost' }), (settlement as { results: TableResult[] }).results[1]] } as Entry)).toBe(
      'a result of ana says lost for 100 staked and 200 paid',
    );
    const back: Entry = { kind: 'coins', moves: [{ from: 'escrow:t:ana', to: 'char:ana', amount: 5, why: 'back' }], results: [result({ key: 'ana', stake: 5, paid: 5, outcome: 'returned' })] };
    expect(shapeProblem(back)).toBeNull();
    const gift: Entry = { kind: 'coins', moves: [{ from: 'house', to: 'char:ana', amount: 5, why: 'hand-out' }], results: [result({ key: 'ana', bet: 'hand-out', stake: 0, paid: 5, outcome: 'handout' })] };
    expect(shapeProblem(gift)).toBeNull();
    expect(shapeProblem({ ...gift, results: [result({ key: 'ana', stake: 0, paid: 5, outcome: 'returned' })] } as Entry)).toMatch(/says returned/);
  });

  it(`keeps each character's last ${RESULTS_KEPT}`, () => {
    const s = withBets();
    for (let i = 0; i < RESULTS_KEPT + 5; i++) {
      const bet = `square ${i}`;
      apply(s, { kind: 'coins', moves: [{ from: 'house', to: 'char:ana', amount: 1 + i, why: 'x' }], results: [result({ key: 'ana', bet, stake: 0, paid: 1 + i, outcome: 'handout' })] });
    }
    const kept = s.results.get('ana')!;
    expect(kept).toHaveLength(RESULTS_KEPT);
    expect(kept[0].bet).toBe('square 5');
    expect(kept.at(-1)!.bet).toBe(`square ${RESULTS_KEPT + 4}`);
  });
});

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('history from the file store', () => {
  it('gives the newest first, and the same after a restart from the checkpoint or from the journal alone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-results-'));
    const open = () => FileStore.open({ dataDir: dir, checkpoints: 'inline' });
    let store = await open();
    const ledger = new Ledger(store);
    await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
    for (const [stake, bet] of [[10, 'square 3'], [20, 'square 4'], [30, 'square 5']] as const) {
      ledger.transfer([{ from: charAccount('ana'), to: escrowAccount('sand-table', 'ana'), amount: stake, why: 'wager' }]);
      ledger.transfer([{ from: escrowAccount('sand-table', 'ana'), to: HOUSE, amount: stake, why: 'lost' }], [
        { key: 'ana', table: 'sand-table', game: 'spice-run', bet, stake, paid: 0, outcome: 'lost' },
      ]);
    }
    const expected = ['square 5', 'square 4', 'square 3'];
    expect((await store.history('ana', 20)).map((r) => r.bet)).toEqual(expected);
    expect((await store.history('ana', 2)).map((r) => r.bet)).toEqual(expected.slice(0, 2));
    expect(await store.history('bob', 20)).toEqual([]);
    await store.close();

    store = await open();
    expect((await store.history('ana', 20)).map((r) => r.bet)).toEqual(expected);
    await store.close();
    await unlink(join(dir, 'db.json')); // the journal alone says the same
    store = await open();
    expect((await store.history('ana', 20)).map((r) => `${r.bet} ${r.outcome} ${r.stake}`)).toEqual(['square 5 lost 30', 'square 4 lost 20', 'square 3 lost 10']);
    await store.close();
  });

  it('opens a checkpoint written before results were kept: nobody has any yet', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-results-'));
    let store = await FileStore.open({ dataDir: dir, checkpoints: 'inline' });
    await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
    await store.close();
    const path = join(dir, 'db.json');
    const old = JSON.parse(await readFile(path, 'utf8'));
    delete old.results;
    await writeFile(path, JSON.stringify(old));
    store = await FileStore.open({ dataDir: dir, checkpoints: 'inline' });
    expect(await store.history('ana', 20)).toEqual([]);
    expect(store.balance(accountText(charAccount('ana')))).toBe(1000);
    await store.close();
  });
});
