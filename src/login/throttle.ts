import type { Clock } from '../world/clock.js';

export interface ThrottlePolicy {
  /** Wrong guesses allowed before the next attempt must wait. */
  freeGuesses: number;
  firstWaitMs: number;
  maxWaitMs: number;
  /** This long without a wrong guess and everything is forgiven. */
  quietMs: number;
}

/** docs/rulings.md, Logging in: 3 free, then 1 s doubling to 60 s, cleared by 15 quiet minutes. */
export const LOGIN_THROTTLE: ThrottlePolicy = { freeGuesses: 3, firstWaitMs: 1000, maxWaitMs: 60_000, quietMs: 15 * 60_000 };

interface Failures {
  count: number;
  last: number;
  /** The addresses the wrong guesses came from (accounts only); past MAX_GUESSERS, null: every address counts as one. */
  from?: Set<string> | null;
}

/**
 * Addresses remembered per account: an account guessed at from more than this holds every
 * address but its owner's (those it was last logged in to from).
 */
export const MAX_GUESSERS = 1000;
/** The owner's addresses kept per account: the last this many it was logged in to from. */
export const OWNER_ADDRESSES = 4;
/** Accounts whose owner's addresses are kept, the most recently logged in to (about 200 bytes each). */
export const OWNERS_KEPT = 50_000;

/**
 * Wrong guesses per key (one book for accounts, one for addresses). The map is kept in order
 * of the last wrong guess, so forgetting quiet keys only ever looks at the front.
 */
class FailureBook {
  private readonly byKey = new Map<string, Failures>();

  constructor(
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy,
  ) {}

  /** Milliseconds the next attempt for this key must still wait (0: none). */
  waitMs(key: string): number {
    this.forgetQuiet();
    const f = this.byKey.get(key);
    if (!f || f.count < this.policy.freeGuesses) return 0;
    const wait = Math.min(this.policy.maxWaitMs, this.policy.firstWaitMs * 2 ** (f.count - this.policy.freeGuesses));
    return Math.max(0, f.last + wait - this.clock.now());
  }

  wrong(key: string, from?: string): void {
    const old = this.byKey.get(key);
    const count = (old?.count ?? 0) + 1;
    let guessers = old?.from === undefined ? new Set<string>() : old.from;
    if (from !== undefined && guessers) guessers.add(from);
    if (guessers && guessers.size > MAX_GUESSERS) guessers = null;
    this.byKey.delete(key); // re-inserted at the back: the most recent
    this.byKey.set(key, { count, last: this.clock.now(), ...(from === undefined ? {} : { from: guessers }) });
    this.forgetQuiet();
  }

  /** Whether `from` has guessed wrong at `key` lately (always true once too many addresses have). */
  guessedFrom(key: string, from: string): boolean {
    this.forgetQuiet();
    const guessers = this.byKey.get(key)?.from;
    return guessers === null || (guessers?.has(from) ?? false);
  }

  /** Whether so many addresses guessed wrong at `key` that each is taken for a guesser. */
  everyAddress(key: string): boolean {
    return this.byKey.get(key)?.from === null;
  }

  forget(key: string): void {
    this.byKey.delete(key);
  }

  get size(): number {
    return this.byKey.size;
  }

  private forgetQuiet(): void {
    const now = this.clock.now();
    for (const [key, f] of this.byKey) {
      if (now - f.last < this.policy.quietMs) break;
      this.byKey.delete(key);
    }
  }
}

export interface Wait {
  ms: number;
  /** Whose guessing the wait is for: the account's or the address's (the longer of the two). */
  because: 'account' | 'address';
}

/**
 * Wrong passwords, counted per account and per address whatever connection they came from.
 * After the free guesses, the next attempt waits 1 s after the last wrong one, doubling with each
 * further wrong guess up to the cap. An account's wait holds the addresses that have guessed
 * wrong at it, not the others: its owner, from an address of their own, is never kept out by
 * someone else's guessing (docs/rulings.md, Logging in), while each guesser also has their address's wait.
 * A right password clears its account; an address is cleared only by a quiet period, so an
 * attacker cannot clear their own address by logging in to a character of their own between
 * guesses.
 */
export class GuessThrottle {
  private readonly accounts: FailureBook;
  private readonly addresses: FailureBook;
  /** Per account, the addresses a right password for it came from lately, oldest first; the map in order of the last one. */
  private readonly owners = new Map<string, string[]>();

  constructor(clock: Clock, policy: ThrottlePolicy = LOGIN_THROTTLE) {
    this.accounts = new FailureBook(clock, policy);
    this.addresses = new FailureBook(clock, policy);
  }

  /** How long an attempt at `account` from `address` must wait now, or null when it may go. */
  waitFor(account: string, address: string): Wait | null {
    const forAccount = this.guessedAt(account, address) ? this.accounts.waitMs(account) : 0;
    const forAddress = this.addresses.waitMs(address);
    if (forAccount === 0 && forAddress === 0) return null;
    return forAccount >= forAddress ? { ms: forAccount, because: 'account' } : { ms: forAddress, because: 'address' };
  }

  wrong(account: string, address: string): void {
    this.accounts.wrong(account, address);
    this.addresses.wrong(address);
  }

  /**
   * Whether `address` has guessed wrong at `account` lately: its attempts there are held by the
   * account's wait. Past MAX_GUESSERS addresses every address counts as one, but for those the
   * account was logged in to from: its owner is not held behind a crowd of guessers.
   */
  guessedAt(account: string, address: string): boolean {
    return this.accounts.guessedFrom(account, address) && !(this.accounts.everyAddress(account) && this.owners.get(account)?.includes(address));
  }

  /** A right password for `account` from `address`: the account's guesses are forgiven, and the address is its owner's. */
  right(account: string, address: string): void {
    this.accounts.forget(account);
    const known = (this.owners.get(account) ?? []).filter((a) => a !== address);
    known.push(address);
    this.owners.delete(account); // re-inserted at the back: the most recent
    this.owners.set(account, known.slice(-OWNER_ADDRESSES));
    if (this.owners.size > OWNERS_KEPT) this.owners.delete(this.owners.keys().next().value!);
  }

  /** How many accounts and addresses are remembered (they are forgotten after the quiet period). */
  get remembered(): number {
    return this.accounts.size + this.addresses.size;
  }
}

export const HOUR_MS = 60 * 60_000;

/** A creation that has been allowed and must now be confirmed (made) or cancelled (not made). */
export interface Reservation {
  confirm(): void;
  cancel(): void;
}

/**
 * At most `perHour` new characters per address in any 60 minutes (0: no limit). A creation
 * holds its place from the moment it is allowed, so several at once cannot overshoot.
 */
export class CreationLimit {
  /** Per address: when its creations of the last hour were made, oldest first, and how many are under way. */
  private readonly byAddress = new Map<string, { made: number[]; pending: number }>();

  constructor(
    private readonly clock: Clock,
    readonly perHour: number,
  ) {}

  reserve(address: string): { ok: true; reservation: Reservation } | { ok: false; reason: string } {
    if (this.perHour === 0) return { ok: true, reservation: { confirm: () => {}, cancel: () => {} } };
    const now = this.clock.now();
    this.forgetOld(now);
    let entry = this.byAddress.get(address);
    if (!entry) this.byAddress.set(address, (entry = { made: [], pending: 0 }));
    dropOlderThanAnHour(entry.made, now);
    const used = entry.made.length + entry.pending;
    if (used >= this.perHour) {
      // The place that frees first: the oldest creation beyond what else is still held.
      const i = used - this.perHour;
      const freeAt = i < entry.made.length ? entry.made[i] + HOUR_MS : now + HOUR_MS;
      const minutes = Math.max(1, Math.ceil((freeAt - now) / 60_000));
      const many = this.perHour === 1 ? 'One new character' : `Only ${this.perHour} new characters`;
      return { ok: false, reason: `${many} may be made from one address in an hour; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` };
    }
    entry.pending++;
    const held = entry;
    let settled = false;
    const settle = (made: number | null) => {
      if (settled) return;
      settled = true;
      held.pending--;
      if (made !== null) held.made.push(made);
      this.byAddress.delete(address); // re-inserted at the back: the most recent
      if (held.made.length || held.pending) this.byAddress.set(address, held);
    };
    return { ok: true, reservation: { confirm: () => settle(this.clock.now()), cancel: () => settle(null) } };
  }

  private forgetOld(now: number): void {
    for (const [address, entry] of this.byAddress) {
      dropOlderThanAnHour(entry.made, now);
      if (entry.made.length || entry.pending) break;
      this.byAddress.delete(address);
    }
  }
}

function dropOlderThanAnHour(times: number[], now: number): void {
  while (times.length && now - times[0] >= HOUR_MS) times.shift();
}
