/**
 * How libuv's thread pool is shared. Node's async scrypt runs there, and so does much else: the
 * store's journal appends and fsyncs, the checkpoint thread's writes, the log, MCCP2's zlib
 * streams and the web page's files. Those keep IO_THREADS threads, libuv's own default of four,
 * whatever hashing does: hashing takes at most one thread per core on top, so a storm of logins
 * never leaves a journal fsync (which every reply waits for) queued behind a hash.
 *
 * CommonJS on purpose: start.cts must size the pool before anything reads a file, and an ES
 * module entry is itself read through the pool (so the pool has started before its first line).
 */
import { availableParallelism } from 'node:os';

export const IO_THREADS = 4;
/** What libuv uses when UV_THREADPOOL_SIZE is unset. */
const LIBUV_DEFAULT = 4;
const LIBUV_MAX = 1024;

/** One thread per core for hashing, plus the file threads. */
export function wantedThreadPool(cores = availableParallelism()): number {
  return Math.min(LIBUV_MAX, cores + IO_THREADS);
}

/** The pool size libuv will use (or used) given this environment, read as libuv reads it. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.UV_THREADPOOL_SIZE;
  if (text === undefined) return LIBUV_DEFAULT;
  const n = Number.parseInt(text, 10) || 0; // libuv: atoi(), then 0 means 1 and the cap applies
  if (n === 0) return 1;
  return n < 0 ? LIBUV_MAX : Math.min(n, LIBUV_MAX);
}

/** Hashes at once: one per core, but never a thread the files need. */
export function hashSlots(poolSize = threadPoolSize(), cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, poolSize - IO_THREADS));
}
