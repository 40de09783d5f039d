import * as fs from 'node:fs';
import { basename } from 'node:path';
import { describeError } from './store/files.js';
import { PRIVATE_FILE } from './store/private.js';

/**
 * server.log, one whole line per write or none of it. A stream would write a line in as many
 * pieces as the disk takes: on a full disk the first `write` takes the bytes that still fit
 * (`2026-`), the rest fails, and the next line (perhaps the next start's) is glued to that
 * piece (`2026-2026-12-02T...`). Here each line is one write; a write cut short is cut back off
 * the file (ftruncate to where the line began), so a line is in the log whole or not at all,
 * and how many could not be written is said in the first line that can be.
 */

/** The file calls the log makes (a test gives a disk that fills up). */
export interface LogFs {
  write(fd: number, data: Buffer, done: (e: NodeJS.ErrnoException | null, written: number) => void): void;
  ftruncate(fd: number, length: number, done: (e: NodeJS.ErrnoException | null) => void): void;
}

const nodeLogFs: LogFs = {
  write: (fd, data, done) => fs.write(fd, data, 0, data.length, null, (e, n) => done(e, n)),
  ftruncate: (fd, length, done) => fs.ftruncate(fd, length, done),
};

/** When server.log is begun anew: past `maxBytes` (0: never), keeping the last `keep` as server.log.1 (the newest) and on. */
export interface Rotation {
  maxBytes: number;
  keep: number;
}

/** 10 MiB a file, five kept: at most 60 MiB of log, days of a busy tavern's. */
export const DEFAULT_ROTATION: Rotation = { maxBytes: 10 * 1024 * 1024, keep: 5 };

export interface LogFile {
  /** Queues one line (a time is put before it); lines are written in order, one at a time. */
  write(line: string): void;
}

/**
 * Opens (or makes, 0600) the log for appending. `trouble` is told, once per spell of failures,
 * why lines are being lost. Throws when the file cannot be opened.
 */
export function openLogFile(path: string, trouble: (message: string) => void, now: () => Date = () => new Date(), io: LogFs = nodeLogFs, rotation: Rotation = DEFAULT_ROTATION): LogFile {
  let fd = fs.openSync(path, 'a', PRIVATE_FILE);
  // Only this process appends to it, so its size is where each next line begins.
  let size = fs.fstatSync(fd).size;
  // A file left ending mid-line (by an older server) gets its line ended before ours.
  let endLine = size > 0 && lastByte(path, size) !== 0x0a;
  // Lines waiting, taken by index (never shift: a long queue would be copied at each line).
  let queue: string[] = [];
  let head = 0;
  /** Lines lost in the current spell of failures (0: writing works). */
  let lost = 0;
  let writing = false;
  let broken = false;
  /** Rotating failed (the folder cannot be written): the log goes on growing, said once. */
  let unrotatable = false;
  /** Bytes at the start of this file that are no line of the server's (the note of where it goes on from). */
  let begun = 0;

  /** The file is full: it becomes server.log.1 (the older ones move up, the oldest kept is dropped), and a new one is begun. */
  const rotate = (): void => {
    const full = size;
    try {
      if (rotation.keep === 0) {
        fs.ftruncateSync(fd, 0);
      } else {
        for (let i = rotation.keep - 1; i >= 1; i--) if (fs.existsSync(`${path}.${i}`)) fs.renameSync(`${path}.${i}`, `${path}.${i + 1}`);
        fs.renameSync(path, `${path}.1`);
        const next = fs.openSync(path, 'a', PRIVATE_FILE);
        fs.closeSync(fd);
        fd = next;
      }
      size = 0;
      endLine = false;
      const note = `${now().toISOString()} (the log goes on from ${rotation.keep ? `${basename(path)}.1` : 'its start: no older file is kept'}, which reached ${full} bytes)\n`;
      begun = Buffer.byteLength(note);
      queue.splice(head, 0, note);
    } catch (e) {
      unrotatable = true;
      trouble(`cannot begin ${path} anew (${describeError(e)}); it goes on growing`);
    }
  };

  const next = (): void => {
    if (writing || broken || head === queue.length) return;
    // After a failure, the first write says how many lines are missing; the lines wait behind it.
    const notice = lost > 0;
    if (!notice && !unrotatable && rotation.maxBytes > 0 && size > begun && size + Buffer.byteLength(queue[head]) > rotation.maxBytes) rotate();
    const line = notice ? `${now().toISOString()} (${lost} log ${lost === 1 ? 'line' : 'lines'} could not be written here; standard output has them)\n` : queue[head++];
    if (head > 1024 && head * 2 > queue.length) (queue = queue.slice(head)), (head = 0);
    const data = Buffer.from(endLine ? `\n${line}` : line);
    writing = true;
    io.write(fd, data, (e, written) => {
      if (!e && written === data.length) {
        size += written;
        writing = false;
        endLine = false;
        if (notice) lost = 0;
        return next();
      }
      // Cut back whatever part of it reached the file: a line is absent, never half there.
      io.ftruncate(fd, size, (cut) => {
        writing = false;
        if (!lost) trouble(`cannot write ${path}: ${describeError(e ?? Object.assign(new Error('short write'), { code: 'ENOSPC' }))}; its lines are lost (standard output has them) until it can be written again`);
        // The lines waiting are lost too; the next line logged tries again.
        lost += (notice ? 0 : 1) + queue.length - head;
        (queue = []), (head = 0);
        if (cut) {
          broken = true;
          trouble(`cannot cut a half-written line off ${path} (${describeError(cut)}); nothing more is written to it`);
        }
      });
    });
  };

  return {
    write(line: string) {
      if (broken) return;
      queue.push(`${now().toISOString()} ${line}\n`);
      next();
    },
  };
}

function lastByte(path: string, size: number): number {
  const fd = fs.openSync(path, 'r');
  try {
    const b = Buffer.alloc(1);
    fs.readSync(fd, b, 0, 1, size - 1);
    return b[0];
  } finally {
    fs.closeSync(fd);
  }
}
