import { join } from 'node:path';
import { accountText, charAccount } from './account.js';
import { apply, charactersIn, shapeProblem, type CharacterRecord, type Entry, type Holdings, type State, type Win } from './entries.js';
import { holdingsRecord, NOTHING } from './holdings.js';
import { WINS_WINDOW_MS } from './games.js';
import { Richest, shownWins, type Rich } from './richest.js';
import { cloneState } from './checkpoint.js';
import { inlineCheckpoints, workerCheckpoints, type Checkpoints } from './checkpoint-thread.js';
import { cannotWrite, describeError, nodeFiles, StoreFailure, type FileLayer } from './files.js';
import { patientFiles, realPatience, type Patience } from './descriptors.js';
import { encodeLine, isSegmentName, JOURNAL_DIR, JournalWriter, lineCrc, segmentName, type Position } from './journal.js';
import { Damage, readStore, settleStore } from './recovery.js';
import type { NewCharacter, Store } from './store.js';

export interface FileStoreOptions {
  dataDir: string;
  files?: FileLayer;
  log?: (line: string) => void;
  now?: () => number;
  /** Runs `fn` after `ms`; returns a way to cancel it. Defaults to an unref'd setTimeout. */
  schedule?: (ms: number, fn: () => void) => { cancel(): void };
  /** A checkpoint is written after this many entries or this long, whichever comes first. */
  checkpointEvery?: { entries: number; ms: number };
  /** A new journal segment begins once the current one is this long. */
  segmentBytes?: number;
  /** Where checkpoints are written: in a worker thread (the default), or on this thread (for tests). */
  checkpoints?: 'worker' | 'inline';
  /** How a write waits for a file descriptor (descriptors.ts); default real time and the log. */
  patience?: Patience;
}


/**
 * Durable text reaches the checkpointer this long after it is written, in one piece: a thread's
 * wake-up per commit would sit on the path of the replies the commit releases.
 */
const FOLLOW_MS = 100;

const defaultSchedule = (ms: number, fn: () => void) => {
  const t = setTimeout(fn, ms);
  t.unref();
  return { cancel: () => clearTimeout(t) };
};

/**
 * The file engine: the state in memory, a journal of entries in `journal/` (the truth), and a
 * checkpoint in db.json (a shortcut for start-up). A change applies in memory at once; changes
 * made meanwhile share one durable append (group commit); a flush resolves when its
 * entries are on disk.
 */
export class FileStore implements Store {
  private seq: number;
  private durable: number;
  private pending: string[] = [];
  /** The checksum of the last line recorded. */
  private lastCrc = '';
  private writing = false;
  private kickQueued = false;
  private waiters: { seq: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  private failure: StoreFailure | null = null;
  private closed = false;
  private sinceCheckpoint = 0;
  private checkpointing: Promise<unknown> | null = null;
  private timer: { cancel(): void } | null = null;
  private checkpointTrouble = false;
  /** Durable text not yet handed to the checkpointer, and where it ends. */
  private unfollowed: string[] = [];
  private unfollowedEnd: Position | null = null;
  private followTimer: { cancel(): void } | null = null;
  private readonly rich = new Richest();

  private constructor(
    private readonly state: State,
    private readonly journal: JournalWriter,
    private checkpoints: Checkpoints | null,
    private readonly options: Required<Pick<FileStoreOptions, 'log' | 'now' | 'schedule' | 'checkpointEvery' | 'dataDir' | 'files'>>,
  ) {
    this.seq = journal.at.seq;
    this.durable = this.seq;
    this.rich.load(
      [...state.characters]
        .filter(([, c]) => c.prefs.public !== false)
        .map(([key, c]) => ({ key, name: c.name, coins: state.balances.get(accountText(charAccount(key))) ?? 0 })),
    );
    this.armTimer();
  }

  /**
   * Reads and checks the folder, makes the changes recovery allows, and opens the journal for
   * writing. Opening fails at once for want of a file descriptor (a host's limit far too low);
   * once open, a write waits for one (descriptors.ts).
   */
  static async open(o: FileStoreOptions): Promise<FileStore> {
    const log = o.log ?? (() => undefined);
    const files = o.files ?? nodeFiles;
    const patient = patientFiles(files, o.patience ?? realPatience(log));
    try {
      await files.mkdir(o.dataDir);
    } catch (e) {
      throw new StoreFailure(`cannot create ${o.dataDir}: ${describeError(e)}`);
    }
    const r = await readStore(files, o.dataDir);
    await settleStore(files, o.dataDir, r, log);
    const journalDir = join(o.dataDir, JOURNAL_DIR);
    const folder = await files.openDir(journalDir).catch((e: unknown) => {
      throw cannotWrite(journalDir, e);
    });
    const journal = new JournalWriter(patient, journalDir, folder, r.end, r.endSegmentExists, o.segmentBytes ?? 16 * 1024 * 1024);
    const written = r.checkpoint?.seq ?? -1;
    const checkpoints =
      o.checkpoints === 'inline'
        ? inlineCheckpoints(patient, o.dataDir, cloneState(r.state), r.end, written)
        : workerCheckpoints(o.dataDir, r.end, written, log);
    const store = new FileStore(r.state, journal, checkpoints, {
      dataDir: o.dataDir,
      files: patient,
      log,
      now: o.now ?? Date.now,
      schedule: o.schedule ?? defaultSchedule,
      checkpointEvery: o.checkpointEvery ?? { entries: 10_000, ms: 60_000 },
    });
    // After an upgrade or a long roll forward, the next start should not have to do it again.
    if (r.upgrade || r.replayed > 0) store.requestCheckpoint();
    return store;
  }

  // --- reads ---------------------------------------------------------------------------

  character(key: string): Readonly<CharacterRecord> | undefined {
    return this.state.characters.get(key);
  }

  fetchCharacter(key: string) {
    return Promise.resolve(this.character(key));
  }

  nameTaken(key: string): Promise<boolean> {
    return Promise.resolve(this.state.characters.has(key));
  }

  async createCharacter(c: NewCharacter): Promise<Readonly<CharacterRecord> | null> {
    const key = c.name.toLowerCase();
    if (this.state.characters.has(key)) return null;
    this.record({ kind: 'character', name: c.name, passwordHash: c.passwordHash, room: c.room, created: new Date(this.options.now()).toISOString(), purse: c.purse });
    return this.character(key)!;
  }

  /** One server per folder: every character is this server's to play. */
  claim(): Promise<string | null> {
    return Promise.resolve(null);
  }

  letGo(): void {}

  balance(account: string): number {
    return this.state.balances.get(account) ?? 0;
  }

  stakes(key: string): ReadonlyMap<string, number> {
    return this.state.balances.stakes(key);
  }

  accounts(): [string, number][] {
    return [...this.state.balances];
  }

  allBalances(): Promise<ReadonlyMap<string, number>> {
    return Promise.resolve(this.state.balances);
  }

  /**
   * Every balance recomputed from the whole journal (read again from disk, from entry 1, every
   * checksum checked) and compared with the balances the server runs with: a checkpoint changed
   * by hand, or a journal changed under the server, is found. When old segments were archived
   * away there is no entry 1 to start from, and nothing is compared.
   */
  async ledgerProblems(): Promise<string[]> {
    // A moment when everything recorded is on disk: the live balances are the journal's up to its end.
    for (let tries = 0; this.writing || this.hasUnwrittenChanges; tries++) {
      if (tries === 100) return ['the balances could not be compared with the journal: changes never stopped coming'];
      await this.flush();
    }
    const at = this.journal.at;
    const live = new Map(this.state.balances);
    const liveThings = holdingsRecord(this.state.things);
    const { files, dataDir } = this.options;
    const first = ((await files.list(join(dataDir, JOURNAL_DIR))) ?? []).filter(isSegmentName).sort()[0];
    if (first !== segmentName(1)) return [];
    let journal: ReadonlyMap<string, number>;
    let journalThings: Record<string, Record<string, number>>;
    try {
      const { state } = await readStore(files, dataDir, { fromScratch: true, upTo: at, yieldEvery: 2000 });
      journal = state.balances;
      journalThings = holdingsRecord(state.things);
    } catch (e) {
      return [`the journal does not add up: ${e instanceof Damage ? e.where : (e as Error).message}`];
    }
    const problems: string[] = [];
    for (const account of new Set([...live.keys(), ...journal.keys()])) {
      const n = live.get(account) ?? 0;
      const j = journal.get(account) ?? 0;
      if (n !== j) problems.push(`${account} holds ${n} coins but the journal says ${j}`);
    }
    for (const place of new Set([...Object.keys(liveThings), ...Object.keys(journalThings)])) {
      const [n, j] = [liveThings[place] ?? {}, journalThings[place] ?? {}];
      for (const thing of new Set([...Object.keys(n), ...Object.keys(j)])) {
        if ((n[thing] ?? 0) !== (j[thing] ?? 0)) problems.push(`${place} holds ${n[thing] ?? 0} ${thing} but the journal says ${j[thing] ?? 0}`);
      }
    }
    return problems.sort().slice(0, 20);
  }

  things(place: string): ReadonlyMap<string, number> {
    return this.state.things.get(place) ?? NOTHING;
  }

  allThings(): Promise<Holdings> {
    return Promise.resolve(this.state.things);
  }

  ban(key: string) {
    return this.state.bans.get(key);
  }

  handouts(key: string) {
    return this.state.handouts.get(key) ?? {};
  }

  fairness(table: string) {
    return this.state.tables.get(table);
  }

  richest(n: number): Rich[] {
    return this.rich.top(n);
  }

  isPublic(key: string): boolean {
    return this.state.characters.get(key)?.prefs.public !== false;
  }

  wins(n: number, now: number): Win[] {
    return shownWins(this.state.wins, n, now, (key) => this.isPublic(key), WINS_WINDOW_MS);
  }

  games(table: string) {
    return this.state.games.get(table) ?? [];
  }

  liveDraws(table: string) {
    return this.state.draws.get(table) ?? [];
  }

  /** Puts a character in its place among the richest, as the state has them now. */
  private placeRich(key: string): void {
    const c = this.state.characters.get(key);
    if (c) this.rich.set(key, c.name, this.state.balances.get(accountText(charAccount(key))) ?? 0, c.prefs.public !== false);
  }

  /** From the results the state keeps per character (in the checkpoint too): no journal is read. */
  history(key: string, n: number) {
    return Promise.resolve((this.state.results.get(key) ?? []).slice(-Math.max(0, n)).reverse());
  }

  // --- changes -------------------------------------------------------------------------

  record(entry: Entry): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new StoreFailure('the store is closed');
    // What is written must be what recovery accepts, or the next start would refuse.
    const problem = shapeProblem(entry) ?? apply(this.state, entry);
    if (problem) throw new Error(`store: a ${entry.kind} entry does not fit: ${problem}`);
    for (const key of charactersIn(entry)) this.placeRich(key);
    this.seq += 1;
    const line = encodeLine(this.seq, new Date(this.options.now()).toISOString(), entry);
    this.lastCrc = lineCrc(line);
    this.pending.push(line);
    // Everything recorded in this turn of the event loop goes in one write.
    if (!this.kickQueued) {
      this.kickQueued = true;
      queueMicrotask(() => {
        this.kickQueued = false;
        this.kick();
      });
    }
  }

  get hasUnwrittenChanges(): boolean {
    return this.durable < this.seq;
  }

  flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durable >= this.seq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq: this.seq, resolve, reject });
      this.kick();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.timer?.cancel();
    try {
      if (!this.failure) {
        await this.flush();
        await this.checkpointing;
        this.follow();
        if (this.checkpoints) await this.checkpoints.checkpoint(true).catch((e: Error) => this.options.log(`checkpoint on closing failed: ${e.message}`));
      }
    } finally {
      this.closed = true;
      this.followTimer?.cancel();
      this.followTimer = null;
      await this.checkpoints?.close();
      await this.journal.close();
    }
  }

  private kick(): void {
    if (this.writing || this.failure || !this.pending.length) return;
    const text = this.pending.join('');
    const last = this.seq;
    this.pending = [];
    this.writing = true;
    this.journal.append(text, last, this.lastCrc).then(
      (end) => {
        this.writing = false;
        this.durable = last;
        while (this.waiters.length && this.waiters[0].seq <= last) this.waiters.shift()!.resolve();
        this.unfollowed.push(text);
        this.unfollowedEnd = end;
        if (!this.closed) {
          this.followTimer ??= this.options.schedule(FOLLOW_MS, () => {
            this.followTimer = null;
            this.follow();
          });
        }
        this.sinceCheckpoint += text.split('\n').length - 1;
        if (this.sinceCheckpoint >= this.options.checkpointEvery.entries) this.requestCheckpoint();
        this.kick();
      },
      (e: unknown) => {
        this.writing = false;
        this.failure = e instanceof StoreFailure ? e : new StoreFailure(describeError(e));
        for (const w of this.waiters.splice(0)) w.reject(this.failure);
      },
    );
  }

  /** Hands the durable text written since the last call to the checkpointer; a fault there costs checkpoints, never a write. */
  private follow(): void {
    const end = this.unfollowedEnd;
    if (!end) return;
    const text = this.unfollowed.join('');
    this.unfollowed = [];
    this.unfollowedEnd = null;
    if (!this.checkpoints) return;
    try {
      this.checkpoints.append(text, end);
    } catch (e) {
      this.options.log(`checkpoints stopped (${(e as Error).message}); the journal keeps everything`);
      void this.checkpoints.close();
      this.checkpoints = null;
    }
  }

  private armTimer(): void {
    this.timer = this.options.schedule(this.options.checkpointEvery.ms, () => {
      if (this.sinceCheckpoint > 0) this.requestCheckpoint();
      this.armTimer();
    });
  }

  /** Asks for a checkpoint in the background; never on the path of a reply. */
  private requestCheckpoint(): void {
    if (!this.checkpoints || this.checkpointing || this.closed) return;
    this.sinceCheckpoint = 0;
    this.follow();
    this.checkpointing = this.checkpoints.checkpoint().then(
      () => {
        if (this.checkpointTrouble) this.options.log('checkpoint: written again');
        this.checkpointTrouble = false;
      },
      (e: Error) => {
        // The journal still holds everything: a checkpoint that failed only makes the next start longer.
        if (!this.checkpointTrouble) this.options.log(`checkpoint failed (${e.message}); the journal keeps everything, and the next one is tried later`);
        this.checkpointTrouble = true;
      },
    ).finally(() => {
      this.checkpointing = null;
    });
  }
}
