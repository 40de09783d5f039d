import { vi } from 'vitest';
import pg from 'pg';
import { nodeFiles, type WriteHandle } from '../../src/store/files.js';

/**
 * The store's group writes as the disk and the database see them, from outside the store: each
 * durable write of a file engine's journal (O_DSYNC), and each COMMIT a PostgreSQL engine sends (over any
 * connection in this process), with the text they made durable, to check that nothing was told
 * before it was. Start it before the store opens (the journal's file is opened once).
 */
export interface WriteWatch {
  /** Journal writes plus COMMITs completed so far. */
  readonly commits: number;
  /** Whether `text` (a character's name) is in what a completed journal write or COMMIT made durable. */
  durable(text: string): boolean;
  stop(): void;
}

export function watchWrites(): WriteWatch {
  let commits = 0;
  let durable = '';
  const open = nodeFiles.open.bind(nodeFiles);
  const files = vi.spyOn(nodeFiles, 'open').mockImplementation(async (path, mode) => {
    const handle = await open(path, mode);
    if (!/[/\\]journal[/\\]/.test(path)) return handle;
    // The journal's handle appends durably: each completed write is one commit to the disk.
    const counted: WriteHandle = {
      write: async (data) => {
        await handle.write(data);
        commits++;
        durable += data.toString();
      },
      sync: () => handle.sync(),
      close: () => handle.close(),
    };
    return counted;
  });
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  const sent = new WeakMap<pg.Client, string>();
  const queries = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const result = query.apply(this, args);
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    const begins = /^\s*BEGIN\b/i.test(text);
    if (!begins && !sent.has(this)) return result; // not in a transaction of the writer's
    const inTransaction = (begins ? '' : sent.get(this)!) + text + JSON.stringify(args[1] ?? null);
    if (/\bCOMMIT\b/.test(text) && result instanceof Promise) {
      sent.delete(this);
      void result.then(
        () => {
          commits++;
          durable += inTransaction;
        },
        () => undefined,
      );
    } else if (/^\s*ROLLBACK\s*$/i.test(text)) {
      sent.delete(this);
    } else {
      sent.set(this, inTransaction);
    }
    return result;
  } as never);
  return {
    get commits() {
      return commits;
    },
    durable: (text) => durable.includes(text),
    stop() {
      files.mockRestore();
      queries.mockRestore();
    },
  };
}
