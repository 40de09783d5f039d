/**
 * What the tavern's parts (its panels, comings and goings, the life of its people, reservations,
 * the coins on its tables) ask of the tavern that holds them. The Tavern is one; its parts name
 * this, not the Tavern, so that the tavern imports its parts and no part imports it back.
 */
import type { Clock } from './clock.js';
import type { Ledger } from '../store/ledger.js';
import type { Told } from '../output/news.js';
import type { Player } from './player.js';
import type { TavernTable } from './table.js';
import type { Room, World } from './world.js';
import type { Whereabouts } from './whereabouts.js';
import type { TavernSettings } from './tavern-settings.js';

/** Whom the tavern tells something: a player, some players, or everyone connected in a room but some. */
export type Audience = Player | Iterable<Player> | { room: string; except?: readonly Player[] };

export interface TavernCore {
  readonly world: World;
  readonly ledger: Ledger;
  readonly clock: Clock;
  readonly settings: TavernSettings;
  /** Who is in the world and in which room. */
  readonly whereabouts: Whereabouts;
  readonly tables: ReadonlyMap<string, TavernTable>;
  readonly players: ReadonlyMap<string, Player>;
  roomOf(p: Player): Room;
  playersIn(roomId: string): Player[];
  /** Whether a room holds more people than are told of one by one. */
  crowded(roomId: string): boolean;
  tablesIn(roomId: string): TavernTable[];
  /** Queues what someone is told; release() delivers it. */
  tell(to: Audience, what: Told | ((p: Player) => Told)): void;
  release(): Promise<void>;
}
