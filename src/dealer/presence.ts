import type { EventKind } from './profile.js';
import type { Who } from './trust.js';

/**
 * Who is in the dealer's room and connected, as well as the dealer can tell (the house rulings:
 * sitting and betting only from the room; a seated player who leaves or drops keeps the seat a
 * while). A whisper proves its whisperer is here (every shipped MUD lets a whisper reach only
 * the same room); a roster query, where the MUD can be asked (TinyMUX), says who is here outright;
 * the room's comings and goings fill in between.
 */
export class Presence {
  private readonly people = new Map<string, { who: Who; here: boolean; connected: boolean }>();

  /** Everyone the dealer knows of this session. */
  known(id: string): Who | undefined {
    return this.people.get(id)?.who;
  }

  isHere(id: string): boolean {
    const p = this.people.get(id);
    return !!p && p.here && p.connected;
  }

  isConnected(id: string): boolean {
    return this.people.get(id)?.connected ?? false;
  }

  /** A whisper came: its whisperer is here and connected, and goes by this name now. */
  whispered(who: Who): void {
    this.people.set(who.id, { who, here: true, connected: true });
  }

  /** A page or a tell came: the sender is connected, wherever they are. */
  heardFrom(who: Who): void {
    const p = this.people.get(who.id);
    this.people.set(who.id, { who, here: p?.here ?? false, connected: true });
  }

  /** The room's news of someone. */
  event(kind: EventKind, who: Who): void {
    const p = this.people.get(who.id) ?? { who, here: false, connected: true };
    if (kind === 'arrived') Object.assign(p, { here: true, connected: true });
    else if (kind === 'left') p.here = false;
    else if (kind === 'connected') p.connected = true;
    else p.connected = false;
    this.people.set(who.id, { ...p, who });
  }

  /** A roster answer: everyone in it is here (connected or not), everyone else is not. */
  roster(present: readonly (Who & { connected: boolean })[]): void {
    for (const p of this.people.values()) p.here = false;
    for (const { connected, ...who } of present) this.people.set(who.id, { who, here: true, connected });
  }
}
