import type { Player } from './player.js';

/** The people of one room, in the order they came in. */
interface RoomPeople {
  /** Connected: they see and are told what happens here. */
  readonly present: Set<Player>;
  /** Lost in thought: their connection dropped while seated; they keep the seat a while. */
  readonly away: Set<Player>;
}

const NOBODY: ReadonlySet<Player> = new Set();

/**
 * Who is in the world, and where (issue 15): every character in play by name, and each room's
 * people, so that telling a room or looking at it walks that room only, never the whole tavern.
 *
 * The truth stays where it was: a player's room is the store's (`Player.room`), their connection
 * is `Player.session`. The tavern calls `file(p)` after it changes either, and `add`/`remove` as
 * they come into and leave the world, so the index is always what a full scan would find.
 */
export class Whereabouts {
  private readonly byKey = new Map<string, Player>();
  private readonly rooms = new Map<string, RoomPeople>();
  /** Which set each player is filed in now, so refiling never depends on where they were. */
  private readonly filedIn = new Map<Player, Set<Player>>();

  /** Every character in the world (connected or keeping a seat), by lower-case name. */
  get players(): ReadonlyMap<string, Player> {
    return this.byKey;
  }

  /** A character comes into the world. */
  add(p: Player): void {
    this.byKey.set(p.key, p);
    this.file(p);
  }

  /** A character leaves the world. */
  remove(p: Player): void {
    if (this.byKey.get(p.key) === p) this.byKey.delete(p.key);
    this.file(p);
  }

  /** The player's room or connection may have changed: files them where they are now. */
  file(p: Player): void {
    const was = this.filedIn.get(p);
    const inWorld = this.byKey.get(p.key) === p;
    const now = inWorld ? this.peopleOf(p.room)[p.session ? 'present' : 'away'] : null;
    if (was === now) return;
    was?.delete(p);
    if (now) {
      now.add(p);
      this.filedIn.set(p, now);
    } else {
      this.filedIn.delete(p);
    }
  }

  /** Connected players in a room, in the order they came in. */
  present(roomId: string): ReadonlySet<Player> {
    return this.rooms.get(roomId)?.present ?? NOBODY;
  }

  /** Players in a room who are lost in thought (linkdead, keeping a seat). */
  away(roomId: string): ReadonlySet<Player> {
    return this.rooms.get(roomId)?.away ?? NOBODY;
  }

  private peopleOf(roomId: string): RoomPeople {
    let people = this.rooms.get(roomId);
    if (!people) this.rooms.set(roomId, (people = { present: new Set(), away: new Set() }));
    return people;
  }
}
