import { dirname } from 'node:path';
import type { DirHandle, FileLayer, WriteHandle } from '../../src/store/files.js';

/**
 * An in-memory file system for the store's fault-injection tests (SQLite's way): it counts
 * every durable step (open, write, fsync, rename, folder fsync, truncate, remove, mkdir), can
 * stop dead at step N (a write then leaves only a part of its bytes), and can tell what a disk
 * would hold after the crash:
 * - 'process' (kill -9): everything written survives, synced or not;
 * - 'power' (the machine lost power): only what was fsynced survives, plus perhaps a part of
 *   what was appended after; a new or renamed name survives only if its folder was fsynced.
 */

class Inode {
  constructor(
    public data: Buffer = Buffer.alloc(0),
    public synced: Buffer = Buffer.alloc(0),
  ) {}
}

export class Crash extends Error {
  constructor() {
    super('crashed (fault injection)');
  }
}

export type CrashMode = 'process' | 'power';

export class FakeFiles implements FileLayer {
  /** The names a process sees, and the names a folder fsync has made durable. */
  private names = new Map<string, Inode>();
  private durableNames = new Map<string, Inode>();
  private dirs = new Set<string>();
  private durableDirs = new Set<string>();
  steps = 0;
  crashed = false;
  /** Errors to throw (like ENOSPC) from writes, instead of crashing. */
  failWrites: NodeJS.ErrnoException | null = null;
  /** How many of the next calls that take a file descriptor (open, openDir, read, list, syncDir) fail with EMFILE. */
  noDescriptors = 0;
  /** Folder handles opened, and how many are open now. */
  dirsOpened = 0;
  dirsOpen = 0;

  constructor(
    private readonly crashAt: number | null = null,
    private readonly random: () => number = Math.random,
  ) {}

  private step(): void {
    if (this.crashed) throw new Crash();
    this.steps += 1;
    if (this.crashAt !== null && this.steps >= this.crashAt) {
      this.crashed = true;
      throw new Crash();
    }
  }

  private alive(): void {
    if (this.crashed) throw new Crash();
  }

  /** A call that takes a descriptor: EMFILE while `noDescriptors` lasts. */
  private descriptor(): void {
    if (this.noDescriptors > 0) {
      this.noDescriptors -= 1;
      throw Object.assign(new Error('EMFILE: too many open files'), { code: 'EMFILE' });
    }
  }

  /** What the disk holds after the crash (or now), as a new file system with no faults planned. */
  image(mode: CrashMode, random: () => number = this.random, crashAt: number | null = null): FakeFiles {
    const next = new FakeFiles(crashAt, random);
    const names = mode === 'process' ? this.names : this.durableNames;
    next.dirs = new Set(mode === 'process' ? this.dirs : this.durableDirs);
    next.durableDirs = new Set(next.dirs);
    const copies = new Map<Inode, Inode>();
    for (const [path, inode] of names) {
      let copy = copies.get(inode);
      if (!copy) {
        let data = inode.data;
        if (mode === 'power' && !inode.data.equals(inode.synced)) {
          const appended = inode.data.length > inode.synced.length && inode.data.subarray(0, inode.synced.length).equals(inode.synced);
          data = appended ? inode.data.subarray(0, inode.synced.length + Math.floor(random() * (inode.data.length - inode.synced.length + 1))) : random() < 0.5 ? inode.synced : inode.data;
        }
        copy = new Inode(Buffer.from(data), Buffer.from(data));
        copies.set(inode, copy);
      }
      next.names.set(path, copy);
      next.durableNames.set(path, copy);
    }
    return next;
  }

  /** A folder that exists and is durable from the start (the data folder itself). */
  ensureDir(dir: string): this {
    this.dirs.add(dir);
    this.durableDirs.add(dir);
    return this;
  }

  /** A file's bytes, for tests to look at or change (outside the fault counting). */
  peek(path: string): Buffer | null {
    return this.names.get(path)?.data ?? null;
  }

  poke(path: string, data: Buffer): void {
    const inode = new Inode(Buffer.from(data), Buffer.from(data));
    this.names.set(path, inode);
    this.durableNames.set(path, inode);
  }

  paths(): string[] {
    return [...this.names.keys()].sort();
  }

  async read(path: string): Promise<Buffer | null> {
    this.alive();
    this.descriptor();
    const inode = this.names.get(path);
    return inode ? Buffer.from(inode.data) : null;
  }

  async list(dir: string): Promise<string[] | null> {
    this.alive();
    this.descriptor();
    if (!this.dirs.has(dir)) return null;
    return [...this.names.keys()].filter((p) => dirname(p) === dir).map((p) => p.slice(dir.length + 1));
  }

  async mkdir(dir: string): Promise<void> {
    if (this.dirs.has(dir)) return;
    this.step();
    this.dirs.add(dir);
    if (!this.dirs.has(dirname(dir))) this.dirs.add(dirname(dir));
  }

  async open(path: string, mode: 'append' | 'truncate'): Promise<WriteHandle> {
    this.alive();
    this.descriptor();
    this.step();
    if (!this.dirs.has(dirname(path))) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    let inode = this.names.get(path);
    if (!inode) {
      inode = new Inode();
      this.names.set(path, inode);
    } else if (mode === 'truncate') {
      inode.data = Buffer.alloc(0);
    }
    const file = inode;
    return {
      write: async (data) => {
        this.alive();
        if (this.crashAt !== null && this.steps + 1 >= this.crashAt) {
          // The crash lands in the middle of this write: only a part of it is there.
          this.steps += 1;
          file.data = Buffer.concat([file.data, data.subarray(0, Math.floor(this.random() * data.length))]);
          this.crashed = true;
          throw new Crash();
        }
        this.step();
        if (this.failWrites) throw this.failWrites;
        file.data = Buffer.concat([file.data, data]);
        // An append handle's writes are durable (O_DSYNC): a power cut keeps what was acknowledged.
        if (mode === 'append') file.synced = Buffer.from(file.data);
      },
      sync: async () => {
        this.step();
        file.synced = Buffer.from(file.data);
      },
      close: async () => {
        this.alive();
      },
    };
  }

  async rename(from: string, to: string): Promise<void> {
    this.step();
    const inode = this.names.get(from);
    if (!inode) throw Object.assign(new Error(`ENOENT: ${from}`), { code: 'ENOENT' });
    this.names.delete(from);
    this.names.set(to, inode);
  }

  async syncDir(dir: string): Promise<void> {
    this.alive();
    this.descriptor();
    this.syncNames(dir);
  }

  /** A folder's handle, kept: each sync is a step, as a folder fsync is. */
  async openDir(dir: string): Promise<DirHandle> {
    this.alive();
    this.descriptor();
    if (!this.dirs.has(dir)) throw Object.assign(new Error(`ENOENT: ${dir}`), { code: 'ENOENT' });
    this.dirsOpened += 1;
    this.dirsOpen += 1;
    let open = true;
    return {
      sync: async () => this.syncNames(dir),
      close: async () => {
        this.alive();
        if (open) this.dirsOpen -= 1;
        open = false;
      },
    };
  }

  private syncNames(dir: string): void {
    this.step();
    for (const [path, inode] of this.names) if (dirname(path) === dir) this.durableNames.set(path, inode);
    for (const path of [...this.durableNames.keys()]) if (dirname(path) === dir && !this.names.has(path)) this.durableNames.delete(path);
    for (const d of this.dirs) if (dirname(d) === dir) this.durableDirs.add(d);
  }

  async truncate(path: string, length: number): Promise<void> {
    this.step();
    const inode = this.names.get(path);
    if (!inode) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    inode.data = inode.data.subarray(0, length);
    inode.synced = Buffer.from(inode.data);
  }

  async remove(path: string): Promise<void> {
    this.step();
    this.names.delete(path);
  }

  async checkWritable(): Promise<void> {
    this.alive();
  }
}
