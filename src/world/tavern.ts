import type { Clock } from './clock.js';
import type { Ledger } from '../store/ledger.js';
import type { CharacterRecord, Store } from '../store/index.js';
import { returnEscrow, type ReturnedCoins } from './escrow.js';
import { Outbox, type Session } from '../output/outbox.js';
import type { Told } from '../output/news.js';
import { Player } from './player.js';
import type { CommandSet, Command, Lookup } from '../text/command-set.js';
import { splitCommand } from '../text/command-line.js';
import { matchKeyword, type Room, type World } from './world.js';
import { directionOf } from '../text/directions.js';
import { capitalise } from '../text/names.js';

/** What a new character's purse holds. */
export const STARTING_COINS = 1000;
import type { TavernTable } from './table.js';
import { Panels } from './panels.js';
import { applyPrefs } from '../output/settings.js';
import { named } from '../output/palette.js';
import { Whereabouts } from './whereabouts.js';
import { ComingsAndGoings, arrives, leaves } from './comings.js';
export { arrives, leaves };
import { WhileAway } from './away.js';
import { TavernLife } from './life.js';
import { Reservations } from './reservations.js';
import type { RandomSource } from '../games/random.js';
import { paint } from '../text/markup.js';
import type { TavernSettings } from './tavern-settings.js';
import type { Audience, TavernCore } from './tavern-core.js';

export { defaultTavernSettings, type TavernSettings } from './tavern-settings.js';

/** A line from someone no longer connected: nothing to run, nothing to tell. */
const NOTHING_TOLD = { told: Promise.resolve() };

/** Someone else's words (not an announcement): what a listener whose connection is behind does without (outbox.ts). */
function othersTalk(told: NonNullable<Told>, listener: Player): boolean {
  if (typeof told === 'string' || told.news?.kind !== 'speech') return false;
  const { talker, channel } = told.news.data;
  return talker !== listener.name && channel !== 'announce';
}

function commandFailed(command: TavernCommand, ctx: CommandContext, e: unknown): void {
  console.error(`command ${command.key} failed:`, e);
  ctx.reply(paint('warning', 'Something went wrong with that command; nothing was changed.'));
}

export interface CommandContext {
  tavern: Tavern;
  actor: Player;
  room: Room;
  /** Text for the actor. */
  reply(text: string): void;
}

export type TavernCommand = Command<CommandContext>;

export type { Audience } from './tavern-core.js';

export class Tavern implements TavernCore {
  /** Who is in the world and in which room; changed only here, as players come, move and go. */
  readonly whereabouts = new Whereabouts();
  /** Arrivals and departures, one by one in a small room, summarised in a crowd. */
  readonly comings = new ComingsAndGoings(this);
  readonly tables = new Map<string, TavernTable>();
  readonly outbox: Outbox;
  /** What the clients' panels are told (news.ts; on the wire Char.*, Room.Info, Table.*: docs/gmcp.md). */
  readonly panels: Panels;
  /** What players away are told on return: the coins the tables paid or took, their game. */
  private readonly away = new WhileAway(this);
  /** The timed lines, the stories and the stocked floors (life.ts); started by the server. */
  readonly life: TavernLife;
  /** Private rooms reserved by a party. */
  readonly reservations = new Reservations(this);
  /** Called when the server must stop (a write to disk failed). */
  onFatal: (e: Error) => void = (e) => {
    throw e;
  };
  /**
   * A character left the world on purpose (quit, kick, ban): whatever could bring them back
   * without a password ends with it (a web page's resume token; set by the server).
   */
  onLeft: (key: string) => void = () => undefined;
  /** An admin typed `shutdown`: the server stops as on SIGTERM (set by the server). */
  onShutdown: (by: Player) => void = () => undefined;
  /** The server's log (server.log): admin actions go there. */
  log: (line: string) => void = () => undefined;
  private readonly admins: ReadonlySet<string>;

  constructor(
    readonly world: World,
    readonly store: Store,
    readonly ledger: Ledger,
    readonly clock: Clock,
    /** The tavern's own verbs, built above the world (commands/index.ts, everydayCommands) and handed in by the server. */
    readonly commands: CommandSet<CommandContext>,
    readonly settings: TavernSettings,
    /** Chance for the tavern's own life (which line, and when): never the tables' draws. */
    random: RandomSource,
  ) {
    this.life = new TavernLife(this, random);
    this.outbox = new Outbox(store, (e) => this.onFatal(e));
    this.panels = new Panels(this);
    ledger.onTransfer = (accounts, results) => {
      this.panels.coinsMoved(accounts);
      if (results.length) this.away.recorded(results);
    };
    ledger.onThings = (places) => this.panels.thingsMoved(places);
    this.admins = new Set(settings.admins.map((name) => name.toLowerCase()));
  }

  /** Whether the character (by key) is on this server's admins list. */
  isAdmin(key: string): boolean {
    return this.admins.has(key);
  }

  /** Whether the player may see and use a command: admin commands exist for admins only. */
  mayUse(p: Player, command: TavernCommand): boolean {
    return !command.adminOnly || this.isAdmin(p.key);
  }

  /** Puts a table in its room; what it reports goes to the panels of the people there. */
  addTable(t: TavernTable): void {
    this.tables.set(t.id, t);
    t.onNews = (news) => this.panels.tableNews(t, news);
  }

  // --- where things are -------------------------------------------------------------

  /** Every character in the world (connected or keeping a seat), by lower-case name. */
  get players(): ReadonlyMap<string, Player> {
    return this.whereabouts.players;
  }

  roomOf(p: Player): Room {
    return this.world.rooms.get(p.room) ?? this.world.rooms.get(this.world.start)!;
  }

  /** Players in a room who are connected (linkdead ones are not seen or told anything). */
  playersIn(roomId: string): Player[] {
    return [...this.whereabouts.present(roomId)];
  }

  /** Whether more people are connected in the room than the `crowd` setting: a crowd is told less, and less often. */
  crowded(roomId: string): boolean {
    return this.whereabouts.present(roomId).size > this.settings.crowd;
  }

  tablesIn(roomId: string): TavernTable[] {
    return [...this.tables.values()].filter((t) => t.roomId === roomId);
  }

  findTable(roomId: string, query: string): TavernTable | undefined {
    return matchKeyword(this.tablesIn(roomId), (t) => t.data.keywords, query);
  }

  /** A connected player anywhere, by name or unique prefix of a name. */
  findPlayer(query: string, among: Player[] = [...this.players.values()]): Player | undefined {
    const q = query.toLowerCase();
    const online = among.filter((p) => p.session);
    const exact = online.find((p) => p.key === q);
    if (exact) return exact;
    const byPrefix = online.filter((p) => p.key.startsWith(q));
    return byPrefix.length === 1 ? byPrefix[0] : undefined;
  }

  npcNames(): string[] {
    return [...this.world.rooms.values()].flatMap((r) => r.npcs.map((n) => n.name));
  }

  // --- messages -------------------------------------------------------------------------

  /**
   * The one way anything reaches players: each connected one of `to` is told `what`, or what it
   * says for them (null: nothing), text and news together in the outbox; each transport renders them.
   */
  tell(to: Audience, what: Told | ((p: Player) => Told)): void {
    const people = to instanceof Player ? [to] : Symbol.iterator in to ? to : this.whereabouts.present(to.room);
    const except = to instanceof Player || Symbol.iterator in to ? undefined : to.except;
    for (const p of people) {
      if (!p.session || except?.includes(p)) continue;
      const told = typeof what === 'function' ? what(p) : what;
      if (told) this.outbox.tell(p.session, told, othersTalk(told, p));
    }
  }

  /** Persists, then delivers what was said; every timer and command ends with this. */
  release(): Promise<void> {
    this.panels.flush();
    return this.outbox.release();
  }

  /** Every change of room goes through here: the store, then the panels (Room.Info, the tables, Char.Status). */
  moveTo(p: Player, roomId: string): void {
    this.store.record({ kind: 'room', key: p.key, room: roomId });
    this.whereabouts.file(p);
    this.panels.entered(p);
  }

  // --- characters coming and going ----------------------------------------------------------

  /** Makes a new character with its starting purse (from the mint); null when the name is taken. */
  createCharacter(name: string, passwordHash: string): Promise<Readonly<CharacterRecord> | null> {
    return this.store.createCharacter({ name: capitalise(name), passwordHash, room: this.world.start, purse: STARTING_COINS });
  }

  /** Puts a logged-in session into the world, taking over a character already in play. */
  enter(record: Readonly<CharacterRecord>, session: Session): Player {
    const key = record.name.toLowerCase();
    const existing = this.players.get(key);
    if (existing) {
      const old = existing.session;
      this.connect(existing, session);
      existing.graceTimer?.cancel();
      existing.graceTimer = null;
      applyPrefs(session, existing.record.prefs);
      if (old) old.close('Someone has logged in as you from elsewhere; this connection is closing.');
      existing.lastInput = this.clock.now();
      if (old) {
        this.tell(existing, 'You take over your character from your other connection.');
      } else {
        this.tell(existing, 'You are back.');
        this.tell({ room: existing.room, except: [existing] }, `${named(existing.name)} looks around, alert again.`);
        existing.seat?.playerBack(existing);
      }
      this.panels.arrived(existing);
      this.welcomeBack(existing);
      return existing;
    }
    if (!this.world.rooms.has(record.room)) this.store.record({ kind: 'room', key, room: this.world.start });
    const p = new Player(record, (changed) => this.panels.statusChanged(changed));
    p.session = session;
    applyPrefs(session, record.prefs);
    p.lastInput = this.clock.now();
    this.whereabouts.add(p);
    this.comings.tell(p.room, arrives(p.name), p);
    this.panels.arrived(p);
    this.welcomeBack(p);
    return p;
  }

  /** The room, then what came of their coins at the tables while they were away, and the game they sit at. */
  private welcomeBack(p: Player): void {
    void this.runCommand(p, 'look');
    for (const text of this.away.back(p)) this.tell(p, text);
  }

  /**
   * The connection is gone. A seated player keeps the seat for the grace period; anyone else
   * leaves the world at once.
   */
  connectionLost(p: Player): void {
    if (!p.session) return;
    this.connect(p, null);
    this.store.record({ kind: 'seen', key: p.key, at: new Date(this.clock.now()).toISOString() });
    this.away.left(p, true);
    if (p.seat) {
      this.tell({ room: p.room }, `${named(p.name)} stares blankly into the distance, lost in thought.`);
      p.seat.playerAway(p);
      p.graceTimer = this.clock.setTimer(this.settings.graceMs, () => {
        p.graceTimer = null;
        p.seat?.stand(p, 'left');
        this.remove(p);
        void this.release();
      });
    } else {
      this.remove(p);
    }
    void this.release();
  }

  /** `quit` (or `kick`, with its own last line): stands up from any table and leaves the world. */
  quit(p: Player, farewell = 'The heat of the road swallows you. Farewell!'): void {
    this.away.left(p, false);
    p.seat?.stand(p, 'left');
    const session = p.session;
    this.connect(p, null);
    this.store.record({ kind: 'seen', key: p.key, at: new Date(this.clock.now()).toISOString() });
    this.remove(p);
    this.onLeft(p.key);
    // The farewell is a last word (no prompt after it), told once the leaving is on disk.
    if (session) void this.release().then(() => session.close(farewell));
  }

  /** Every change of a player's connection goes through here, so the room index follows it. */
  private connect(p: Player, session: Session | null): void {
    p.session = session;
    this.whereabouts.file(p);
  }

  private remove(p: Player): void {
    p.graceTimer?.cancel();
    this.whereabouts.remove(p);
    this.store.letGo(p.key);
    this.comings.tell(p.room, leaves(p.name), p);
  }

  // --- commands -------------------------------------------------------------------------------

  /** One line from a player: its reply, then exactly one prompt; resolves once they are delivered. */
  async handleLine(p: Player, line: string): Promise<void> {
    const { ran, told } = this.runLine(p, line);
    await ran;
    await told;
  }

  /**
   * Runs a line's command and queues its reply and prompt. `ran` is there only when the command
   * must wait (for the store): the connection's next line waits for that (the server's
   * LineQueue), not for the disk. `told` is their delivery, once on disk: the outbox keeps
   * replies in order and tells nothing before it is durable.
   */
  runLine(p: Player, line: string): { ran?: Promise<void>; told: Promise<void> } {
    const session = p.session;
    if (!session) return NOTHING_TOLD;
    p.lastInput = this.clock.now();
    this.outbox.answering(session);
    let running: void | Promise<void>;
    try {
      running = this.runCommand(p, line);
    } catch (e) {
      this.outbox.answeredWithout(session); // a fault outside any command's own handling: the session is not left half-answered
      throw e;
    }
    if (!running) return { told: this.answered(p, session) };
    let told = NOTHING_TOLD.told;
    const ran = running.then(() => {
      told = this.answered(p, session);
    });
    // `told` never rejects (a caller may hold only `ran`): a failure is `ran`'s to report.
    return { ran, told: ran.then(() => told, () => undefined) };
  }

  /** The line's command is done: its prompt, and everything it caused, go out. */
  private answered(p: Player, session: Session): Promise<void> {
    if (p.session === session) this.outbox.prompt(session);
    else this.outbox.answeredWithout(session);
    return this.release();
  }

  private runCommand(p: Player, line: string): void | Promise<void> {
    const session = p.session;
    if (!session) return;
    const { word, args } = splitCommand(line);
    if (!word) return;
    const ctx: CommandContext = {
      tavern: this,
      actor: p,
      room: this.roomOf(p),
      reply: (text) => this.outbox.add(session, text),
    };
    // Direction words always walk (or say why not): no table verb takes them. Nor does a table
    // verb's prefix take a tavern command typed in full (`l`, `i`), unless the seat's verb of that
    // very word claims the line (`cheer 5000` at the bones table). Most lines are a tavern
    // command typed in full: one look-up.
    const typed = this.commands.exactly(word);
    const exact = typed && this.mayUse(p, typed) ? typed : undefined;
    const claimed = exact && p.seat?.commands.exactly(word)?.claims?.(args);
    const atTable = (exact && !claimed) || directionOf(word) ? null : p.seat ? p.seat.commands.find(word) : this.onlookerCommand(ctx.room.id, word);
    // Only a word the table lacks is looked for among the tavern's commands by prefix: a seated
    // player's `bet` scans nothing.
    const command = atTable && 'found' in atTable ? atTable.found : (exact ?? this.byPrefix(ctx, word));
    if (!command) return;
    if (command.needsArgs && !args) {
      ctx.reply(`Usage: ${command.usage}`);
      return;
    }
    try {
      return command.run(ctx, args, word)?.catch((e: unknown) => commandFailed(command, ctx, e));
    } catch (e) {
      commandFailed(command, ctx, e);
    }
  }

  /** The tavern's one command that `word` begins, or undefined once the player is told why there is none. */
  private byPrefix(ctx: CommandContext, word: string): TavernCommand | undefined {
    const p = ctx.actor;
    const found = this.commands.find(word, (c) => this.mayUse(p, c));
    if ('found' in found) return found.found;
    if ('ambiguous' in found) {
      ctx.reply(`"${word}" could mean ${found.ambiguous.join(', ')}: type more of it.`);
      return;
    }
    const verbOf = [...this.tables.values()].find((t) => 'found' in t.commands.find(word));
    if (verbOf && !p.seat) ctx.reply(`"${word}" is played at a table: sit at one first (sit <table>).`);
    else if (verbOf) ctx.reply(`"${word}" is not a move at ${p.seat!.data.name}. Type help for what you can do.`);
    else ctx.reply(`Unknown command "${word}". Type help for a list of commands.`);
  }

  /** A table verb open to onlookers (`gold`), typed in full, at a table in this room. */
  private onlookerCommand(roomId: string, word: string): Lookup<CommandContext> {
    for (const t of this.tablesIn(roomId)) {
      const found = t.commands.find(word);
      if ('found' in found && found.found.forOnlookers && found.found.key === word) return found;
    }
    return { unknown: true };
  }

  /** Every coin on a table goes back to its owner (escrow.ts): at start after a crash, and when the server stops. */
  returnEscrow(when: string): ReturnedCoins[] {
    return returnEscrow(this, when);
  }
}
