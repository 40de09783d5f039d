import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameArchive } from '../../plugins/ranvier/src/archive.js';
import { Journal } from '../../plugins/ranvier/src/journal.js';
import { strangeJournals } from '../../plugins/ranvier/src/markers.js';
import { Purses } from '../../plugins/ranvier/src/purses.js';
import type { RanvierPlayer, RanvierState } from '../../plugins/ranvier/src/ranvier.js';

/**
 * The Ranvier bundle's purses and books beyond the coins: a marker per journal and per currency,
 * never a purse below nothing, the check of the players' markers at a start, what came of each
 * bet (history, the untold, the wins, the game under way), and the games' records on disk.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'ranvier-purses-'));
  dirs.push(d);
  return d;
}

function worldOf(...players: RanvierPlayer[]): RanvierState {
  const map = new Map(players.map((p) => [p.name.toLowerCase(), p]));
  return { Config: { get: () => undefined }, PlayerManager: { getPlayer: (n: string) => map.get(n.toLowerCase()), players: map } };
}

const player = (name: string, currencies: Record<string, number>, marker?: object): RanvierPlayer => ({
  name,
  room: null,
  socket: null,
  metadata: { currencies, ...(marker ? { obsidianTables: marker } : {}) },
});

const bet = (name: string, amount: number) => ({ from: { kind: 'player', name } as const, to: { kind: 'escrow', name } as const, amount, why: 'a bet' });
const lose = (name: string, amount: number) => ({ from: { kind: 'escrow', name } as const, to: { kind: 'house' } as const, amount, why: 'lost' });

describe("a purse's marker", () => {
  it("names its journal and keeps a count per currency: another currency's books, or a journal that is gone, take nothing", () => {
    const dir = folder();
    const { journal, books } = Journal.open(dir, 'gold');
    // Bex's purse was kept with a journal that is not this one (a data folder lost): 677 of its gold came from it.
    const bex = player('Bex', { gold: 677, dragon_scales: 0 }, { journal: '00000000000000aa', applied: { gold: 677 } });
    const scales = new Purses(worldOf(bex), 'dragon_scales', journal, books);
    expect(scales.reconcile(bex)).toBe(0);
    expect(bex.metadata.currencies).toEqual({ gold: 677, dragon_scales: 0 });
    expect(bex.metadata.obsidianTables).toEqual({ journal: books.id, applied: { dragon_scales: 0 } });
    // Gold and dragon scales are kept apart in the books too.
    const gold = new Purses(worldOf(bex), 'gold', journal, books);
    expect(gold.transfer('sand', [bet('Bex', 100)])).toEqual({ ok: true });
    expect([books.net('gold', 'bex'), books.net('dragon_scales', 'bex')]).toEqual([-100, 0]);
    expect(bex.metadata.currencies).toEqual({ gold: 577, dragon_scales: 0 });
    expect(bex.metadata.obsidianTables).toEqual({ journal: books.id, applied: { dragon_scales: 0, gold: -100 } });
    journal.close();
  });

  it('never takes a purse below nothing, and says so in the log', () => {
    const dir = folder();
    const { journal, books } = Journal.open(dir, 'gold');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The save says 100 came from the tables, but the purse holds 30: spent elsewhere, or edited.
    const cyr = player('Cyr', { gold: 30 }, { journal: books.id, applied: { gold: 100 } });
    const purses = new Purses(worldOf(cyr), 'gold', journal, books);
    expect(purses.reconcile(cyr)).toBe(-30);
    expect(purses.coins(cyr)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Cyr's purse holds 30 gold, short of the 100 the tables' books take; it is left at 0/));
    journal.close();
  });

  it("takes an older bundle's journal (no id, one currency) and its players' markers (a number) as this world's currency", () => {
    const dir = folder();
    const old = { k: 'books', books: { nets: { bob: 7 }, escrows: { sand: { ana: 20 } }, house: 7, fair: {}, handouts: {} } };
    writeFileSync(join(dir, 'journal.jsonl'), `${JSON.stringify(old)}\n`);
    const { journal, books } = Journal.open(dir, 'gold');
    expect(books.id).toMatch(/^[0-9a-f]{16}$/);
    expect(books.legacy).toBe('gold');
    expect([books.net('gold', 'bob'), books.escrow('gold', 'sand', 'ana'), books.house('gold')]).toEqual([7, 20, 7]);
    const bob = player('Bob', { gold: 957 }, { applied: -43 });
    expect(new Purses(worldOf(bob), 'gold', journal, books).reconcile(bob)).toBe(50);
    journal.close();
  });
});

describe("the start's check of the players' markers", () => {
  it('names, in one line per missing journal, whose purses hold what it gave and took, and how to go on; declared lost, or holding nothing, is no reason', () => {
    const dir = folder();
    const { journal, books } = Journal.open(dir, 'gold');
    journal.close();
    const players = {
      Ana: { name: 'Ana', metadata: { obsidianTables: { journal: books.id, applied: { gold: 50 } } } },
      Bex: { name: 'Bex', metadata: { obsidianTables: { journal: '5f3a91c2d0e4b7a1', applied: { gold: 493 } } } },
      Cyr: { name: 'Cyr', metadata: { obsidianTables: { journal: '5f3a91c2d0e4b7a1', applied: { gold: -38 } } } },
      Dee: { name: 'Dee', metadata: { obsidianTables: { journal: '5f3a91c2d0e4b7a1', applied: { gold: 0 } } } },
      Eve: { name: 'Eve', metadata: {} },
    };
    const lines = strangeJournals(players, books, [], dir, true);
    expect(lines).toEqual([
      `obsidian-tables: the world does not start: the purses of Bex, Cyr hold what the tables' journal 5f3a91c2d0e4b7a1 gave and took, and that journal is not in ${dir} (there was none there, so none was made). ` +
        'Put the folder that holds it back (or point obsidianTables.data at it); if it is lost for good, add "5f3a91c2d0e4b7a1" to obsidianTables.lostJournals in ranvier.json, and each of those purses keeps what it holds.',
    ]);
    expect(strangeJournals(players, books, ['5f3a91c2d0e4b7a1'], dir, true)).toEqual([]);
  });
});

describe('what came of the bets, in the books', () => {
  it('keeps each result in the history, the untold of those who were away, the wins and the game under way, across a rewrite of the journal', () => {
    const dir = folder();
    let opened = Journal.open(dir, 'gold');
    const ana = player('Ana', { gold: 1000 });
    const bob = player('Bob', { gold: 1000 });
    const purses = new Purses(worldOf(ana, bob), 'gold', opened.journal, opened.books, () => 5000);
    const settled = (results: { player: string; bet: string; stake: number; paid: number; outcome: 'won' | 'lost' }[]) => ({ results, game: 'lich-bones', number: 3, present: (n: string) => n === 'Ana' });
    purses.transfer('bones', [bet('Ana', 10), bet('Bob', 20)]);
    const win = { from: { kind: 'house' } as const, to: { kind: 'player', name: 'Ana' } as const, amount: 20, why: 'won' };
    const back = { from: { kind: 'escrow', name: 'Ana' } as const, to: { kind: 'player', name: 'Ana' } as const, amount: 10, why: 'stake back' };
    purses.transfer('bones', [win, back, lose('Bob', 20)], undefined, settled([
      { player: 'Ana', bet: 'HERO bet', stake: 10, paid: 30, outcome: 'won' },
      { player: 'Bob', bet: 'LICH bet', stake: 20, paid: 0, outcome: 'lost' },
    ]));
    opened.journal.close();
    opened = Journal.open(dir, 'gold');
    const { books } = opened;
    expect(books.history('ana').map((r) => [r.bet, r.outcome, r.number, r.at])).toEqual([['HERO bet', 'won', 3, 5000]]);
    // Bob was not at the table: his lost bet waits to be told. Ana heard hers.
    expect(books.untold('bob').map((r) => [r.bet, r.stake, r.outcome])).toEqual([['LICH bet', 20, 'lost']]);
    expect(books.untold('ana')).toEqual([]);
    expect(books.wins(5000).map((w) => w.name)).toEqual(['Ana']);
    expect(books.liveGame('bones')?.results.map((r) => r.name)).toEqual(['Ana', 'Bob']);
    opened.journal.append({ k: 'told', name: 'bob' }, books);
    opened.journal.append({ k: 'game', table: 'bones', number: 3 }, books);
    expect([books.untold('bob'), books.liveGame('bones')]).toEqual([[], undefined]);
    expect(books.history('bob')).toHaveLength(1);
    opened.journal.close();
  });
});

describe("the games' records", () => {
  const record = (table: string, number: number) => ({
    table,
    game: 'spice-run',
    number,
    at: '2026-12-05T05:40:00.000Z',
    cutOff: false,
    commitment: 'c'.repeat(64),
    serverSeed: 's'.repeat(64),
    clientSeed: `${table}:${number}`,
    draws: [{ nonce: 0, kind: 'dice' as const, dice: [3, 4] as [number, number] }],
    results: [],
  });

  it('are appended for good and read back by table and number; a last line a kill cut short is dropped', () => {
    const dir = folder();
    let archive = GameArchive.open(dir);
    archive.append(record('sand', 1));
    archive.append(record('bones', 1));
    archive.append(record('sand', 2));
    archive.close();
    appendFileSync(join(dir, 'games.jsonl'), '{"table":"sand","number":3,');
    archive = GameArchive.open(dir);
    expect(archive.numbers('sand')).toEqual([1, 2]);
    expect(archive.read('sand', 2)?.clientSeed).toBe('sand:2');
    expect(archive.read('bones', 1)?.draws).toEqual([{ nonce: 0, kind: 'dice', dice: [3, 4] }]);
    expect(archive.read('sand', 3)).toBeNull();
    expect(archive.latest('sand').map((g) => g.number)).toEqual([2, 1]);
    archive.append(record('sand', 3));
    archive.close();
    expect(readFileSync(join(dir, 'games.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { number: number }).number)).toEqual([1, 1, 2, 3]);
  });
});
