import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, truncate, unlink, type FileHandle } from 'node:fs/promises';
import { PRIVATE_DIR, PRIVATE_FILE } from './private.js';

/**
 * The file-system seam of the file engine: every read and every durable step (append, fsync,
 * rename, folder fsync) goes through here, so a test can stop the store at any one of them.
 */
export interface FileLayer {
  /** The file's bytes, or null when there is no such file. */
  read(path: string): Promise<Buffer | null>;
  /** The names in a folder, or null when there is no such folder. */
  list(dir: string): Promise<string[] | null>;
  mkdir(dir: string): Promise<void>;
  /**
   * Opens for appending, creating the file if needed, each write on disk once it resolves (the
   * journal's group commits); or, with `truncate`, empty, made durable by sync().
   */
  open(path: string, mode: 'append' | 'truncate'): Promise<WriteHandle>;
  rename(from: string, to: string): Promise<void>;
  /** Makes the folder's entries (new files, renames) durable. */
  syncDir(dir: string): Promise<void>;
  /**
   * Opens a folder to make its entries durable again and again (the journal's, opened at start
   * and kept: a new segment then needs no descriptor beyond its own file).
   */
  openDir(dir: string): Promise<DirHandle>;
  /** Cuts a file to `length` bytes and makes that durable. */
  truncate(path: string, length: number): Promise<void>;
  remove(path: string): Promise<void>;
  /** Throws when the path cannot be written (read-only, no permission). */
  checkWritable(path: string): Promise<void>;
}

export interface WriteHandle {
  /** Adds the bytes at the end; on an 'append' handle they are on disk once it resolves. */
  write(data: Buffer): Promise<void>;
  /** Makes every byte written so far durable (a 'truncate' handle's file). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface DirHandle {
  /** Makes the folder's entries durable, as syncDir does. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Appends that are durable when the write returns: O_DSYNC makes write and fdatasync one system
 * call, one trip to the thread pool instead of two, which is most of a bet's wait beyond the disk.
 * Where the platform lacks it, a write is followed by an fsync.
 */
const DURABLE_APPEND = constants.O_DSYNC === undefined ? null : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC;

class NodeHandle implements WriteHandle {
  constructor(
    private readonly file: FileHandle,
    /** Writes must be durable, and the file was not opened with O_DSYNC: each is followed by an fsync. */
    private readonly syncEachWrite = false,
  ) {}
  async write(data: Buffer): Promise<void> {
    let done = 0;
    while (done < data.length) done += (await this.file.write(data, done, data.length - done)).bytesWritten;
    if (this.syncEachWrite) await this.file.sync();
  }
  sync(): Promise<void> {
    return this.file.sync();
  }
  close(): Promise<void> {
    return this.file.close();
  }
}

export const nodeFiles: FileLayer = {
  async read(path) {
    try {
      return await readFile(path);
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  },
  async list(dir) {
    try {
      return await readdir(dir);
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  },
  async mkdir(dir) {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
  },
  async open(path, mode) {
    if (mode === 'truncate') return new NodeHandle(await open(path, 'w', PRIVATE_FILE));
    return DURABLE_APPEND === null ? new NodeHandle(await open(path, 'a', PRIVATE_FILE), true) : new NodeHandle(await open(path, DURABLE_APPEND, PRIVATE_FILE));
  },
  rename,
  async syncDir(dir) {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  async openDir(dir) {
    const handle = await open(dir, 'r');
    return { sync: () => handle.sync(), close: () => handle.close() };
  },
  async truncate(path, length) {
    await truncate(path, length);
    const handle = await open(path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  async remove(path) {
    await unlink(path).catch((e) => {
      if (!missing(e)) throw e;
    });
  },
  async checkWritable(path) {
    await access(path, constants.W_OK);
  },
};

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'an input/output error (the disk may be failing)',
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder, not a file',
  EMFILE: 'the server has every file descriptor it may open in use',
  ENFILE: 'the system has every file descriptor it may open in use',
};

/** "the disk is full (ENOSPC)": an expected file-system error in words. */
export function describeError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code && REASONS[code]) return `${REASONS[code]} (${code})`;
  return (e as Error).message ?? String(e);
}

/** The store cannot go on: a one-line reason a host can act on. Never shown with a stack. */
export class StoreFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreFailure';
  }
}

export const cannotWrite = (path: string, e: unknown) => new StoreFailure(`cannot write ${path}: ${describeError(e)}`);
