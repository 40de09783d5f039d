import type { Timer } from '../world/clock.js';
import { CommandSet } from '../text/command-set.js';
import type { Transfer } from '../store/ledger.js';
import { charAccount, escrowAccount, HOUSE, type Account } from '../store/account.js';
import type { PanelNews, TableHand, TableState } from '../output/news.js';
import type { TavernTable } from '../world/table.js';
import type { CommandContext, Tavern } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { seatsComeAndGo } from '../world/comings.js';
import type { TableData } from '../world/world.js';
import { tavernWords } from '../output/words.js';
import type { FairTable } from './fair-table.js';
import { clientSeedSet, diceText, fairnessText, seedRevealed, type DrawRef } from '../games/fair-text.js';
import type { BetResult, CoinMove, GameDefinition, GameTable, HandoutRecord, HostWords, LeaveCause, Party, TableHost, TableNews, Timer as GameTimer, TransferOutcome } from '../games/api.js';
import { Voice, type Message } from '../games/voice.js';
import { paint } from '../text/markup.js';
import type { GameResult } from '../store/entries.js';

/**
 * The tavern as the host of one game's table (src/games/api.ts, README.md there): the only place
 * where a game meets the server. It seats players, keeps their seats through a short
 * disconnection, turns the game's coin moves into ledger transactions, and hands the game its
 * clock, dice and voice.
 */

/**
 * A game's table in a room of the tavern, one object with two faces: the tavern sees it as a
 * TavernTable (seats, verbs, look and the panels' state), the game as its TableHost.
 */
export class Table implements TavernTable, TableHost {
  readonly seats: Player[] = [];
  private readonly game: GameTable;
  readonly commands: CommandSet<CommandContext>;
  private lastDice: { dice: readonly number[]; draw: DrawRef | null } | null = null;
  /** What came of the bets settled since the game began, for its record when it ends. */
  private gameResults: GameResult[] = [];
  onNews: ((news: PanelNews) => void) | null = null;
  private readonly timers = new Set<Timer>();

  readonly words: HostWords = tavernWords;

  /**
   * `settings`: the table's, read through its game's declaration (server.ts); `random`: the
   * table's own provably fair source; `handouts`: the record every table shares.
   */
  constructor(
    private readonly tavern: Tavern,
    readonly roomId: string,
    readonly data: TableData,
    readonly definition: GameDefinition,
    readonly settings: unknown,
    readonly random: FairTable,
    readonly handouts: HandoutRecord,
  ) {
    this.game = definition.create(this);
    this.commands = new CommandSet(
      this.game.commands.map((c) => ({
        ...c,
        run: (ctx: CommandContext, args: string, word?: string) => c.run({ player: ctx.actor.name, reply: ctx.reply }, args, word),
      })),
    );
  }

  get id(): string {
    return this.data.id;
  }

  sit(p: Player): string | null {
    if (p.seat === this) return `You are already seated at ${this.data.name}.`;
    if (p.seat) return `You are already seated at ${p.seat.data.name}; stand up first.`;
    if (this.seats.length >= this.definition.seats(this.settings)) return `Every seat at ${this.data.name} is taken.`;
    const problem = this.game.sitProblem(p.name);
    if (problem) return problem;
    this.seats.push(p);
    p.seat = this;
    this.tavern.tell(p, `You take a seat at ${this.data.name}.`);
    this.seatNews(p, `${paint('name', p.name)} takes a seat at ${this.data.name}.`);
    this.game.onSit(p.name);
    this.onNews?.({ kind: 'state' });
    return null;
  }

  stand(p: Player, cause: LeaveCause): void {
    const i = this.seats.indexOf(p);
    if (i < 0) return;
    this.seats.splice(i, 1);
    p.seat = null;
    if (cause === 'stand') {
      this.tavern.tell(p, `You stand up from ${this.data.name}.`);
      this.seatNews(p, `${paint('name', p.name)} stands up from ${this.data.name}.`);
    } else {
      this.seatNews(p, `${paint('name', p.name)}'s seat at ${this.data.name} is empty now.`);
    }
    this.game.onStand(p.name, cause);
    this.onNews?.({ kind: 'state' });
  }

  playerAway(p: Player): void {
    this.game.onAway?.(p.name, this.tavern.settings.graceMs);
    this.onNews?.({ kind: 'state' }); // the seat's `connected`
  }

  playerBack(): void {
    this.onNews?.({ kind: 'state' }); // the seat's `connected`
  }

  describe(viewer: Player): string {
    return this.game.describe(viewer.name);
  }

  roll(p: Player, reply: (text: string) => void): void {
    if (!this.game.roll) reply(`Nobody throws dice at ${this.data.name}.`);
    else if (p.seat !== this) reply(`You are not seated at ${this.data.name}.`);
    else this.game.roll(p.name, reply);
  }

  /** A whisper to the table's dealer, answered as the dealer whispering back; false when the game has no dealer. */
  whisper(p: Player, text: string, reply: (text: string) => void): boolean {
    return this.game.whisper?.(p.name, text, (answer) => reply(`${this.words.dealer} whispers back: ${answer}`)) ?? false;
  }

  describeDice(): string {
    if (!this.lastDice) return `No dice have been thrown at ${this.data.name} yet.`;
    return diceText(this.data.name, this.lastDice.dice, this.lastDice.draw);
  }

  describeFairness(): string {
    return fairnessText(this.random.data, this.data.name);
  }

  setClientSeed(p: Player, seed: string): string | null {
    if (p.seat !== this) return `Only the players seated at ${this.data.name} may set its client seed.`;
    const set = this.random.setClientSeed(seed);
    if (!set.ok) return set.reason;
    this.say(clientSeedSet(p.name, seed, this.random.data, this.data.name));
    this.onNews?.({ kind: 'state' });
    return null;
  }

  stateFor(viewer: Player): TableState {
    return {
      id: this.id,
      game: this.definition.id,
      name: this.data.name,
      ...this.game.tableState(viewer.name),
      fair: this.random.state,
      now: this.tavern.clock.now(),
    };
  }

  get sharedState(): boolean {
    return this.game.sameForEveryone === true;
  }

  handFor(viewer: Player): TableHand | null {
    const faces = this.game.hand?.(viewer.name) ?? null;
    return faces && { table: this.id, cards: faces.map((f) => f.card), faces };
  }

  dispose(): void {
    for (const t of this.timers) t.cancel();
    this.timers.clear();
    this.game.dispose();
  }

  /** A seat taken or left, told to the room: by name in a small room, as the seats' summary in a crowd. */
  private seatNews(p: Player, line: string): void {
    this.tavern.comings.tell(this.roomId, line, p, seatsComeAndGo(this.data.name));
  }

  /** Tells everyone in the table's room, players and onlookers, each in their own words. */
  private say(message: Message): void {
    this.tavern.tell({ room: this.roomId }, (p) => message(new Voice(p.name)) || null);
  }

  /** One piece of a game's news: text to the room or a player now, news for the panels at the next flush. */
  private tellOne(news: TableNews): void {
    switch (news.kind) {
      case 'say':
        return this.say(news.message);
      case 'to': {
        const p = this.tavern.players.get(news.player.toLowerCase());
        if (p) this.tavern.tell(p, news.text);
        return;
      }
      case 'dice': {
        const dice = [...news.dice];
        this.lastDice = { dice, draw: this.random.nameThrow(dice) };
        return this.onNews?.({ kind: 'dice', dice: { table: this.id, dice, total: dice.reduce((a, b) => a + b, 0) } });
      }
      case 'state':
      case 'hand':
        // The panels' news of the same shape.
        return this.onNews?.(news);
    }
  }

  private account(party: Party): Account {
    switch (party.kind) {
      case 'player':
        return charAccount(party.name.toLowerCase());
      case 'escrow':
        return escrowAccount(this.id, party.name.toLowerCase());
      case 'house':
        return HOUSE;
    }
  }

  // --- the game's side: TableHost -------------------------------------------------------

  get label(): string {
    return this.data.name;
  }

  get clock(): Tavern['clock'] {
    return this.tavern.clock;
  }

  seated(): string[] {
    return this.seats.map((p) => p.name);
  }

  isConnected(name: string): boolean {
    // Everyone seated is in the world (a lost connection keeps the seat), so one map lookup finds them.
    return !!this.tavern.players.get(name.toLowerCase())?.session;
  }

  balance(name: string): number {
    return this.tavern.ledger.balance(charAccount(name.toLowerCase()));
  }

  transfer(moves: readonly CoinMove[], actor?: string, results: readonly BetResult[] = []): TransferOutcome {
    const transfers: Transfer[] = moves.map((m) => ({ from: this.account(m.from), to: this.account(m.to), amount: m.amount, why: `${this.id}: ${m.why}` }));
    const r = this.tavern.ledger.transfer(
      transfers,
      results.map((b) => ({ key: b.player.toLowerCase(), table: this.id, game: this.definition.id, bet: b.bet, stake: b.stake, paid: b.paid, outcome: b.outcome })),
    );
    if (r.ok) {
      this.gameResults.push(...results.map((b) => ({ key: b.player.toLowerCase(), name: b.player, bet: b.bet, stake: b.stake, paid: b.paid, outcome: b.outcome })));
      return r;
    }
    // The ledger refused: it names whose account is short, what it holds and what it needs.
    const purse = r.account.kind === 'character';
    const who = purse && actor && r.account.key === actor.toLowerCase() ? 'You have' : `${purse ? r.owner : 'The table'} has`;
    return { ok: false, reason: `${who} only ${this.words.money(r.has)}; that needs ${this.words.money(r.needs)}.` };
  }

  tell(...news: TableNews[]): void {
    for (const n of news) this.tellOne(n);
    // What the room hears of may change what its panels show: they hear the table again even
    // when the game did not say so (TableNews `state`).
    if (!news.some((n) => n.kind === 'state') && news.some((n) => n.kind === 'say' || n.kind === 'dice')) this.onNews?.({ kind: 'state' });
  }

  gameOver(): void {
    // A game that drew nothing and settled nothing (a rematch withdrawn at once) used no seed: the next game keeps it.
    if (this.random.data.nonce === 0 && this.gameResults.length === 0) return;
    const revealed = this.random.retire(this.gameResults);
    this.gameResults = [];
    this.say(seedRevealed(revealed, this.random.data, this.data));
    this.onNews?.({ kind: 'state' });
  }

  setTimer(ms: number, fn: () => void): GameTimer {
    const t = this.tavern.clock.setTimer(ms, () => {
      this.timers.delete(t);
      try {
        fn();
      } catch (e) {
        // A fault in one game must not stop the server. What the game's step had done stays
        // done: its coins moved in one transaction, and each table sets its next timer
        // before it tells the story, where a fault is likeliest.
        console.error(`${this.id}: timer failed:`, e);
      }
      void this.tavern.release();
    });
    this.timers.add(t);
    return {
      cancel: () => {
        t.cancel();
        this.timers.delete(t);
      },
    };
  }

  /** The game stands a player up: they hear why, the room sees the seat empty, as at a stand. */
  unseat(name: string, why: string): void {
    const p = this.seats.find((s) => s.name === name);
    if (!p) return;
    this.seats.splice(this.seats.indexOf(p), 1);
    p.seat = null;
    this.tavern.tell(p, why);
    this.seatNews(p, `${paint('name', p.name)} gets up from ${this.data.name}.`);
    this.onNews?.({ kind: 'state' });
  }
}
