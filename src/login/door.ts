import { sleep, type Clock } from '../world/clock.js';
import { capitalise } from '../text/names.js';
import { hashPassword, needsUpgrade, verifyPassword } from './accounts.js';
import { FairScheduler, OneAtATime } from './scheduler.js';
import { CreationLimit, GuessThrottle, type Reservation, type Wait } from './throttle.js';
import { addressGroup } from '../telnet/per-address.js';

/** What the door needs of password hashing (scrypt in the server, instant fakes in tests). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  needsUpgrade(stored: string): boolean;
}

export const scryptHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword, needsUpgrade };

export interface DoorSettings {
  /** Password hashes at once: one per core, as many as the thread pool can spare (threadpool.cts). */
  hashSlots: number;
  /** New characters per address per hour; 0: no limit. */
  createsPerHour: number;
}

export interface PasswordAttempt {
  /** The connection's remote address, as the socket gives it. */
  address: string;
  /** The character's key (lower-case name). */
  account: string;
  password: string;
  /** The character's stored hash. */
  stored: string;
}

/** Attempts at one account that may wait at once; one more is refused at once (refused()). */
export const MAX_QUEUED_GUESSES = 5;

export type Verdict =
  /** `newHash`: the password hashed again at today's cost, to be saved in place of the old one. */
  | { kind: 'right'; newHash: string | null }
  | { kind: 'wrong' }
  /** The connection went away before the answer. */
  | { kind: 'gone' }
  /** Not checked: too many attempts at the account wait already; `line` says so. */
  | { kind: 'refused'; line: string };

function refused(account: string): Verdict {
  return {
    kind: 'refused',
    line: `Too many attempts at ${capitalise(account)} are waiting already: this one is refused, and not counted. Try again in a minute.`,
  };
}

/**
 * What every connection at the door shares: the hashing slots, the wrong-guess throttle and the
 * creation limit. A password check from an address that has guessed wrong at the account waits
 * for the account (one such check at a time, so a flood at one account from many connections is
 * no faster than the same guesses one by one) and out the throttle; no more than
 * MAX_QUEUED_GUESSES attempts at one account wait at once, the rest refused at once. Every check
 * then waits for a hashing slot in its address's turn (so a flood from one address cannot keep
 * anyone else waiting for more than one hash). An attempt from an address that has not guessed
 * wrong at the account waits for none of the account's queue: its owner is never held behind
 * someone else's guesses.
 */
export class Door {
  readonly hashing: FairScheduler;
  readonly throttle: GuessThrottle;
  readonly creations: CreationLimit;
  private readonly checking = new OneAtATime();
  /** Per account: attempts waiting for it (for the account, or out a wait), at most MAX_QUEUED_GUESSES. */
  private readonly queued = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    settings: DoorSettings,
    private readonly hasher: PasswordHasher = scryptHasher,
  ) {
    this.hashing = new FairScheduler(settings.hashSlots);
    this.throttle = new GuessThrottle(clock);
    this.creations = new CreationLimit(clock, settings.createsPerHour);
  }

  /**
   * Checks a password, telling `tell` (one line each) of any wait first. A wrong guess counts
   * even if the connection has gone meanwhile: hanging up early buys no extra guesses.
   */
  async checkPassword(attempt: PasswordAttempt, signal: AbortSignal, tell: (line: string) => void): Promise<Verdict> {
    const address = addressGroup(attempt.address);
    const { account } = attempt;
    let held = false;
    /** Counts this attempt among those waiting at the account, unless MAX_QUEUED_GUESSES already do. */
    const hold = () => {
      if (held) return true;
      const queued = this.queued.get(account) ?? 0;
      if (queued >= MAX_QUEUED_GUESSES) return false;
      this.queued.set(account, queued + 1);
      return (held = true);
    };
    let releaseAccount: (() => void) | null = null;
    try {
      for (;;) {
        // A guesser's attempts at the account go one at a time, each seeing the count the last left.
        if (this.throttle.guessedAt(account, address) && !releaseAccount) {
          if (!hold()) return refused(account);
          releaseAccount = await this.checking.acquire(account, signal);
          continue;
        }
        const wait = this.throttle.waitFor(account, address);
        if (wait) {
          if (!hold()) return refused(account);
          tell(waitLine(wait, account));
          await sleep(this.clock, wait.ms, signal);
          continue;
        }
        const release = await this.hashing.acquire(address, signal);
        try {
          // Wrong guesses from the same address may have come in while this one waited its turn.
          if (this.throttle.waitFor(account, address) || (this.throttle.guessedAt(account, address) && !releaseAccount)) continue;
          const ok = await this.hasher.verify(attempt.password, attempt.stored);
          // Counted before the slot is given back: the next guess in line must see this one.
          if (ok) this.throttle.right(account, address);
          else this.throttle.wrong(account, address);
          if (signal.aborted) return { kind: 'gone' };
          if (!ok) return { kind: 'wrong' };
        } finally {
          release();
        }
        const newHash = this.hasher.needsUpgrade(attempt.stored) ? await this.hashing.run(address, () => this.hasher.hash(attempt.password), signal) : null;
        return { kind: 'right', newHash };
      }
    } catch (e) {
      if (signal.aborted) return { kind: 'gone' };
      throw e;
    } finally {
      releaseAccount?.();
      if (held) {
        const left = (this.queued.get(account) ?? 1) - 1;
        if (left > 0) this.queued.set(account, left);
        else this.queued.delete(account);
      }
    }
  }

  /** A new character's hash, made in its address's turn; null if the connection went away first. */
  async hashNew(address: string, password: string, signal: AbortSignal): Promise<string | null> {
    try {
      return await this.hashing.run(addressGroup(address), () => this.hasher.hash(password), signal);
    } catch (e) {
      if (signal.aborted) return null;
      throw e;
    }
  }

  /** A character was made from `address`: its owner's, whom a crowd of guessers does not hold (throttle.ts). */
  madeFrom(account: string, address: string): void {
    this.throttle.right(account, addressGroup(address));
  }

  /** Holds one of the address's creations for this hour, or says when the next is free. */
  reserveCreation(address: string): { ok: true; reservation: Reservation } | { ok: false; reason: string } {
    return this.creations.reserve(addressGroup(address));
  }
}

function waitLine(wait: Wait, account: string): string {
  const s = Math.ceil(wait.ms / 1000);
  const whose = wait.because === 'account' ? `for ${capitalise(account)}` : 'from your address';
  return `Too many wrong passwords ${whose} lately: this attempt waits ${s} second${s === 1 ? '' : 's'}.`;
}
