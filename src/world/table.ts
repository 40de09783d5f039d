/**
 * A table as the tavern's world holds it: `Table` (src/tables/game-table.ts) hosts one game's
 * table (src/games/api.ts) and is, to the world and its commands, a `TavernTable`.
 */
import type { GameDefinition, LeaveCause } from '../games/api.js';
import type { CommandSet } from '../text/command-set.js';
import type { PanelNews, TableHand, TableState } from '../output/news.js';
import type { CommandContext } from './tavern.js';
import type { Player } from './player.js';
import type { TableData } from './world.js';

/** What `help` shows of a game: its name, and its rules and topics with a table's settings. */
export type GameInfo = Pick<GameDefinition, 'id' | 'title' | 'help' | 'topics' | 'asides' | 'reservedNames' | 'freshDecks' | 'settings' | 'verbs'>;

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
