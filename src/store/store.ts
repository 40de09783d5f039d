import type { Ban, CharacterRecord, DrawRecord, Entry, GameRecord, Holdings, TableFairness, TableResult, Win } from './entries.js';
import type { Rich } from './richest.js';

/**
 * The store, whatever engine is behind it (the file engine, or PostgreSQL). Callers see one
 * contract:
 * - reads of what is in play are synchronous (the characters logged in, the accounts, bans and
 *   table seeds), because they come from memory;
 * - a character is played by one server at a time: `claim` it once the password is right, and
 *   `letGo` of it when it leaves the world (with one file store per server this always succeeds;
 *   servers sharing a database take turns);
 * - anything that may have to ask a database another process writes is asynchronous (fetching
 *   a character at login, checking a name, making a character);
 * - a change is `record`ed: it applies to the live state at once, or throws and changes
 *   nothing; every change recorded before a `flush` is durable when the flush resolves, and
 *   the changes of one flush commit together (one durable append; one SQL transaction).
 *   Nothing may be told to a player before the flush that covers it has resolved.
 */
export interface Store {
  /** A character in play here (the file engine keeps every character in play; the database engine those claimed). */
  character(key: string): Readonly<CharacterRecord> | undefined;
  /** Looks a character up for logging in (its latest record, and whether it is banned); undefined when there is none. */
  fetchCharacter(key: string): Promise<Readonly<CharacterRecord> | undefined>;
  nameTaken(key: string): Promise<boolean>;
  /** Makes a character with its starting purse from the mint, claimed by this server; null when the name is taken. */
  createCharacter(c: NewCharacter): Promise<Readonly<CharacterRecord> | null>;
  /**
   * Makes this server the one that plays the character, with its latest record and coins in
   * memory (`character(key)`); resolves to null, or to the one line that says why not (another
   * server sharing the database plays it now). Claiming a character held already is a no-op.
   */
  claim(key: string): Promise<string | null>;
  /** The character has left the world here; another server may have it once nothing of it is left on a table here. */
  letGo(key: string): void;

  /** Accounts are named here as the journal stores them (account.ts reads and writes that form). */
  balance(account: string): number;
  /** A character's coins on each table (by table id) that holds some, of those in memory (every character in play here). */
  stakes(key: string): ReadonlyMap<string, number>;
  /** Accounts in memory holding coins (escrow left by a crash, say). */
  accounts(): [string, number][];
  /** Every account's balance, for the audit (the database engine asks the database). */
  allBalances(): Promise<ReadonlyMap<string, number>>;
  /** Accounts (and places' things) that are not the sum of the journal's movements (the truth), for the audit. */
  ledgerProblems(): Promise<string[]>;
  /**
   * The things in a place (a place as stored: place.ts), by thing id: those in memory, which are
   * every place the file engine knows, and with the database engine the characters in play here,
   * this server's floors and (as of its start, with its own changes since) the house's stock.
   */
  things(place: string): ReadonlyMap<string, number>;
  /** Every place's things, for the audit (the database engine asks the database; every server's floors of one room are summed). */
  allThings(): Promise<Holdings>;
  ban(key: string): Readonly<Ban> | undefined;
  /**
   * Set by the server: told of each ban as it commits on any server sharing the characters
   * (PostgreSQL), so that one playing here is thrown out at once. The file engine has one server.
   */
  onBan?: (key: string, ban: Readonly<Ban>) => void;
  handouts(key: string): Readonly<Record<string, number>>;
  /** A table's provably fair seeds, kept so that a crash neither loses nor reuses one. */
  fairness(table: string): Readonly<TableFairness> | undefined;
  /**
   * A character's last `n` table results, newest first: the `results` of the coins entries that
   * settled their bets (results.ts), as recorded. An engine keeps at least the last RESULTS_KEPT
   * per character and may return fewer than `n` when there are no more.
   */
  history(key: string, n: number): Promise<readonly Readonly<TableResult>[]>;

  /**
   * The `n` richest public characters by purse, richest first, from an index kept as purses
   * move (richest.ts): no character is read. The database engine's index holds the richest as
   * of its start and every change made here since.
   */
  richest(n: number): Rich[];
  /** Whether a character may be shown on the public lists (`set public off` says not). */
  isPublic(key: string): boolean;
  /** The biggest wins of public characters ending within 7 days before `now` (epoch ms), biggest first. */
  wins(n: number, now: number): Win[];
  /** A table's last finished games (games.ts), oldest first: at least the last GAMES_KEPT this server played. */
  games(table: string): readonly Readonly<GameRecord>[];
  /** The draws made so far with a table's live seed, in nonce order. */
  liveDraws(table: string): readonly Readonly<DrawRecord>[];

  /** Applies one change now and queues it for the next commit; throws (changing nothing) if it does not fit. */
  record(entry: Entry): void;
  readonly hasUnwrittenChanges: boolean;
  /** Resolves when every change recorded so far is durable; rejects with a StoreFailure when it cannot be. */
  flush(): Promise<void>;
  /** Writes what is left (and the file engine's checkpoint); nothing is recorded after this. */
  close(): Promise<void>;
}

export interface NewCharacter {
  name: string;
  passwordHash: string;
  room: string;
  purse: number;
}
