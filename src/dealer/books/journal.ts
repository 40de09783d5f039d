import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { crc32c } from '@node-rs/crc32';
import { DurableLines } from '../../disk/durable-lines.js';

/**
 * The dealer's books on disk: one file of records, a line each, `<crc32c> <json>`, each written
 * whole and flushed to the disk before anyone is told what it records (src/disk/durable-lines.ts).
 * A start reads every line back: the checksum finds any changed byte, and the dealer refuses to
 * guess what a damaged line held; a last line cut short by a kill was never flushed, so nobody
 * heard of it, and it is dropped. The start then writes the books afresh as one line (to a new
 * file, flushed, then renamed over the old one), as it does again whenever the file grows past a
 * few megabytes.
 *
 * One dealer at a time keeps a folder's books: a lock file holds the process id of the one that
 * has them open, and another start on the same folder is refused while that process lives (a
 * lock left by a kill -9 names a process that is gone, and is taken over).
 */

export const JOURNAL_FILE = 'books.journal';
export const LOCK_FILE = 'books.lock';

/** What the journal needs of the books it keeps. */
export interface Replay<R> {
  /** Why a record read back is not one (its shape), or null. */
  problem(record: unknown): string | null;
  apply(record: R): void;
  /** The books as one record, first in a fresh file. */
  snapshot(): R;
}

const line = (record: unknown) => {
  const json = JSON.stringify(record);
  return Buffer.from(`${crc32c(json).toString(16).padStart(8, '0')} ${json}\n`);
};

export class Journal<R> {
  private lines: DurableLines | null = null;
  private locked: string | null = null;

  private constructor(
    readonly file: string,
    private readonly books: Replay<R>,
    /** Told, for the host's log, when the file could not be written afresh (DurableLines.compact). */
    private readonly note: (text: string) => void,
  ) {}

  /** Whether `dir` holds a journal already. */
  static exists(dir: string): boolean {
    return existsSync(join(dir, JOURNAL_FILE));
  }

  /** Reads the journal in `dir` (made if missing) into `books`, and opens it to append to. */
  static open<R>(dir: string, books: Replay<R>, note: (text: string) => void = () => undefined): Journal<R> {
    mkdirSync(dir, { recursive: true });
    const journal = new Journal(join(dir, JOURNAL_FILE), books, note);
    journal.locked = lock(dir);
    try {
      journal.read();
      // Written afresh as one line: the file holds only what happens from now on.
      journal.lines = DurableLines.fresh(journal.file, line(books.snapshot()));
    } catch (e) {
      journal.close();
      throw e;
    }
    return journal;
  }

  /** Reads every record back into the books. */
  private read(): void {
    if (existsSync(this.file)) {
      const lines = readFileSync(this.file, 'utf8').split('\n');
      // Whatever follows the last newline was never completed.
      lines.pop();
      lines.forEach((text, i) => {
        const where = `${this.file}: line ${i + 1}`;
        const m = /^([0-9a-f]{8}) (.*)$/s.exec(text);
        if (!m || crc32c(m[2]).toString(16).padStart(8, '0') !== m[1]) throw new Error(`${where} is damaged (its checksum does not match); the dealer will not guess what it held`);
        const record: unknown = JSON.parse(m[2]);
        const problem = this.books.problem(record);
        if (problem) throw new Error(`${where} is damaged: ${problem}`);
        this.books.apply(record as R);
      });
    }
  }

  /** Writes one record and flushes it to the disk, then enters it in the books; throws, the books unchanged, if the disk refuses. */
  append(record: R): void {
    const lines = this.lines;
    if (!lines) throw new Error(`${this.file} is closed`);
    lines.append(line(record));
    this.books.apply(record);
    const refused = lines.compact(() => line(this.books.snapshot()));
    if (refused) this.note(refused);
  }

  close(): void {
    this.lines?.close();
    this.lines = null;
    if (this.locked) unlinkSync(this.locked);
    this.locked = null;
  }
}

/** Takes the folder's lock for this process, or says which live process holds it. */
function lock(dir: string): string {
  const file = join(dir, LOCK_FILE);
  for (let tries = 0; ; tries++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return file;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw e;
    }
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (alive(pid)) throw new Error(`the books in ${dir} are kept by another dealer (process ${pid}); stop it, or give another --data (if no such dealer runs, remove ${file})`);
    unlinkSync(file);
  }
}

function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
