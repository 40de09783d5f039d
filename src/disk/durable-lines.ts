import { closeSync, fdatasyncSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A file that grows by whole lines, each written and flushed to the disk (fdatasync) before the
 * caller goes on to tell anyone what it records (SQLite's and PostgreSQL's rule). A line the disk
 * refuses (full, failing, or taking only part of it) is cut off again, so that no part of it
 * spoils the lines after it; should even that fail, the file takes nothing more until it is opened
 * again (its next reader stops at the last whole line). The file can also be written afresh as
 * a whole: to a new file, flushed, renamed over the old one, and the folder flushed.
 *
 * The hosts that keep books of their own keep them so: the dealer's journal, the Ranvier bundle's
 * journal and its archive of finished games.
 */
/** How long a file of lines grows before compact() writes it afresh (and to twice its last fresh length). */
const COMPACT_BYTES = 4 * 1024 * 1024;

export class DurableLines {
  private broken: Error | null = null;
  /** How long the file was when last written afresh: compact() waits until it has grown well past that. */
  private base = 0;

  private constructor(
    readonly file: string,
    private fd: number,
    private size: number,
  ) {}

  /** `file` (made if missing) to read and append to, the bytes past `keep` cut off (a last line a kill left unfinished). */
  static open(file: string, keep: number): DurableLines {
    const fd = openSync(file, 'a+', 0o600);
    if (fstatSync(fd).size > keep) ftruncateSync(fd, keep);
    return new DurableLines(file, fd, keep);
  }

  /** `file` written afresh with these lines alone (as `replace`), to append to. */
  static fresh(file: string, lines: Buffer): DurableLines {
    const made = new DurableLines(file, -1, 0);
    made.replace(lines);
    return made;
  }

  /** How many bytes the file holds: where the next line goes. */
  get length(): number {
    return this.size;
  }

  /** Writes whole lines and flushes them; throws, the file as it was, if the disk refuses. */
  append(lines: Buffer): void {
    if (this.broken) throw this.broken;
    try {
      if (writeSync(this.fd, lines) !== lines.length) throw new Error(`${this.file}: the disk took only part of a line`);
      fdatasyncSync(this.fd);
    } catch (e) {
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        this.broken = new Error(`${this.file}: a refused line could not be taken back; nothing more is written to it until it is opened again`);
      }
      throw e;
    }
    this.size += lines.length;
  }

  /** `length` bytes from `at`. */
  read(at: number, length: number): Buffer {
    const bytes = Buffer.alloc(length);
    readSync(this.fd, bytes, 0, length, at);
    return bytes;
  }

  /** The whole file replaced by these lines, or (if the disk refuses) left as it was. */
  replace(lines: Buffer): void {
    const fresh = `${this.file}.new`;
    try {
      const fd = openSync(fresh, 'w', 0o600);
      try {
        if (writeSync(fd, lines) !== lines.length) throw new Error(`${fresh}: the disk took only part of the file`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(fresh, this.file);
    } catch (e) {
      // A part-written copy would hold the very bytes the next line needs.
      rmSync(fresh, { force: true });
      throw e;
    }
    // The old file is gone from the folder: nothing more may go to it, even should closing it fail.
    const old = this.fd;
    this.fd = -1;
    [this.size, this.base, this.broken] = [lines.length, lines.length, null];
    try {
      if (old >= 0) closeSync(old);
      // The rename itself is on the disk once the folder is.
      const folder = openSync(dirname(this.file), 'r');
      try {
        fsyncSync(folder);
      } finally {
        closeSync(folder);
      }
      this.fd = openSync(this.file, 'a+', 0o600);
    } catch (e) {
      this.broken = new Error(`${this.file}: it was written afresh but could not be made sure of (${(e as Error).message}); nothing more is written to it until it is opened again`);
      throw e;
    }
  }

  /**
   * The file written afresh as `snapshot()` (everything so far, in one line) once it is past
   * `limit` bytes (4 MB unless said) and twice its last fresh length. The lines already written stay written: a
   * rewrite the disk refuses leaves the file as it was, and is tried again once the file has
   * doubled again (the next start writes it afresh in any case). Returns a line for the host's log
   * when the rewrite failed (the line already written stays written), else null.
   */
  compact(snapshot: () => Buffer, limit = COMPACT_BYTES): string | null {
    if (this.size <= Math.max(limit, 2 * this.base)) return null;
    // Outside the try: a snapshot that fails is a fault of its own, not the disk's.
    const lines = snapshot();
    try {
      this.replace(lines);
      return null;
    } catch (e) {
      // replace() has left the file whole, and refusing lines if it can no longer be sure where they go.
      this.base = this.size;
      return this.broken?.message ?? `${this.file} could not be written afresh (${(e as Error).message}): it grows on, every line kept, and is tried again once it has doubled`;
    }
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
