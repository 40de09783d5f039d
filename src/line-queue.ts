/** How many lines one connection may have handled back to back before others get a turn of the event loop. */
export const LINES_PER_TURN = 32;

/**
 * One connection's lines, handled one after another in the order they came, so nothing a client
 * types ahead is lost or reordered. A line is done when its handler's promise resolves: a
 * player's line once its command has run, its reply still waiting for the disk in the outbox
 * (which delivers in order, and only what is durable), so lines typed ahead share one write;
 * a line at the door once it is wholly answered (a password hash), so those stay strictly in
 * turn. A burst yields to the event loop every LINES_PER_TURN lines: one client's paste never
 * holds up everyone else.
 */
export class LineQueue {
  private readonly lines: string[] = [];
  private running = false;

  constructor(
    private readonly handle: (line: string) => void | Promise<void>,
    private readonly onError: (e: Error) => void,
  ) {}

  push(line: string): void {
    this.lines.push(line);
    if (this.running) return;
    this.running = true;
    queueMicrotask(() => void this.drain()); // after the connection's own handling of the packet, as a promise chain would
  }

  private async drain(): Promise<void> {
    try {
      for (let inTurn = 1; this.lines.length; inTurn++) {
        if (inTurn > LINES_PER_TURN) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          inTurn = 1;
        }
        try {
          await this.handle(this.lines.shift()!);
        } catch (e) {
          this.onError(e as Error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
