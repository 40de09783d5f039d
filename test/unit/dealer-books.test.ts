import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Books, STARTING_GOLD } from '../../src/dealer/books/books.js';
import { JOURNAL_FILE, LOCK_FILE } from '../../src/dealer/books/journal.js';
import { Ledger } from '../../src/dealer/books/ledger.js';
import { DurableLines } from '../../src/disk/durable-lines.js';

/** The dealer's books: a ledger that adds up, kept in a journal that survives a kill at any byte. */

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dealer-books-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the ledger', () => {
  it('moves whole transfers or nothing, and never lets a player or a stake go below nothing', () => {
    const l = new Ledger({ mint: -100, 'player:#13': 100 });
    expect(l.shortfall([{ from: 'player:#13', to: 'escrow:#13', amount: 150, why: 'bet' }])).toEqual({ key: 'player:#13', has: 100, needs: 150 });
    // The house may pay out more than it took: it is where winnings come from.
    expect(l.shortfall([{ from: 'house', to: 'player:#13', amount: 500, why: 'won' }])).toBeNull();
    l.apply([{ from: 'player:#13', to: 'escrow:#13', amount: 60, why: 'bet' }, { from: 'escrow:#13', to: 'house', amount: 60, why: 'lost' }]);
    expect(l.all()).toEqual({ mint: -100, 'player:#13': 40, house: 60 });
    expect(l.audit()).toEqual([]);
  });

  it('says what is wrong with books that do not add up', () => {
    expect(new Ledger({ 'player:#13': 5 }).audit()).toEqual(['the accounts add up to 5, not to nothing']);
    expect(new Ledger({ 'player:#13': -5, house: 5 }).audit()).toEqual(['player:#13 is below nothing (-5)']);
  });
});

describe('the books on disk', () => {
  it('notes for the log a journal the disk would not let be written afresh, and keeps the record all the same', () => {
    const dir = folder();
    const notes: string[] = [];
    const books = Books.open(dir, 'tab', (text) => notes.push(text));
    // What compact() hands back from a refused rewrite (durable-lines.test.ts refuses it for real).
    const compact = vi.spyOn(DurableLines.prototype, 'compact').mockReturnValueOnce('books.journal could not be written afresh (ENOSPC)');
    try {
      books.meet('#13', 'Ana');
    } finally {
      compact.mockRestore();
    }
    expect(notes).toEqual(['books.journal could not be written afresh (ENOSPC)']);
    books.close();
    const again = Books.open(dir);
    expect(again.name('#13')).toBe('Ana');
    again.close();
  });

  it('gives a player new to the books their starting gold once, and keeps every balance across a reopening', () => {
    const dir = folder();
    const books = Books.open(dir);
    books.meet('#13', 'Ana');
    books.meet('#13', 'Ana');
    books.meet('#13', 'Anna'); // a new name, the same player
    expect(books.balance('player:#13')).toBe(STARTING_GOLD);
    expect(books.transfer([{ from: 'player:#13', to: 'escrow:#13', amount: 300, why: 'HERO bet' }])).toBeNull();
    expect(books.transfer([{ from: 'player:#13', to: 'escrow:#13', amount: 800, why: 'too much' }])).toEqual({ key: 'player:#13', has: 700, needs: 800 });
    books.noteHandout('#13', 'lich-bones', 12345);
    books.noteLag(4000);
    books.close();
    const again = Books.open(dir);
    expect(again.balance('player:#13')).toBe(700);
    expect(again.balance('escrow:#13')).toBe(300);
    expect(again.name('#13')).toBe('Anna');
    expect(again.handout('#13', 'lich-bones')).toBe(12345);
    expect(again.lag).toBe(4000);
    expect(again.audit()).toEqual([]);
    // No game outlives the dealer: what was on the table goes back.
    expect(again.returnStakes()).toEqual([{ id: '#13', amount: 300 }]);
    expect(again.balance('player:#13')).toBe(STARTING_GOLD);
    again.close();
  });

  it('killed at any byte of a record, starts with the books as they were before it or after it, never between', () => {
    const dir = folder();
    const books = Books.open(dir);
    books.meet('ana', 'Ana');
    books.meet('bob', 'Bob');
    books.close();
    const file = join(dir, JOURNAL_FILE);
    const before = readFileSync(file);
    const reopened = Books.open(dir);
    reopened.transfer(
      [
        { from: 'player:ana', to: 'escrow:ana', amount: 100, why: 'wager' },
        { from: 'escrow:ana', to: 'player:bob', amount: 100, why: 'collected' },
      ],
      [{ key: 'ana', name: 'Ana', bet: 'square 5', stake: 100, paid: 0, outcome: 'lost' }],
    );
    reopened.close();
    const after = readFileSync(file);
    // The reopening compacted the journal to `before`'s books in one line; the transfer is the line after it.
    const compacted = after.subarray(0, after.indexOf('\n') + 1);
    // Every byte would do the same; a byte in every few keeps the test quick (each start compacts and flushes).
    const cuts = [...Array.from({ length: after.length - compacted.length }, (_, i) => compacted.length + i).filter((c) => c % 7 === 0), compacted.length, after.length - 1, after.length];
    for (const cut of cuts) {
      writeFileSync(file, after.subarray(0, cut));
      const b = Books.open(dir);
      const moved = cut === after.length;
      expect([b.balance('player:ana'), b.balance('player:bob')], `cut at ${cut}`).toEqual(moved ? [900, 1100] : [1000, 1000]);
      expect(b.results, `cut at ${cut}`).toHaveLength(moved ? 1 : 0);
      expect(b.audit()).toEqual([]);
      b.close();
    }
    expect(before.length).toBeGreaterThan(0);
  });

  it('refuses to start from a journal with a changed byte, saying which line', () => {
    const dir = folder();
    const books = Books.open(dir);
    books.meet('ana', 'Ana');
    books.close();
    const file = join(dir, JOURNAL_FILE);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('1000', '9000'));
    // Line 1 is the books as the start found them, line 2 their money mode, line 3 Ana's starting gold.
    expect(() => Books.open(dir)).toThrow(/books\.journal: line 3 is damaged \(its checksum does not match\)/);
  });

  it('lets one dealer at a time keep a folder of books, and takes over a lock left by a killed one', () => {
    const dir = folder();
    const books = Books.open(dir);
    expect(() => Books.open(dir)).toThrow(new RegExp(`the books in .* are kept by another dealer \\(process ${process.pid}\\); stop it, or give another --data`));
    books.meet('ana', 'Ana');
    books.close();
    // A dealer killed with -9 left its lock behind, naming a process that is gone.
    writeFileSync(join(dir, LOCK_FILE), '999999999\n');
    const again = Books.open(dir);
    expect(again.balance('player:ana')).toBe(1000);
    again.close();
    // A journal that cannot be read leaves no lock behind.
    writeFileSync(join(dir, JOURNAL_FILE), 'damaged\n');
    expect(() => Books.open(dir)).toThrow(/damaged/);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('opens books only in the money mode they were kept in', () => {
    const dir = folder();
    Books.open(dir, 'purse').close();
    expect(() => Books.open(dir, 'tab')).toThrow(/were kept with --money purse; give another --data for --money tab/);
    const purse = Books.open(dir, 'purse');
    purse.meet('#13', 'Ana');
    expect(purse.balance('player:#13')).toBe(0);
    purse.close();
  });

  it("keeps the live seed's draws and the game's results until the game's record takes them", () => {
    const dir = folder();
    const books = Books.open(dir);
    const fair = { table: 't', game: 1, serverSeed: 'a'.repeat(64), commitment: 'b'.repeat(64), clientSeed: 't:1', nonce: 1, revealed: null };
    books.noteFair(fair, { nonce: 0, kind: 'dice', dice: [3, 4] });
    books.meet('ana', 'Ana');
    books.transfer([{ from: 'house', to: 'player:ana', amount: 5, why: 'won' }], [{ key: 'ana', name: 'Ana', bet: 'HERO', stake: 5, paid: 10, outcome: 'won' }]);
    books.close();
    const b = Books.open(dir);
    expect(b.draws).toEqual([{ nonce: 0, kind: 'dice', dice: [3, 4] }]);
    expect(b.results).toHaveLength(1);
    b.noteGame({ table: 't', game: 'lich-bones', number: 1, at: new Date(0).toISOString(), commitment: fair.commitment, serverSeed: fair.serverSeed, clientSeed: fair.clientSeed, draws: [...b.draws], results: [...b.results], cutOff: false });
    expect(b.draws).toEqual([]);
    expect(b.games).toHaveLength(1);
    b.close();
    expect(Books.open(dir).games[0].draws).toEqual([{ nonce: 0, kind: 'dice', dice: [3, 4] }]);
  });
});
