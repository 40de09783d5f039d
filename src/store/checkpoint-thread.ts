import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Checkpointer, CHECKPOINT_FILE } from './checkpoint.js';
import type { FromWorker, ToWorker } from './checkpoint-worker.js';
import type { State } from './entries.js';
import type { FileLayer } from './files.js';
import type { Position } from './journal.js';

/**
 * Who writes the file store's checkpoints, seen from the store: a worker thread
 * (checkpoint-worker.ts) in a server, or a Checkpointer on this thread where a test needs every
 * step on one thread.
 */

/** What the store asks of whoever writes its checkpoints. */
export interface Checkpoints {
  append(text: string, end: Position): void;
  /** `stop`: the last one before a clean stop, recorded as such (so a journal cut after it is damage, not a crash). */
  checkpoint(stop?: boolean): Promise<Position | null>;
  close(): Promise<void>;
}

export function inlineCheckpoints(files: FileLayer, dataDir: string, replica: State, start: Position, written: number): Checkpoints {
  const c = new Checkpointer(files, join(dataDir, CHECKPOINT_FILE), replica, start, written);
  return { append: (text, end) => c.append(text, end), checkpoint: (stop) => c.checkpoint(stop), close: async () => undefined };
}

/** The checkpointer in a worker thread (from source under tsx, or compiled). */
export function workerCheckpoints(dataDir: string, start: Position, written: number, log: (line: string) => void): Checkpoints {
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(`./checkpoint-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  // Run from source (tsx, the tests), the thread first registers tsx to load TypeScript.
  const worker = fromSource
    ? new Worker(`import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`, {
        eval: true,
        workerData: { dataDir, start, written },
      })
    : new Worker(script, { workerData: { dataDir, start, written } });
  worker.unref();
  let broken: Error | null = null;
  let nextId = 1;
  const asked = new Map<number, { resolve: (p: Position | null) => void; reject: (e: Error) => void }>();
  const breakDown = (message: string) => {
    if (broken) return;
    broken = new Error(message);
    log(`checkpoint thread stopped (${message}); the journal keeps everything, but start-up will replay more of it`);
    for (const a of asked.values()) a.reject(broken);
    asked.clear();
  };
  worker.on('message', (m: FromWorker) => {
    if (m.type === 'broken') return breakDown(m.message);
    if (m.type === 'log') return log(m.line);
    const a = asked.get(m.id);
    asked.delete(m.id);
    if (m.type === 'checkpointed') a?.resolve(m.position);
    else a?.reject(new Error(m.message));
  });
  worker.on('error', (e) => breakDown(e.message));
  worker.on('exit', () => breakDown('it exited'));
  const post = (m: ToWorker) => {
    if (!broken) worker.postMessage(m);
  };
  return {
    append: (text, end) => post({ type: 'append', text, end }),
    checkpoint: (stop) =>
      broken
        ? Promise.reject(broken)
        : new Promise((resolve, reject) => {
            const id = nextId++;
            asked.set(id, { resolve, reject });
            post({ type: 'checkpoint', id, stop });
          }),
    close: async () => {
      broken ??= new Error('closed');
      await worker.terminate();
    },
  };
}

/** tsx's ESM API, found from this file (not from the working folder): require finds its CommonJS twin. */
function tsxApi(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
}
