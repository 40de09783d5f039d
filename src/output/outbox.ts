// Node's own, not the global `process`: that one is a getter.
import { nextTick } from 'node:process';
import type { Store } from '../store/index.js';
import type { Setting } from '../telnet/client-profile.js';
import type { News, NewsKind, Told } from './news.js';
import { currentTurn } from './turn.js';

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
   * session it delivers to again in a turn of the event loop, and uncorks it at the end of the tick.
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

/** What one session is told in one release: its text and news, and `prompt: false` while its line is still being answered, or for news alone. */
type Batch = { text: string[]; news: News[] | undefined; prompt: false | undefined };

/**
 * What the outbox keeps of one session, found once per call instead of in a map, a set and a
 * weak map each: what it is to be told at the next release, and how it stands.
 */
class Mailbox {
  text: string[] = [];
  news: News[] | undefined = undefined;
  /** In the outbox's list of mailboxes with something for the next release. */
  queued = false;
  /**
   * Its line is being answered: what a release in the middle of the command (a kick's, a ban's,
   * a quit's) tells it goes at once but without a prompt, since the prompt that ends the
   * command's answer comes after it (one line in, one prompt out).
   */
  answering = false;
  /** Its line has been answered (`prompt`): the next delivery ends in a prompt even with nothing to say. */
  promptOwed = false;
  /** The turn of the event loop it was last delivered to in: `turn` once told in it, `-turn - 1` while corked in it. */
  toldIn = NaN;
  /** Others' talk left out while it was behind, not yet told. */
  leftOut = 0;

  constructor(readonly session: Session) {}
}

/** A release's deliveries, in the order their sessions were first told something. */
type Release = readonly { box: Mailbox; batch: Batch }[];

const NOTHING_PENDING: Release = [];

/**
 * Holds every message until the database has the changes that caused it: a player is
 * never told of a coin movement that a crash could still undo. Deliveries keep their order.
 */
export class Outbox {
  /**
   * Where a session's mailbox is kept: on the session itself, under this outbox's own key, found
   * by a property read instead of a look-up in a table of a thousand sessions at every line.
   */
  private readonly box = Symbol('mailbox');
  /** Mailboxes with something for the next release, in the order they were first told. */
  private pending: Mailbox[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** The chain with its failure reported: what release() hands out (the same one until the chain grows). */
  private settled: Promise<void>;
  /** Releases still waiting on the chain (for the disk, or behind one that is). */
  private waiting = 0;
  /** A write failed: every later release says so, in order, instead of delivering. */
  private failed = false;
  /** Mailboxes whose sessions are corked in this tick, to be uncorked at its end. */
  private corked: Mailbox[] = [];
  /** Whether any session may have others' talk left out, not yet told. */
  private leaving = 0;

  /** `onFailure`: the write failed (a full disk); those waiting were told it may not have happened. */
  constructor(
    private readonly store: Store,
    private readonly onFailure: (e: Error) => void = () => undefined,
  ) {
    this.settled = this.chain;
  }

  add(session: Session, text: string): void {
    this.queue(this.mailbox(session)).text.push(text);
  }

  /**
   * Queues what the session is told: its text, and its news if the client wants that kind.
   * `othersTalk` (someone else's words) is left out while the session is behind, and the client
   * is told how much once it has caught up.
   */
  tell(session: Session, told: NonNullable<Told>, othersTalk = false): void {
    const box = this.mailbox(session);
    if (othersTalk && session.behind) {
      if (box.leftOut++ === 0) this.leaving++;
      return;
    }
    if (this.leaving && box.leftOut && !session.behind) {
      this.queue(box).text.push(leftOutNotice(box.leftOut));
      box.leftOut = 0;
      this.leaving--;
    }
    if (typeof told === 'string') return void this.queue(box).text.push(told);
    if (told.text) this.queue(box).text.push(told.text);
    if (told.news && session.wants(told.news.kind)) (this.queue(box).news ??= []).push(told.news);
  }

  /** A line of the session's is being answered: what it is told meanwhile comes without a prompt, until `prompt`. */
  answering(session: Session): void {
    this.mailbox(session).answering = true;
  }

  /** The session's line is done with no prompt to come (it quit, or was taken over): it is answering nothing now. */
  answeredWithout(session: Session): void {
    this.mailbox(session).answering = false;
  }

  /**
   * The session's line has been answered: it gets a prompt in the next delivery, even with
   * nothing to say.
   */
  prompt(session: Session): void {
    const box = this.mailbox(session);
    box.answering = false;
    box.promptOwed = true;
    this.queue(box);
  }

  private mailbox(session: Session): Mailbox {
    const kept = (session as Session & Record<symbol, Mailbox | undefined>)[this.box];
    if (kept) return kept;
    const box = new Mailbox(session);
    Object.defineProperty(session, this.box, { value: box });
    return box;
  }

  private queue(box: Mailbox): Mailbox {
    if (!box.queued) {
      box.queued = true;
      this.pending.push(box);
    }
    return box;
  }

  /**
   * Writes the database if needed, then delivers everything queued so far: one delivery per
   * session, ending in a prompt (but for a session whose line is still being answered: its
   * prompt comes with the answer; and for news alone, which no one reads as a message). With
   * nothing to write and nothing waiting before it, that is at once; otherwise after the write,
   * and after every release before it. The promise never rejects: a failed write goes to
   * `onFailure`.
   */
  release(): Promise<void> {
    const written = this.store.hasUnwrittenChanges ? this.store.flush() : null;
    if (!written && this.waiting === 0 && !this.failed) {
      if (this.pending.length) this.deliverAll(this.takePending());
      return this.settled;
    }
    const release = this.takePending();
    written?.catch(() => undefined); // handled below, in order; not an unhandled rejection meanwhile
    this.waiting++;
    this.chain = this.chain
      .then(() => written)
      .then(
        () => {
          this.waiting--;
          this.deliverAll(release);
        },
        (e: unknown) => {
          this.waiting--;
          this.failed = true;
          // Nothing is announced that may not have reached the disk: those waiting hear so,
          // and the server stops (see server.ts).
          for (const { box } of release) {
            try {
              box.session.deliver({ text: [MAYBE_NOT_WRITTEN], prompt: false });
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
   * Everything queued, taken out of the mailboxes: a release waiting for the disk would
   * otherwise deliver what is queued after it, and the next release the same again. A session
   * in the middle of its own line's answer gets its part without a prompt, decided now, not when
   * the write is done: by then the command's own prompt may be queued.
   */
  private takePending(): Release {
    const boxes = this.pending;
    if (!boxes.length) return NOTHING_PENDING;
    this.pending = [];
    return boxes.map((box) => {
      // One shape for every batch, so that reading one is the same few loads wherever it goes.
      // News alone (a panel's update, a list the client asked for) is no message: no lone prompt after it.
      const prompt = box.answering || (!box.promptOwed && box.text.length === 0) ? false : undefined;
      const batch: Batch = { text: box.text, news: box.news, prompt };
      box.promptOwed = false;
      box.text = [];
      box.news = undefined;
      box.queued = false;
      return { box, batch };
    });
  }

  private deliverAll(release: Release): void {
    for (const { box, batch } of release) {
      try {
        this.corkIfToldAgain(box);
        box.session.deliver(batch);
      } catch (e) {
        console.error(`could not deliver to a session: ${(e as Error).message}`);
      }
    }
  }
  /**
   * A session's first delivery in a turn of the event loop goes to its socket at once, with
   * nothing scheduled (a line's own answer, nearly always). One told again in the same turn
   * (other players' lines read in the same poll, a farewell) is corked until the end of the tick
   * it is told in, so that a crowd's deliveries cost a socket at most one more write per tick;
   * never longer, so what it holds back is one tick's output and never looks like a client
   * falling behind.
   */
  private corkIfToldAgain(box: Mailbox): void {
    const { session } = box;
    if (!session.cork) return;
    const turn = currentTurn();
    const corkedNow = -turn - 1;
    if (box.toldIn === turn) {
      box.toldIn = corkedNow;
      if (!this.corked.length) nextTick(this.endOfTick);
      this.corked.push(box);
      session.cork();
    } else if (box.toldIn !== corkedNow) {
      box.toldIn = turn;
    }
  }

  private readonly endOfTick = (): void => {
    const corked = this.corked;
    this.corked = [];
    for (const box of corked) {
      // Still told in this turn (a tick ends within its turn): told again in it, it is corked again.
      box.toldIn = -box.toldIn - 1;
      try {
        box.session.uncork?.();
      } catch (e) {
        console.error(`could not write to a session: ${(e as Error).message}`);
      }
    }
  };
}
