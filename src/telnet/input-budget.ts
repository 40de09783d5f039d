// Node's own, not the global: that one is a getter, a third dearer on every line.
import { performance } from 'node:perf_hooks';
import { Bucket } from './bucket.js';

/**
 * What one telnet connection may make the server read and parse, whatever its input is (lines
 * are limited again, as lines, by the line queue): the bytes themselves, and two kinds of input
 * that are not lines. Each is a token bucket: a burst at once, then so much a second.
 */
export interface InputLimits {
  /** Bytes read: past them the connection is not read from until they are earned (its client waits, nothing is lost). */
  bytes: Rate;
  /** Option negotiation and commands (IAC WILL/WONT/DO/DONT, NOP, AYT, a subnegotiation but GMCP's): past them ignored. */
  options: Rate;
  /** GMCP messages: past them ignored. */
  gmcp: Rate;
}

export interface Rate {
  burst: number;
  perSecond: number;
}

/**
 * A paste or a client's speedwalk of a few hundred lines goes at once; a flood of anything is
 * read at 16 KiB a second, a few per cent of a core however it is made. A client negotiates a
 * few dozen options when it connects and sends a handful of GMCP messages.
 */
export const DEFAULT_INPUT_LIMITS: InputLimits = {
  bytes: { burst: 128 * 1024, perSecond: 16 * 1024 },
  options: { burst: 200, perSecond: 20 },
  gmcp: { burst: 50, perSecond: 10 },
};

/** Bytes one connection has parsed in one go before the others get a turn (a 64 KiB read of IAC NOP takes a few ms per 8 KiB). */
const TURN_BYTES = 8 * 1024;

/**
 * One connection's budget. Bytes are spent as they are parsed, and `throttle` then says how long
 * to stop reading: until the debt is earned, or, past TURN_BYTES in one go, until the event loop
 * has let everyone else have a turn. Negotiation and GMCP take a token each or are ignored.
 */
export class InputBudget {
  private readonly bytes: Bucket;
  private readonly options: Bucket;
  private readonly gmcp: Bucket;
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  /** Bytes parsed since reading last stopped. */
  private inTurn = 0;

  constructor(
    limits: InputLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    const start = now();
    this.bytes = new Bucket(limits.bytes.burst, limits.bytes.perSecond, start);
    this.options = new Bucket(limits.options.burst, limits.options.perSecond, start);
    this.gmcp = new Bucket(limits.gmcp.burst, limits.gmcp.perSecond, start);
  }

  /** A chunk has come: what the time since the last one earned is added (once a chunk, not once a byte). */
  arrived(): void {
    this.bytes.refill(this.now());
  }

  /** `n` bytes were parsed. */
  read(n: number): void {
    this.bytes.spend(n);
    this.inTurn += n;
  }

  /** Whether reading waits for the budget now. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** When more was read than earned, or in one go: stops reading (`pause`), and calls `resume` once it may go on; false when it may go on now. */
  throttle(pause: () => void, resume: () => void): boolean {
    if (this.timer) return true;
    const wait = this.bytes.debtMs;
    if (wait === 0 && this.inTurn < TURN_BYTES) return false;
    pause();
    const goOn = () => {
      this.timer = null;
      this.inTurn = 0;
      this.bytes.refill(this.now());
      resume();
    };
    this.timer = wait ? setTimeout(goOn, wait).unref() : setImmediate(goOn);
    return true;
  }

  /** One negotiation or command: whether it is within the budget (else it is ignored). */
  option(): boolean {
    return this.options.take(this.now());
  }

  /** One GMCP message: whether it is within the budget (else it is ignored). */
  gmcpMessage(): boolean {
    return this.gmcp.take(this.now());
  }

  /** The connection is gone. */
  stop(): void {
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
    }
    this.timer = null;
  }
}
