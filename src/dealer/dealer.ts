import { join } from 'node:path';
import type { GameDefinition, Timer } from '../games/api.js';
import type { SeedMaker } from '../games/fair-source.js';
import type { RandomSource } from '../games/random.js';
import { Books, type Money } from './books/books.js';
import { TableClock, type Scheduler } from './clock.js';
import { MudConnection, type MudAddress } from './mud/connection.js';
import { Outbox, ANSWER_LINES_PER_PLAYER, type Recipient } from './outbox.js';
import { Presence } from './presence.js';
import { PurseKeeper } from './purse.js';
import { fill, type Profile } from './profile.js';
import { Session } from './session.js';
import { DealerTable } from './table.js';
import { Trust, type Reading, type Who } from './trust.js';
import { Whispers } from './whispers.js';
import { dealerWords, tableLabel, whisperedAs } from './words.js';

/**
 * The dealer: a character logged into a MUD that deals one table there. It joins the pieces:
 * the connection and its login (session.ts), the lines it trusts (trust.ts), who is here
 * (presence.ts), the table it hosts (table.ts) and what players whisper to it (whispers.ts), the
 * paced outbox, the books, and the table's clock, which waits whenever the dealer cannot deal.
 */

export interface DealerOptions {
  mud: MudAddress;
  profile: Profile;
  character: string;
  password: string;
  definition: GameDefinition;
  settings: object;
  data: string;
  /** Gold on the dealer's own books (`tab`), or the MUD's own coins (`purse`). */
  money: Money;
  linesPerSecond: number;
  ordinary: RandomSource;
  seeds: SeedMaker;
  scheduler: Scheduler;
  /** What the operator sees: the MUD's lines, what the dealer sends, and its own notes. */
  show(kind: 'mud' | 'sent' | 'note', text: string): void;
  /** Once, when it is in and dealing. */
  dealing(): void;
  /** The MUD refused the login, or never got the dealer ready: it stops. */
  failed(reason: string): void;
}

/** How long a seated player who left or dropped keeps the seat (the house rulings). */
export const GRACE_MS = 120_000;
/** How often the dealer asks who is in its room while someone is seated or it knows its room (where the MUD can be asked). */
const ROSTER_EVERY_MS = 15_000;
/** How long a roster question may go unanswered before it is asked again. */
const ROSTER_ANSWER_MS = 5000;
/** At most this many lines read while setting up are kept, to answer the whispers among them once ready. */
const EARLY_LINES = 200;

export class Dealer {
  readonly books: Books;
  readonly clock: TableClock;
  readonly table: DealerTable;
  /** Purse mode's keeper of the MUD's coins; null with --money tab. */
  readonly purse: PurseKeeper | null;
  private readonly presence = new Presence();
  private readonly outbox: Outbox;
  private readonly whispers: Whispers;
  private readonly connection: MudConnection;
  private session: Session | null = null;
  private trust: Trust | null = null;
  private sentAt = 0;
  private rosterAskedAt = 0;
  /** The room it deals in (where the profile's roster says), the first it found itself in. */
  private room: string | null = null;
  /** Lines read while this login was setting up: whispers among them are answered once it is ready. */
  private early: string[] = [];
  private timers: Timer[] = [];
  private dealt = false;
  private closing = false;
  /** Players told to slow down, until their answers have gone out. */
  private readonly slowed = new Set<string>();
  /** Who the table told something privately while a whisper was run. */
  private readonly toldTo = new Set<string>();
  /** What the room hears first when the last run stopped with a game under way. */
  private readonly cutOffNews: string | null;

  constructor(private readonly o: DealerOptions) {
    const { profile, scheduler } = o;
    this.books = Books.open(o.data, o.money, (text) => o.show('note', text));
    // The lag is kept once it has grown by a second (a line waiting in the outbox holds the clock a few milliseconds).
    const keepLag = (lag: number) => lag - this.books.lag >= 1000 && this.books.noteLag(lag);
    // Books the disk will not take are never dealt on: the dealer stops once what was under way has unwound (main.ts lets that refusal pass).
    this.books.onRefused = (e) => queueMicrotask(() => o.failed(`the books cannot be written (${e.message}); the dealer stops, and at its next start every wager goes back to its owner`));
    this.clock = new TableClock(scheduler, this.books.lag, keepLag, (e) => this.books.isRefusal(e) || o.show('note', `a table timer failed: ${(e as Error)?.stack ?? e}`));
    this.clock.hold('offline');
    const returned = this.books.returnStakes();
    const drew = this.books.draws.length > 0;
    for (const r of returned) o.show('note', `returned ${r.amount} gold on the table to ${this.books.name(r.id) ?? r.id} (the last run ended with it there)`);
    this.outbox = new Outbox(profile, o.character, o.linesPerSecond, scheduler, {
      send: (line) => this.send(line),
      onTableLines: (waiting) => (waiting ? this.clock.hold('outbox') : this.clock.release('outbox')),
      unsent: (to) => o.show('note', `not sent to ${JSON.stringify(to.to)}: the profile's "names" does not allow that name in a command`),
    });
    this.purse =
      o.money === 'purse'
        ? new PurseKeeper(profile, this.books, o.character, scheduler, {
            send: (line) => this.outbox.command(line),
            tell: (who, text) => this.outbox.answer(this.recipient(who), text),
            note: (text) => o.show('note', text),
          })
        : null;
    const purse = (this.purse && profile.purse) || undefined;
    const words = dealerWords(profile, o.character, purse, (at) => this.clock.toReal(at));
    this.table = new DealerTable({
      definition: o.definition,
      settings: o.settings,
      id: `${o.character.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${o.definition.id}`,
      label: tableLabel(o.definition.id),
      words,
      books: this.books,
      clock: this.clock,
      presence: this.presence,
      say: (text) => this.outbox.say(text),
      tell: (who, text) => {
        this.toldTo.add(who.id);
        this.outbox.tell(this.recipient(who), text);
      },
      ordinary: o.ordinary,
      seeds: o.seeds,
      graceMs: GRACE_MS,
      recordsDir: join(o.data, 'records'),
      bankroll: o.money === 'purse',
    });
    if (this.table.cutOff !== null) o.show('note', `game ${this.table.cutOff} was cut off by the last stop; its seed is revealed (whisper fair)`);
    const label = this.table.label.replace(/^./, (c) => c.toUpperCase());
    const back = returned.map((r) => `${this.table.words.money(r.amount)} to ${this.books.name(r.id) ?? r.id}`).join(', ');
    const cut = this.table.cutOff;
    this.cutOffNews =
      (drew && cut !== null) || returned.length
        ? `${label} stopped with a game under way${returned.length ? `: every wager on it went back to its owner (${back})` : ''}${cut === null ? '' : `; game ${cut}'s seed is revealed (${whisperedAs(profile, o.character, 'fair')})`}.`
        : null;
    const howTo = `Whisper me as you would type at the table: ${whisperedAs(profile, o.character, 'sit')}, then ${whisperedAs(profile, o.character, 'help')}.`;
    const payIn = purse ? `The stakes are your own ${purse.coins}: pay me in with ${fill(purse.playersGive, { dealer: o.character, amount: '<amount>' })}, and whisper me cashout to have them back.` : undefined;
    this.whispers = new Whispers(this.table, o.definition, { howTo, payIn, where: () => `where ${o.character} stands` }, this.purse);
    this.connection = new MudConnection(o.mud, profile.charset, scheduler, {
      up: () => this.up(),
      line: (line) => this.line(line),
      down: (reason, retryMs) => this.down(reason, retryMs),
    });
  }

  start(): void {
    this.connection.start();
    this.timers.push(this.every(this.o.profile.keepaliveMs / 4, () => this.keepAlive()));
    if (this.o.profile.roster) this.timers.push(this.every(ROSTER_EVERY_MS, () => (this.table.players.length || this.room) && this.askRoster()));
  }

  /** The disk refused a record of the books: the dealer is stopping. */
  get booksRefused(): boolean {
    return this.books.refused !== null;
  }

  /** Whether `e` is what a refused write of the books threw. */
  isRefusal(e: unknown): boolean {
    return this.books.isRefusal(e);
  }

  get live(): boolean {
    return this.session?.state === 'ready';
  }

  get paused(): boolean {
    return this.clock.isHeld('paused');
  }

  /** The operator's `/pause`: timers frozen, whispers answered that the table is paused. */
  pause(): void {
    this.clock.hold('paused');
  }

  resume(): void {
    this.clock.release('paused');
  }

  /** A line the operator typed, sent as the character's own command. */
  type(line: string): void {
    this.outbox.command(line);
  }

  /** The books and the table, for `/audit`. */
  audit(): string[] {
    const b = this.books.balances();
    const sum = (prefix: string) => Object.entries(b).filter(([k]) => k.startsWith(prefix)).reduce((n, [, v]) => n + v, 0);
    const problems = this.books.audit();
    return [
      problems.length ? `THE BOOKS DO NOT ADD UP: ${problems.join('; ')}` : 'The books add up: every account together is nothing, and nobody is below nothing.',
      this.purse
        ? `Players hold ${sum('player:')}; ${sum('escrow:')} is on the table; ${sum('unclaimed:')} is unclaimed; ${sum('pending:')} is being paid out; the house (the dealer's own) has ${b.house ?? 0}.`
        : `Players hold ${sum('player:')} gold; ${sum('escrow:')} is on the table; the house has ${b.house ?? 0} (what it took less what it paid); the mint has made ${-(b.mint ?? 0)} (new players' starting gold).`,
      ...(this.purse?.audit() ?? []),
      `Seated: ${this.table.players.map((p) => `${p.name} (${p.id}, ${b[`player:${p.id}`] ?? 0} ${this.table.words.moneyName})`).join(', ') || 'nobody'}.`,
      `Clock: ${this.clock.running ? 'running' : 'waiting'}; ${this.books.games.length} finished games in the books; ${this.connection.connected ? (this.live ? 'dealing' : 'logging in') : 'not connected'}.`,
    ];
  }

  /** `/close` and SIGTERM: every wager returned, the room told, logged out. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const t of this.timers) t.cancel();
    this.table.dispose();
    let returned: { id: string; amount: number }[] = [];
    try {
      if (!this.booksRefused) returned = this.books.returnStakes();
    } catch (e) {
      // The disk refusing the stakes' return now is a refusal like any other: the room is told, and the next start returns them.
      if (!this.books.isRefusal(e)) throw e;
    }
    const refused = this.booksRefused;
    if (this.live) {
      const label = this.table.label.replace(/^./, (c) => c.toUpperCase());
      const back = returned.length ? ` (${returned.map((r) => `${this.table.words.money(r.amount)} to ${this.books.name(r.id) ?? r.id}`).join(', ')})` : '';
      this.outbox.say(refused ? `${label} closes: its books cannot be written, so every wager on it goes back to its owner when it deals again.` : `${label} closes: every wager on it goes back to its owner${back}.`);
      this.purse?.closing();
      this.outbox.command(this.o.profile.commands.logout);
      await this.drained();
    }
    await this.connection.stop();
    try {
      if (!this.booksRefused && this.clock.lag !== this.books.lag) this.books.noteLag(this.clock.lag);
    } catch (e) {
      // Refused here too, with nothing on the table: the one line is said, and the exit code is 1 (main.ts).
      if (!this.books.isRefusal(e)) throw e;
    } finally {
      this.books.close();
    }
  }

  // ---- the connection ---------------------------------------------------------------------------

  private up(): void {
    this.o.show('note', `connected to ${this.o.mud.host}:${this.o.mud.port}; logging in as ${this.o.character}`);
    this.outbox.setOnline(true);
    const session = new Session(this.o.profile, this.o.character, this.o.password, this.o.scheduler, {
      send: (line) => this.outbox.command(line),
      ready: () => this.ready(session),
      failed: (reason) => {
        this.o.failed(reason);
      },
    }, this.purse?.closeCommands);
    this.session = session;
    this.early = [];
    this.purse?.login(session.secret);
    this.trust = new Trust(this.o.profile, { secret: session.secret, character: this.o.character });
  }

  private ready(session: Session): void {
    if (session !== this.session) return;
    this.clock.release('offline');
    if (!this.dealt) {
      this.dealt = true;
      const game = this.o.definition.title;
      this.outbox.say(`${this.o.character} deals ${game} here. ${whisperedAs(this.o.profile, this.o.character, 'help')} for the rules; whisper me what you would type at the table.`);
      if (this.whispers.talk.payIn) this.outbox.say(this.whispers.talk.payIn);
      if (this.cutOffNews) this.outbox.say(this.cutOffNews);
      this.outbox.say(this.table.commitmentLine());
      this.o.dealing();
    } else {
      this.o.show('note', 'logged in again; the table goes on');
    }
    // Who is here, and where it stands (where the profile can ask).
    this.askRoster();
    this.purse?.ready();
    // Whispers that reached the ear (with this login's secret) before the ready line are answered now.
    for (const line of this.early.splice(0)) {
      const r = this.trust?.read(line);
      if (r?.kind === 'heard') this.handle(r);
    }
  }

  private down(reason: string, retryMs: number | null): void {
    this.session?.end();
    this.trust?.forget();
    this.purse?.loggedOut();
    this.outbox.setOnline(false);
    this.clock.hold('offline');
    if (!this.closing) this.o.show('note', `lost the MUD (${reason})${retryMs === null ? '' : `; trying again in ${Math.round(retryMs / 1000)} s`}`);
  }

  private send(line: string): boolean {
    if (!this.connection.send(line)) return false;
    this.sentAt = this.o.scheduler.now();
    this.o.show('sent', line.replaceAll(this.o.password, '*****'));
    return true;
  }

  private line(raw: string): void {
    this.o.show('mud', raw.replaceAll(this.o.password, '*****'));
    if (!this.session || !this.trust) return;
    // The ear's lines carry a hash of the secret, which anyone may see (trust.ts): the secret goes back in where the hash is right.
    const line = this.trust.unseal(raw);
    if (this.session.state !== 'ready') {
      if (this.session.state === 'setting up' && this.early.length < EARLY_LINES) this.early.push(line);
      return this.session.read(line);
    }
    if (this.purse?.line(this.trust.clean(line))) return;
    const reading = this.trust.read(line);
    if (reading) this.handle(reading);
  }

  // ---- what the dealer hears ---------------------------------------------------------------------

  private handle(r: Reading): void {
    if (r.kind === 'recheck') return this.askRoster();
    if (r.kind === 'roster') return this.whereAmI(r.present, r.room);
    if (r.kind === 'event') {
      this.purse?.seen(r.who.name, r.event === 'arrived' || r.event === 'connected');
      // Where the MUD can be asked, a line that tells of someone coming or going is only a reason
      // to ask (a player can write such a line inside a whisper of several lines): nobody is
      // taken for gone, nor a private line of theirs held back, on its word.
      if (!this.o.profile.roster) this.presence.event(r.event, r.who);
      else if (this.table.players.length) this.askRoster();
      return;
    }
    const { who, via } = r;
    this.purse?.seen(who.name, true);
    if (via === 'whisper') this.presence.whispered(who);
    else this.presence.heardFrom(who);
    this.books.meet(who.id, who.name);
    const reply = (text: string) => this.outbox.answer(this.recipient(who, via !== 'whisper'), text);
    const waiting = this.outbox.waitingFor(who.id);
    if (waiting < ANSWER_LINES_PER_PLAYER) this.slowed.delete(who.id);
    else if (this.slowed.has(who.id)) return;
    else {
      this.slowed.add(who.id);
      return reply('I am still answering your last whispers; give me a moment, then whisper again.');
    }
    if (r.partial) return reply('Whisper one line at a time: that whisper went on over several lines, and I took none of it.');
    if (r.posed) return reply(`Whisper me the words alone, not posed: ${whisperedAs(this.o.profile, this.o.character, 'gold')}.`);
    if (this.clock.isHeld('moved')) return reply(`I was moved away from ${this.table.label}; whisper again once I am back at it.`);
    if (this.paused) return reply(`${this.table.label.replace(/^./, (c) => c.toUpperCase())} is paused by its keeper; whisper again once it goes on.`);
    if (this.closing) return reply(`${this.table.label.replace(/^./, (c) => c.toUpperCase())} is closing.`);
    // Every whisper gets an answer to its sender alone: when the table said nothing to them
    // privately (their move is told to the room in their name), a word that it was taken.
    let answered = false;
    this.toldTo.clear();
    this.whispers.run({ who, via, reply: (text) => ((answered = true), reply(text)) }, r.text);
    if (!answered && !this.toldTo.has(who.id)) reply('Done: the table has it.');
  }

  /**
   * A roster answer: who is here, and where the profile can tell, whether the dealer still stands
   * in the room it deals in (the first it found itself in). Moved away (killed and sent home, or
   * teleported), its table waits and it goes back where the profile says how.
   */
  private whereAmI(present: readonly (Who & { connected: boolean })[], room: string | undefined): void {
    if (room) this.room ??= room;
    const moved = !!room && room !== this.room;
    this.presence.roster(moved ? [] : present);
    if (moved === this.clock.isHeld('moved')) return;
    if (!moved) {
      this.o.show('note', `back in ${this.room}; the table goes on`);
      return this.clock.release('moved');
    }
    this.clock.hold('moved');
    const goBack = this.o.profile.roster?.goBack;
    this.o.show('note', `moved from ${this.room} to ${room}: the table waits${goBack ? '; going back' : '; bring the dealer back to its room (docs/dealer.md)'}`);
    if (goBack) {
      this.outbox.command(fill(goBack, { room: this.room! }));
      this.askRoster(true);
    }
  }

  private recipient(who: Who, far = !this.presence.isHere(who.id)): Recipient {
    return { id: who.id, to: this.o.profile.identity === 'id' ? who.id : who.name, far };
  }

  private askRoster(again = false): void {
    const roster = this.o.profile.roster;
    if (!roster || !this.live || !this.trust) return;
    // One question at a time (a flood of lines that look like the room's news asks once), unless the last went unanswered.
    if (!again && this.trust.awaiting && this.o.scheduler.now() - this.rosterAskedAt < ROSTER_ANSWER_MS) return;
    this.rosterAskedAt = this.o.scheduler.now();
    const tag = Math.random().toString(16).slice(2, 10) + Math.random().toString(16).slice(2, 10);
    this.trust.awaitRoster(tag);
    this.outbox.command(fill(roster.send, { tag }));
  }

  private keepAlive(): void {
    if (this.live && this.o.scheduler.now() - this.sentAt >= this.o.profile.keepaliveMs) this.outbox.command(this.o.profile.commands.keepalive);
  }

  private every(ms: number, fn: () => void): Timer {
    let t: Timer;
    const arm = () => {
      t = this.o.scheduler.setTimer(ms, () => {
        fn();
        arm();
      });
    };
    arm();
    return { cancel: () => t.cancel() };
  }

  /** Waits until everything queued has gone out (or a few seconds at most). */
  private async drained(): Promise<void> {
    const until = this.o.scheduler.now() + 5000;
    while (this.outbox.pending && this.o.scheduler.now() < until && this.connection.connected) await new Promise((r) => this.o.scheduler.setTimer(50, () => r(undefined)));
  }
}
