/**
 * The game package's API, both sides of it (README.md in this folder). A game provides a
 * `GameDefinition`, registered in index.ts; a host (the tavern: src/tables/game-table.ts) seats
 * players at a table of it and hands the table a `TableHost`. Nothing here knows of sockets, the
 * store or the world: a game reaches them only through its host.
 */
import type { RandomSource } from './random.js';
import type { Message } from './voice.js';
import type { CardFace, GameState } from './panel.js';
import type { SettingsDeclaration } from './settings.js';
import type { CommandInfo } from '../text/command-set.js';

export type * from './panel.js';

// ---- what a game provides -----------------------------------------------------------------

export interface GameDefinition<T = any> {
  /** The `game` value of a table in the world data: `spice-run`. */
  id: string;
  title: string;
  /** `help <game>`: the rules, worded with a table's settings and the host's words (its money, its verbs). */
  help(settings: T, words: HostWords): string;
  /** Extra help topics (`odds`), worded the same way; the host offers each as `help <topic>` where this game is played. */
  topics?: Record<string, (settings: T, words: HostWords) => string>;
  /** What the host's own help adds for this game: how its table plays in a crowd (`help crowd`), what its dealer takes by whisper (`help whisper`). */
  asides?: { crowd?(settings: T, words: HostWords): string; whisper?(words: HostWords): string };
  /** The game's settings, declared (settings.ts): every host reads a table's settings through them before it opens. */
  settings: SettingsDeclaration<T>;
  /** How many players a table of this game seats, with its settings. */
  seats(settings: T): number;
  /** The game's verbs, declared without a table: what `help` lists and a host offers as commands. */
  verbs(settings: T, words: HostWords): VerbInfo[];
  /**
   * Where a game's first shuffles start, in order, by the names its draws' records give the items
   * (a new game's decks): whoever checks a record compares its first shuffles' starting orders
   * with these, so a shuffle cannot start from an order picked to suit the house. A later shuffle
   * (of discards) starts from what its record lists.
   */
  freshDecks?: readonly (readonly string[])[];
  /** Words no character may be named where this game is played: its bet words. */
  reservedNames?: readonly string[];
  /** One table of the game, told everything it may use through `host`. */
  create(host: TableHost<T>): GameTable;
}

/** One game's side of a table (colyseus-style lifecycle: create, join, message, leave, dispose). */
export interface GameTable {
  /** The game's verbs, for the players seated at the table (and those `forOnlookers`). */
  readonly commands: GameCommand[];
  /** `look <table>` for one viewer: only what that viewer may see. */
  describe(viewer: string): string;
  /** Table.State for one viewer, from the same view as `describe` (the host adds id, game, name, now). */
  tableState(viewer: string): GameState;
  /** True when tableState does not depend on the viewer (nothing at this game is secret). */
  readonly sameForEveryone?: boolean;
  /** The viewer's own cards, for Table.Hand (each named and drawn as the panel draws cards); null when they hold none here. */
  hand?(viewer: string): CardFace[] | null;
  /** A reason to refuse a seat, or null. */
  sitProblem(name: string): string | null;
  onSit(name: string): void;
  /** The player stood up (`stand`) or left for good (quit, or the grace period ran out). */
  onStand(name: string, cause: LeaveCause): void;
  /** The connection dropped; the seat is kept for the grace period (`keptMs`). */
  onAway?(name: string, keptMs: number): void;
  /** `roll dice <table>`. */
  roll?(name: string, reply: (text: string) => void): void;
  /** A whisper to this table's dealer; false when the game has none to take it. */
  whisper?(name: string, text: string, reply: (text: string) => void): boolean;
  dispose(): void;
}

/** `stand`, or leaving for good (quit, or the grace period ran out). */
export type LeaveCause = 'stand' | 'left';

/**
 * A verb of the game, declared with its help as every command is (Evennia style): the host lists
 * it in `help` and offers it to a seated player (and to onlookers, `forOnlookers`).
 */
export type VerbInfo = CommandInfo;

/** A verb at a table: its declaration, and what it does there. */
export interface GameCommand extends VerbInfo {
  /** `word`: the verb as the player typed it (lower case), for a verb with aliases that cares which. */
  run(ctx: GameCommandContext, args: string, word?: string): void | Promise<void>;
}

/** Context of a table verb: who typed it and how to answer them. */
export interface GameCommandContext {
  player: string;
  reply(text: string): void;
}

// ---- what a host provides -----------------------------------------------------------------

/** What a game's table can use of its host. */
export interface TableHost<T = any> {
  readonly id: string;
  /** How the table is named in prose: "the sand table". */
  readonly label: string;
  /** The table's settings, read through the game's declaration (settings.ts `readSettings`): every key, each checked. */
  readonly settings: T;
  /** How the host words its money and its verbs: every text of the game names them so. */
  readonly words: HostWords;
  readonly clock: Clock;
  /**
   * The table's own provably fair source: the draws of random.ts (a throw, a die, a shuffle)
   * each take a nonce of its seed, other choices come from the ordinary source.
   */
  readonly random: RandomSource;
  /** When each character last got each kind of hand-out, shared by every table. */
  readonly handouts: HandoutRecord;
  /** Seated players' names in the order they sat. */
  seated(): string[];
  isConnected(name: string): boolean;
  /** The coins in a player's purse. */
  balance(name: string): number;
  /**
   * Applies the moves as one atomic transfer, or refuses with a reason naming who is short
   * (addressed as "you" when that is `actor`), and nothing moves. `results` (what came of the
   * bets the moves settle) are kept with the same transfer, for `history` and the game's record.
   * `exposure`, where the game can tell it: works out the most the house could have to pay
   * beyond the stakes it holds, on the worst single outcome of everything on the table after
   * this transfer (a host that pays in real coins refuses a bet it could not cover).
   */
  transfer(moves: readonly CoinMove[], actor?: string, results?: readonly BetResult[], exposure?: () => number): TransferOutcome;
  /**
   * Tells what a step of the game did, in one call and in order: lines for everyone in the room
   * (players and onlookers, each in their own words) or for one player, a throw, and news for the
   * panels (the table's public state, a player's own hand). The host turns each piece into what
   * each viewer's connection takes: text for everyone, structured data for those with panels.
   */
  tell(...news: TableNews[]): void;
  /**
   * A game is over: the seed of its draws is revealed and the next game's committed (docs/rulings.md,
   * Provably fair draws). A host that keeps game records keeps this one's, with its draws and the
   * results its transfers carried (the tavern and the Ranvier bundle do, for history, the record
   * of each game and the public page).
   */
  gameOver(): void;
  /** A timer whose messages are delivered when it fires; cancelled when the table is disposed. */
  setTimer(ms: number, fn: () => void): Timer;
  /** Makes a player leave their seat (e.g. the game is over for them), telling them `why`. */
  unseat(name: string, why: string): void;
}

/** One piece of what a table tells (TableHost.tell). */
export type TableNews =
  /** A line for everyone in the table's room, each in their own words. */
  | { kind: 'say'; message: Message }
  /** A private line for one player (a card in the hand, say). */
  | { kind: 'to'; player: string; text: string }
  /** A throw (any number of dice, or one die): kept for `look dice <table>`, and Table.Dice for panels. */
  | { kind: 'dice'; dice: readonly number[] }
  /**
   * The table's public state changed: the room's panels hear Table.State. `by`: only by that
   * player's own small move (a bet), which a crowded room's panels may hear of a moment later.
   * A host takes any news with a `say` or a `dice` in it as a change of state too, so a game
   * needs this only for a change it tells nobody of, or to give `by`.
   */
  | { kind: 'state'; by?: string }
  /** A player's own hand changed: they hear Table.Hand. */
  | { kind: 'hand'; player: string };

/**
 * What a game's text names that is the host's own, worded by the host: its money (the tavern's
 * obsidian coins, a Ranvier world's gold), how its players look at a table or whisper to a
 * dealer, and its time of day. A game never words these itself, so one table reads right in
 * every host.
 */
export interface HostWords {
  /** An amount of the host's money: "1,000 obsidian coins", "1 obsidian coin", "5,000 gold". */
  money(n: number): string;
  /** The money itself: "obsidian coins", "gold" ("paid back as obsidian coins"). */
  readonly moneyName: string;
  /** The money as a refusal of a typed amount names it ("How many coins?"): `moneyName` where absent. */
  readonly amountName?: string;
  /** The verb that shows a table, for a table's word or a placeholder: "look <table>", "table sand". */
  look(table: string): string;
  /** Who deals where a game has a dealer, as the host's players know them: "Dreaven" at the tavern, the dealer's own character in another MUD. */
  readonly dealer: string;
  /** A whisper to a table's dealer (`GameTable.whisper`): "whisper dreaven hero 5000"; absent when the host carries none. */
  whisper?(dealer: string, text: string): string;
  /** Every verb at the table is whispered to the dealer (a dealer in another MUD), not typed: a game then names its verbs as whispers. */
  readonly whisperedOnly?: boolean;
  /** A time of day (epoch ms) as the host's players read it: "18:05 by the tavern's clock". */
  timeOfDay(at: number): string;
  /** A player's own words quoted in a line (`"zz" is not a card`): in double quotes where absent; single ones where the host's lines go out inside double quotes (a dealer's whisper on TinyMUX). */
  quote?(text: string): string;
}

/** The time, as the host's clock says it (tests drive it): epoch ms. */
export interface Clock {
  now(): number;
}

export interface Timer {
  cancel(): void;
}

export type TransferOutcome = { ok: true } | { ok: false; reason: string };

/**
 * When each character last received each kind of hand-out, by the clock (docs/rulings.md: at
 * most one hand-out of each kind per cool-down, per character, across every table). The host
 * keeps it durably, so a restart does not start the cool-downs again.
 */
export interface HandoutRecord {
  /** When `name` last got a hand-out of `kind`, in clock ms, or null. */
  last(name: string, kind: string): number | null;
  note(name: string, kind: string, at: number): void;
}

/** Who holds coins, as a game sees it. `escrow` is coins on this table that belong to `name`. */
export type Party =
  | { kind: 'player'; name: string }
  | { kind: 'escrow'; name: string }
  | { kind: 'house' };

export interface CoinMove {
  from: Party;
  to: Party;
  amount: number;
  why: string;
}

/**
 * What came of one bet for its owner, said by the rules with the moves that settle it: the
 * host keeps it with the same transfer. A step's results account for its moves exactly: per
 * player, the stakes are what left their escrow and the payouts what reached their purse.
 */
export interface BetResult {
  player: string;
  /** The bet or wager as the game names it: `square 5`, `HERO bet`, `ante`. */
  bet: string;
  /** Coins of theirs that were at stake (0 for a hand-out). */
  stake: number;
  /** Coins that came to them from it. */
  paid: number;
  outcome: BetOutcome;
}

/**
 * `won`, `lost` and `even` compare the payout with the stake; `returned` is a bet given back
 * undecided; `handout` is coins a table gave without a stake.
 */
export type BetOutcome = 'won' | 'lost' | 'even' | 'returned' | 'handout';
