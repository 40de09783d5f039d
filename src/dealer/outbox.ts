import type { Timer } from '../games/api.js';
import type { Scheduler } from './clock.js';
import type { Profile } from './profile.js';
import { commandsFor, spoken } from './speech.js';

/**
 * Everything the dealer sends, paced to what the MUD takes from one connection: a token bucket
 * of the profile's burst, refilled at `--lines-per-second` (never faster than the profile's own
 * rate). The dealer's own commands (its queries, its setup) go first, then the answers to
 * whispers, taken in turn from each player who waits for one (so one who whispers a lot delays
 * nobody else by more than an answer), then the table's lines in their order; but while a line
 * of the table waits, answers and the table take turns (the table's clock waits for its lines,
 * so whispers alone must never be able to stop the game); consecutive lines
 * to the room are said as one where they fit one line, and so are consecutive lines to one
 * player. Each text becomes as many commands as it needs (speech.ts), each one token.
 *
 * While a line of the table waits here the table's clock is held (`onTableLines`): no deadline
 * runs out before the players have been told of it.
 */

/** Whom a line is for: their id in the books, and how a command names them (`{to}`). */
export interface Recipient {
  id: string;
  to: string;
  /** Not in the dealer's room: answered with the far command (a page, a tell). */
  far: boolean;
}

type Item =
  | { kind: 'raw'; line: string }
  | { kind: 'answer'; to: Recipient; text: string }
  | { kind: 'private'; to: Recipient; text: string }
  | { kind: 'public'; text: string };

/** At most about this many lines of answers wait for one player; past it they are told to slow down (dealer.ts). */
export const ANSWER_LINES_PER_PLAYER = 24;

export class Outbox {
  private readonly raw: Item[] = [];
  private readonly answers: Item[] = [];
  private readonly table: Item[] = [];
  /** Commands of an item already begun, sent before anything else. */
  private current: string[] = [];
  private currentKind: Item['kind'] | null = null;
  private tokens: number;
  private lastRefill: number;
  private timer: Timer | null = null;
  private online = false;
  private readonly rate: number;
  private readonly names: RegExp;
  /** When each player was last answered (a count of answers sent), so the one waiting longest goes next. */
  private readonly answered = new Map<string, number>();
  private answersSent = 0;
  /** The last item taken was an answer: a line of the table that waits goes next. */
  private answeredLast = false;

  constructor(
    private readonly profile: Profile,
    /** The dealer's name: a line of the table's that begins with it is posed, so the MUD writes the name. */
    private readonly dealer: string,
    linesPerSecond: number,
    private readonly scheduler: Scheduler,
    private readonly io: {
      /** Sends one command; false when it could not go (the connection is down). */
      send(line: string): boolean;
      /** Lines of the table wait (true) or all are out (false). */
      onTableLines(waiting: boolean): void;
      /** A line not sent: its reader's name is not one the profile lets into a command (`names`). */
      unsent?(to: Recipient): void;
    },
  ) {
    this.rate = Math.min(linesPerSecond, profile.quota.perSecond);
    this.names = new RegExp(profile.names);
    this.tokens = profile.quota.burst;
    this.lastRefill = scheduler.now();
  }

  /** A command of the dealer's own, ahead of everything. */
  command(line: string): void {
    this.raw.push({ kind: 'raw', line });
    this.pump();
  }

  /** An answer to what a player whispered, to them alone. */
  answer(to: Recipient, text: string): void {
    this.answers.push({ kind: 'answer', to, text });
    this.pump();
  }

  /** A line of the table for one player alone. */
  tell(to: Recipient, text: string): void {
    this.push({ kind: 'private', to, text: ownWords(text, this.dealer, `${this.dealer} tells you: "`) });
  }

  /** A line of the table for the room. */
  say(text: string): void {
    this.push({ kind: 'public', text: ownWords(text, this.dealer) });
  }

  /** How many lines of answers wait for this player. */
  waitingFor(id: string): number {
    return this.answers.reduce((n, a) => n + (a.kind === 'answer' && a.to.id === id ? a.text.split('\n').length : 0), 0);
  }

  /** Anything still to go out. */
  get pending(): boolean {
    return this.current.length > 0 || this.raw.length > 0 || this.answers.length > 0 || this.table.length > 0;
  }

  get tableLinesWaiting(): boolean {
    return this.table.length > 0 || this.currentIsTable();
  }

  /** The connection is up (a fresh quota at the MUD) or down (the dealer's own commands are dropped: they belong to that connection). */
  setOnline(online: boolean): void {
    this.online = online;
    if (online) {
      this.tokens = this.profile.quota.burst;
      this.lastRefill = this.scheduler.now();
    } else {
      this.raw.length = 0;
      if (this.currentKind === 'raw') this.current = [];
    }
    this.pump();
  }

  private currentIsTable(): boolean {
    return this.current.length > 0 && (this.currentKind === 'private' || this.currentKind === 'public');
  }

  private push(item: Item): void {
    const was = this.tableLinesWaiting;
    this.table.push(item);
    if (!was) this.io.onTableLines(true);
    this.pump();
  }

  private refill(): void {
    const now = this.scheduler.now();
    this.tokens = Math.min(this.profile.quota.burst, this.tokens + ((now - this.lastRefill) / 1000) * this.rate);
    this.lastRefill = now;
  }

  private pump(): void {
    if (!this.online || this.timer) return;
    this.refill();
    while (this.tokens >= 1) {
      if (!this.current.length && !this.next()) break;
      const line = this.current[0];
      if (!this.io.send(line)) return;
      this.current.shift();
      this.tokens -= 1;
      if (!this.current.length) {
        const table = this.currentKind === 'private' || this.currentKind === 'public';
        this.currentKind = null;
        if (table && !this.tableLinesWaiting) this.io.onTableLines(false);
      }
    }
    if (this.current.length || this.raw.length || this.answers.length || this.table.length) {
      this.timer = this.scheduler.setTimer(Math.ceil(((1 - this.tokens) / this.rate) * 1000), () => {
        this.timer = null;
        this.pump();
      });
    }
  }

  /** Takes the next item (with the ones it merges with) as commands; false when nothing waits. */
  private next(): boolean {
    const answerNext = this.answers.length > 0 && !(this.answeredLast && this.table.length > 0);
    const queue = this.raw.length ? this.raw : answerNext ? this.answers : this.table;
    const item = queue === this.answers ? this.nextAnswer() : queue.shift();
    if (!item) return false;
    // A name goes into a command only if it looks as the profile says a name does.
    if ((item.kind === 'answer' || item.kind === 'private') && !this.names.test(item.to.to)) {
      this.io.unsent?.(item.to);
      if (item.kind === 'private' && !this.tableLinesWaiting) this.io.onTableLines(false);
      return this.next();
    }
    if (queue !== this.raw) this.answeredLast = queue === this.answers;
    this.currentKind = item.kind;
    if (item.kind === 'raw') {
      this.current = [item.line];
      return true;
    }
    const values: Record<string, string> = item.kind === 'public' ? {} : { to: item.to.to };
    const template = item.kind === 'public' ? this.profile.commands.say : item.to.far ? this.profile.commands.answerFar : this.profile.commands.answer;
    const pose = posing(item, this.dealer, this.profile);
    if (pose) {
      this.current = commandsFor(pose.template, pose.text, values, this.profile, { then: template });
      return true;
    }
    let text = item.text;
    let commands = commandsFor(template, text, values, this.profile);
    // Lines of the same kind to the same reader, one after another, go as one where they fit
    // (answers to one player are in order among themselves, whoever else waits between them).
    const following = () => (queue === this.answers ? queue.findIndex((a) => a.kind === 'answer' && a.to.id === (item as { to: Recipient }).to.id) : 0);
    for (let i = following(); commands.length === 1 && i >= 0 && i < queue.length && sameReader(item, queue[i], this.dealer, this.profile); i = following()) {
      const merged = `${text} ${(queue[i] as { text: string }).text}`;
      const together = commandsFor(template, merged, values, this.profile);
      if (together.length !== 1) break;
      queue.splice(i, 1);
      text = merged;
      commands = together;
    }
    this.current = commands;
    return true;
  }

  /** The first answer owed to whoever was answered longest ago. */
  private nextAnswer(): Item | undefined {
    let best = -1;
    let bestAt = Infinity;
    for (const [i, a] of this.answers.entries()) {
      const at = this.answered.get((a as { to: Recipient }).to.id) ?? -1;
      if (at < bestAt) [best, bestAt] = [i, at];
    }
    if (best < 0) return undefined;
    const [item] = this.answers.splice(best, 1);
    const id = (item as { to: Recipient }).to.id;
    // Only a player still waiting for more goes behind the others; one who is not waits for nothing.
    if (this.answers.some((a) => (a as { to: Recipient }).to.id === id)) this.answered.set(id, this.answersSent++);
    else this.answered.delete(id);
    return item;
  }
}

/**
 * The games give a dealer's words as the tavern shows a character's (`Croupier: "10 seconds
 * left to bet!"`, to one player `Croupier tells you: "..."`); here the dealer says or whispers
 * them itself and the MUD writes its name and the quotes, so only the words go (else `Croupier
 * says, "Croupier: "10 seconds...""`).
 */
function ownWords(text: string, dealer: string, ...heads: string[]): string {
  const plain = spoken(text);
  if (plain.includes('\n') || !plain.endsWith('"')) return text;
  const head = [`${dealer}: "`, ...heads].find((h) => plain.startsWith(h));
  return head ? plain.slice(head.length, -1) : text;
}

/**
 * How a line that begins with the dealer's name is posed, so that the MUD writes the name:
 * `Croupier chalks up...` as a pose, `Croupier's finger...` as a pose without the space where
 * the MUD has one; to one player, as a whispered pose where the MUD has one (`You sense Croupier
 * sweeps away your bet`, not `Croupier whispers "Croupier sweeps..."`); null for a line that is
 * said or whispered as it is.
 */
function posing(item: Item, dealer: string, profile: Profile): { template: string; text: string } | null {
  if (item.kind === 'raw') return null;
  const { text } = item;
  if (text.includes('\n') || !text.startsWith(dealer)) return null;
  const { commands } = profile;
  let space = commands.pose;
  let noSpace = commands.poseNoSpace;
  if (item.kind !== 'public') {
    const marks = commands.answerPose;
    if (!marks) return null;
    const answer = item.to.far ? commands.answerFar : commands.answer;
    space = answer.replace('{text}', () => `${marks.space}{text}`);
    noSpace = answer.replace('{text}', () => `${marks.noSpace}{text}`);
  }
  if (text.startsWith(`${dealer} `)) return { template: space, text: text.slice(dealer.length + 1) };
  if (text.startsWith(`${dealer}'`) && noSpace) return { template: noSpace, text: text.slice(dealer.length) };
  return null;
}

/** Whether `b` may be said with `a` in one command: to the same reader, the same way (a posed line stands alone). */
function sameReader(a: Item, b: Item, dealer: string, profile: Profile): boolean {
  if (a.kind === 'public' && b.kind === 'public') return !posing(b, dealer, profile);
  if ((a.kind === 'answer' || a.kind === 'private') && b.kind === a.kind) return a.to.id === b.to.id && a.to.far === b.to.far && !posing(b, dealer, profile);
  return false;
}
