/** How many lines one connection may have handled in one turn of the event loop before others get theirs. */
export const LINES_PER_TURN = 32;

/** Which turn of the event loop this is: counted by one setImmediate a turn, shared by every queue. */
let turn = 0;
let turnCounted = false;
function currentTurn(): number {
  if (!turnCounted) {
    turnCounted = true;
    setImmediate(() => {
      turn++;
      turnCounted = false;
    });
  }
  return turn;
}

/**
 * One connection's lines, handled one after another in the order they came, so nothing a client
 * types ahead is lost or reordered. A line is handled as it arrives when nothing is before it,
 * and is done when its handler returns, or when the promise it returns resolves: a player's
 * line once its command has run, its reply still waiting for the disk in the outbox (which
 * delivers in order, and only what is durable), so lines typed ahead share one write; a line at
 * the door once it is wholly answered (a password hash), so those stay strictly in turn. A
 * burst yields to the event loop every LINES_PER_TURN lines: one client's paste never holds
 * up everyone else.
 */
export class LineQueue {
  private readonly lines: string[] = [];
  /** A line's handler is not done yet, or the rest wait for the next turn. */
  private waiting = false;
  private turn = -1;
  private inTurn = 0;
  private readonly next = () => {
    this.waiting = false;
    this.run(this.lines.shift());
  };

  constructor(
    private readonly handle: (line: string) => void | Promise<void>,
    private readonly onError: (e: Error) => void,
  ) {}

  push(line: string): void {
    if (this.waiting) this.lines.push(line);
    else this.run(line);
  }

  /** Handles `line`, then those queued behind it, until one must be waited for or this turn's share is used. */
  private run(line: string | undefined): void {
    for (; line !== undefined; line = this.lines.shift()) {
      const now = currentTurn();
      if (now !== this.turn) {
        this.turn = now;
        this.inTurn = 0;
      }
      if (++this.inTurn > LINES_PER_TURN) {
        this.lines.unshift(line);
        this.waiting = true;
        setImmediate(this.next);
        return;
      }
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

  /** A failure is reported and the next line goes on; a report that fails itself must not stop the queue. */
  private report(e: Error): void {
    try {
      this.onError(e);
    } catch {
      // nothing more can be done with it
    }
  }
}
