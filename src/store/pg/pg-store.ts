import type pg from 'pg';
import { accountOwner, accountText, charAccount, mayOwe } from '../account.js';
import { apply, charactersIn, emptyState, shapeProblem, type Ban, type CharacterRecord, type Entry, type Holdings, type State, type Win } from '../entries.js';
import { holdingsOf, NOTHING, setThings } from '../holdings.js';
import { carriedBy, placeText } from '../place.js';
import { StoreFailure } from '../files.js';
import type { NewCharacter, Store } from '../store.js';
import { BANS_CHANNEL, banNotice, describePgError, describeTarget, LOCK } from './connection.js';
import { openConnections, type PgStoreOptions } from './open.js';
import { allBalances, allThings, charactersWithEscrow, journalDisagreements, loadCharacter, loadListings, loadResults, loadStart, thingDisagreements, type StoredCharacter } from './queries.js';
import { keepGame, keepWins, WINS_WINDOW_MS } from '../games.js';
import { shownWins, type Rich } from '../richest.js';
import { Listings } from './listings.js';
import { escrowsOf, strandedReturn, whyNotHere } from './whose.js';
import { PgWriter, type NewCharacterEntry } from './writer.js';

/** How many of the richest a start reads: enough that the top ten stays right as some of them lose coins. */
const RICH_LOADED = 1000;

/**
 * The PostgreSQL engine. Memory holds what this server plays: the characters it has claimed
 * (with their accounts and hand-outs), the mint and the house, every ban, and its own tables'
 * seeds. Changes apply to memory at once (the same `apply` as the file engine) and are written
 * as journal rows, one transaction per group (the triggers in the schema keep every other
 * table from them, balances relative to what they hold); a flush resolves once it commits.
 *
 * A character is live in one server at a time: claiming it takes a session advisory lock on
 * the writing connection, which PostgreSQL lets go when that connection ends (a quit, a crash,
 * a kill -9). Every write goes over that same connection, so a server that lost its leases
 * cannot write anything more: it stops (`onLost`).
 */

export class PgStore implements Store {
  private readonly state: State = emptyState();
  /** Characters this server holds the lease of, with their ids (the lease's second key). */
  private readonly held = new Map<string, number>();
  /** Held characters that have left the world here: let go once nothing of theirs is on a table or unwritten. */
  private readonly leaving = new Set<string>();
  /** Names known to be taken (characters are never deleted). */
  private readonly known = new Set<string>();
  /** The last change recorded that touches each held character. */
  private readonly lastTouch = new Map<string, number>();
  /** Changes to the mint and the house recorded since the group being written was taken. */
  private sourceDeltas = new Map<string, number>();
  private releaseQueued = false;
  private readonly listings = new Listings();
  private closed = false;
  private readonly writer: PgWriter;
  onBan?: (key: string, ban: Readonly<Ban>) => void;

  private constructor(
    client: pg.Client,
    private readonly reader: pg.Pool,
    serverId: number,
    private readonly options: PgStoreOptions & { log: (line: string) => void; now: () => number },
  ) {
    this.writer = new PgWriter(client, serverId, {
      onGroup: () => (this.sourceDeltas = new Map()),
      onCommit: (made, sources) => this.committed(made, sources),
      failure: (e) => this.failed('write to', e),
      onFailure: (e) => this.options.onLost?.(e),
    });
    const lost = (e: unknown) => {
      if (!this.closed) this.writer.fail(new StoreFailure(`lost the connection to PostgreSQL at ${describeTarget(options.settings)}: ${describePgError(e)}`));
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the connection ended')));
    // A ban or unban on any server sharing the database, at its commit.
    client.on('notification', (n) => {
      const notice = banNotice(n);
      if (!notice) return;
      const { key, ban } = notice;
      this.noteBan(key, ban);
      try {
        if (ban) this.onBan?.(key, ban);
      } catch (e) {
        // Thrown out at the next login instead: the ban is kept whatever this server could do now.
        this.options.log(`could not throw ${key} out after a ban elsewhere: ${(e as Error).message}`);
      }
    });
  }

  private get failure(): StoreFailure | null {
    return this.writer.failure;
  }

  /** Connects, migrates the schema, takes this server's name, and loads what a start needs. */
  static async open(o: PgStoreOptions): Promise<PgStore> {
    const log = o.log ?? (() => undefined);
    return openConnections(o, log, async (writer, reader, serverId) => {
      const store = new PgStore(writer, reader, serverId, { ...o, log, now: o.now ?? Date.now });
      await store.loadStart(serverId);
      return store;
    });
  }

  private async loadStart(serverId: number): Promise<void> {
    await this.writer.client.query(`LISTEN ${BANS_CHANNEL}`); // before reading them, so that none is missed
    const start = await loadStart(this.writer.client, serverId);
    for (const [key, ban] of start.bans) this.state.bans.set(key, ban);
    for (const { fair, draws } of start.tables) {
      this.state.tables.set(fair.table, fair);
      if (draws.length) this.state.draws.set(fair.table, draws);
    }
    const listings = await loadListings(this.writer.client, serverId, RICH_LOADED, this.options.now());
    this.listings.load(listings);
    for (const g of listings.games) keepGame(this.state.games, g);
    keepWins(this.state.wins, listings.wins);
    for (const [account, n] of start.sources) this.setBalance(account, n);
    setThings(this.state.things, holdingsOf(start.things));
    // Coins a stopped server left on its tables: whoever no live server plays is brought into
    // play, so that the tavern can give them back (Tavern.returnEscrow, at start), and is then let go.
    for (const key of await charactersWithEscrow(this.writer.client)) {
      if ((await this.take(key)).kind === 'taken') this.leaving.add(key);
    }
  }

  // --- reads ---------------------------------------------------------------------------

  character(key: string): Readonly<CharacterRecord> | undefined {
    return this.state.characters.get(key);
  }

  async fetchCharacter(key: string): Promise<Readonly<CharacterRecord> | undefined> {
    if (this.held.has(key)) return this.state.characters.get(key);
    const stored = await this.read((pool) => loadCharacter(pool, key));
    if (!stored) return undefined;
    this.known.add(key);
    return stored.record;
  }

  async nameTaken(key: string): Promise<boolean> {
    if (this.held.has(key) || this.known.has(key)) return true;
    const { rows } = await this.read((pool) => pool.query('SELECT 1 FROM characters WHERE key = $1', [key]));
    if (!rows.length) return false;
    this.known.add(key);
    return true;
  }

  balance(account: string): number {
    return this.state.balances.get(account) ?? 0;
  }

  stakes(key: string): ReadonlyMap<string, number> {
    return this.state.balances.stakes(key);
  }

  accounts(): [string, number][] {
    return [...this.state.balances];
  }

  async allBalances(): Promise<ReadonlyMap<string, number>> {
    await this.flush();
    const { balances, owners } = await this.read((pool) => allBalances(pool));
    for (const owner of owners) this.known.add(owner); // a foreign key: every owner is a character
    return balances;
  }

  async ledgerProblems(): Promise<string[]> {
    await this.flush();
    return this.read(async (pool) => [...(await journalDisagreements(pool)), ...(await thingDisagreements(pool))]);
  }

  things(place: string): ReadonlyMap<string, number> {
    return this.state.things.get(place) ?? NOTHING;
  }

  async allThings(): Promise<Holdings> {
    await this.flush();
    return holdingsOf(await this.read((pool) => allThings(pool)));
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
    return this.listings.top(n);
  }

  isPublic(key: string): boolean {
    return this.listings.isPublic(key, this.state.characters.get(key));
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

  /** A character in play here takes its place among the richest, as memory has it now. */
  private placeRich(key: string): void {
    const c = this.state.characters.get(key);
    if (c) this.listings.place(key, c, this.state.balances.get(accountText(charAccount(key))) ?? 0);
  }

  /** A query of the table kept from the journal, once this server's own changes are in it. */
  async history(key: string, n: number) {
    await this.flush();
    return this.read((pool) => loadResults(pool, key, n));
  }

  // --- whose characters ------------------------------------------------------------------

  async createCharacter(c: NewCharacter): Promise<Readonly<CharacterRecord> | null> {
    if (this.failure) throw this.failure;
    const key = c.name.toLowerCase();
    if (this.known.has(key) || this.held.has(key)) return null;
    const time = this.time();
    const entry: NewCharacterEntry = { kind: 'character', name: c.name, passwordHash: c.passwordHash, room: c.room, created: time, purse: c.purse };
    const problem = shapeProblem(entry);
    if (problem) throw new Error(`store: a character entry does not fit: ${problem}`);
    // Written with the next group; in memory (and claimed) once committed.
    const id = await this.writer.create(entry, time);
    this.known.add(key);
    return id === null ? null : this.state.characters.get(key)!;
  }

  claim(key: string): Promise<string | null> {
    return this.writer.run(async () => {
      if (this.held.has(key)) {
        this.leaving.delete(key);
        return null;
      }
      const taken = await this.take(key);
      if (taken.kind === 'none') return `There is no character called ${key}.`;
      if (taken.kind === 'busy') return `${taken.name} is in play on another server that shares this tavern's characters; quit there first (a lost connection keeps its seat there for a few minutes).`;
      this.returnStranded(key);
      return null;
    });
  }

  letGo(key: string): void {
    if (!this.held.has(key) || this.closed) return;
    this.leaving.add(key);
    this.releaseSoon();
  }

  /** Takes a character's lease and brings it into memory, as the database has it now. */
  private async take(key: string): Promise<{ kind: 'taken' } | { kind: 'busy'; name: string } | { kind: 'none' }> {
    const { rows } = await this.writer.client.query<{ id: number; name: string; got: boolean }>(
      'SELECT id, name, pg_try_advisory_lock($1, id) AS got FROM characters WHERE key = $2',
      [LOCK.character, key],
    );
    if (!rows.length) return { kind: 'none' };
    if (!rows[0].got) return { kind: 'busy', name: rows[0].name };
    // Read after the lock: the server that let go of it committed everything first.
    const stored = await loadCharacter(this.writer.client, key);
    if (!stored) throw new Error(`character ${key} vanished`);
    this.bringIntoPlay(key, stored);
    return { kind: 'taken' };
  }

  private bringIntoPlay(key: string, s: StoredCharacter): void {
    this.state.characters.set(key, s.record);
    for (const [account, n] of s.balances) this.setBalance(account, Number(n));
    if (Object.keys(s.handouts).length) this.state.handouts.set(key, s.handouts);
    const carried = placeText(carriedBy(key));
    setThings(this.state.things, holdingsOf(s.things.map(([thing, n]) => ({ place: carried, thing, n }))));
    this.held.set(key, s.id);
    this.known.add(key);
    this.placeRich(key);
  }

  /** Coins of a character just claimed that sit on a table: the server that held them stopped, so they go back. */
  private returnStranded(key: string): void {
    const stranded = escrowsOf(this.state.balances, key);
    if (!stranded.length) return;
    this.record(strandedReturn(key, stranded));
    for (const { account, amount } of stranded) this.options.log(`returned ${amount} coins from ${account.table} to ${key}: a server that stopped had left them on its table`);
  }

  private releaseSoon(): void {
    if (this.releaseQueued) return;
    this.releaseQueued = true;
    this.writer.run(() => {
      this.releaseQueued = false;
      return this.releaseIdle();
    }).catch(() => undefined); // a broken connection has let go of everything already
  }

  /** Lets go of the leaving characters that have nothing unwritten and no coins on a table here. */
  private async releaseIdle(): Promise<void> {
    const free = [...this.leaving].filter((key) => (this.lastTouch.get(key) ?? 0) <= this.writer.written && this.state.balances.stakes(key).size === 0);
    if (!free.length) return;
    const ids = free.map((key) => this.held.get(key)!);
    // Out of memory first, so that nothing more can be recorded for them once another server may take them.
    for (const key of free) this.evict(key);
    await this.writer.client.query('SELECT pg_advisory_unlock($1, id) FROM unnest($2::int[]) AS id', [LOCK.character, ids]);
  }

  private evict(key: string): void {
    this.state.characters.delete(key);
    for (const account of [...this.state.balances.keys()]) if (accountOwner(account) === key) this.state.balances.delete(account);
    this.state.handouts.delete(key);
    this.state.things.delete(placeText(carriedBy(key)));
    this.state.results.delete(key);
    this.held.delete(key);
    this.leaving.delete(key);
    this.lastTouch.delete(key);
  }

  // --- changes -------------------------------------------------------------------------

  record(entry: Entry): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new StoreFailure('the store is closed');
    const problem = shapeProblem(entry) ?? whyNotHere(entry, (key) => this.held.has(key), (key) => this.known.has(key)) ?? this.applyHere(entry);
    if (problem) throw new Error(`store: a ${entry.kind} entry does not fit: ${problem}`);
    const time = this.time();
    const seq = this.writer.append({ time, json: JSON.stringify(entry) });
    for (const key of charactersIn(entry)) {
      this.lastTouch.set(key, seq);
      this.placeRich(key);
    }
    if (entry.kind === 'coins') {
      for (const m of entry.moves) {
        this.noteSourceDelta(m.from, -m.amount);
        this.noteSourceDelta(m.to, m.amount);
      }
    }
  }

  get hasUnwrittenChanges(): boolean {
    return this.writer.unwritten;
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.flush();
    } finally {
      // Ending the connection lets go of every lease this server held.
      this.closed = true;
      await this.writer.close();
      await this.reader.end().catch(() => undefined);
    }
  }

  private applyHere(e: Entry): string | null {
    if ((e.kind === 'ban' || e.kind === 'unban') && !this.held.has(e.key)) {
      // A character not in play here: only the ban is in memory; the database checks the name.
      if (e.kind === 'ban') return this.state.bans.set(e.key, { by: e.by, at: e.at, reason: e.reason }), null;
      return this.state.bans.delete(e.key) ? null : `"${e.key}" is not banned`;
    }
    return apply(this.state, e);
  }

  /** A group committed: its new characters come into memory (claimed), and the sources are as committed plus what was recorded since. */
  private committed(made: { entry: NewCharacterEntry; id: number }[], sources: [string, number][]): void {
    for (const { entry, id } of made) {
      const key = entry.name.toLowerCase();
      const problem = apply(this.state, entry);
      if (problem) throw new Error(`a new character does not fit the state: ${problem}`);
      this.held.set(key, id);
      this.known.add(key);
      this.placeRich(key);
    }
    // Other servers move the mint and the house too.
    for (const [account, n] of sources) this.setBalance(account, n + (this.sourceDeltas.get(account) ?? 0));
    if (this.leaving.size) this.releaseSoon();
  }

  /** A read on the pool, whose errors are StoreFailures too. */
  private async read<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
    if (this.failure) throw this.failure;
    try {
      return await fn(this.reader);
    } catch (e) {
      throw this.failure ?? this.failed('read from', e);
    }
  }

  private failed(what: 'read from' | 'write to', e: unknown): StoreFailure {
    return e instanceof StoreFailure ? e : new StoreFailure(`cannot ${what} PostgreSQL at ${describeTarget(this.options.settings)}: ${describePgError(e)}`);
  }

  private noteSourceDelta(account: string, delta: number): void {
    if (mayOwe(account)) this.sourceDeltas.set(account, (this.sourceDeltas.get(account) ?? 0) + delta);
  }

  private noteBan(key: string, ban: Ban | null): void {
    if (ban) this.state.bans.set(key, ban);
    else this.state.bans.delete(key);
  }

  private setBalance(account: string, n: number): void {
    if (n === 0) this.state.balances.delete(account);
    else this.state.balances.set(account, n);
  }

  private time(): string {
    return new Date(this.options.now()).toISOString();
  }
}
