import type pg from 'pg';
import type { Entry } from '../entries.js';
import type { StoreFailure } from '../files.js';
import { LOCK } from './connection.js';
import { appendEntries, sourceBalances, sourcesOf, SOURCES_SQL, type JournalRow, type SourceRow } from './queries.js';

export type NewCharacterEntry = Extract<Entry, { kind: 'character' }>;

interface Creation {
  entry: NewCharacterEntry;
  time: string;
  resolve: (id: number | null) => void;
  reject: (e: Error) => void;
}

export interface WriterHooks {
  /** A group is taken to be written: whatever is recorded from now on goes into the next one. */
  onGroup(): void;
  /** A group committed: its new characters with their ids (not yet in memory), and the mint and the house as they now stand. */
  onCommit(made: { entry: NewCharacterEntry; id: number }[], sources: [string, number][]): void;
  /** Names a failure of the connection or of a write. */
  failure(e: unknown): StoreFailure;
  /** The first failure: nothing more will be written. */
  onFailure(e: StoreFailure): void;
}

/**
 * The writing connection of the PostgreSQL engine, the one that holds the leases. One use at a
 * time (a transaction must not take in another's queries); rows appended meanwhile go into one
 * transaction (group commit), each new character in a savepoint of its own together with its
 * lease, so a name another server took meanwhile costs nobody else's changes. A failure is final.
 */
export class PgWriter {
  failure: StoreFailure | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private pending: JournalRow[] = [];
  private creations: Creation[] = [];
  private appended = 0;
  private committed = 0;
  private writing = false;
  private kickQueued = false;
  private waiters: { seq: number; resolve: () => void; reject: (e: Error) => void }[] = [];

  constructor(
    readonly client: pg.Client,
    private readonly server: number,
    private readonly hooks: WriterHooks,
  ) {}

  /** Rows committed so far (of those appended, counted from 1). */
  get written(): number {
    return this.committed;
  }

  get unwritten(): boolean {
    return this.committed < this.appended;
  }

  /** Runs `fn` on the connection once everything before it is done. */
  run<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      if (this.failure) throw this.failure;
      try {
        return await fn(this.client);
      } catch (e) {
        throw this.failure ?? this.hooks.failure(e);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Queues a row for the next group; returns its number. */
  append(row: JournalRow): number {
    this.pending.push(row);
    this.kickSoon();
    return ++this.appended;
  }

  /** Queues a new character for the next group; resolves to its id once committed, or null when the name was taken. */
  create(entry: NewCharacterEntry, time: string): Promise<number | null> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.creations.push({ entry, time, resolve, reject });
      this.kickSoon();
    });
  }

  flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.committed >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq: this.appended, resolve, reject });
      this.kick();
    });
  }

  /** Nothing more is written; whoever waits is told. */
  fail(e: StoreFailure): void {
    if (this.failure) return;
    this.failure = e;
    for (const w of this.waiters.splice(0)) w.reject(e);
    for (const c of this.creations.splice(0)) c.reject(e);
    this.hooks.onFailure(e);
  }

  /** Waits for whatever is running, then ends the connection (and with it every lease). */
  async close(): Promise<void> {
    await this.queue;
    await this.client.end().catch(() => undefined);
  }

  private kickSoon(): void {
    // Everything recorded in this turn of the event loop goes in one transaction.
    if (this.kickQueued) return;
    this.kickQueued = true;
    queueMicrotask(() => {
      this.kickQueued = false;
      this.kick();
    });
  }

  private kick(): void {
    if (this.writing || this.failure || (!this.pending.length && !this.creations.length)) return;
    const rows = this.pending;
    const creations = this.creations;
    const last = this.appended;
    this.pending = [];
    this.creations = [];
    this.hooks.onGroup();
    this.writing = true;
    this.run((c) => this.commit(c, rows, creations, last)).then(
      () => {
        this.writing = false;
        while (this.waiters.length && this.waiters[0].seq <= last) this.waiters.shift()!.resolve();
        this.kick();
      },
      (e: unknown) => {
        this.writing = false;
        const failure = this.failure ?? this.hooks.failure(e);
        this.fail(failure);
        for (const c of creations) c.reject(failure);
      },
    );
  }

  /** One transaction: the rows, then each new character in a savepoint with its lease, then the sources as they now stand. */
  private async commit(c: pg.Client, rows: JournalRow[], creations: Creation[], last: number): Promise<void> {
    if (!creations.length) return this.commitInOneTrip(c, rows, last);
    const made: { creation: Creation; id: number }[] = [];
    const refused: Creation[] = [];
    await c.query('BEGIN');
    try {
      if (rows.length) await appendEntries(c, this.server, rows);
      for (const creation of creations) {
        const key = creation.entry.name.toLowerCase();
        await c.query('SAVEPOINT creation');
        try {
          await appendEntries(c, this.server, [{ time: creation.time, json: JSON.stringify(creation.entry) }]);
        } catch (e) {
          if ((e as { code?: string }).code !== '23505') throw e;
          await c.query('ROLLBACK TO SAVEPOINT creation');
          refused.push(creation); // taken meanwhile, by another server or in this very group
          continue;
        }
        // Nobody else can see the character before the commit, so its lease is free.
        const { rows: [r] } = await c.query<{ id: number; got: boolean }>('SELECT id, pg_try_advisory_lock($1, id) AS got FROM characters WHERE key = $2', [LOCK.character, key]);
        if (!r.got) throw new Error(`the lease of the new character ${key} is held already`);
        made.push({ creation, id: r.id });
      }
      const sources = await sourceBalances(c);
      await c.query('COMMIT');
      this.committed = last;
      this.hooks.onCommit(made.map(({ creation, id }) => ({ entry: creation.entry, id })), sources);
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    for (const { creation, id } of made) creation.resolve(id);
    for (const creation of refused) creation.resolve(null);
  }

  /**
   * The usual group, without new characters: the whole transaction in one message (BEGIN, the
   * rows, the sources, COMMIT), so a write costs one round trip and the commit. An error stops
   * the rest of the message, and the transaction is rolled back.
   */
  private async commitInOneTrip(c: pg.Client, rows: JournalRow[], last: number): Promise<void> {
    const values = rows.map((r) => `(${c.escapeLiteral(r.time)}::timestamptz, ${this.server}, ${c.escapeLiteral(r.json)}::jsonb)`).join(',\n');
    let results: pg.QueryResult[];
    try {
      results = (await c.query(`BEGIN; INSERT INTO journal (time, server, entry) VALUES ${values}; ${SOURCES_SQL}; COMMIT`)) as unknown as pg.QueryResult[];
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
    this.committed = last;
    this.hooks.onCommit([], sourcesOf(results[2].rows as SourceRow[]));
  }
}
