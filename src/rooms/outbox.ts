import type { Store } from '../store/index.js';

/** Where a player's text goes: a telnet connection, or a recorder in tests. */
export interface Session {
  write(text: string): void;
  prompt(): void;
  close(farewell?: string): void;
  hideInput(): void;
  showInput(): void;
  readonly width: number;
}

export const NOT_WRITTEN = 'That did not happen: the tavern could not write it down. The tavern must close now; everything you were told before this is kept.';

/**
 * Holds every message until the database has the changes that caused it: a player is
 * never told of a coin movement that a crash could still undo. Deliveries keep their order.
 */
export class Outbox {
  private pending = new Map<Session, string[]>();
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly store: Store) {}

  add(session: Session, text: string): void {
    const lines = this.pending.get(session);
    if (lines) lines.push(text);
    else this.pending.set(session, [text]);
  }

  /** Makes sure the session gets a prompt in the next delivery, even with nothing to say. */
  prompt(session: Session): void {
    if (!this.pending.has(session)) this.pending.set(session, []);
  }

  /** Writes the database if needed, then delivers everything queued so far, each batch ending in a prompt. */
  release(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    const written = this.store.hasUnwrittenChanges ? this.store.flush() : null;
    written?.catch(() => undefined); // handled below, in order; not an unhandled rejection meanwhile
    this.chain = this.chain
      .then(() => written)
      .then(
        () => {
          for (const [session, lines] of batch) {
            try {
              if (lines.length) session.write(lines.join('\n'));
              session.prompt();
            } catch (e) {
              console.error(`could not deliver to a session: ${(e as Error).message}`);
            }
          }
        },
        (e: unknown) => {
          // Nothing is announced that did not reach the disk: those waiting hear it did not happen,
          // and the server stops (see server.ts).
          for (const session of batch.keys()) {
            try {
              session.write(NOT_WRITTEN);
            } catch {
              // the connection is going anyway
            }
          }
          throw e;
        },
      );
    return this.chain;
  }
}
