import * as fs from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DurableLines } from '../../src/disk/durable-lines.js';

/** The disk under the hosts' own books: a line the disk refuses never stays, whole or in part. */

vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  return { ...real, writeSync: vi.fn(real.writeSync), ftruncateSync: vi.fn(real.ftruncateSync), fsyncSync: vi.fn(real.fsyncSync), closeSync: vi.fn(real.closeSync) };
});
const writeSync = vi.mocked(fs.writeSync);
const ftruncateSync = vi.mocked(fs.ftruncateSync);
const fsyncSync = vi.mocked(fs.fsyncSync);
const closeSync = vi.mocked(fs.closeSync);
const real = await vi.importActual<typeof import('node:fs')>('node:fs');
const realWrite = real.writeSync;

/** A write that takes only the first 3 bytes, as a full disk may. */
const shortWrite = ((fd: number, bytes: Buffer) => realWrite(fd, bytes.subarray(0, 3))) as unknown as typeof fs.writeSync;
/** The next write fails as on a full disk. */
const refuseNextWrite = () =>
  writeSync.mockImplementationOnce(() => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });

const dirs: string[] = [];
function file(): string {
  const dir = mkdtempSync(join(tmpdir(), 'durable-lines-'));
  dirs.push(dir);
  return join(dir, 'lines');
}
afterEach(() => {
  writeSync.mockReset().mockImplementation(realWrite as typeof fs.writeSync);
  fsyncSync.mockReset().mockImplementation(real.fsyncSync);
  closeSync.mockReset().mockImplementation(real.closeSync);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a file of durable lines', () => {
  it('keeps what it was given, cuts off an unfinished last line when opened, and is written afresh as a whole', () => {
    const path = file();
    writeFileSync(path, 'one\ntwo\nthr');
    const lines = DurableLines.open(path, 8);
    expect(lines.length).toBe(8);
    lines.append(Buffer.from('three\n'));
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\nthree\n');
    expect(lines.read(4, 4).toString()).toBe('two\n');
    lines.replace(Buffer.from('all\n'));
    lines.append(Buffer.from('four\n'));
    expect(readFileSync(path, 'utf8')).toBe('all\nfour\n');
    expect(lines.length).toBe(9);
    lines.close();
    const fresh = DurableLines.fresh(file(), Buffer.from('new\n'));
    expect(fresh.length).toBe(4);
    fresh.close();
  });

  it('takes back a line the disk refused or took only part of, and goes on after it', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('first\n'));
    refuseNextWrite();
    expect(() => lines.append(Buffer.from('second\n'))).toThrow(/ENOSPC/);
    // A short write: part of the line reached the file, and is cut off again.
    writeSync.mockImplementationOnce(shortWrite);
    expect(() => lines.append(Buffer.from('second\n'))).toThrow(/the disk took only part of a line/);
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    expect(lines.length).toBe(6);
    lines.append(Buffer.from('second\n'));
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\n');
    lines.close();
  });

  it('writes nothing more once a refused line could not be taken back, until it is written afresh', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('first\n'));
    writeSync.mockImplementationOnce(shortWrite);
    ftruncateSync.mockImplementationOnce(() => {
      throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
    });
    expect(() => lines.append(Buffer.from('second\n'))).toThrow(/the disk took only part/);
    // The part that stays is followed by nothing: the next reader stops at the last whole line.
    expect(() => lines.append(Buffer.from('third\n'))).toThrow(/a refused line could not be taken back; nothing more is written to it/);
    expect(readFileSync(path, 'utf8')).toBe('first\nsec');
    lines.replace(Buffer.from('first\n'));
    lines.append(Buffer.from('third\n'));
    expect(readFileSync(path, 'utf8')).toBe('first\nthird\n');
    lines.close();
  });

  it('leaves the file as it was when the disk refuses to write it afresh', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('first\n'));
    refuseNextWrite();
    expect(() => lines.replace(Buffer.from('all\n'))).toThrow(/ENOSPC/);
    expect(readFileSync(path, 'utf8')).toBe('first\n');
    lines.append(Buffer.from('second\n'));
    expect(readFileSync(path, 'utf8')).toBe('first\nsecond\n');
    lines.close();
  });

  it('takes no more lines once written afresh but not made sure of (the folder flush after the rename failed): they would go to the old file', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('first\n'));
    // The new file's flush goes through; the folder's, after the rename, fails.
    fsyncSync.mockImplementationOnce(real.fsyncSync).mockImplementationOnce(() => {
      throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
    });
    expect(() => lines.replace(Buffer.from('all\n'))).toThrow(/EIO/);
    expect(() => lines.append(Buffer.from('second\n'))).toThrow(/written afresh but could not be made sure of \(EIO: i\/o error, fsync\); nothing more is written to it/);
    expect(readFileSync(path, 'utf8')).toBe('all\n');
    lines.close();
  });

  it('is compacted once past the limit and twice its last fresh length; a compaction the disk refuses leaves every line written', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('0123456789\n'));
    const snapshot = () => Buffer.from(`${'s'.repeat(lines.length - 1)}\n`);
    lines.append(Buffer.from('a\n'));
    lines.compact(snapshot, 5);
    // 13 bytes are not yet twice the 11 written afresh.
    expect(readFileSync(path, 'utf8')).toBe('0123456789\na\n');
    lines.append(Buffer.from('bbbbbbbbbb\n'));
    refuseNextWrite();
    // What the disk said comes back for the host's log; the line is written all the same.
    expect(lines.compact(snapshot, 5)).toBe(`${path} could not be written afresh (ENOSPC: no space left on device, write): it grows on, every line kept, and is tried again once it has doubled`);
    expect(readFileSync(path, 'utf8')).toBe('0123456789\na\nbbbbbbbbbb\n');
    // Its part-written copy is gone: it would hold the very bytes the next line needs.
    expect(existsSync(`${path}.new`)).toBe(false);
    // Tried again once the file has doubled again, not at every line.
    lines.append(Buffer.from('c\n'));
    lines.compact(snapshot, 5);
    expect(readFileSync(path, 'utf8')).toBe('0123456789\na\nbbbbbbbbbb\nc\n');
    lines.append(Buffer.from(`${'d'.repeat(25)}\n`));
    expect(lines.compact(snapshot, 5)).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(`${'s'.repeat(51)}\n`);
    // A snapshot that fails is a fault of its own, said, not taken for the disk's.
    lines.append(Buffer.from(`${'e'.repeat(200)}\n`));
    expect(() =>
      lines.compact(() => {
        throw new TypeError('Do not know how to serialize a BigInt');
      }, 5),
    ).toThrow(/BigInt/);
    lines.close();
  });

  it('takes no more lines when closing the old file after the rename fails: its descriptor number may be another file\'s by then', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('first\n'));
    // The new file's close goes through; the old one's reports EIO (Linux has let the descriptor go all the same).
    closeSync.mockImplementationOnce(real.closeSync).mockImplementationOnce((fd: number) => {
      real.closeSync(fd);
      throw Object.assign(new Error('EIO: i/o error, close'), { code: 'EIO' });
    });
    expect(() => lines.replace(Buffer.from('all\n'))).toThrow(/EIO/);
    const other = `${path}.other`;
    const fd = real.openSync(other, 'w');
    try {
      expect(() => lines.append(Buffer.from('second\n'))).toThrow(/could not be made sure of \(EIO: i\/o error, close\)/);
    } finally {
      real.closeSync(fd);
    }
    expect(readFileSync(other, 'utf8')).toBe('');
  });

  it('says for the log of a compaction that failed after the rename that the file was written afresh and takes no more lines, not that it grows on', () => {
    const path = file();
    const lines = DurableLines.fresh(path, Buffer.from('0123456789\n'));
    lines.append(Buffer.from(`${'a'.repeat(20)}\n`));
    closeSync.mockImplementationOnce(real.closeSync).mockImplementationOnce((fd: number) => {
      real.closeSync(fd);
      throw Object.assign(new Error('EIO: i/o error, close'), { code: 'EIO' });
    });
    expect(lines.compact(() => Buffer.from('snapshot\n'), 5)).toBe(
      `${path}: it was written afresh but could not be made sure of (EIO: i/o error, close); nothing more is written to it until it is opened again`,
    );
    expect(readFileSync(path, 'utf8')).toBe('snapshot\n');
    expect(() => lines.append(Buffer.from('next\n'))).toThrow(/could not be made sure of/);
  });
});
