/**
 * The one engine loop every game runs on (boardgame.io's Master): a game declares its rules, its
 * verbs, its deadline and its story (`GameSpec`), and `defineGame` turns that into the package's
 * `GameDefinition`, whose tables all run here. For each action, whoever brings it (a verb, a seat
 * taken or left, a deadline, the table itself): the rules first, then the coins as one transfer,
 * then the new state adopted, its deadline armed, the story told, and the game's end reported.
 * No game arms a timer or moves a coin itself.
 */
import type { CardFace, GameCommand, GameDefinition, GameState, GameTable, HostWords, LeaveCause, TableHost, TableNews, VerbInfo } from './api.js';
import { Deadline } from './deadline.js';
import { settle, type RulesContext, type Step } from './rules.js';

/** An action of a game's rules; `player`: who took it, for the refusals' wording ("You have only ..."). */
export type Action = { type: string; player?: string };

/** What a game's rules are handed with each action at a table: the random source, the time, the table's settings and the host's words. */
export interface TableContext<T> extends RulesContext {
  settings: T;
  words: HostWords;
  /** When a character was last paid a hand-out of this kind, at any table (HandoutRecord), or null. */
  lastHandout(name: string, kind: string): number | null;
}

/** A verb at work: who typed it, the table as it stands, and how to answer or act. */
export interface Turn<S, A, T> {
  readonly player: string;
  readonly state: S;
  readonly table: TableHost<T>;
  reply(text: string): void;
  /** Feeds an action to the rules; a refusal is the reply. True when it stood. */
  act(action: A): boolean;
}

/** A verb of the game, declared once (Evennia's Command): its help, and what it does at a table. */
export interface Verb<S, A, T> extends VerbInfo {
  run(turn: Turn<S, A, T>, args: string, word: string): void;
}

/** One step that stood: the action, what the rules said happened, and the state before and after. */
export interface Told<S, A, E> {
  action: A;
  events: E[];
  before: S;
  state: S;
}

/** What a game declares: the package's GameDefinition, with its table made of these parts. */
export interface GameSpec<T, S, A extends Action, E> extends Omit<GameDefinition<T>, 'verbs' | 'create'> {
  verbs(settings: T, words: HostWords): Verb<S, A, T>[];
  /** A new table's state. */
  setup(settings: T): S;
  /** The rules: pure, over plain state, with the random source and the time handed in. */
  apply(state: S, action: A, ctx: TableContext<T>): Step<S, E>;
  /** When the state's one deadline falls, or null; the engine applies `timeout` then. */
  deadline(state: S): number | null;
  timeout: A;
  /** Ten seconds before the deadline: who is warned, and how. */
  warn?(state: S, table: TableHost<T>): TableNews[];
  /** The step in words and panel news, in order (TableHost.tell). */
  tell(told: Told<S, A, E>, table: TableHost<T>): TableNews[];
  /** Whether these events end a game: its seed is then revealed (TableHost.gameOver). */
  ends(events: readonly E[]): boolean;
  /** What the table does by itself after a step or a seat change (a rematch, a broke bettor's skip), or null. */
  next?(state: S, table: TableHost<T>): A | null;
  /** Taking a seat as an action of the rules, if the game has one. Its refusal is the reason the seat is refused. */
  sit?(player: string): A;
  /** Standing up or leaving for good, as an action (or nothing to do). */
  leave?(player: string, cause: LeaveCause, state: S): A | null;
  /** A seated player's connection dropped; the seat is kept `keptMs`. */
  away?(state: S, player: string, keptMs: number): TableNews[];
  /** `roll dice <table>`: the action, or why nobody rolls here. */
  roll?(player: string): A | string;
  /** A whisper to the table's dealer. */
  whisper?(turn: Turn<S, A, T>, text: string): void;
  describe(state: S, viewer: string, table: TableHost<T>): string;
  tableState(state: S, viewer: string, table: TableHost<T>): GameState;
  hand?(state: S, viewer: string): CardFace[] | null;
  /** Nothing at the game is secret: Table.State is built once for a room. */
  sameForEveryone?: boolean;
  /** The most the house could pay beyond the stakes on the table, on its worst single outcome (TableHost.transfer). */
  exposure?(state: S): number;
}

/** A game's definition from its declaration: every table of it is an EngineTable. */
export function defineGame<T, S, A extends Action, E>(spec: GameSpec<T, S, A, E>): GameDefinition<T> {
  const { verbs, ...definition } = spec;
  return {
    ...definition,
    verbs: (settings, words) => verbs(settings, words).map(({ run: _run, ...info }) => info),
    create: (host) => new EngineTable(spec, host),
  };
}

/** How many actions a table takes by itself in a row (a rematch, then a skip) before it waits for a player. */
const MAX_FOLLOW_UPS = 8;
/** How long a table waits before trying again a timeout whose coins the host's purses refused. */
const RETRY_UNPAID_MS = 1000;
/** A timeout whose rules threw is tried again after 1, 2, 4... seconds, at most this long apart (each fault is the host's to log). */
const RETRY_FAULT_MAX_MS = 60_000;

const ignore = (): void => undefined;

class EngineTable<T, S, A extends Action, E> implements GameTable {
  private state: S;
  private readonly clock: Deadline;
  /** The last action's rules step stood, and the host's purses refused its coins. */
  private unpaid = false;
  /** Timeouts in a row whose rules threw, since a step last stood. */
  private faults = 0;
  readonly commands: GameCommand[];
  readonly sameForEveryone: boolean;

  constructor(
    private readonly spec: GameSpec<T, S, A, E>,
    private readonly host: TableHost<T>,
  ) {
    this.state = spec.setup(host.settings);
    this.clock = new Deadline(host);
    this.sameForEveryone = spec.sameForEveryone === true;
    this.commands = spec.verbs(host.settings, host.words).map((verb) => ({
      ...verb,
      run: (ctx, args, word) => verb.run(this.turn(ctx.player, ctx.reply), args, word ?? verb.key),
    }));
  }

  roll(player: string, reply: (text: string) => void): void {
    const action = this.spec.roll?.(player) ?? `Nobody throws dice at ${this.host.label}.`;
    if (typeof action === 'string') reply(action);
    else this.act(action, reply);
  }

  whisper(player: string, text: string, reply: (text: string) => void): boolean {
    if (!this.spec.whisper) return false;
    this.spec.whisper(this.turn(player, reply), text);
    return true;
  }

  describe(viewer: string): string {
    return this.spec.describe(this.state, viewer, this.host);
  }

  tableState(viewer: string): GameState {
    return this.spec.tableState(this.state, viewer, this.host);
  }

  hand(viewer: string): CardFace[] | null {
    return this.spec.hand?.(this.state, viewer) ?? null;
  }

  sitProblem(player: string): string | null {
    if (!this.spec.sit) return null;
    const step = this.spec.apply(this.state, this.spec.sit(player), this.context());
    return step.ok ? null : step.reason;
  }

  onSit(player: string): void {
    if (this.spec.sit) this.act(this.spec.sit(player), (text) => this.host.tell({ kind: 'to', player, text }));
    else this.host.tell({ kind: 'state' });
    this.followUp();
  }

  onStand(player: string, cause: LeaveCause): void {
    const action = this.spec.leave?.(player, cause, this.state);
    if (action) this.act(action, ignore);
    else this.host.tell({ kind: 'state' });
    this.followUp();
  }

  onAway(player: string, keptMs: number): void {
    const news = this.spec.away?.(this.state, player, keptMs) ?? [];
    if (news.length) this.host.tell(...news);
  }

  dispose(): void {
    this.clock.cancel();
  }

  private turn(player: string, reply: (text: string) => void): Turn<S, A, T> {
    return { player, state: this.state, table: this.host, reply, act: (action) => this.act(action, reply) };
  }

  private context(now = this.host.clock.now()): TableContext<T> {
    const { random, settings, words, handouts } = this.host;
    return { random, now, settings, words, lastHandout: (name, kind) => handouts.last(name, kind) };
  }

  /** One action through the loop: the rules' step, then the rest (stand). */
  private act(action: A, reply: (text: string) => void, followUp = true): boolean {
    const ctx = this.context();
    return this.stand(action, this.spec.apply(this.state, action, ctx), ctx, reply, followUp);
  }

  /**
   * A step of the rules through the rest of the loop: coins, state, deadline, story, end of game;
   * nothing changes when the rules or the coins refuse. Once the coins have moved the state is
   * the step's and its deadline armed before anything else (hand-outs noted, the story told),
   * so that a fault after the coins cannot leave the table with the old state or no timer.
   */
  private stand(action: A, step: Step<S, E>, ctx: TableContext<T>, reply: (text: string) => void, followUp: boolean): boolean {
    const before = this.state;
    const stood = settle(this.host, step, action.player ?? null, reply, this.spec.exposure);
    this.unpaid = step.ok && !stood;
    if (!stood) return false;
    const { handouts = [], unseat = [] } = step.ok ? step : {};
    this.state = stood.state;
    this.faults = 0;
    this.arm();
    for (const h of handouts) this.host.handouts.note(h.player, h.kind, ctx.now);
    this.host.tell(...this.spec.tell({ action, events: stood.events, before, state: stood.state }, this.host));
    for (const u of unseat) this.host.unseat(u.player, u.why);
    if (this.spec.ends(stood.events)) this.host.gameOver();
    if (followUp) this.followUp();
    return true;
  }

  /** The actions the table takes by itself, each a step like any other. */
  private followUp(): void {
    for (let i = 0; i < MAX_FOLLOW_UPS; i++) {
      const next = this.spec.next?.(this.state, this.host);
      if (!next || !this.act(next, ignore, false)) return;
    }
  }

  private arm(): void {
    this.clock.set(this.spec.deadline(this.state), this.warn, this.due);
  }

  private readonly warn = (): void => {
    const news = this.spec.warn?.(this.state, this.host) ?? [];
    if (news.length) this.host.tell(...news);
  };

  private readonly due = (): void => {
    // A host's timer may wake a moment before the deadline by the table's clock (Node's
    // setTimeout does, by a millisecond or more): it waits again. The rules are asked with the
    // same reading of the clock, so that the clock ticking past the deadline in between cannot
    // have them refuse the timeout as early and leave no timer behind.
    const now = this.host.clock.now();
    const at = this.spec.deadline(this.state);
    if (at !== null && now < at) return this.arm();
    // Rules that threw (a fault in them, or a random source that could not draw) have moved
    // nothing: the timeout is tried again after 1, 2, 4... seconds, rather than leaving the table
    // waiting for a player, and the host logs each fault. A fault once the coins are being paid
    // is not tried again: they may have moved.
    const ctx = this.context(now);
    let step: Step<S, E>;
    try {
      step = this.spec.apply(this.state, this.spec.timeout, ctx);
    } catch (e) {
      this.clock.set(now + Math.min(RETRY_FAULT_MAX_MS, 1000 * 2 ** this.faults++), ignore, this.due);
      throw e;
    }
    // A timeout the purses refused (a host's books that could not be written) is tried again a second later.
    if (!this.stand(this.spec.timeout, step, ctx, ignore, true) && this.unpaid) this.clock.set(now + RETRY_UNPAID_MS, ignore, this.due);
  };
}
