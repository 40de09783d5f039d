import { closeSync, existsSync, fdatasyncSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { crc32c } from '@node-rs/crc32';

/**
 * The dealer's books on disk: one file of records, a line each, `<crc32c> <json>`, each written
 * whole and flushed to the disk (fdatasync) before anyone is told what it records (SQLite's and
 * PostgreSQL's rule: nothing told before it is on disk). A start reads every line back: the
 * checksum finds any changed byte, and the dealer refuses to guess what a damaged line held; a
 * last line cut short by a kill was never flushed, so nobody heard of it, and it is dropped. The
 * start then writes the books afresh as one line (to a new file, flushed, then renamed over the
 * old one), as it does again whenever the file grows past a few megabytes.
 *
 * One dealer at a time keeps a folder's books: a lock file holds the process id of the one that
 * has them open, and another start on the same folder is refused while that process lives (a
 * lock left by a kill -9 names a process that is gone, and is taken over).
 */

const COMPACT_BYTES = 4 * 1024 * 1024;
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
  private fd = -1;
  private size = 0;
  /** Set when a refused record could not be taken back: nothing more may be written after it. */
  private broken: Error | null = null;
  private locked: string | null = null;

  private constructor(
    readonly file: string,
    private readonly books: Replay<R>,
  ) {}

  /** Whether `dir` holds a journal already. */
  static exists(dir: string): boolean {
    return existsSync(join(dir, JOURNAL_FILE));
  }

  /** Reads the journal in `dir` (made if missing) into `books`, and opens it to append to. */
  static open<R>(dir: string, books: Replay<R>): Journal<R> {
    mkdirSync(dir, { recursive: true });
    const journal = new Journal(join(dir, JOURNAL_FILE), books);
    journal.locked = lock(dir);
    try {
      journal.read();
      journal.rewrite();
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
    if (this.broken) throw this.broken;
    const bytes = line(record);
    try {
      if (writeSync(this.fd, bytes) !== bytes.length) throw new Error(`${this.file}: the disk took only part of a record`);
      fdatasyncSync(this.fd);
    } catch (e) {
      // No part of a refused record may stay to spoil the lines after it; if it cannot be cut
      // off, nothing more is written after it (the next start reads up to it).
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        this.broken = new Error(`${this.file}: a refused record could not be taken back; the dealer keeps no more books until a restart`);
      }
      throw e;
    }
    this.size += bytes.length;
    this.books.apply(record);
    if (this.size > COMPACT_BYTES) this.rewrite();
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    if (this.locked) unlinkSync(this.locked);
    this.locked = null;
  }

  /** The books as one line, in place of everything before. */
  private rewrite(): void {
    const fresh = `${this.file}.new`;
    const fd = openSync(fresh, 'w', 0o600);
    const bytes = line(this.books.snapshot());
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    renameSync(fresh, this.file);
    // The rename itself is on the disk once the folder is.
    const folder = openSync(join(this.file, '..'), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = statSync(this.file).size;
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
