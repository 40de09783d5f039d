import { describeError, type DirHandle, type FileLayer, type WriteHandle } from './files.js';

/**
 * Running out of file descriptors is a wait, never a failure: a journal segment or a checkpoint
 * that cannot be opened now can be opened once a connection closes. An operation that fails
 * with EMFILE (this process holds all it may) or ENFILE (the whole system does) is tried again,
 * after 10 ms, then twice as long each time up to a second, for as long as it takes; the log
 * says so in one line when the wait begins and in one when it ends. Any other error is thrown
 * at once, as before (a full disk is still the end of the store).
 */

export const FIRST_WAIT_MS = 10;
export const LONGEST_WAIT_MS = 1000;

/** What waiting needs: a pause, the time (for the log), the log. Tests give a fake clock. */
export interface Patience {
  sleep(ms: number): Promise<void>;
  now(): number;
  log(line: string): void;
}

export const realPatience = (log: (line: string) => void): Patience => ({
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  log,
});

/** Whether an error means no file descriptor was free. */
export function outOfDescriptors(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'EMFILE' || code === 'ENFILE';
}

/** Runs `op` until it does not fail for want of a descriptor; `what` names it in the log (`open /data/db.json.tmp`). */
export async function withDescriptor<T>(what: string, op: () => Promise<T>, patience: Patience): Promise<T> {
  let wait = FIRST_WAIT_MS;
  let tries = 0;
  let since: number | null = null;
  for (;;) {
    try {
      const result = await op();
      if (since !== null) patience.log(`${what}: done after waiting ${((patience.now() - since) / 1000).toFixed(1)} s for a file descriptor (${tries + 1} tries)`);
      return result;
    } catch (e) {
      if (!outOfDescriptors(e)) throw e;
      tries += 1;
      if (since === null) {
        since = patience.now();
        patience.log(`cannot ${what} yet: ${describeError(e)}; trying again until a descriptor is free (every ${LONGEST_WAIT_MS / 1000} s at most), and what waits for it is kept, not lost`);
      }
      await patience.sleep(wait);
      wait = Math.min(2 * wait, LONGEST_WAIT_MS);
    }
  }
}

/**
 * The file layer with every call that takes a descriptor made patient. Writes, syncs and closes
 * on a handle already open take none, and go through as they are.
 */
export function patientFiles(files: FileLayer, patience: Patience): FileLayer {
  const wait = <T>(what: string, op: () => Promise<T>) => withDescriptor(what, op, patience);
  return {
    read: (path) => wait(`read ${path}`, () => files.read(path)),
    list: (dir) => wait(`list ${dir}`, () => files.list(dir)),
    mkdir: (dir) => wait(`make ${dir}`, () => files.mkdir(dir)),
    open: (path, mode): Promise<WriteHandle> => wait(`open ${path}`, () => files.open(path, mode)),
    rename: (from, to) => wait(`rename ${from}`, () => files.rename(from, to)),
    syncDir: (dir) => wait(`fsync ${dir}`, () => files.syncDir(dir)),
    openDir: (dir): Promise<DirHandle> => wait(`open ${dir}`, () => files.openDir(dir)),
    truncate: (path, length) => wait(`truncate ${path}`, () => files.truncate(path, length)),
    remove: (path) => wait(`remove ${path}`, () => files.remove(path)),
    checkWritable: (path) => wait(`check ${path}`, () => files.checkWritable(path)),
  };
}
