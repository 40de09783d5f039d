import type { Clock, GameDefinition, GameTable, HandoutRecord, HostWords, LeaveCause, TableHost, TableNews } from '../../../src/games/api.js';
import type { RevealedSeed } from '../../../src/games/fair-source.js';
import { clientSeedSet, diceText, fairnessText, seedRevealed, type DrawRef } from '../../../src/games/fair-text.js';
import { Voice, type Message } from '../../../src/games/voice.js';
import { paint } from '../../../src/text/markup.js';
import type { TableDraws } from './draws.js';
import type { TablePanels } from './gmcp.js';
import type { Purses } from './purses.js';
import type { RanvierItem, RanvierPlayer, RanvierRoom } from './ranvier.js';

/** What a table is, from its item and the item's `obsidian-table` behavior. */
export interface TableSpec {
  id: string;
  definition: GameDefinition;
  /** Read through the game's declaration (world.ts). */
  settings: unknown;
}

/**
 * What a table has of the world it stands in (world.ts's TablesWorld, which makes the tables):
 * declared here, so that the tables need nothing of the file that makes them.
 */
export interface TableWorld {
  readonly words: HostWords;
  readonly clock: Clock;
  readonly config: { readonly graceMs: number };
  readonly purses: Purses;
  readonly handouts: HandoutRecord;
  readonly panels: TablePanels;
  player(name: string): RanvierPlayer | undefined;
  connected(p: RanvierPlayer): boolean;
  /** Writes a line to the player, with a fresh prompt once the step is over. */
  tell(p: RanvierPlayer, text: string): void;
  /** Once the step is over, the panels hear what changed. */
  soon(): void;
  /** A step of a table on its own (a timer): a fault is logged, and the world goes on. */
  run(what: string, step: () => void): void;
  /** A player back at their seat hears what came of their bets meanwhile. */
  comeBack(p: RanvierPlayer): void;
  /** Keeps the record of a finished game, its seed revealed. */
  record(table: string, game: string, number: number, revealed: RevealedSeed, cutOff: boolean): void;
}

/**
 * One table in a Ranvier room: the game package's second host. It seats the players who sit at
 * its item, hands the game its TableHost (the world's purses, the room's players as the
 * audience, real timers), and keeps the seats in step with the world: a player who walks out
 * stands up, one whose connection dropped keeps the seat for the grace period, one who left the
 * world leaves the table.
 */
export class RanvierTable {
  readonly id: string;
  readonly label: string;
  readonly keywords: string[];
  readonly definition: GameDefinition;
  /** The table's settings (the behavior's `settings`), read through its game's declaration. */
  readonly settings: unknown;
  readonly game: GameTable;
  /** Seated players' names, in the order they sat. */
  readonly seats: string[] = [];
  /** Seated players whose connection dropped, and when it was seen. */
  private readonly away = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private lastDice: { dice: readonly number[]; draw: DrawRef | null } | null = null;

  constructor(
    private readonly world: TableWorld,
    readonly item: RanvierItem,
    readonly room: RanvierRoom,
    spec: TableSpec,
    private readonly draws: TableDraws,
  ) {
    this.id = spec.id;
    this.label = item.name;
    this.keywords = item.keywords.map((k) => k.toLowerCase());
    this.definition = spec.definition;
    this.settings = spec.settings;
    this.game = spec.definition.create(this.host());
  }

  isSeated(name: string): boolean {
    return this.seats.includes(name);
  }

  /** Seats the player, or says why not. */
  sit(player: RanvierPlayer): string | null {
    if (this.isSeated(player.name)) return `You are already seated at ${this.label}.`;
    if (this.seats.length >= this.definition.seats(this.settings)) return `Every seat at ${this.label} is taken.`;
    const problem = this.game.sitProblem(player.name);
    if (problem) return problem;
    this.seats.push(player.name);
    this.world.panels.stateChanged(this);
    const name = player.name;
    this.say((v) => `${v.does(name, 'take')} a seat at ${this.label}.`);
    this.game.onSit(name);
    return null;
  }

  /** The player leaves their seat: `stand`, or walked out (`stand`), or left the world (`left`). */
  stand(name: string, cause: LeaveCause): void {
    const i = this.seats.indexOf(name);
    if (i < 0) return;
    this.seats.splice(i, 1);
    this.away.delete(name);
    this.world.panels.stateChanged(this);
    if (cause === 'stand') this.say((v) => `${v.does(name, 'stand')} up from ${this.label}.`);
    else this.say(() => `${paint('name', name)}'s seat at ${this.label} is empty now.`);
    this.game.onStand(name, cause);
  }

  describe(viewer: string): string {
    return this.game.describe(viewer);
  }

  describeDice(): string {
    if (!this.lastDice) return `No dice have been thrown at ${this.label} yet.`;
    return diceText(this.label, this.lastDice.dice, this.lastDice.draw);
  }

  describeFairness(): string {
    return fairnessText(this.draws.data, this.label);
  }

  /** The number of the game under way, or the next: its seed's. */
  get gameNumber(): number {
    return this.draws.data.game;
  }

  /** `fair seed <word>`: a seated player sets the next game's client seed; or why not. */
  setClientSeed(name: string, seed: string): string | null {
    if (!this.isSeated(name)) return `Only the players seated at ${this.label} may set its client seed.`;
    const set = this.draws.setClientSeed(seed);
    if (!set.ok) return set.reason;
    this.say(clientSeedSet(name, seed, this.draws.data, this.label));
    return null;
  }

  /**
   * Keeps the seats in step with the world (every second, and before a command): a player who
   * left the world or the room leaves the seat; a dropped connection keeps it `graceMs`.
   */
  sweep(now: number): void {
    for (const name of [...this.seats]) {
      const p = this.world.player(name);
      if (!p || p.__pruned) this.stand(name, 'left');
      else if (p.room !== this.room) this.stand(name, 'stand');
      else if (this.world.connected(p)) {
        // Back on a new connection: what came of their bets meanwhile, and where their game stands, as at the tavern.
        if (this.away.delete(name)) {
          this.world.comeBack(p);
          this.world.tell(p, `You are still seated at ${this.label}. Its game stands so:\n${this.describe(name)}`);
        }
      }
      else if (!this.away.has(name)) {
        this.away.set(name, now);
        this.game.onAway?.(name, this.world.config.graceMs);
      } else if (now - this.away.get(name)! >= this.world.config.graceMs) this.stand(name, 'left');
    }
  }

  /** The table's item has left the world: the room hears it, and the table goes. */
  gone(): void {
    const label = this.label.charAt(0).toUpperCase() + this.label.slice(1);
    this.say(() => `${label} is taken away; every coin on it goes back to its owner.`);
    this.dispose();
  }

  /** The table goes (its item left the world, or the world stops): timers stop, and every coin on it goes home. */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.game.dispose();
    this.world.purses.returnEscrow(this.id);
  }

  /** Table.State for one viewer (docs/gmcp.md): the table's own fields, the game's view, its fair draws and the clock. */
  stateFor(viewer: string): object {
    const { commitment, clientSeed, nonce } = this.draws.data;
    return { id: this.id, game: this.definition.id, name: this.label, ...this.game.tableState(viewer), fair: { commitment, clientSeed, nonce }, now: this.world.clock.now() };
  }

  /**
   * One piece of a game's news: text to the room or one player, a throw kept for `dice`, and
   * what the GMCP panels hear (gmcp.ts): a line or a throw changes the table's state too.
   */
  private tell(news: TableNews): void {
    const panels = this.world.panels;
    if (news.kind === 'say') this.say(news.message);
    else if (news.kind === 'to') {
      const p = this.world.player(news.player);
      if (p) this.world.tell(p, news.text);
    } else if (news.kind === 'dice') {
      this.lastDice = { dice: [...news.dice], draw: this.draws.nameThrow(news.dice) };
      panels.dice(this, news.dice);
    } else if (news.kind === 'hand') panels.handChanged(this, news.player);
    if (news.kind !== 'to' && news.kind !== 'hand') panels.stateChanged(this);
    this.world.soon();
  }

  /** Tells everyone in the table's room, each in their own words. */
  private say(message: Message): void {
    for (const p of this.room.players) {
      const text = message(new Voice(p.name));
      if (text) this.world.tell(p, text);
    }
  }

  private host(): TableHost {
    const world = this.world;
    return {
      id: this.id,
      label: this.label,
      settings: this.settings,
      words: world.words,
      clock: world.clock,
      random: this.draws,
      handouts: world.handouts,
      seated: () => [...this.seats],
      isConnected: (name) => {
        const p = world.player(name);
        return !!p && world.connected(p);
      },
      balance: (name) => world.purses.balance(name),
      transfer: (moves, actor, results = []) =>
        world.purses.transfer(this.id, moves, actor, {
          results,
          game: this.definition.id,
          number: this.draws.data.game,
          // Who is in the room, connected, hears what came of their bets; the others are told when they come back.
          present: (name) => {
            const p = world.player(name);
            return !!p && world.connected(p) && p.room === this.room;
          },
        }),
      tell: (...news) => {
        for (const n of news) this.tell(n);
      },
      gameOver: () => {
        // A game that drew nothing (a rematch withdrawn at once) used no seed: the next game keeps it.
        if (this.draws.data.nonce === 0) return;
        const number = this.draws.data.game;
        const revealed = this.draws.retire();
        world.record(this.id, this.definition.id, number, revealed, false);
        this.say(seedRevealed(revealed, this.draws.data, { name: this.label, keywords: this.keywords }));
      },
      setTimer: (ms, fn) => {
        const t = setTimeout(() => {
          this.timers.delete(t);
          world.run(`${this.id}: timer`, fn);
        }, ms);
        this.timers.add(t);
        return {
          cancel: () => {
            clearTimeout(t);
            this.timers.delete(t);
          },
        };
      },
      unseat: (name, why) => {
        const i = this.seats.indexOf(name);
        if (i < 0) return;
        this.seats.splice(i, 1);
        this.away.delete(name);
        const p = world.player(name);
        if (p) world.tell(p, why);
        this.world.panels.stateChanged(this);
        // The room sees the seat empty, as at a stand.
        this.say((v) => (v.is(name) ? null : `${paint('name', name)} gets up from ${this.label}.`));
      },
    };
  }
}
