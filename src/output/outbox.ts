import type { Store } from '../store/index.js';
import type { Setting } from '../telnet/client-profile.js';
import type { News, NewsKind, Told } from './news.js';

export type { Setting };

/** One batch of output for a session: text with markup, news for the panels, and whether a prompt follows. */
export interface Delivery {
  /** Blocks of marked-up text (text/markup.ts), in order. */
  text?: readonly string[];
  /** News for the client's panels, each turned into the transport's own message (GMCP). */
  news?: readonly News[];
  /** False for a last word before closing: no prompt after it. */
  prompt?: boolean;
}

/**
 * Where a player's output goes: a telnet connection, a web page, or a recorder in tests. It
 * takes text with markup and decides itself how it looks (colour, width, screen reader).
 */
export interface Session {
  /** Text, news and the prompt of one delivery, sent to the client together. */
  deliver(delivery: Delivery): void;
  /** Whether news of this kind (`table-state`) would reach the client's panels: build it only then. */
  wants(kind: NewsKind): boolean;
  close(farewell?: string): void;
  /** The password prompt: the client stops showing what is typed. */
  hideInput(): void;
  showInput(): void;
  /** Columns of the player's screen (80 when unknown). */
  readonly width: number;
  /** The player's colour setting; `auto` gives colour to clients that say they have it. */
  colour: Setting;
  /**
   * Holds this session's writes back until uncork(), to leave in one: the outbox corks a
   * session it delivers to a second time in a tick, and uncorks it once the tick's work is done.
   */
  cork?(): void;
  uncork?(): void;
  /** The player's screen-reader setting; `auto` follows the client (the MTTS bit). */
  screenReader: Setting;
  /** What the settings come to for this client now. */
  readonly colourInUse: boolean;
  readonly screenReaderInUse: boolean;
  /** More than BEHIND_BYTES of output wait for the client: others' talk is left out until it catches up. */
  readonly behind?: boolean;
}

/**
 * Output waiting for a client past which others' talk is left out for it (a quarter of the
 * 256 KiB at which a client is cut): one player's volume never cuts another's connection.
 */
export const BEHIND_BYTES = 64 * 1024;

/** What a client that fell behind is told once it has caught up. */
export const leftOutNotice = (n: number) =>
  `(While your connection was behind, ${n.toLocaleString('en-US')} ${n === 1 ? 'line' : 'lines'} of others' talk ${n === 1 ? 'was' : 'were'} left out.)`;

/**
 * Told to whoever waits on a write that failed. A failed write may still have reached the disk
 * in part (a short write, an I/O error after the bytes), and a lost COMMIT answer may hide a
 * commit: only the next start knows, so nobody is told that it did not happen.
 */
export const MAYBE_NOT_WRITTEN =
  'That may not have happened: the tavern could not make sure it was written down, and must close now. When it opens again you will find it done or undone; everything you were told before this is kept.';

/** A session's part of a release; `news` made only for a session that gets some (most get none). */
type Batch = { text: string[]; news: News[] | undefined; prompt?: false };

const NOTHING_PENDING: ReadonlyMap<Session, Batch> = new Map();

/**
 * Holds every message until the database has the changes that caused it: a player is
 * never told of a coin movement that a crash could still undo. Deliveries keep their order.
 */
export class Outbox {
  private pending = new Map<Session, Batch>();
  /**
   * Sessions whose line is being answered: what a release in the middle of the command (a
   * kick's, a ban's, a quit's) tells them goes at once but without a prompt, since the prompt
   * that ends the command's answer comes after it (one line in, one prompt out).
   */
  private readonly inAnswer = new Set<Session>();
  private chain: Promise<void> = Promise.resolve();
  /** The chain with its failure reported: what release() hands out (the same one until the chain grows). */
  private settled: Promise<void>;
  /** Releases still waiting on the chain (for the disk, or behind one that is). */
  private waiting = 0;
  /** A write failed: every later release says so, in order, instead of delivering. */
  private failed = false;
  /**
   * The tick (counted here) each session was last delivered to in: `tick` once told in it,
   * `-tick - 1` once corked in it too. A stamp, so that nothing is allocated per tick.
   */
  private readonly toldIn = new WeakMap<Session, number>();
  private tick = 0;
  /** Sessions corked in this tick, to be uncorked at its end. */
  private corked: Session[] = [];
  private endOfTickDue = false;
  /** Per session, others' talk left out while it was behind, not yet told; `leaving`: whether any session may have some. */
  private readonly leftOut = new WeakMap<Session, number>();
  private leaving = 0;

  /** `onFailure`: the write failed (a full disk); those waiting were told it may not have happened. */
  constructor(
    private readonly store: Store,
    private readonly onFailure: (e: Error) => void = () => undefined,
  ) {
    this.settled = this.chain;
  }

  add(session: Session, text: string): void {
    this.batchOf(session).text.push(text);
  }

  /**
   * Queues what the session is told: its text, and its news if the client wants that kind.
   * `othersTalk` (someone else's words) is left out while the session is behind, and the client
   * is told how much once it has caught up.
   */
  tell(session: Session, told: NonNullable<Told>, othersTalk = false): void {
    if (othersTalk && session.behind) {
      const n = this.leftOut.get(session) ?? 0;
      if (n === 0) this.leaving++;
      this.leftOut.set(session, n + 1);
      return;
    }
    if (this.leaving && !session.behind) this.tellLeftOut(session);
    if (typeof told === 'string') return this.add(session, told);
    if (told.text) this.add(session, told.text);
    if (told.news && session.wants(told.news.kind)) (this.batchOf(session).news ??= []).push(told.news);
  }

  private tellLeftOut(session: Session): void {
    const n = this.leftOut.get(session);
    if (!n) return;
    this.leftOut.delete(session);
    this.leaving--;
    this.add(session, leftOutNotice(n));
  }

  /** A line of the session's is being answered: what it is told meanwhile comes without a prompt, until `prompt`. */
  answering(session: Session): void {
    this.inAnswer.add(session);
  }

  /** The session's line is done with no prompt to come (it quit, or was taken over): it is answering nothing now. */
  answeredWithout(session: Session): void {
    this.inAnswer.delete(session);
  }

  /**
   * The session's line has been answered: it gets a prompt in the next delivery, even with
   * nothing to say.
   */
  prompt(session: Session): void {
    this.inAnswer.delete(session);
    this.batchOf(session);
  }

  private batchOf(session: Session): Batch {
    let batch = this.pending.get(session);
    if (!batch) {
      batch = { text: [], news: undefined };
      this.pending.set(session, batch);
    }
    return batch;
  }

  /**
   * Writes the database if needed, then delivers everything queued so far: one delivery per
   * session, ending in a prompt (but for a session whose line is still being answered: its
   * prompt comes with the answer). With nothing to write and nothing waiting before it, that is
   * at once; otherwise after the write, and after every release before it. The promise never
   * rejects: a failed write goes to `onFailure`.
   */
  release(): Promise<void> {
    const written = this.store.hasUnwrittenChanges ? this.store.flush() : null;
    if (!written && this.waiting === 0 && !this.failed) {
      if (this.pending.size) this.deliverAll(this.takePending());
      return this.settled;
    }
    const batch = this.takePending();
    written?.catch(() => undefined); // handled below, in order; not an unhandled rejection meanwhile
    this.waiting++;
    this.chain = this.chain
      .then(() => written)
      .then(
        () => {
          this.waiting--;
          this.deliverAll(batch);
        },
        (e: unknown) => {
          this.waiting--;
          this.failed = true;
          // Nothing is announced that may not have reached the disk: those waiting hear so,
          // and the server stops (see server.ts).
          for (const session of batch.keys()) {
            try {
              session.deliver({ text: [MAYBE_NOT_WRITTEN], prompt: false });
            } catch {
              // the connection is going anyway
            }
          }
          throw e;
        },
      );
    this.settled = this.chain.catch(this.onFailure);
    return this.settled;
  }

  /**
   * Everything queued. Never the live map itself: a release waiting for the disk would deliver
   * what is queued after it, and the next release the same again. A session in the middle of
   * its own line's answer gets its part without a prompt.
   */
  private takePending(): ReadonlyMap<Session, Batch> {
    const all = this.pending;
    if (!all.size) return NOTHING_PENDING;
    this.pending = new Map();
    // Decided now, not when the write is done: by then the command's own prompt may be queued.
    for (const session of this.inAnswer) {
      const batch = all.get(session);
      if (batch) batch.prompt = false;
    }
    return all;
  }

  private deliverAll(batch: ReadonlyMap<Session, Batch>): void {
    for (const [session, delivery] of batch) {
      try {
        this.corkIfToldAgain(session);
        session.deliver(delivery);
      } catch (e) {
        console.error(`could not deliver to a session: ${(e as Error).message}`);
      }
    }
  }

  /**
   * A session's first delivery in a tick goes to its socket at once; from a second one on
   * (other releases, a farewell) the session is corked until the tick's work is done, so a
   * crowd's deliveries cost at most two writes per socket per tick.
   */
  private corkIfToldAgain(session: Session): void {
    if (!session.cork) return;
    if (!this.endOfTickDue) {
      this.endOfTickDue = true;
      process.nextTick(this.endOfTick);
    }
    const told = this.toldIn.get(session);
    const corkedNow = -this.tick - 1;
    if (told === this.tick) {
      this.toldIn.set(session, corkedNow);
      this.corked.push(session);
      session.cork();
    } else if (told !== corkedNow) {
      this.toldIn.set(session, this.tick);
    }
  }

  private readonly endOfTick = (): void => {
    this.endOfTickDue = false;
    this.tick++;
    const corked = this.corked;
    if (!corked.length) return;
    this.corked = [];
    for (const session of corked) {
      try {
        session.uncork?.();
      } catch (e) {
        console.error(`could not write to a session: ${(e as Error).message}`);
      }
    }
  };
}
