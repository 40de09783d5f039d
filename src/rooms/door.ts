import { isIPv6 } from 'node:net';
import { sleep, type Clock } from './clock.js';
import { capitalise, hashPassword, needsUpgrade, verifyPassword } from './accounts.js';
import { FairScheduler, OneAtATime } from './scheduler.js';
import { CreationLimit, GuessThrottle, type Reservation, type Wait } from './throttle.js';

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

export type Verdict =
  /** `newHash`: the password hashed again at today's cost, to be saved in place of the old one. */
  | { kind: 'right'; newHash: string | null }
  | { kind: 'wrong' }
  /** The connection went away before the answer. */
  | { kind: 'gone' };

/**
 * What every connection at the door shares: the hashing slots, the wrong-guess throttle and the
 * creation limit. A password check waits, in this order, for the account (one check per account
 * at a time, so a flood at one account from many connections is no faster than the same guesses
 * one by one), for the throttle, and for a hashing slot in its address's turn (so a flood from
 * one address cannot keep anyone else waiting for more than one hash).
 */
export class Door {
  readonly hashing: FairScheduler;
  readonly throttle: GuessThrottle;
  readonly creations: CreationLimit;
  private readonly checking = new OneAtATime();

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
    const address = addressKey(attempt.address);
    const { account } = attempt;
    try {
      const release = await this.checking.acquire(account, signal);
      try {
        const right = await this.inTurn(account, address, signal, tell, async () => {
          const ok = await this.hasher.verify(attempt.password, attempt.stored);
          // Counted before the slot is given back: the next guess in line must see this one.
          if (ok) this.throttle.right(account);
          else this.throttle.wrong(account, address);
          return ok;
        });
        if (signal.aborted) return { kind: 'gone' };
        if (!right) return { kind: 'wrong' };
        const newHash = this.hasher.needsUpgrade(attempt.stored)
          ? await this.hashing.run(address, () => this.hasher.hash(attempt.password), signal)
          : null;
        return { kind: 'right', newHash };
      } finally {
        release();
      }
    } catch (e) {
      if (signal.aborted) return { kind: 'gone' };
      throw e;
    }
  }

  /** A new character's hash, made in its address's turn; null if the connection went away first. */
  async hashNew(address: string, password: string, signal: AbortSignal): Promise<string | null> {
    try {
      return await this.hashing.run(addressKey(address), () => this.hasher.hash(password), signal);
    } catch (e) {
      if (signal.aborted) return null;
      throw e;
    }
  }

  /** Holds one of the address's creations for this hour, or says when the next is free. */
  reserveCreation(address: string): { ok: true; reservation: Reservation } | { ok: false; reason: string } {
    return this.creations.reserve(addressKey(address));
  }

  /** Runs `job` in a hashing slot once neither the account nor the address must wait. */
  private async inTurn<T>(account: string, address: string, signal: AbortSignal, tell: (line: string) => void, job: () => Promise<T>): Promise<T> {
    for (;;) {
      const wait = this.throttle.waitFor(account, address);
      if (wait) {
        tell(waitLine(wait, account));
        await sleep(this.clock, wait.ms, signal);
        continue;
      }
      const release = await this.hashing.acquire(address, signal);
      try {
        // Wrong guesses from the same address may have come in while this one waited its turn.
        if (this.throttle.waitFor(account, address)) continue;
        return await job();
      } finally {
        release();
      }
    }
  }
}

function waitLine(wait: Wait, account: string): string {
  const s = Math.ceil(wait.ms / 1000);
  const whose = wait.because === 'account' ? `for ${capitalise(account)}` : 'from your address';
  return `Too many wrong passwords ${whose} lately: this attempt waits ${s} second${s === 1 ? '' : 's'}.`;
}

/**
 * The address that throttles and limits count by: IPv4 as it is (also when IPv4-mapped), and
 * an IPv6 address by its /64, which is what one subscriber is usually given.
 */
export function addressKey(remote: string): string {
  const address = remote.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [before, after] = address.split('::');
  const head = groups(before);
  const tail = groups(after);
  const full = after === undefined ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
