import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BetResult, CoinMove, GameDefinition, GameTable, HandoutRecord, HostWords, LeaveCause, Party, TableHost, TableNews, Timer, TransferOutcome } from '../games/api.js';
import { FairSource, type DrawRecord, type FairData, type SeedMaker } from '../games/fair-source.js';
import { clientSeedSet, diceText, fairnessText, type DrawRef } from '../games/fair-text.js';
import type { RandomSource } from '../games/random.js';
import { Voice, type Message } from '../games/voice.js';
import type { Books } from './books/books.js';
import type { GameRecord } from './books/records.js';
import type { TableClock } from './clock.js';
import type { Presence } from './presence.js';
import { spoken } from './speech.js';
import type { Who } from './trust.js';

/**
 * The dealer as the host of its one table (src/games/api.ts; src/games/README.md "Hosting the
 * tables"): the game package's third host, beside the tavern (src/tables/game-table.ts) and the
 * Ranvier bundle. Seats are the MUD's players by their lasting identity; purses are the dealer's
 * books; what the game tells goes out through the outbox, the room's lines in the third person
 * (said aloud, so each begins with the dealer's name) and to a seated reader alone what the game
 * words for them beyond that ("That is you: you throw the dice"), which the room's line, heard by
 * them too, does not tell them; timers run on the table's clock, which waits while the dealer
 * cannot deal; every draw, result and game record is on the disk before anyone hears of it.
 */

export interface TableOptions {
  definition: GameDefinition;
  settings: object;
  id: string;
  label: string;
  words: HostWords;
  books: Books;
  clock: TableClock;
  presence: Presence;
  /** Lines out: to the room, to one player. */
  say(text: string): void;
  tell(who: Who, text: string): void;
  /** Serves every choice that is not a draw; `seeds` makes each game's server seed. */
  ordinary: RandomSource;
  seeds: SeedMaker;
  /** A seated player who left or dropped keeps the seat this long. */
  graceMs: number;
  /** Where a copy of each finished game's record is written (for `npm run verify -- game <file>`). */
  recordsDir: string;
  /** Purse mode: a bet is taken only if the house could still pay the worst outcome of everything on the table. */
  bankroll?: boolean;
}

/** How often the seats are checked against who is here (on the table's clock). */
const SWEEP_MS = 1000;

export class DealerTable implements TableHost {
  readonly game: GameTable;
  readonly random: FairSource;
  readonly handouts: HandoutRecord;
  /** Seated players in the order they sat, with the name the game knows them by. */
  private readonly seats: Who[] = [];
  /** Seated players out of the room or off the MUD, since when (table clock). */
  private readonly away = new Map<string, number>();
  /** The name the game knows each player by who has acted at the table, by that name in lower case. */
  private readonly known = new Map<string, Who>();
  private lastDice: { dice: readonly number[]; draw: DrawRef | null } | null = null;
  private readonly timers = new Set<Timer>();
  private sweeper: Timer | null = null;
  /** The game a stop cut off, whose seed this start revealed (its record written as cut off if it drew). */
  readonly cutOff: number | null = null;

  constructor(private readonly o: TableOptions) {
    const books = o.books;
    const fair = { ordinary: o.ordinary, seeds: o.seeds, onChange: (data: FairData, draw?: DrawRecord) => books.noteFair(data, draw) };
    const saved = books.fair?.table === o.id ? books.fair : null;
    if (saved) {
      // No game outlives the dealer: the seed of the one a stop cut off is revealed now.
      if (books.draws.length) {
        const record = recordOf(saved, o.definition.id, books, o.clock.toReal(o.clock.now()), true);
        books.noteGame(record);
        this.keepRecord(record);
      }
      this.random = FairSource.restore(saved, fair);
      this.random.retire();
      this.cutOff = saved.game;
    } else {
      this.random = FairSource.open(o.id, fair);
    }
    this.handouts = {
      last: (name, kind) => books.handout(this.idOf(name), kind),
      note: (name, kind, at) => books.noteHandout(this.idOf(name), kind, at),
    };
    this.game = o.definition.create(this);
    this.sweep();
  }

  get id(): string {
    return this.o.id;
  }

  get label(): string {
    return this.o.label;
  }

  get settings(): object {
    return this.o.settings;
  }

  get words(): HostWords {
    return this.o.words;
  }

  get clock(): TableClock {
    return this.o.clock;
  }

  // ---- seats ----------------------------------------------------------------------------------

  seatOf(id: string): Who | undefined {
    return this.seats.find((s) => s.id === id);
  }

  /**
   * The name the game knows a player by: the one they sat down with, or the one they last acted
   * by while they still have a stake on the table; else their name now, unless the game still
   * knows someone else by it (a player who renamed themselves after another, on a MUD that allows
   * it): then their name with their identity, `Ana(#15)`, so nobody is ever taken for another.
   */
  nameFor(who: Who): string {
    const seat = this.seatOf(who.id);
    if (seat) return seat.name;
    const held = (w: Who) => !!this.seatOf(w.id) || this.staked(w) > 0;
    const mine = [...this.known.values()].find((w) => w.id === who.id);
    if (mine && held(mine)) return mine.name;
    const other = this.known.get(who.name.toLowerCase());
    const name = other && other.id !== who.id && held(other) ? `${who.name}(${who.id})` : who.name;
    if (mine) this.known.delete(mine.name.toLowerCase());
    this.known.set(name.toLowerCase(), { id: who.id, name });
    return name;
  }

  /** Seats a player, the room told in their name, or says why not. */
  sit(who: Who): string | null {
    if (this.seatOf(who.id)) return `You are already seated at ${this.label}.`;
    if (this.seats.length >= this.o.definition.seats(this.settings)) return `Every seat at ${this.label} is taken.`;
    if (this.nameFor(who) !== who.name) return `Someone called ${who.name} is at ${this.label} already; the table cannot tell two of you apart.`;
    const dealer = this.words.dealer;
    if (who.name.toLowerCase().startsWith(dealer.toLowerCase()) && /^[^a-z0-9]/i.test(who.name.slice(dealer.length))) {
      return `Your name begins as mine does (${dealer}), so your own poses could pass for the table's lines; the table cannot seat you.`;
    }
    const reserved = (this.o.definition.reservedNames ?? []).find((w) => w === who.name.toLowerCase());
    if (reserved) return `Your name is one of the table's own words (${reserved}); the table cannot seat you.`;
    const problem = this.game.sitProblem(who.name);
    if (problem) return problem;
    this.seats.push(who);
    this.o.say(`${who.name} takes a seat at ${this.label}.`);
    this.game.onSit(who.name);
    return null;
  }

  stand(id: string, cause: LeaveCause): void {
    const i = this.seats.findIndex((s) => s.id === id);
    if (i < 0) return;
    const [who] = this.seats.splice(i, 1);
    this.away.delete(id);
    this.o.say(cause === 'stand' ? `${who.name} stands up from ${this.label}.` : `${who.name}'s seat at ${this.label} is empty now.`);
    this.game.onStand(who.name, cause);
  }

  get players(): readonly Who[] {
    return this.seats;
  }

  // ---- what players ask of the table ------------------------------------------------------------

  describeDice(): string {
    if (!this.lastDice) return `No dice have been thrown at ${this.label} yet.`;
    return diceText(this.label, this.lastDice.dice, this.lastDice.draw);
  }

  describeFairness(): string {
    return fairnessText(this.random.data, this.label, this.words);
  }

  setClientSeed(who: Who, seed: string): string | null {
    if (!this.seatOf(who.id)) return `Only the players seated at ${this.label} may set its client seed.`;
    const set = this.random.setClientSeed(seed);
    if (!set.ok) return set.reason;
    this.sayMessage(clientSeedSet(this.nameFor(who), seed, this.random.data, this.label));
    return null;
  }

  /** The table's opening words for a game: its commitment. */
  commitmentLine(): string {
    const d = this.random.data;
    return `Game ${d.game} at ${this.label} is committed to the seed whose SHA-256 is ${d.commitment}; it is revealed when the game ends.`;
  }

  /** The game is gone (the dealer closes): its timers stop. */
  dispose(): void {
    this.sweeper?.cancel();
    for (const t of this.timers) t.cancel();
    this.timers.clear();
    this.game.dispose();
  }

  // ---- the game's side: TableHost ---------------------------------------------------------------

  seated(): string[] {
    return this.seats.map((s) => s.name);
  }

  isConnected(name: string): boolean {
    return this.o.presence.isConnected(this.idOf(name));
  }

  /** What a player has on the table now (a Spice Run wager, a Dragon's Lair ante). */
  staked(who: Who): number {
    return this.o.books.balance(`escrow:${who.id}`);
  }

  balance(name: string): number {
    return this.o.books.balance(`player:${this.idOf(name)}`);
  }

  transfer(moves: readonly CoinMove[], actor?: string, results: readonly BetResult[] = [], exposure?: () => number): TransferOutcome {
    const account = (p: Party) => (p.kind === 'house' ? 'house' : `${p.kind}:${this.idOf(p.name)}`);
    for (const m of moves) if (!Number.isSafeInteger(m.amount) || m.amount <= 0) return { ok: false, reason: `The table refuses to move ${m.amount} gold.` };
    // Real coins: a new stake is taken only if the house could pay the worst that could then come of the table.
    if (this.o.bankroll && exposure && moves.some((m) => m.to.kind === 'escrow')) {
      const house = moves.reduce((n, m) => n + (m.to.kind === 'house' ? m.amount : 0) - (m.from.kind === 'house' ? m.amount : 0), this.o.books.balance('house'));
      const worst = exposure();
      if (worst > house) {
        return { ok: false, reason: `The house cannot cover that bet: if the dice went against it, the table could cost the house ${this.words.money(worst)}, and it holds ${this.words.money(Math.max(0, house))}.` };
      }
    }
    const short = this.o.books.transfer(
      moves.map((m) => ({ from: account(m.from), to: account(m.to), amount: m.amount, why: m.why })),
      results.map((r) => ({ key: this.idOf(r.player), name: r.player, bet: r.bet, stake: r.stake, paid: r.paid, outcome: r.outcome })),
    );
    if (!short) return { ok: true };
    const [kind, id] = short.key.split(/:(.*)/);
    const owner = this.seats.find((s) => s.id === id)?.name ?? this.o.books.name(id) ?? id;
    const who = kind === 'player' && actor && this.idOf(actor) === id ? 'You have' : kind === 'player' ? `${owner} has` : `${owner} has on the table`;
    return { ok: false, reason: `${who} only ${this.words.money(short.has)}; that needs ${this.words.money(short.needs)}.` };
  }

  tell(...news: TableNews[]): void {
    for (const n of news) {
      if (n.kind === 'say') this.sayMessage(n.message);
      else if (n.kind === 'to') {
        // Sent even to one the dealer believes gone: a belief is no reason to lose a player's line.
        const who = this.whoNamed(n.player);
        if (who) this.o.tell(who, n.text);
      } else if (n.kind === 'dice') {
        this.lastDice = { dice: [...n.dice], draw: this.drawOf(n.dice) };
      }
      // `state` and `hand` are news for panels, which a MUD's players have none of.
    }
  }

  gameOver(): void {
    const data = this.random.data;
    const record = recordOf(data, this.o.definition.id, this.o.books, this.clock.toReal(this.clock.now()), false);
    this.o.books.noteGame(record);
    this.keepRecord(record);
    this.random.retire();
    const next = this.random.data;
    this.o.say(`Game ${data.game} is over. Its seed was ${data.serverSeed} (commitment ${data.commitment}, client seed ${data.clientSeed}, ${data.nonce} draw${data.nonce === 1 ? '' : 's'}).`);
    this.o.say(`Game ${next.game} is committed to the seed whose SHA-256 is ${next.commitment}.`);
  }

  setTimer(ms: number, fn: () => void): Timer {
    const t = this.clock.setTimer(ms, () => {
      this.timers.delete(timer);
      fn();
    });
    const timer = {
      cancel: () => {
        t.cancel();
        this.timers.delete(timer);
      },
    };
    this.timers.add(timer);
    return timer;
  }

  unseat(name: string, why: string): void {
    const i = this.seats.findIndex((s) => s.name === name);
    if (i < 0) return;
    const [who] = this.seats.splice(i, 1);
    this.away.delete(who.id);
    this.o.tell(who, why);
    // The room sees the seat empty, as at a stand (and as the other hosts say it).
    this.o.say(`${who.name} gets up from ${this.label}.`);
  }

  // ---- inside ----------------------------------------------------------------------------------

  /**
   * A line for the room in the third person; a seated reader the game words it for differently
   * hears theirs too, privately, unless they are in the room and theirs only names them "you"
   * where the room's names them: they heard that line said, and would hear it twice. Where
   * theirs is the room's with more after it, they are whispered only the rest.
   */
  private sayMessage(message: Message): void {
    const room = message(new Voice(null));
    if (room) this.o.say(room);
    const heard = room ? spoken(room) : null;
    const readers = new Map(this.seats.map((s) => [s.id, s]));
    for (const who of readers.values()) {
      const mine = message(new Voice(who.name));
      const told = mine && mine !== room ? this.notHeard(who, message, mine, heard) : null;
      if (told) this.o.tell(who, told);
    }
  }

  /**
   * What of a seated reader's own line the room's line did not tell them: nothing where it told
   * them all; the rest where theirs goes on after it (`... Bob is the HERO! That is you: you
   * throw the dice`, `It is Ana's turn... Your hand: ...`); else their line whole (they are out
   * of the room, or it reads otherwise).
   */
  private notHeard(who: Who, message: Message, mine: string, heard: string | null): string | null {
    if (heard === null || !this.o.presence.isHere(who.id)) return mine;
    return unheard(heard, spoken(message(new RoomNames(who.name)) ?? ''), mine);
  }

  /** A player the game names: seated, or one who acted at the table by that name (an onlooker who bet, a player who just stood). */
  private whoNamed(name: string): Who | undefined {
    return this.seats.find((s) => s.name === name) ?? this.known.get(name.toLowerCase());
  }

  /** A name the game uses, as the books' identity. */
  private idOf(name: string): string {
    return this.whoNamed(name)?.id ?? name.toLowerCase();
  }

  /** Which draw a throw was: the latest of the live seed's draws with these faces. */
  private drawOf(dice: readonly number[]): DrawRef | null {
    const faces = dice.join();
    const d = [...this.o.books.draws].reverse().find((r) => (r.kind === 'dice' ? r.dice.join() : r.kind === 'die' ? String(r.die) : null) === faces);
    return d ? { game: this.random.data.game, nonce: d.nonce } : null;
  }

  /** A copy of the record where a host can hand it to `npm run verify -- game`; the books hold the truth. */
  private keepRecord(record: GameRecord): void {
    try {
      mkdirSync(this.o.recordsDir, { recursive: true });
      const file = join(this.o.recordsDir, `${record.table}-${record.number}.json`);
      writeFileSync(`${file}.new`, `${JSON.stringify(record, null, 2)}\n`);
      renameSync(`${file}.new`, file);
    } catch (e) {
      console.error(`the record of game ${record.number} could not be copied: ${(e as Error).message}`);
    }
  }

  /** Seated players out of the room or off the MUD keep their seat `graceMs`, then leave it. */
  private sweep(): void {
    const now = this.clock.now();
    for (const who of [...this.seats]) {
      const here = this.o.presence.isHere(who.id);
      if (here) this.away.delete(who.id);
      else if (!this.away.has(who.id)) {
        this.away.set(who.id, now);
        this.game.onAway?.(who.name, this.o.graceMs);
      } else if (now - this.away.get(who.id)! >= this.o.graceMs) this.stand(who.id, 'left');
    }
    this.sweeper = this.clock.setTimer(SWEEP_MS, () => this.sweep());
  }
}

/** A game's record from its seed and what the books hold of it, dated `now` (real time). */
function recordOf(data: FairData, game: string, books: Books, now: number, cutOff: boolean): GameRecord {
  return {
    table: data.table,
    game,
    number: data.game,
    at: new Date(now).toISOString(),
    commitment: data.commitment,
    serverSeed: data.serverSeed,
    clientSeed: data.clientSeed,
    draws: structuredClone([...books.draws]),
    results: structuredClone([...books.results]),
    cutOff,
  };
}

/**
 * What a reader who heard the room's line (`heard`) is still to be told of their own (`mine`),
 * given theirs as it reads naming everyone as the room does: nothing where that is the room's
 * line; where it is the room's line and more, that more, if it reads so in theirs too; else
 * theirs whole.
 */
export function unheard(heard: string, asTheRoomNamesThem: string, mine: string): string | null {
  if (asTheRoomNamesThem === heard) return null;
  const rest = asTheRoomNamesThem.startsWith(`${heard} `) ? asTheRoomNamesThem.slice(heard.length + 1) : null;
  return rest && spoken(mine).endsWith(` ${rest}`) ? rest : mine;
}

/**
 * A seated reader's voice that names everyone as the room does: what the game words for that
 * reader beyond "you" (their hand, that they throw) is still in it, so it reads as the room's
 * line only where the room's line told them everything.
 */
class RoomNames extends Voice {
  protected override addressed(): boolean {
    return false;
  }
}
