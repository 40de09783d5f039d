/**
 * A table as the tavern's world holds it: `Table` (src/tables/game-table.ts) hosts one game's
 * table (src/games/api.ts) and is, to the world and its commands, a `TavernTable`.
 */
import type { GameDefinition, LeaveCause } from '../games/api.js';
import type { CommandSet } from '../text/command-set.js';
import type { PanelNews, TableHand, TableState } from '../output/news.js';
import type { TableData } from './world.js';

/** What `help` shows of a game: its name, and its rules and topics with a table's settings. */
export type GameInfo = Pick<GameDefinition, 'id' | 'title' | 'help' | 'topics' | 'asides' | 'reservedNames' | 'freshDecks' | 'settings' | 'verbs'>;

/**
 * A player as a table's methods take them: the tavern's Player is one (the table in src/tables
 * takes the Player itself). Named so here that the world's players and tables do not import
 * each other.
 */
export interface Seated {
  readonly key: string;
  readonly name: string;
}

/** What a table's verbs run with: who typed the line, and how to answer them (the tavern's CommandContext is one). */
export interface TableCommandContext {
  readonly actor: Seated;
  reply(text: string): void;
}

/** A table in a room: its seats, its verbs, and what `look`, `roll` and `whisper` ask of it. */
export interface TavernTable {
  readonly id: string;
  readonly roomId: string;
  readonly data: TableData;
  readonly definition: GameInfo;
  /** The table's settings, read through its game's declaration. */
  readonly settings: unknown;
  /** The verbs of the game, for the players seated here (and a few for onlookers). */
  readonly commands: CommandSet<TableCommandContext>;
  /** Seated players, in the order they sat. */
  readonly seats: readonly Seated[];
  /** Seats the player, or says why not. */
  sit(p: Seated): string | null;
  stand(p: Seated, cause: LeaveCause): void;
  /** The connection dropped; the seat is kept for the grace period. */
  playerAway(p: Seated): void;
  playerBack(p: Seated): void;
  /** `look <table>` for one viewer: only what that viewer may see. */
  describe(viewer: Seated): string;
  /** `look dice <table>`. */
  describeDice(): string;
  /** `fair <table>`: the commitment, the client seed and nonce, the last seed revealed (docs/rulings.md, Provably fair draws). */
  describeFairness(): string;
  /** `fair seed <word>`: sets the client seed and tells the room, or says why not. */
  setClientSeed(p: Seated, seed: string): string | null;
  /** `roll dice <table>`. */
  roll(p: Seated, reply: (text: string) => void): void;
  /** A whisper to the table's dealer; false when nobody deals here. */
  whisper(p: Seated, text: string, reply: (text: string) => void): boolean;
  /** Table.State for one viewer: built from the same view as `describe`. */
  stateFor(viewer: Seated): TableState;
  /** True when Table.State is the same for every viewer (nothing at this game is secret): built once for a room. */
  readonly sharedState: boolean;
  /** Table.Hand for its owner, or null when they hold no cards here. */
  handFor(viewer: Seated): TableHand | null;
  /** Set by whoever sends GMCP (or the web page's data): told of every change. */
  onNews: ((news: PanelNews) => void) | null;
  dispose(): void;
}
