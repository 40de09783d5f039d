import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { Checkpointer, CHECKPOINT_FILE } from './checkpoint.js';
import { nodeFiles } from './files.js';
import { patientFiles, realPatience } from './descriptors.js';
import type { Position } from './journal.js';
import { readStore } from './recovery.js';

/**
 * The checkpoint writer's thread. It rebuilds the state up to the position the store started
 * at, from the same files by the same recovery, then follows the journal through the durable
 * text the store posts, and writes a checkpoint when asked: the main thread never serializes
 * the characters, however many there are.
 */

export type ToWorker = { type: 'append'; text: string; end: Position } | { type: 'checkpoint'; id: number; stop?: boolean };
export type FromWorker =
  | { type: 'checkpointed'; id: number; position: Position | null }
  | { type: 'failed'; id: number; message: string }
  | { type: 'broken'; message: string }
  /** A line for the server's log (a checkpoint waiting for a file descriptor). */
  | { type: 'log'; line: string };

const { dataDir, start, written } = workerData as { dataDir: string; start: Position; written: number };
const port = parentPort!;

const ready = (async () => {
  const r = await readStore(nodeFiles, dataDir, { upTo: start });
  if (r.end.seq !== start.seq || r.end.offset !== start.offset) throw new Error(`the journal read in the checkpoint thread ends at entry ${r.end.seq}, not ${start.seq}`);
  // A checkpoint waits for a file descriptor as a journal write does, and says so in the server's log.
  const files = patientFiles(nodeFiles, realPatience((line) => port.postMessage({ type: 'log', line } satisfies FromWorker)));
  return new Checkpointer(files, join(dataDir, CHECKPOINT_FILE), r.state, start, written);
})();

let queue: Promise<unknown> = ready;
let broken = false;

port.on('message', (m: ToWorker) => {
  queue = queue.then(async () => {
    if (broken) return;
    const checkpointer = await ready;
    if (m.type === 'append') {
      checkpointer.append(m.text, m.end);
      return;
    }
    // Not awaited: appends go on arriving while the checkpoint is written.
    checkpointer.checkpoint(m.stop).then(
      (position) => port.postMessage({ type: 'checkpointed', id: m.id, position } satisfies FromWorker),
      (e: Error) => port.postMessage({ type: 'failed', id: m.id, message: e.message } satisfies FromWorker),
    );
  }).catch((e: Error) => {
    broken = true;
    port.postMessage({ type: 'broken', message: e.message } satisfies FromWorker);
  });
});
