import type { Clock, HandoutRecord, HostWords } from '../../../src/games/api.js';
import { cryptoSeeds, derivedSeeds, type SeedMaker } from '../../../src/games/fair-source.js';
import { games } from '../../../src/games/index.js';
import { cryptoRandom, seededRandom, type RandomSource } from '../../../src/games/random.js';
import { readSettings } from '../../../src/games/settings.js';
import type { Books, JournalRecord } from './books.js';
import { readConfig, type TablesConfig } from './config.js';
import { TableDraws } from './draws.js';
import { Journal } from './journal.js';
import { prompt } from './core.js';
import { deliver } from './output.js';
import { Purses } from './purses.js';
import type { RanvierItem, RanvierPlayer, RanvierRoom, RanvierState } from './ranvier.js';
import { RanvierTable } from './table.js';
import { worldWords } from './words.js';

const worlds = new WeakMap<RanvierState, TablesWorld>();

/**
 * Everything of the tables in one Ranvier world (one GameState): the config, the books and their
 * journal, the purses, and every table. Made at the first table's spawn, when the world's
 * bundles and config are loaded: it reads the books back and first returns every coin a stop
 * left on a table to its owner.
 */
export class TablesWorld {
  readonly config: TablesConfig;
  /** How the tables word the world's money and verbs: every line a player reads from them. */
  readonly words: HostWords;
  /** A verb of the tables as this world types it (obsidianTables.verbs). */
  readonly word = (verb: string): string => this.config.verbs[verb] ?? verb;
  readonly clock: Clock = { now: () => Date.now() };
  readonly purses: Purses;
  readonly handouts: HandoutRecord;
  readonly tables: RanvierTable[] = [];
  private readonly journal: Journal;
  private readonly books: Books;
  private readonly ordinary: RandomSource;
  private readonly seeds: SeedMaker;
  private readonly sweeper: NodeJS.Timeout;
  /** Players told something whose prompt is not drawn yet. */
  private readonly unprompted = new Set<RanvierPlayer>();

  static of(state: RanvierState): TablesWorld {
    let world = worlds.get(state);
    if (!world) {
      world = new TablesWorld(state);
      worlds.set(state, world);
    }
    return world;
  }

  /** The world's tables, if anything has made them yet. */
  static find(state: RanvierState): TablesWorld | undefined {
    return worlds.get(state);
  }

  private constructor(private readonly state: RanvierState) {
    this.config = readConfig(state);
    this.words = worldWords(this.config.currency, this.word);
    ({ journal: this.journal, books: this.books } = Journal.open(this.config.dataDir));
    this.purses = new Purses(state, this.config.currency, this.journal, this.books);
    this.purses.returnEscrow();
    this.handouts = {
      last: (name, kind) => this.books.handout(name.toLowerCase(), kind),
      note: (name, kind, at) => this.keep({ k: 'handout', name: name.toLowerCase(), kind, at }),
    };
    this.ordinary = this.config.seed === null ? cryptoRandom : seededRandom(this.config.seed);
    this.seeds = this.config.seed === null ? cryptoSeeds : derivedSeeds(this.config.seed);
    // The seats follow the world (who left, whose connection dropped) with nobody typing.
    this.sweeper = setInterval(() => this.sweep(), 1000);
    this.sweeper.unref();
  }

  /**
   * The table of an item with the `obsidian-table` behavior, as it spawns in its room; throws
   * (and Ranvier stops the start with the message) when the behavior's config is wrong.
   */
  addTable(item: RanvierItem, config: unknown): RanvierTable {
    const where = `item ${item.entityReference}, behavior obsidian-table`;
    const c = (config ?? {}) as { game?: unknown; settings?: unknown; id?: unknown };
    if (typeof c !== 'object' || Array.isArray(c)) throw new Error(`${where}: give it { game, settings }`);
    const extra = Object.keys(c).filter((k) => !['game', 'settings', 'id'].includes(k));
    if (extra.length) throw new Error(`${where}: ${extra[0]} is not a key of a table (they are game, settings, id)`);
    const definition = games.find((g) => g.id === c.game);
    if (!definition) throw new Error(`${where}: game must be one of ${games.map((g) => g.id).join(', ')}, not ${JSON.stringify(c.game)}`);
    const settings = readSettings(definition.settings, c.settings);
    if (!settings.ok) throw new Error(`${where}: ${settings.problem}`);
    const room = item.room;
    if (!room) throw new Error(`${where}: a table must stand in a room`);
    if (c.id !== undefined && (typeof c.id !== 'string' || !/^[\w:@#.-]{1,64}$/.test(c.id))) throw new Error(`${where}: id must be one word of letters, digits and : @ # . - _`);
    const id = typeof c.id === 'string' ? c.id : this.freshId(`${item.entityReference}@${room.entityReference}`);
    if (this.tables.some((t) => t.id === id)) throw new Error(`${where}: another table already has the id ${id}`);
    const draws = new TableDraws(id, this.books.fair.get(id), { ordinary: this.ordinary, seeds: this.seeds, keep: (fair) => this.keep({ k: 'fair', fair }) });
    const table = new RanvierTable(this, item, room, { id, definition, settings: settings.settings }, draws);
    // A table stays where it stands (the stock `get` honours this).
    item.metadata.noPickup = true;
    this.tables.push(table);
    return table;
  }

  /** Journals a record and enters it in the books; throws if the disk refuses. */
  keep(record: JournalRecord): void {
    this.journal.append(record, this.books);
  }

  tablesIn(room: RanvierRoom | null): RanvierTable[] {
    return this.tables.filter((t) => t.room === room);
  }

  seatOf(name: string): RanvierTable | undefined {
    return this.tables.find((t) => t.isSeated(name));
  }

  player(name: string): RanvierPlayer | undefined {
    return this.state.PlayerManager.getPlayer(name);
  }

  /** In the world, with a connection that takes text. */
  connected(p: RanvierPlayer): boolean {
    return !!p.socket?.writable && this.player(p.name) === p;
  }

  /**
   * Writes a line to the player, who then gets a fresh prompt, as the world's command loop gives
   * one after a command: once the step that told it is over, and only if nothing has drawn a
   * prompt since (the command loop does, for the player who typed the command).
   */
  tell(p: RanvierPlayer, text: string): void {
    deliver(p, text, this.config);
    if (this.unprompted.size === 0) setImmediate(() => this.promptAll());
    this.unprompted.add(p);
  }

  private promptAll(): void {
    for (const p of this.unprompted) if (this.connected(p) && !p.socket!._prompted) prompt(p);
    this.unprompted.clear();
  }

  /** Runs a step of a table on its own (a timer): a fault is logged, and the world goes on. */
  run(what: string, step: () => void): void {
    try {
      step();
    } catch (e) {
      console.error(`obsidian-tables: ${what} failed:`, e);
    }
  }

  /** Tables whose item is gone go too; every other table brings its seats up to date. */
  sweep(): void {
    const now = this.clock.now();
    for (const table of [...this.tables]) {
      this.run(`${table.id}: sweep`, () => {
        if (table.item.__pruned || table.item.room !== table.room) {
          this.tables.splice(this.tables.indexOf(table), 1);
          table.gone();
        } else table.sweep(now);
      });
    }
  }

  /** The world stops: every table goes (its coins home), and the journal closes. */
  shutdown(): void {
    clearInterval(this.sweeper);
    for (const table of this.tables.splice(0)) this.run(`${table.id}: shutdown`, () => table.dispose());
    this.journal.close();
  }

  /** `base`, or `base#2`, `base#3` ... for the second and later items of one kind in one room. */
  private freshId(base: string): string {
    let id = base;
    for (let n = 2; this.tables.some((t) => t.id === id); n++) id = `${base}#${n}`;
    return id;
  }
}
