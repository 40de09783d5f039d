import { randomBytes } from 'node:crypto';
import type { Timer } from '../games/api.js';
import { amountOf } from './words.js';
import type { Books, Claim, Hold, Payout, PurseStep } from './books/books.js';
import type { Move } from './books/ledger.js';
import type { Scheduler } from './clock.js';
import { recordedGives } from './given.js';
import { auditLines, claimHeld, settleHeld } from './holds.js';
import { byPurse, byStamp, type PayoutSeen } from './payout.js';
import { fill, pattern, type Profile, type PurseProfile } from './profile.js';
import type { Who } from './trust.js';

/**
 * `--money purse`: players gamble the MUD's own coins (docs/dealer.md, "Purse mode"). A payment
 * in is only a line until a read of the dealer's own purse shows it grew by that much; a payment
 * out is journaled as pending before the give and settled by the next read. Between two reads
 * the keeper collects what the lines told (payments in, the dealer's own give and whether the
 * MUD refused it); at each read it accounts for the whole difference in one record of the books:
 * proven payments credited to their payers (where the MUD keeps its own record of gives, read
 * with the purse, only that record proves one: given.ts), a pending give paid or back on the
 * books (payout.ts), and whatever it cannot tie to anyone held as unclaimed, never guessed. The
 * books then say exactly what the purse holds (minus the `mud` account).
 *
 * One give at a time, each followed by a read, so a read never has two gives to tell apart. Where
 * the MUD stamps the give (`purse.out`), the read runs with the give and the stamp decides.
 */

export interface PurseIO {
  /** A command of the dealer's own (a read, a give, a lock). */
  send(command: string): void;
  /** An answer to one player, alone. */
  tell(who: Who, text: string): void;
  /** A line for the operator's console. */
  note(text: string): void;
}

/** A read not answered in this long is asked again with a fresh tag. */
const READ_TIMEOUT_MS = 10_000;
/** Where a read carries no tag: how long after its answer another balance line means tampering. */
const UNTAGGED_WINDOW_MS = 750;

interface Reading {
  tag: string;
  answers: { re: RegExp; amount?: number }[];
  /** Balance lines seen for this read (more than one, untagged, is tampering). */
  seen: number[];
  timer: Timer | null;
}

export class PurseKeeper {
  private readonly q: PurseProfile;
  private paid: { re: RegExp; amount?: number; proven: boolean }[] = [];
  private gave: RegExp | null = null;
  private refused: RegExp[] = [];
  private forgers: RegExp | null;
  /** One item of the MUD's own record of gives and its stamp of the dealer's give (where it keeps them), and the names its payers' lines gave. */
  private readonly given: RegExp | null;
  private readonly out: RegExp | null;
  private readonly payers = new Map<string, string>();
  private loggedIn = false;
  private reading: Reading | null = null;
  private again = false;
  /** What the lines said of the pending give since it was sent this session. */
  private outcome: { gave: boolean; reason: string | null } | null = null;
  /** This session sent the pending give (else it was sent before a restart or a drop, or never). */
  private sentThisSession = false;
  private readonly queue: { who: Who; amount: number | null }[] = [];
  /** Who is known to be here whose lines could pass for the dealer's own. */
  private readonly forgersHere = new Set<string>();

  constructor(
    private readonly profile: Profile,
    private readonly books: Books,
    private readonly character: string,
    private readonly scheduler: Scheduler,
    private readonly io: PurseIO,
  ) {
    if (!profile.purse) throw new Error(`the profile ${profile.name} has no "purse": it deals with --money tab only`);
    this.q = profile.purse;
    this.money = amountOf(this.q);
    this.forgers = this.q.forgers ? new RegExp(this.q.forgers) : null;
    this.given = this.q.given ? new RegExp(this.q.given) : null;
    this.out = this.q.out ? new RegExp(this.q.out) : null;
  }

  /** The MUD's coins, as the table words them: `300 Pennies`, `1 Penny`. */
  readonly money: (n: number) => string;

  /** The commands that keep payments out, sent first at every login (before the dealer can see every line); no give numbered below the books' next number runs after them. */
  get closeCommands(): readonly string[] {
    return this.q.close.map((c) => fill(c, { fence: String(this.books.nextNumber) }));
  }

  /** A login began, with this login's secret. */
  login(secret: string): void {
    const values = { secret, character: this.character };
    this.paid = this.q.paid.map((p) => ({ re: pattern(p.pattern, values), amount: p.amount, proven: p.proven === true }));
    this.gave = this.q.gave ? pattern(this.q.gave, values) : null;
    this.refused = this.q.refused.map((r) => pattern(r, values));
  }

  /** The dealer is in and hears everything: payments may come, and the purse is read. */
  ready(): void {
    this.loggedIn = true;
    // The first read ever comes before any payment may: the purse it finds is all the bankroll's.
    if (this.books.purse !== null) for (const c of this.q.open) this.io.send(c);
    this.read();
  }

  /** The connection went: a read or a give in flight is settled by the first read of the next login. */
  loggedOut(): void {
    this.loggedIn = false;
    this.reading?.timer?.cancel();
    this.reading = null;
    this.again = false;
    this.sentThisSession = false;
    this.outcome = null;
  }

  /** Closing: payments kept out from now on. */
  closing(): void {
    for (const c of this.closeCommands) this.io.send(c);
  }

  /** Someone of this name is here (true) or gone (false): a name that could forge the dealer's own lines stops the purse. */
  seen(name: string, here: boolean): void {
    if (!this.forgers?.test(name)) return;
    if (here) this.forgersHere.add(name);
    else this.forgersHere.delete(name);
  }

  /** Why the purse cannot move now, or null. */
  private stopped(): string | null {
    if (this.forgersHere.size) return `someone named ${[...this.forgersHere].join(', ')} is here, whose words could pass for the MUD's own to me; no coin goes in or out while they are`;
    return this.loggedIn ? null : 'I am not in the MUD just now';
  }

  /** A line of the MUD's (cleaned); true when it was the purse's. */
  line(text: string): boolean {
    if (!this.loggedIn) return false;
    if (this.reading) {
      for (const a of this.reading.answers) {
        const m = a.re.exec(text);
        if (m) {
          this.answered(a.amount ?? Number(m.groups!.amount), m.groups ?? {});
          return true;
        }
      }
    }
    for (const p of this.paid) {
      const m = p.re.exec(text);
      if (!m) continue;
      const g = m.groups ?? {};
      const amount = p.amount ?? Number(g.amount);
      const name = g.name?.trim();
      // The dealer's own lines (its poses, as its ear hears them) are never a payment to it.
      if (name && name.toLowerCase() === this.character.toLowerCase()) return false;
      const id = name ? (this.profile.identity === 'id' ? (g.id ? `#${g.id}` : null) : name.toLowerCase()) : null;
      if (this.given) {
        // Where the MUD records each give itself, a line proves nothing (any player can print one to the dealer): it only asks for a read.
        if (id && name) this.payers.set(id, name);
        this.io.note(`a payment line in ${name ?? 'nobody'}'s name, of ${this.money(amount)}: reading the purse and the MUD's own record of gives, which alone count`);
        this.read();
        return true;
      }
      // On the disk at once: a restart's first read still knows whose it was.
      this.books.purseStep({ moves: [], arrival: { id, name: name ?? 'someone', amount, proven: p.proven && id !== null } });
      this.io.note(`a payment line: ${name ?? 'someone unnamed'} paid ${this.money(amount)}${p.proven ? ' (proven by the MUD)' : ' (not proven: the purse decides)'}`);
      this.read();
      return true;
    }
    if (this.gave?.test(text)) {
      this.outcome = { gave: true, reason: null };
      return true;
    }
    for (const r of this.refused) {
      const m = r.exec(text);
      if (m && this.books.payouts.length) {
        this.outcome = { gave: false, reason: m.groups?.reason ?? text };
        return true;
      }
    }
    return false;
  }

  // ---- what players whisper -------------------------------------------------------------------

  /** `cashout` (all) or `cashout <n>`: paid with the MUD's own give, once the books have it as pending. */
  cashout(who: Who, amount: number | null, reply: (text: string) => void): void {
    const why = this.stopped();
    if (why) return reply(`I cannot pay out now: ${why}.`);
    const has = this.books.balance(`player:${who.id}`);
    if (has <= 0) return reply('You have nothing on my books to cash out.');
    if (amount !== null && amount > has) return reply(`You have only ${this.money(has)} on my books.`);
    const waiting = this.queue.length + this.books.payouts.length;
    this.queue.push({ who, amount });
    reply(`I will give you ${amount === null ? `all you have on my books (${this.money(has)})` : this.money(amount)}${waiting ? ` once the ${waiting} payment${waiting === 1 ? '' : 's'} before yours ${waiting === 1 ? 'is' : 'are'} made` : ''}.`);
    this.pump();
  }

  /** `claim`: money held as unclaimed that the MUD proved was this player's. */
  claim(who: Who, reply: (text: string) => void): void {
    reply(claimHeld(this.books, who, (n) => this.money(n)));
  }

  // ---- the operator's console -------------------------------------------------------------------

  /** `/settle <hold> <player id|house>`: the operator decides whose held money is; answers what was done. */
  settle(n: number, to: string): string {
    return settleHeld(this.books, n, to, (x) => this.money(x), this.profile.identity === 'id' ? '#13' : 'ana');
  }

  /** `/audit`'s lines for the purse (holds.ts), and a read to check them. */
  audit(): string[] {
    if (this.loggedIn) this.read();
    return auditLines(this.books, (n) => this.money(n));
  }

  // ---- reads and gives ---------------------------------------------------------------------------

  /** Reads the purse now, or again once the read under way is answered. */
  private read(): void {
    if (!this.loggedIn) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    // A read that may settle a payout comes after every give still waiting in the MUD is stopped: a stamp it lacks then never comes.
    if (this.books.payouts.length) for (const c of this.q.halt ?? []) this.io.send(c);
    this.io.send(this.startRead());
  }

  /** A read under way with a fresh tag: the command that asks it. */
  private startRead(): string {
    const tag = randomBytes(8).toString('hex');
    const values = { tag, secret: '', character: this.character };
    const reading: Reading = { tag, answers: this.q.read.answers.map((a) => ({ re: pattern(a.pattern, values), amount: a.amount })), seen: [], timer: null };
    reading.timer = this.scheduler.setTimer(READ_TIMEOUT_MS, () => {
      if (this.reading !== reading) return;
      this.io.note('the purse read went unanswered; reading again');
      this.reading = null;
      this.read();
    });
    this.reading = reading;
    return fill(this.q.read.send, { tag, mark: String(this.books.given), payout: String(this.books.payouts[0]?.n ?? 0) });
  }

  private answered(amount: number, groups: Record<string, string | undefined>): void {
    const reading = this.reading!;
    reading.seen.push(amount);
    if (this.q.read.send.includes('{tag}')) return this.settleRead(amount, groups.given, groups.out);
    // Untagged: any other balance line soon after is someone's forgery, and the read counts for nothing.
    if (reading.seen.length > 1) return;
    reading.timer?.cancel();
    reading.timer = this.scheduler.setTimer(UNTAGGED_WINDOW_MS, () => {
      if (this.reading !== reading) return;
      if (reading.seen.length === 1) return this.settleRead(amount);
      this.io.note(`TAMPERING: ${reading.seen.length} balance lines answered one read of the purse (${reading.seen.join(', ')}); none is believed, and the purse is read again`);
      this.reading = null;
      this.scheduler.setTimer(2000, () => this.read());
    });
  }

  /** One read: the whole difference from the books accounted for in one record. */
  private settleRead(purse: number, given?: string, out?: string): void {
    this.reading?.timer?.cancel();
    this.reading = null;
    const payout = this.books.payouts[0] ?? null;
    const first = this.books.purse === null && !payout;
    const record = this.given ? recordedGives(given ?? '', this.given, this.books.given, (id) => this.books.name(id) ?? this.payers.get(id) ?? id) : null;
    // At the first read the MUD's record of gives is as old as the rest of the purse.
    const arrivals = record ? (first ? [] : record.claims) : [...this.books.arrivals];
    const step: PurseStep = { moves: [], read: purse, ...(record && record.mark > this.books.given ? { given: record.mark } : {}) };
    const move = (from: string, to: string, amount: number, why: string) => amount > 0 && step.moves.push({ from, to, amount, why } satisfies Move);
    const inTotal = arrivals.reduce((n, a) => n + a.amount, 0);
    let diff = purse + this.books.balance('mud');
    if (first) {
      // The first read ever: whatever the purse held before the payments told is the house's bankroll.
      const bank = Math.max(0, diff - inTotal);
      move('mud', 'house', bank, 'the purse at the first start: the bankroll');
      this.io.note(`the purse holds ${this.money(bank)} of the dealer's own: the house's bankroll`);
      diff -= bank;
    }
    // Players hear of it once it is on the disk.
    const after: (() => void)[] = [];
    const holds: Hold[] = [];
    const hold = (amount: number, why: string, claims: Claim[]): Hold => {
      const h = { n: this.books.nextNumber + holds.length, amount, why, claims };
      holds.push(h);
      return h;
    };
    const seen = payout && this.payoutSeen(payout, diff, inTotal, out ?? '');
    const paidOut = seen ? seen.left : 0;
    // What the MUD kept for running the give (TinyMUX's penny for a queued command), as its stamp says: the house's cost.
    if (seen?.cost) move('house', 'mud', seen.cost, "the MUD's charge for running the give");
    if (payout && paidOut === null) {
      // Neither "it left" nor "it did not" can be told from the purse: held for the operator, never guessed.
      const h = hold(payout.amount, `a give of ${payout.amount} to ${payout.name} (${payout.id}) the purse cannot confirm or deny`, []);
      move(`pending:${payout.n}`, `unclaimed:${h.n}`, payout.amount, 'an unconfirmed payout, held');
      step.closed = payout.n;
      this.io.note(`HELD: ${h.why}; /settle ${h.n} ${payout.id} if it did not reach them, /settle ${h.n} house if it did`);
      after.push(() => this.tellPaid(payout, 'unknown'));
    } else if (payout) {
      move(`pending:${payout.n}`, paidOut ? 'mud' : `player:${payout.id}`, payout.amount, paidOut ? "paid out with the MUD's give" : 'a give that did not go through, back on the books');
      step.closed = payout.n;
      after.push(() => this.tellPaid(payout, paidOut ? 'paid' : 'refused'));
    }
    // What came in, once the give is accounted for: proven payments are certain; the rest only when every line adds up exactly.
    const came = diff + (paidOut ?? 0) + (seen?.cost ?? 0);
    const proven = arrivals.filter((a) => a.proven);
    const exact = came === inTotal && arrivals.every((a) => a.id !== null) && !this.stopped();
    const credited = exact && !record ? arrivals : came >= proven.reduce((n, a) => n + a.amount, 0) ? proven : [];
    for (const a of credited) {
      this.books.meet(a.id!, a.name);
      move('mud', `player:${a.id}`, a.amount, "paid in with the MUD's give");
    }
    const rest = came - credited.reduce((n, a) => n + a.amount, 0);
    const unclaimed = arrivals.filter((a) => !credited.includes(a));
    if (rest > 0) {
      const why = !unclaimed.length
        ? record
          ? "money that came with no give in the MUD's own record (kill insurance, a paycheck)"
          : 'money that came with no line to tell whose (while the dealer was away, or given silently)'
        : came !== inTotal
          ? 'payments told that do not add up to what came'
          : 'payments the MUD did not prove';
      const h = hold(rest, why, unclaimed);
      move('mud', `unclaimed:${h.n}`, rest, 'held unclaimed');
      this.io.note(`HELD ${this.money(rest)} as hold ${h.n}: ${why}${unclaimed.length ? ` (told: ${unclaimed.map((c) => `${c.name} ${c.amount}`).join(', ')})` : ''}; /settle ${h.n} <player id|house>`);
    } else if (rest < 0) {
      // The purse holds less than the books: the house bears it, and the operator hears it loudly.
      move('house', 'mud', -rest, 'the purse short of the books');
      this.io.note(`THE PURSE IS ${this.money(-rest)} SHORT of the books (read ${purse}); the house bears it. Something took coins the dealer did not give.`);
    }
    if (holds.length) step.holds = holds;
    this.books.purseStep(step);
    if (first) for (const c of this.q.open) this.io.send(c);
    for (const tell of after) tell();
    for (const a of credited) this.io.tell({ id: a.id!, name: a.name }, `${this.money(a.amount)} received: you have ${this.money(this.books.balance(`player:${a.id}`))} on my books.`);
    for (const a of unclaimed) if (a.id && a.amount) this.io.tell({ id: a.id, name: a.name }, `I saw a payment of ${this.money(a.amount)} in your name, but my purse does not show it as yours alone; it is held until it is proven or my keeper settles it.`);
    this.next();
  }

  /** How much of the pending payout left the purse, and what the MUD kept for the give (payout.ts). */
  private payoutSeen(payout: Payout, diff: number, inTotal: number, out: string): PayoutSeen {
    if (this.out) return byStamp(payout, this.out, out);
    const word = this.sentThisSession && this.outcome ? (this.outcome.gave ? payout.amount : 0) : null;
    return byPurse(payout.amount, diff, inTotal, word, this.q.gave !== undefined, this.stopped() !== null);
  }

  private tellPaid(payout: Payout, how: 'paid' | 'refused' | 'unknown'): void {
    const [amount, reason] = [this.money(payout.amount), this.outcome?.reason];
    const text = {
      paid: `I gave you ${amount}; you have ${this.money(this.books.balance(`player:${payout.id}`))} left on my books.`,
      refused: `My give of ${amount} did not reach you${reason ? ` (the MUD said: ${reason})` : ''}; it is back on my books.`,
      unknown: `I cannot tell whether my give of ${amount} reached you; my keeper will settle it.`,
    };
    this.io.tell({ id: payout.id, name: payout.name }, text[how]);
    this.outcome = null;
    this.sentThisSession = false;
  }

  /** After a read: another if lines came meanwhile, else the next payout. */
  private next(): void {
    if (this.again) {
      this.again = false;
      return this.read();
    }
    this.pump();
  }

  /** Starts the next payout when nothing is in flight: pending on the books first, then the give, then a read. */
  private pump(): void {
    if (!this.loggedIn || this.reading || this.books.payouts.length || this.stopped()) return;
    const next = this.queue.shift();
    if (!next) return;
    const { who } = next;
    const has = this.books.balance(`player:${who.id}`);
    const amount = next.amount ?? has;
    if (amount <= 0 || amount > has) {
      this.io.tell(who, `You have ${this.money(has)} on my books now; whisper cashout again.`);
      return this.pump();
    }
    const to = this.profile.identity === 'id' ? who.id : who.name;
    if (!new RegExp(this.profile.names).test(to)) {
      this.io.tell(who, 'I cannot name you in a give on this MUD; my keeper pays you.');
      return this.pump();
    }
    const payout: Payout = { n: this.books.nextNumber, id: who.id, name: who.name, amount };
    this.books.purseStep({ moves: [{ from: `player:${who.id}`, to: `pending:${payout.n}`, amount, why: 'a cashout, pending until the purse shows it left' }], payout });
    [this.outcome, this.sentThisSession] = [null, true];
    const give = fill(this.q.give, { to, amount: String(amount), n: String(payout.n) });
    // Where the give carries its own read, the read runs right after it in the MUD; else it follows it.
    if (give.includes('{read}')) return this.io.send(fill(give, { read: this.startRead() }));
    this.io.send(give);
    this.read();
  }
}
