/**
 * Private rooms (a world room with `private`): a party reserves one with `reserve`, and for the
 * room's minutes nobody outside the party may come in (the booth off the card room, where a
 * group plays at its own table). A reservation moves no coins and is kept in memory only: a
 * restart ends it, and costs nobody anything.
 */
import type { Timer } from './clock.js';
import type { Player } from './player.js';
import type { TavernCore } from './tavern-core.js';
import type { Room } from './world.js';
import { tavernWords } from '../output/words.js';
import { andList } from '../text/names.js';

const NOT_PRIVATE = 'This is no private room: only a booth or a private room can be reserved.';

export interface Reservation {
  /** Who reserved it, and the whole party (them first), as the characters spell their names. */
  by: string;
  party: string[];
  until: number;
}

export class Reservations {
  private readonly held = new Map<string, Reservation & { timer: Timer }>();

  constructor(private readonly tavern: TavernCore) {}

  of(roomId: string): Reservation | undefined {
    return this.held.get(roomId);
  }

  /**
   * Reserves a private room for the party, or renews the party's own reservation; the reason
   * when it may not be: not a private room, another party's, or someone else is in it.
   */
  reserve(room: Room, by: Player, party: string[]): { ok: true; reservation: Reservation } | { ok: false; reason: string } {
    if (!room.private) return { ok: false, reason: NOT_PRIVATE };
    const held = this.held.get(room.id);
    if (held && !inParty(held, by.name)) return { ok: false, reason: `${room.name} is reserved for ${partyText(held)} until ${tavernWords.timeOfDay(held.until)}.` };
    const everyone = [by.name, ...party.filter((n) => n.toLowerCase() !== by.key)];
    const outsider = this.tavern.playersIn(room.id).find((p) => !everyone.some((n) => n.toLowerCase() === p.key));
    if (outsider) return { ok: false, reason: `${outsider.name} is here and is not of your party: a room is reserved only for those in it and those you name.` };
    held?.timer.cancel();
    const until = this.tavern.clock.now() + room.private.minutes * 60_000;
    const timer = this.tavern.clock.setTimer(room.private.minutes * 60_000, () => {
      this.held.delete(room.id);
      this.tavern.tell({ room: room.id }, `The reservation of ${room.name} for ${partyText({ by: by.name, party: everyone })} has run out; anyone may come in now.`);
      void this.tavern.release();
    });
    const reservation = { by: by.name, party: everyone, until };
    this.held.set(room.id, { ...reservation, timer });
    return { ok: true, reservation };
  }

  /** Ends the party's reservation; the reason when there is none of theirs. */
  end(room: Room, by: Player): string | null {
    if (!room.private) return NOT_PRIVATE;
    const held = this.held.get(room.id);
    if (!held) return `${room.name} is not reserved.`;
    if (!inParty(held, by.name)) return `${room.name} is reserved for ${partyText(held)}; only they may end it.`;
    held.timer.cancel();
    this.held.delete(room.id);
    return null;
  }

  /** Why the player may not come into the room (another party has it), or null. */
  refusal(roomId: string, p: Player): string | null {
    const held = this.held.get(roomId);
    if (!held || inParty(held, p.name)) return null;
    return `${this.tavern.world.rooms.get(roomId)?.name ?? roomId} is reserved for ${partyText(held)} until ${tavernWords.timeOfDay(held.until)}.`;
  }

  /** Every reservation ends (the server stops). */
  stop(): void {
    for (const { timer } of this.held.values()) timer.cancel();
    this.held.clear();
  }
}

function inParty(r: Pick<Reservation, 'party'>, name: string): boolean {
  return r.party.some((n) => n.toLowerCase() === name.toLowerCase());
}

/** "Ana's party (Ana, Bex and Cyd)", or "Ana" alone. */
export function partyText(r: Pick<Reservation, 'by' | 'party'>): string {
  if (r.party.length === 1) return r.by;
  return `${r.by}'s party (${andList(r.party)})`;
}
