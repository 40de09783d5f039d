/**
 * Tables as the tavern sees them: `Table` (game-table.ts) hosts one game's table
 * (src/games/api.ts) and is, to the tavern, a `TavernTable`.
 */
import type { CardFace, GameDefinition, GameState, LeaveCause } from '../games/api.js';
import type { CommandSet } from '../commands/command-set.js';
import type { CommandContext } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import type { TableData } from '../world/world.js';

/** What `help` shows of a game: its name, and its rules and topics with a table's settings. */
export type GameInfo = Pick<GameDefinition, 'id' | 'title' | 'help' | 'topics' | 'asides' | 'reservedNames' | 'freshDecks' | 'settings'>;

/** A table in a room: its seats, its verbs, and what `look`, `roll` and `whisper` ask of it. */
export interface TavernTable {
  readonly id: string;
  readonly roomId: string;
  readonly data: TableData;
  readonly definition: GameInfo;
  /** The table's settings, read through its game's declaration. */
  readonly settings: unknown;
  /** The verbs of the game, for the players seated here (and a few for onlookers). */
  readonly commands: CommandSet<CommandContext>;
  /** Seated players, in the order they sat. */
  readonly seats: readonly Player[];
  /** Seats the player, or says why not. */
  sit(p: Player): string | null;
  stand(p: Player, cause: LeaveCause): void;
  /** The connection dropped; the seat is kept for the grace period. */
  playerAway(p: Player): void;
  playerBack(p: Player): void;
  /** `look <table>` for one viewer: only what that viewer may see. */
  describe(viewer: Player): string;
  /** `look dice <table>`. */
  describeDice(): string;
  /** `fair <table>`: the commitment, the client seed and nonce, the last seed revealed (docs/rulings.md, Provably fair draws). */
  describeFairness(): string;
  /** `fair seed <word>`: sets the client seed and tells the room, or says why not. */
  setClientSeed(p: Player, seed: string): string | null;
  /** `roll dice <table>`. */
  roll(p: Player, reply: (text: string) => void): void;
  /** A whisper to the table's dealer; false when nobody deals here. */
  whisper(p: Player, text: string, reply: (text: string) => void): boolean;
  /** Table.State for one viewer: built from the same view as `describe`. */
  stateFor(viewer: Player): TableState;
  /** True when Table.State is the same for every viewer (nothing at this game is secret): built once for a room. */
  readonly sharedState: boolean;
  /** Table.Hand for its owner, or null when they hold no cards here. */
  handFor(viewer: Player): TableHand | null;
  /** Set by whoever sends GMCP (or the web page's data): told of every change. */
  onNews: ((news: PanelNews) => void) | null;
  dispose(): void;
}

/**
 * GMCP `Table.State` (docs/gmcp.md) for one viewer: the fields the tavern adds, then the game's
 * (GameState: its phase, players, turn and deadline, and its own). It holds only what that
 * viewer may see.
 */
export interface TableState extends GameState {
  id: string;
  game: string;
  /** "the sand table". */
  name: string;
  /** The table's provably fair commitment, client seed and the next draw's nonce. */
  fair: { commitment: string; clientSeed: string; nonce: number };
  /** The server's clock when this was made, so a client can count down. */
  now: number;
}

/** GMCP `Table.Hand`: a player's own cards, for that player only: their names, and how a panel draws each. */
export interface TableHand {
  table: string;
  cards: string[];
  faces: CardFace[];
}

/** GMCP `Table.Dice`: a throw (two dice, or Dragon's Lair's one treasure die). */
export interface TableDice {
  table: string;
  dice: number[];
  total: number;
}

/**
 * What a table tells whoever carries its data to clients (GMCP, the web page) after a change.
 * It may come more than once for one command: a sender should coalesce, one message per delivery.
 */
export type PanelNews =
  /**
   * The public state changed: Table.State to everyone in the table's room (each their own).
   * `by`: the change is one player's own small move (a bet); in a crowded room the others' panels
   * may hear of it a moment later, with the moves after it (Panels, docs/gmcp.md).
   */
  | { kind: 'state'; by?: string }
  /** This player's own hand changed: Table.Hand to them. */
  | { kind: 'hand'; player: string }
  /** The dice were thrown: Table.Dice to everyone in the room. */
  | { kind: 'dice'; dice: TableDice };

