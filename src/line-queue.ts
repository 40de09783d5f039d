// Node's own, not the global: that one is a getter, a third dearer on every line.
import { performance } from 'node:perf_hooks';
import { currentTurn } from './output/turn.js';

/** How many lines one connection may have handled in one turn of the event loop before others get theirs. */
export const LINES_PER_TURN = 32;

/** How much one connection may have waiting, and when its input is paused and let go again. */
export interface QueueLimits {
  /** Input is paused once this many lines, or `pauseBytes` of text, wait; resumed once a quarter of each is left. */
  pauseLines: number;
  pauseBytes: number;
  /** Past this many lines, or `maxBytes` of text, a line is dropped (one notice per flood). */
  maxLines: number;
  maxBytes: number;
  /** Lines handled per second once a burst of `burstLines` is spent (a token bucket). */
  linesPerSecond: number;
  burstLines: number;
}

/**
 * The pause comes early (a paste of 64 lines is taken whole and the client is merely slowed);
 * the cap only matters for what one read already held when the pause came (a 64 KiB read can
 * hold 64 Ki empty lines).
 */
export const DEFAULT_QUEUE_LIMITS: QueueLimits = {
  pauseLines: 64,
  pauseBytes: 16 * 1024,
  maxLines: 1000,
  maxBytes: 256 * 1024,
  // A paste or a client's speedwalk of 200 lines goes at once; a flood gets 100 lines a second,
  // which costs the server a few per cent of a core however fast it comes.
  linesPerSecond: 100,
  burstLines: 200,
};

/** The time, and a way to run something later: injected by tests. */
export interface Pace {
  now(): number;
  after(ms: number, fn: () => void): void;
}

const realPace: Pace = {
  now: () => performance.now(),
  after: (ms, fn) => void setTimeout(fn, ms).unref(),
};

/** What the queue asks of its connection: stop reading, read again, and tell the client of dropped lines. */
export interface InputFlow {
  pause(): void;
  resume(): void;
  /** Lines were dropped: tell the client, once until the queue has emptied. */
  overflow(limits: QueueLimits): void;
}

/** The one line a flooder gets when lines are dropped. */
export const droppedLinesNotice = (limits: QueueLimits) =>
  `Too many lines are waiting (${limits.maxLines.toLocaleString('en-US')}): the rest of what you sent was dropped. Wait for the replies before sending more.`;

const noFlow: InputFlow = { pause: () => undefined, resume: () => undefined, overflow: () => undefined };

/**
 * One connection's lines, handled one after another in the order they came, so nothing a client
 * types ahead is lost or reordered. A line is handled as it arrives when nothing is before it,
 * and is done when its handler returns, or when the promise it returns resolves: a player's
 * line once its command has run, its reply still waiting for the disk in the outbox (which
 * delivers in order, and only what is durable), so lines typed ahead share one write; a line at
 * the door once it is wholly answered (a password hash), so those stay strictly in turn.
 *
 * A flood cannot slow anyone else: a connection's burst yields to the event loop every
 * LINES_PER_TURN lines, and the connections with lines left take turns (setImmediate runs them
 * in the order they yielded); past a burst, a connection's lines go at a steady rate, so a
 * flood costs a few per cent of a core however fast it comes; while many lines wait, the
 * connection's input is paused (the client's own TCP window then holds the rest), and past
 * the cap lines are dropped with one notice. Lines are taken by an index, never shift(): a long queue costs nothing per line.
 * A line is a string, or anything else with a length that must keep its place among them (a
 * web page's resume request).
 */
export class LineQueue<T extends { readonly length: number } = string> {
  /** Waiting lines from `head` on; the taken ones before it are dropped in one go now and then. */
  private lines: T[] = [];
  private head = 0;
  private bytes = 0;
  private paused = false;
  private dropping = false;
  /** A line's handler is not done yet, or the rest wait for the next turn. */
  private waiting = false;
  private stopped = false;
  private running = false;
  private turn = -1;
  private inTurn = 0;
  /** The token bucket: lines that may go now, as of `filledAt`. */
  private tokens: number;
  private filledAt: number;
  private readonly next = () => {
    this.waiting = false;
    this.run(this.take());
  };

  constructor(
    private readonly handle: (line: T) => void | Promise<void>,
    private readonly onError: (e: Error) => void,
    private readonly flow: InputFlow = noFlow,
    private readonly limits: QueueLimits = DEFAULT_QUEUE_LIMITS,
    private readonly pace: Pace = realPace,
  ) {
    this.tokens = limits.burstLines;
    this.filledAt = pace.now();
  }

  /** Lines waiting to be handled. */
  get length(): number {
    return this.lines.length - this.head;
  }

  push(line: T): void {
    if (this.stopped) return;
    // A line that comes while run() is busy (a resumed input handing over what it held) joins the queue.
    if (!this.waiting && !this.running) {
      this.run(line);
      return;
    }
    const { maxLines, maxBytes, pauseLines, pauseBytes } = this.limits;
    if (this.length >= maxLines || this.bytes + line.length > maxBytes) {
      if (!this.dropping) {
        this.dropping = true;
        this.flow.overflow(this.limits);
      }
      return;
    }
    this.lines.push(line);
    this.bytes += line.length;
    if (!this.paused && (this.length >= pauseLines || this.bytes >= pauseBytes)) {
      this.paused = true;
      this.flow.pause();
    }
  }

  /** The connection is gone: what waits is let go, and nothing more is handled. */
  stop(): void {
    this.stopped = true;
    this.lines = [];
    this.head = 0;
    this.bytes = 0;
  }

  private take(): T | undefined {
    if (this.head === this.lines.length) return undefined;
    const line = this.lines[this.head++];
    this.bytes -= line.length;
    if (this.head === this.lines.length) {
      this.lines = [];
      this.head = 0;
      this.dropping = false;
    } else if (this.head >= 1024 && this.head * 2 >= this.lines.length) {
      this.lines = this.lines.slice(this.head);
      this.head = 0;
    }
    if (this.paused && this.length <= this.limits.pauseLines / 4 && this.bytes <= this.limits.pauseBytes / 4) {
      this.paused = false;
      this.flow.resume();
    }
    return line;
  }

  /** Handles `line`, then those queued behind it, until one must be waited for or this turn's share is used. */
  private run(line: T | undefined): void {
    this.running = true;
    try {
      this.runFrom(line);
    } finally {
      this.running = false;
    }
  }

  private runFrom(line: T | undefined): void {
    for (; line !== undefined && !this.stopped; line = this.take()) {
      const now = currentTurn();
      if (now !== this.turn) {
        this.turn = now;
        this.inTurn = 0;
      }
      if (this.inTurn >= LINES_PER_TURN) {
        this.putBack(line);
        this.waiting = true;
        setImmediate(this.next);
        return;
      }
      const wait = this.spend();
      if (wait > 0) {
        this.putBack(line);
        this.waiting = true;
        this.pace.after(wait, this.next);
        return;
      }
      this.inTurn++;
      let done: void | Promise<void>;
      try {
        done = this.handle(line);
      } catch (e) {
        this.report(e as Error);
        continue;
      }
      if (done) {
        this.waiting = true;
        done.then(this.next, (e: Error) => {
          this.report(e);
          this.next();
        });
        return;
      }
    }
  }

  /** Takes a token for one line: 0 when there was one, else the milliseconds until there is. */
  private spend(): number {
    const now = this.pace.now();
    const { linesPerSecond, burstLines } = this.limits;
    this.tokens = Math.min(burstLines, this.tokens + ((now - this.filledAt) * linesPerSecond) / 1000);
    this.filledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) * 1000) / linesPerSecond);
  }

  /** The line goes back to the front: taken but not handled this turn. */
  private putBack(line: T): void {
    if (this.head > 0) this.lines[--this.head] = line;
    else this.lines.unshift(line); // only when the queue was empty: nothing to copy
    this.bytes += line.length;
  }

  /** A failure is reported and the next line goes on; a report that fails itself must not stop the queue. */
  private report(e: Error): void {
    try {
      this.onError(e);
    } catch {
      // nothing more can be done with it
    }
  }
}
