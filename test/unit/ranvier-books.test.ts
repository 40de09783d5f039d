import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journal } from '../../plugins/ranvier/src/journal.js';
import { DurableLines } from '../../src/disk/durable-lines.js';
import { Purses } from '../../plugins/ranvier/src/purses.js';
import type { RanvierPlayer, RanvierState } from '../../plugins/ranvier/src/ranvier.js';

/** The Ranvier bundle's books: its journal on disk, and the purses reconciled from it. */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'ranvier-books-'));
  dirs.push(d);
  return d;
}

const lines = (dir: string) => readFileSync(join(dir, 'journal.jsonl'), 'utf8').trim().split('\n');

/** A world of players in memory, as Ranvier's PlayerManager keeps them. */
function worldOf(...players: RanvierPlayer[]): RanvierState {
  const map = new Map(players.map((p) => [p.name.toLowerCase(), p]));
  return { Config: { get: () => undefined }, PlayerManager: { getPlayer: (n: string) => map.get(n.toLowerCase()), players: map } };
}

/** A player with `gold`, and the marker of `journal` saying the purse holds `applied` of what the tables did. */
const player = (name: string, gold: number, applied?: number, journal?: string): RanvierPlayer => ({
  name,
  room: null,
  socket: null,
  metadata: { currencies: { gold }, ...(applied === undefined ? {} : { obsidianTables: { journal, applied: { gold: applied } } }) },
});

const bet = (name: string, amount: number) => ({ from: { kind: 'player', name } as const, to: { kind: 'escrow', name } as const, amount, why: 'a bet' });

describe("the Ranvier bundle's journal", () => {
  it('reads back every record, and starts afresh from one line of books', () => {
    const dir = folder();
    const { journal, books } = Journal.open(dir, 'gold');
    const ana = player('Ana', 1000);
    const purses = new Purses(worldOf(ana), 'gold', journal, books);
    expect(purses.transfer('sand', [bet('Ana', 300)])).toEqual({ ok: true });
    // A step that moves no coin (a hold) has nothing to keep: no line.
    expect(purses.transfer('sand', [])).toEqual({ ok: true });
    journal.append({ k: 'handout', name: 'ana', kind: 'lich-bones', at: 5 }, books);
    journal.close();
    expect(lines(dir)).toHaveLength(3);
    const again = Journal.open(dir, 'gold');
    again.journal.close();
    expect(lines(dir)).toHaveLength(1);
    expect(again.books.net('gold', 'ana')).toBe(-300);
    expect(again.books.escrow('gold', 'sand', 'ana')).toBe(300);
    expect(again.books.handout('ana', 'lich-bones')).toBe(5);
  });

  it("warns in the world's log of a journal the disk would not let be written afresh, and keeps the record all the same", () => {
    const dir = folder();
    const { journal, books } = Journal.open(dir, 'gold');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // What compact() hands back from a refused rewrite (durable-lines.test.ts refuses it for real).
    const compact = vi.spyOn(DurableLines.prototype, 'compact').mockReturnValueOnce('journal.jsonl could not be written afresh (ENOSPC)');
    try {
      journal.append({ k: 'handout', name: 'ana', kind: 'lich-bones', at: 5 }, books);
      expect(warn).toHaveBeenCalledWith('obsidian-tables: journal.jsonl could not be written afresh (ENOSPC)');
    } finally {
      compact.mockRestore();
      warn.mockRestore();
    }
    journal.close();
    const again = Journal.open(dir, 'gold');
    expect(again.books.handout('ana', 'lich-bones')).toBe(5);
    again.journal.close();
  });

  it('drops a last line a kill cut short, and refuses to guess at a damaged one before it', () => {
    const dir = folder();
    Journal.open(dir, 'gold').journal.close();
    appendFileSync(join(dir, 'journal.jsonl'), '{"k":"coins","table":"sand","purses":{"ana":-5');
    const { journal, books } = Journal.open(dir, 'gold');
    journal.close();
    expect(books.net('gold', 'ana')).toBe(0);
    writeFileSync(join(dir, 'journal.jsonl'), `${lines(dir)[0]}\nnot json\n${lines(dir)[0]}\n`);
    expect(() => Journal.open(dir, 'gold')).toThrow(/journal\.jsonl: line 2 is damaged/);
    writeFileSync(join(dir, 'journal.jsonl'), `{"k":"coins","table":"sand","purses":{"ana":1.5},"escrow":{},"house":0}\n`);
    expect(() => Journal.open(dir, 'gold')).toThrow(/line 1 is damaged: its coins are not whole numbers/);
  });

  it('gives every wager back at a start, one step per table, and the purse gets it when next seen', () => {
    const dir = folder();
    let opened = Journal.open(dir, 'gold');
    const ana = player('Ana', 1000);
    const bob = player('Bob', 1000);
    let purses = new Purses(worldOf(ana, bob), 'gold', opened.journal, opened.books);
    purses.transfer('sand', [bet('Ana', 100), bet('Bob', 50)]);
    purses.transfer('bones', [bet('Ana', 20), { from: { kind: 'house' }, to: { kind: 'player', name: 'Bob' }, amount: 7, why: 'a hand-out' }]);
    expect([ana, bob].map((p) => purses.coins(p))).toEqual([880, 957]);
    opened.journal.close();
    // Killed: Ana's file was saved before her bets, Bob's after his.
    const id = opened.books.id;
    opened = Journal.open(dir, 'gold');
    // The journal keeps its id through the start's rewrite.
    expect(opened.books.id).toBe(id);
    const anaSaved = player('Ana', 1000);
    const bobSaved = player('Bob', 957, -43, id);
    // The start, before anyone is in the world; then the two come back.
    new Purses(worldOf(), 'gold', opened.journal, opened.books).returnEscrow();
    purses = new Purses(worldOf(anaSaved, bobSaved), 'gold', opened.journal, opened.books);
    expect(opened.books.escrow('gold', 'sand', 'ana')).toBe(0);
    // The house has paid 7 more than it took.
    expect(opened.books.house('gold')).toBe(7);
    expect(purses.reconcile(anaSaved)).toBe(0);
    expect(purses.reconcile(bobSaved)).toBe(50);
    expect([anaSaved, bobSaved].map((p) => purses.coins(p))).toEqual([1000, 1007]);
    // A second look changes nothing.
    expect(purses.reconcile(bobSaved)).toBe(0);
    expect(bobSaved.metadata.obsidianTables).toEqual({ journal: id, applied: { gold: 7 } });
    opened.journal.close();
  });

  it('refuses a transfer the purse or the table cannot cover, or the disk will not keep, and moves nothing', () => {
    const dir = folder();
    const { journal, books } = Journal.open(dir, 'gold');
    const ana = player('Ana', 100);
    const purses = new Purses(worldOf(ana), 'gold', journal, books);
    expect(purses.transfer('sand', [bet('Ana', 150)], 'Ana')).toEqual({ ok: false, reason: 'You have only 100 gold; that needs 150 gold.' });
    expect(purses.transfer('sand', [bet('Ana', 150)])).toEqual({ ok: false, reason: 'Ana has only 100 gold; that needs 150 gold.' });
    const back = { from: { kind: 'escrow', name: 'Ana' } as const, to: { kind: 'player', name: 'Ana' } as const, amount: 1, why: 'back' };
    expect(purses.transfer('sand', [back])).toMatchObject({ ok: false, reason: expect.stringMatching(/^Ana has only 0 gold on the table; that needs/) });
    // A game that asked for no whole number of coins is refused in the world's money too.
    expect(new Purses(worldOf(ana), 'dragon_scales', journal, books).transfer('sand', [bet('Ana', 2.5)])).toEqual({ ok: false, reason: 'The table refuses to move 2.5 dragon scales.' });
    journal.close();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(purses.transfer('sand', [bet('Ana', 10)])).toEqual({ ok: false, reason: 'The table cannot keep its books just now (the disk refused them); nothing moved.' });
    expect(log).toHaveBeenCalledWith('obsidian-tables: sand: could not keep the books:', expect.any(Error));
    log.mockRestore();
    expect(purses.coins(ana)).toBe(100);
    expect(books.escrow('gold', 'sand', 'ana')).toBe(0);
    expect(lines(dir)).toHaveLength(1);
  });
});
