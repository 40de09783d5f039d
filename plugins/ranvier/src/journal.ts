import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fdatasyncSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Books, type JournalRecord } from './books.js';
import { readRecord } from './records.js';

/**
 * The tables' books on disk: one file of JSON lines in the bundle's own folder, each line written
 * whole and flushed to the disk (fdatasync) before anyone is told what it records. A start reads
 * every line back; a last line cut short by a kill was never flushed, so nobody heard of it, and
 * it is dropped. The start then writes the books afresh as one line (to a new file, flushed,
 * then renamed over the old one), so the file holds only what happened since. A journal has an
 * id, made with it and kept by every rewrite: the players' purses name the journal they were kept
 * with (purses.ts), so books that are lost or replaced are found out, not trusted.
 */

/** A journal this long is written afresh as one line while the world runs. */
const COMPACT_BYTES = 4 * 1024 * 1024;

export class Journal {
  private size = 0;
  /** Set when a refused record could not be taken back: nothing more may be written after it. */
  private broken: Error | null = null;

  private constructor(
    private fd: number,
    readonly file: string,
  ) {}

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
    const journal = new Journal(-1, file);
    journal.rewrite(books);
    return { journal, books, fresh };
  }

  /**
   * Writes one record, flushes it to the disk, and only then enters it in `books`; throws, with
   * the books unchanged, if the disk refuses.
   */
  append(record: JournalRecord, books: Books): void {
    if (this.broken) throw this.broken;
    const line = Buffer.from(`${JSON.stringify(record)}\n`);
    try {
      if (writeSync(this.fd, line) !== line.length) throw new Error(`${this.file}: the disk took only part of a record`);
      fdatasyncSync(this.fd);
    } catch (e) {
      // No part of a refused record may stay to spoil the lines after it; if it cannot be cut
      // off, nothing more is written after it (the next start reads up to it).
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        this.broken = new Error(`${this.file}: a refused record could not be taken back; the tables keep no more books until a restart`);
      }
      throw e;
    }
    this.size += line.length;
    books.apply(record);
    if (this.size > COMPACT_BYTES) this.rewrite(books);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  /** The books as one line, in place of everything before. */
  private rewrite(books: Books): void {
    const fresh = `${this.file}.new`;
    const fd = openSync(fresh, 'w', 0o600);
    const line = Buffer.from(`${JSON.stringify({ k: 'books', books: books.data() } satisfies JournalRecord)}\n`);
    try {
      writeSync(fd, line);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.close();
    renameSync(fresh, this.file);
    // The rename itself is on the disk once the folder is.
    const folder = openSync(join(this.file, '..'), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = line.length;
  }
}
