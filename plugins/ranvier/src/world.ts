import type { Clock, GameDefinition, HandoutRecord, HostWords } from '../../../src/games/api.js';
import { cryptoSeeds, derivedSeeds, type RevealedSeed, type SeedMaker } from '../../../src/games/fair-source.js';
import { cryptoRandom, seededRandom, type RandomSource } from '../../../src/games/random.js';
import { readSettings } from '../../../src/games/settings.js';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { GameArchive } from './archive.js';
import { HISTORY_KEPT, type Books, type JournalRecord } from './books.js';
import { readConfig, type TablesConfig } from './config.js';
import { log, prompt, stopStart } from './core.js';
import { TableDraws } from './draws.js';
import { worldGames, type WorldGames } from './games.js';
import { Journal } from './journal.js';
import { savedPlayers, strangeJournals } from './markers.js';
import { deliver } from './output.js';
import { servePage } from './page.js';
import { TablePanels } from './gmcp.js';
import { Purses } from './purses.js';
import type { RanvierItem, RanvierPlayer, RanvierRoom, RanvierState } from './ranvier.js';
import { awayText, gameText, historyText, noRecordText, type TableNamer } from './results.js';
import { Standings } from './standings.js';
import { RanvierTable, type TableWorld } from './table.js';
import { worldWords } from './words.js';

const worlds = new WeakMap<RanvierState, TablesWorld>();

/**
 * Everything of the tables in one Ranvier world (one GameState): the config, the games, the
 * books and their journal, the games' records, the purses, and every table. Made at the first
 * table's spawn, when the world's bundles and config are loaded: it reads the books back and
 * first returns every coin a stop left on a table to its owner; then, before any purse is
 * touched, it checks that the players' purses were kept with these books (markers.ts). A table
 * is made once the world's games are known (games.ts): at its spawn, or, in a world that loads
 * games from modules, once they are loaded.
 */
export class TablesWorld implements TableWorld {
  readonly config: TablesConfig;
  /** How the tables word the world's money and verbs: every line a player reads from them. */
  readonly words: HostWords;
  /** A verb of the tables as this world types it (obsidianTables.verbs). */
  readonly word = (verb: string): string => this.config.verbs[verb] ?? verb;
  readonly clock: Clock = { now: () => Date.now() };
  readonly purses: Purses;
  readonly handouts: HandoutRecord;
  readonly tables: RanvierTable[] = [];
  /** Every finished game's record. */
  readonly archive: GameArchive;
  /** The world's players as the lists and the page show them. */
  readonly standings: Standings;
  /** Settled once the world's games are loaded and every table made: no table of a module game is made before its game. */
  readonly made: Promise<void>;
  /** Settled once the tables are made and the players' purses known to be kept with these books: no purse is touched before. */
  readonly opened: Promise<void>;
  ready = false;
  private readonly loading: WorldGames;
  /** The items whose tables wait for the world's games, and their behavior's config. */
  private readonly waiting: [RanvierItem, unknown][] = [];
  private readonly journal: Journal;
  private readonly books: Books;
  private readonly ordinary: RandomSource;
  private readonly seeds: SeedMaker;
  private readonly sweeper: NodeJS.Timeout;
  private readonly page: Server | null = null;
  /** Players told something whose prompt is not drawn yet. */
  private readonly unprompted = new Set<RanvierPlayer>();
  private flushing = false;
  /** What the players' GMCP panels are to hear. */
  readonly panels = new TablePanels((name) => this.player(name));

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
    const opened = Journal.open(this.config.dataDir, this.config.currency);
    ({ journal: this.journal, books: this.books } = opened);
    this.archive = GameArchive.open(this.config.dataDir);
    this.purses = new Purses(state, this.config.currency, this.journal, this.books, () => this.clock.now());
    this.purses.returnEscrow();
    this.standings = new Standings(state, this, this.books, this.purses);
    this.loading = worldGames(state);
    this.made = this.loading.loaded.then(() => {
      for (const [item, config] of this.waiting.splice(0)) {
        try {
          if (!item.__pruned) this.addTable(item, config);
        } catch (e) {
          // As Ranvier stops at a table's wrong config as it spawns.
          stopStart(e);
        }
      }
    });
    this.opened = Promise.all([this.made, this.checkPurses(opened.fresh)]).then(() => {
      this.ready = true;
    });
    if (this.config.page) this.page = servePage(this.config.page, join(__dirname, '..', 'page'), this.standings, this.words);
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

  /** Every game of the world (games.ts): the package's, and once they are loaded, its modules'. */
  get games(): readonly GameDefinition[] {
    return this.loading.list ?? [];
  }

  /**
   * The table of an item with the `obsidian-table` behavior, as it spawns in its room, or once
   * the world's games are loaded (then null now); throws (and Ranvier stops the start with the
   * message) when the behavior's config is wrong.
   */
  addTable(item: RanvierItem, config: unknown): RanvierTable | null {
    const games = this.loading.list;
    if (!games) {
      this.waiting.push([item, config]);
      return null;
    }
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
    const saved = this.books.fair.get(id);
    const draws = new TableDraws(id, saved, { ordinary: this.ordinary, seeds: this.seeds, keep: (fair, draw) => this.keep({ k: 'fair', fair, ...(draw ? { draw } : {}) }) });
    // The game a stop cut off (its seed retired just now), and one whose end a stop cut short of its record.
    if (saved?.revealed) this.record(id, definition.id, saved.game - 1, saved.revealed, false);
    if (draws.retiredAtStart) this.record(id, definition.id, saved!.game, draws.retiredAtStart, true);
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

  /**
   * Keeps the record of game `number` at a table, its seed revealed: its draws and results from
   * the books (the game under way), unless it has one already; a game a stop cut off before its
   * first draw is no game. A disk that refuses loses the record, and nothing else.
   */
  record(table: string, game: string, number: number, revealed: RevealedSeed, cutOff: boolean): void {
    const live = this.books.liveGame(table);
    const played = live?.number === number ? live : { draws: [], results: [] };
    try {
      if (!this.archive.has(table, number) && (!cutOff || played.draws.length)) {
        const at = new Date(this.clock.now()).toISOString();
        const { serverSeed, commitment, clientSeed } = revealed;
        this.archive.append({ table, game, number, at, cutOff, commitment, serverSeed, clientSeed, draws: played.draws, results: played.results });
      }
      if (live?.number === number) this.keep({ k: 'game', table, number });
    } catch (e) {
      log().error(`obsidian-tables: ${table}: the record of game ${number} could not be kept: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** A table's past game, or why there is no record of it. */
  pastGame(table: RanvierTable, number: number): string {
    const g = this.archive.read(table.id, number);
    return g ? gameText(g, this.names) : noRecordText(number, table.label, this.archive.numbers(table.id), table.gameNumber);
  }

  /** `history [<n>]`: the player's last results. */
  history(player: RanvierPlayer, asked: number): string {
    return historyText(this.books.history(player.name.toLowerCase()), this.names, HISTORY_KEPT, asked);
  }

  /** How the tables name a table and its game by its id: as it stands in the world, or by its id once gone. */
  readonly names: TableNamer = {
    label: (id) => this.tables.find((t) => t.id === id)?.label ?? id,
    title: (game, id) => (this.games.find((g) => g.id === game) ?? this.tables.find((t) => t.id === id)?.definition)?.title ?? 'A game',
  };

  /**
   * A player comes into the world, or types a command of the tables: their purse is brought up to
   * date, and they hear what the journal says came of their bets while they were not at the
   * table to hear it (told once: the journal notes it).
   */
  comeBack(player: RanvierPlayer): void {
    if (!this.ready) return;
    this.purses.reconcile(player);
    const key = player.name.toLowerCase();
    const untold = this.books.untold(key);
    if (!untold.length || !this.connected(player)) return;
    try {
      this.keep({ k: 'told', name: key });
    } catch (e) {
      log().error(`obsidian-tables: could not note that ${player.name} heard their results: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.tell(player, awayText(untold, this.names, this.words));
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
    this.unprompted.add(p);
    this.soon();
  }

  /** Once the step is over: the panels hear what changed (GMCP), then whoever was told something gets a prompt. */
  soon(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      this.run('panels', () => this.panels.flush());
      for (const p of this.unprompted) if (this.connected(p) && !p.socket!._prompted) prompt(p);
      this.unprompted.clear();
    });
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
    this.archive.close();
    this.page?.close();
  }

  /**
   * The start's check of the players' purses against these books (markers.ts): the world stops,
   * with the reason, when purses were kept with a journal that is not here; the fresh books made
   * for nothing go, so the host finds the folder as it was.
   */
  private async checkPurses(fresh: boolean): Promise<void> {
    const players = await savedPlayers(this.state);
    const problems = players ? strangeJournals(players, this.books, this.config.lostJournals, this.config.dataDir, fresh) : [];
    if (problems.length) {
      for (const line of problems) log().error(line);
      this.shutdown();
      if (fresh) for (const file of [this.journal.file, this.archive.file]) rmSync(file, { force: true });
      process.exit(1);
    }
    if (players) this.standings.read(players);
  }

  /** `base`, or `base#2`, `base#3` ... for the second and later items of one kind in one room. */
  private freshId(base: string): string {
    let id = base;
    for (let n = 2; this.tables.some((t) => t.id === id); n++) id = `${base}#${n}`;
    return id;
  }
}
