import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLogFile, type LogFs } from '../../src/log-file.js';

/** server.log on a disk that fills up: a line is written whole, or not at all. */

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Real writes to the file, on a disk with `room` bytes left: a write takes what fits (a short write), then ENOSPC. */
function fillingDisk(room: number) {
  const disk = { room, writes: [] as string[] };
  const io: LogFs = {
    write(fd, data, done) {
      disk.writes.push(data.toString());
      const n = Math.min(data.length, disk.room);
      if (n === 0) return setImmediate(() => done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), 0));
      fs.writeSync(fd, data, 0, n);
      disk.room -= n;
      setImmediate(() => done(null, n));
    },
    ftruncate(fd, length, done) {
      disk.room += fs.fstatSync(fd).size - length;
      fs.ftruncate(fd, length, done);
    },
  };
  return { disk, io };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const clock = () => new Date('2026-12-02T10:00:00.000Z');
const LINE = '2026-12-02T10:00:00.000Z '; // 25 bytes before each line's text

describe('server.log', () => {
  it('writes each line in one write, whole or not at all: a full disk leaves no piece of a line to glue the next one to', async () => {
    dir = mkdtempSync(join(tmpdir(), 'log-'));
    const path = join(dir, 'server.log');
    const { disk, io } = fillingDisk(2 * (LINE.length + 4) + 5);
    const trouble: string[] = [];
    const log = openLogFile(path, (m) => trouble.push(m), clock, io);
    for (const text of ['one', 'two', 'six', 'ten']) log.write(text);
    await expect.poll(() => trouble.length).toBe(1);
    expect(disk.writes.slice(0, 3)).toEqual([`${LINE}one\n`, `${LINE}two\n`, `${LINE}six\n`]);
    // 'six' got 5 bytes in (a short write), and they were cut back off; 'ten' waited behind it and is lost too.
    expect(readFileSync(path, 'utf8')).toBe(`${LINE}one\n${LINE}two\n`);
    expect(trouble).toEqual([`cannot write ${path}: the disk is full (ENOSPC); its lines are lost (standard output has them) until it can be written again`]);
    // Still full: the next line is lost as well, and nothing more is said.
    log.write('more');
    await expect.poll(() => disk.writes.length).toBe(4);
    await settle();
    expect(readFileSync(path, 'utf8')).toBe(`${LINE}one\n${LINE}two\n`);
    expect(trouble).toHaveLength(1);
    // Room again: first a line that says how many are missing, then the line.
    disk.room = 1000;
    log.write('back');
    await expect.poll(() => readFileSync(path, 'utf8')).toBe(`${LINE}one\n${LINE}two\n${LINE}(3 log lines could not be written here; standard output has them)\n${LINE}back\n`);
    expect(readFileSync(path, 'utf8')).not.toMatch(/2026-2026/);
  });

  it('ends a line an older server left unfinished before its first, and makes a new log 0600', async () => {
    dir = mkdtempSync(join(tmpdir(), 'log-'));
    const path = join(dir, 'server.log');
    writeFileSync(path, `${LINE}old\n2026-`);
    const log = openLogFile(path, () => undefined, clock);
    log.write('new');
    await expect.poll(() => readFileSync(path, 'utf8')).toBe(`${LINE}old\n2026-\n${LINE}new\n`);
    const fresh = join(dir, 'fresh.log');
    openLogFile(fresh, () => undefined, clock);
    expect((statSync(fresh).mode & 0o777).toString(8)).toBe('600');
  });

  it('is begun anew past its size, keeping the last few as server.log.1 (the newest) and on, each line whole in one file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'log-'));
    const path = join(dir, 'server.log');
    const log = openLogFile(path, () => undefined, clock, undefined, { maxBytes: 200, keep: 2 });
    for (let i = 0; i < 20; i++) log.write(`line ${String(i).padStart(5, '0')}`);
    await expect.poll(() => readFileSync(path, 'utf8')).toMatch(/line 00019\n$/);
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(['server.log', 'server.log.1', 'server.log.2']);
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    for (const f of files) expect(Buffer.byteLength(read(f))).toBeLessThanOrEqual(200);
    // Each begun file says where it goes on from; the lines run on from file to file, the oldest gone.
    for (const f of ['server.log', 'server.log.1']) expect(read(f)).toMatch(/^\S+ \(the log goes on from server\.log\.1, which reached \d+ bytes\)\n/);
    const lines = ['server.log.2', 'server.log.1', 'server.log'].flatMap((f) => read(f).match(/line \d+/g)!.map((l) => Number(l.slice(5))));
    expect(lines).toEqual(Array.from({ length: lines.length }, (_, i) => 20 - lines.length + i));
    expect(lines[0]).toBeGreaterThan(0);
    expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
  });

  it('with no files kept, begins the one file anew', async () => {
    dir = mkdtempSync(join(tmpdir(), 'log-'));
    const path = join(dir, 'server.log');
    const log = openLogFile(path, () => undefined, clock, undefined, { maxBytes: 100, keep: 0 });
    for (let i = 0; i < 5; i++) log.write(`line ${String(i).padStart(5, '0')}`);
    await expect.poll(() => readFileSync(path, 'utf8')).toMatch(/line 00004\n$/);
    expect(fs.readdirSync(dir)).toEqual(['server.log']);
    expect(readFileSync(path, 'utf8')).toMatch(/^\S+ \(the log goes on from its start: no older file is kept, which reached \d+ bytes\)\n/);
  });
});
