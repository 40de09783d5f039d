/**
 * Tables as the tavern sees them, and the tavern as a table sees it. The games implement
 * `TavernTable` (src/games/table.ts) and the tavern implements `TableVenue`, so nothing in
 * rooms imports a game: the imports run one way, games -> rooms.
 */
import type { Clock } from './clock.js';
import type { CommandSet } from './commands.js';
import type { CommandContext, Player, Tavern } from './tavern.js';
import type { TableData } from './world.js';

/** `stand`, or leaving for good (quit, or the grace period ran out). */
export type LeaveCause = 'stand' | 'left';

/** What `help` shows of a game: its name, and its rules with a table's settings. */
export interface GameInfo {
  /** The `game` value in the world data. */
  id: string;
  title: string;
  help(settings: Record<string, unknown>): string;
  /** Extra help topics (e.g. `odds`). */
  topics?: Record<string, (settings: Record<string, unknown>) => string>;
}

/** A table in a room: its seats, its verbs, and what `look`, `roll` and `whisper` ask of it. */
export interface TavernTable {
  readonly id: string;
  readonly roomId: string;
  readonly data: TableData;
  readonly definition: GameInfo;
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
  /** `roll dice <table>`. */
  roll(p: Player, reply: (text: string) => void): void;
  /** A whisper to the table's dealer; false when nobody deals here. */
  whisper(p: Player, text: string, reply: (text: string) => void): boolean;
  dispose(): void;
}

/** What a table may use of the tavern. */
export interface TableVenue {
  readonly clock: Clock;
  readonly ledger: Pick<Tavern['ledger'], 'balance' | 'transfer'>;
  readonly store: Pick<Tavern['store'], 'character'>;
  /** Every character in the world (connected or keeping a seat), by lower-case name. */
  readonly players: ReadonlyMap<string, Player>;
  /** Connected players in a room. */
  playersIn(roomId: string): Player[];
  tell(p: Player, text: string): void;
  toRoom(roomId: string, text: string, except?: Player[]): void;
  /** Persists, then delivers what was said: a table's timer ends with this. */
  release(): Promise<void>;
}
