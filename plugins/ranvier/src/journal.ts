import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DurableLines } from '../../../src/disk/durable-lines.js';
import { log } from './core.js';
import { Books, type JournalRecord } from './books.js';
import { readRecord } from './records.js';

/**
 * The tables' books on disk: one file of JSON lines in the bundle's own folder, each line written
 * whole and flushed to the disk before anyone is told what it records (src/disk/durable-lines.ts).
 * A start reads every line back; a last line cut short by a kill was never flushed, so nobody
 * heard of it, and it is dropped. The start then writes the books afresh as one line (to a new
 * file, flushed, then renamed over the old one), as it does again once the file has grown a few
 * megabytes, so the file holds only what happened since. A journal has an
 * id, made with it and kept by every rewrite: the players' purses name the journal they were kept
 * with (purses.ts), so books that are lost or replaced are found out, not trusted.
 */

export class Journal {
  private constructor(private readonly lines: DurableLines) {}

  get file(): string {
    return this.lines.file;
  }

  /**
   * The books from `dir` (made if missing, with a new id), and the journal to append to.
   * `currency`: the world's, for the lines of an older bundle, which kept one currency.
   */
  static open(dir: string, currency: string): { journal: Journal; books: Books; fresh: boolean } {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'journal.jsonl');
    const books = new Books();
    const fresh = !existsSync(file);
    if (!fresh) {
      const lines = readFileSync(file, 'utf8').split('\n');
      // Whatever follows the last newline was never completed.
      lines.pop();
      lines.forEach((line, i) => {
        let record: unknown;
        try {
          record = JSON.parse(line);
        } catch {
          throw new Error(`${file}: line ${i + 1} is damaged (not JSON); the tables will not guess what it held`);
        }
        const read = readRecord(record, currency);
        if (typeof read === 'string') throw new Error(`${file}: line ${i + 1} is damaged: ${read}`);
        books.apply(read);
      });
    }
    if (!books.id) {
      books.id = randomBytes(8).toString('hex');
      // An older bundle's journal: its players' markers named no journal, and meant this one.
      if (!fresh) books.legacy ??= currency;
    }
    const journal = new Journal(DurableLines.fresh(file, snapshot(books)));
    return { journal, books, fresh };
  }

  /**
   * Writes one record, flushes it to the disk, and only then enters it in `books`; throws, with
   * the books unchanged, if the disk refuses.
   */
  append(record: JournalRecord, books: Books): void {
    this.lines.append(Buffer.from(`${JSON.stringify(record)}\n`));
    books.apply(record);
    const refused = this.lines.compact(() => snapshot(books));
    if (refused) log().warn(`obsidian-tables: ${refused}`);
  }

  close(): void {
    this.lines.close();
  }
}

/** The books as one line, in place of everything before. */
function snapshot(books: Books): Buffer {
  return Buffer.from(`${JSON.stringify({ k: 'books', books: books.data() } satisfies JournalRecord)}\n`);
}
