import { readdirSync, readFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';

/**
 * Every connection holds a file descriptor, and so does every file the store opens: a server
 * whose connections take the last descriptor cannot begin a journal segment or a checkpoint.
 * The budget keeps the last few back: near the process's limit a newcomer is turned away at
 * once (told the tavern is full, where it can be told), so connections never take the
 * descriptors the store needs. Node cannot stop accepting, so "paused" means accepted and
 * closed at once, which frees the descriptor again.
 */

/** Descriptors kept back for the store (a journal segment, a checkpoint, the log) and the web page's files. */
export const FD_RESERVE = 32;
/** How stale a count may be: a flood of newcomers reads /proc/self/fd ten times a second at most. */
const RECOUNT_MS = 100;

/** What a newcomer is told, near the limit, before it is closed. */
export const TAVERN_FULL = 'The tavern is full right now; try again in a minute.';

/** Where the figures come from: /proc on Linux; a test gives its own. */
export interface DescriptorCounts {
  /** The soft limit on open files (`ulimit -n`), or null where unknown or unlimited. */
  limit(): number | null;
  /** Descriptors the process holds now, or null where they cannot be counted; throws EMFILE when the table is full. */
  open(): number | null;
}

export const procDescriptors: DescriptorCounts = {
  limit() {
    try {
      const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(readFileSync('/proc/self/limits', 'utf8'));
      return m && m[1] !== 'unlimited' ? Number(m[1]) : null;
    } catch {
      return null; // not Linux: no budget, as before
    }
  },
  open() {
    try {
      // The listing holds a descriptor of its own while it reads, and lists it.
      return readdirSync('/proc/self/fd').length - 1;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EMFILE' || code === 'ENFILE') throw e;
      return null;
    }
  },
};

export class FdBudget {
  /** The limit, read once at start. */
  readonly limit: number | null;
  private counted: number | null = null;
  private countedAt = -Infinity;
  /**
   * Newcomers let in since the last count, which the count has not seen; -1 right after a count,
   * which saw the newcomer it was made for (its socket is open while it is decided).
   */
  private since = 0;
  /** Newcomers turned away since the budget last let one in (0: letting them in). */
  private turnedAway = 0;

  constructor(
    private readonly counts: DescriptorCounts,
    /** Real time in milliseconds (performance.now), whatever clock the tavern runs on. */
    private readonly now: () => number,
    readonly reserve = FD_RESERVE,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.limit = counts.limit();
  }

  /**
   * Whether a newcomer, whose socket already holds a descriptor, may keep it: yes while at least
   * `reserve` stay free with it. The log says when newcomers begin to be turned away (once,
   * however many), and when they are let in again.
   */
  admit(): boolean {
    if (this.limit === null) return true;
    if (this.now() - this.countedAt >= RECOUNT_MS) this.recount();
    if (this.counted === null) return true;
    /** Descriptors in use, the newcomer's among them. */
    const inUse = this.counted + this.since + 1;
    if (inUse + this.reserve <= this.limit) {
      if (this.turnedAway) this.log(`newcomers let in again: ${inUse} of ${this.limit} file descriptors in use (${this.turnedAway} turned away meanwhile)`);
      this.turnedAway = 0;
      this.since += 1;
      return true;
    }
    if (this.turnedAway++ === 0) {
      this.log(
        `newcomers turned away: ${inUse} of the ${this.limit} file descriptors this process may open are in use, and the last ${this.reserve} are kept for the store; ` +
          'each is told the tavern is full and closed at once until some connections close (a higher ulimit -n lets more in)',
      );
    }
    return false;
  }

  private recount(): void {
    this.countedAt = this.now();
    this.since = -1;
    try {
      this.counted = this.counts.open();
    } catch {
      this.counted = this.limit; // no descriptor even to count with: the table is full
    }
  }
}

/** Tells a plain socket one line and closes it, holding its descriptor no longer than the write takes. */
export function turnAway(socket: Duplex, text: string): void {
  socket.on('error', () => socket.destroy());
  socket.end(text, () => socket.destroy());
}
