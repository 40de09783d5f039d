import type { Timer } from './clock.js';
import type { TavernCore } from './tavern-core.js';
import type { Player } from './player.js';
import { named } from '../output/palette.js';

/** How the room hears someone come in, by a way (`from the west`) or into the world (login). */
export function arrives(name: string, from?: string): string {
  return from ? `${named(name)} arrives ${from}.` : `${named(name)} arrives.`;
}

/** How the room hears someone go, by a way (`north`) or out of the world (quit). */
export function leaves(name: string, way?: string): string {
  return way ? `${named(name)} leaves ${way}.` : `${named(name)} leaves.`;
}

/** What a crowded room hears instead of each arrival and departure. */
export const COMINGS_AND_GOINGS = 'Many travellers come and go.';
/** What a crowded room hears instead of each seat taken or left at one of its tables. */
export const seatsComeAndGo = (table: string) => `Players come and go at ${table}.`;
/** A crowded room hears the summary at most once in this long. */
export const SUMMARY_EVERY_MS = 5_000;

/**
 * Arrivals and departures (walking in or out, logging in, quitting), and seats taken and left at
 * a table: a small room hears each one as it happens; a crowd (more than the `crowd` setting,
 * counting the one coming or going) hears a summary instead (`Many travellers come and go.`,
 * `Players come and go at the bones table.`), each on its own clock: at once for the first
 * movement after a quiet spell, then at most once every SUMMARY_EVERY_MS. A movement inside that
 * time is never dropped: it brings one more summary at the end of the time, told to whoever is in
 * the room then. So a crowd of 1,000 hears one line per few seconds, not one line for each of the
 * others coming and going.
 */
export class ComingsAndGoings {
  /** Per crowded room and summary line: when the room last heard it, and the one waiting for the end of the time. */
  private readonly rooms = new Map<string, { toldAt: number; due: Timer | null }>();

  constructor(private readonly tavern: TavernCore) {}

  /**
   * `line` (`Ana arrives from the south.`) for everyone in the room but the one coming or going,
   * or `summary` when the room is a crowd, counting them whether they are still there or not.
   */
  tell(roomId: string, line: string, mover: Player, summary = COMINGS_AND_GOINGS): void {
    const { tavern } = this;
    const here = tavern.whereabouts.present(roomId);
    const except = [mover];
    if (here.size + (here.has(mover) ? 0 : 1) <= tavern.settings.crowd) {
      tavern.tell({ room: roomId, except }, line);
      return;
    }
    const now = tavern.clock.now();
    const key = `${roomId}\n${summary}`;
    const room = this.rooms.get(key);
    if (!room || (!room.due && now - room.toldAt >= SUMMARY_EVERY_MS)) {
      this.rooms.set(key, { toldAt: now, due: null });
      tavern.tell({ room: roomId, except }, summary);
      return;
    }
    room.due ??= tavern.clock.setTimer(room.toldAt + SUMMARY_EVERY_MS - now, () => {
      room.toldAt = tavern.clock.now();
      room.due = null;
      tavern.tell({ room: roomId }, summary);
      void tavern.release();
    });
  }
}
