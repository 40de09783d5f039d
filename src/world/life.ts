/**
 * The life of the tavern between the players' own lines: the timed lines of each room and of the
 * people in it (a rate the host sets: `linesEverySeconds`), the stories an NPC tells line by line
 * when asked, and the floors kept stocked from the world data. Time and chance come from outside
 * (the tavern's clock, a random source), so tests drive them.
 *
 * A room hears a timed line only when someone is there to hear it, and never while it is hushed:
 * while a story is being told there, or while a table there is in one of the phases its world
 * data names as quiet (a Dragon's Lair split being agreed: `"quiet": ["negotiating"]`). The
 * phase is the table's own Table.State: this code knows no game by name.
 */
import type { Timer } from './clock.js';
import type { RandomSource } from '../games/random.js';
import { floorOf, HOUSE_STOCK } from '../store/place.js';
import type { TavernCore } from './tavern-core.js';
import type { Room, Stock } from './world.js';

export class TavernLife {
  private readonly timers = new Set<Timer>();
  /** Stories being told, by room: who tells it, and the timer of its next line. */
  private readonly stories = new Map<string, { teller: string; timer: Timer }>();
  /** The last timed line each room heard, so that it does not hear it twice running. */
  private readonly lastLine = new Map<string, string>();

  constructor(
    private readonly tavern: TavernCore,
    private readonly random: RandomSource,
  ) {}

  /** Stocks every floor now, then keeps it stocked and the timed lines coming, until stop(). */
  start(): void {
    const everyMs = this.tavern.settings.linesEverySeconds * 1000;
    for (const room of this.tavern.world.rooms.values()) {
      for (const stock of room.stock) {
        this.restock(room, stock);
        this.every(stock.everyMinutes * 60_000, () => this.restock(room, stock));
      }
      if (everyMs > 0 && linesOf(room).length) this.nextLine(room, everyMs);
    }
  }

  stop(): void {
    for (const t of this.timers) t.cancel();
    this.timers.clear();
    for (const { timer } of this.stories.values()) timer.cancel();
    this.stories.clear();
  }

  /** Who is telling a story in the room now, if anyone. */
  tellerIn(roomId: string): string | undefined {
    return this.stories.get(roomId)?.teller;
  }

  /**
   * Someone in the room tells these lines to it: the first now, the rest one every
   * `storyPauseSeconds`; the story stops early if the room empties. The room hears no timed
   * line meanwhile.
   */
  tell(roomId: string, teller: string, lines: readonly string[]): void {
    const [first, ...rest] = lines;
    this.tavern.tell({ room: roomId }, first);
    if (!rest.length) return;
    const next = (i: number) => {
      const timer = this.tavern.clock.setTimer(this.tavern.settings.storyPauseSeconds * 1000, () => {
        if (!this.tavern.playersIn(roomId).length) return void this.stories.delete(roomId);
        this.tavern.tell({ room: roomId }, rest[i]);
        if (i + 1 < rest.length) next(i + 1);
        else this.stories.delete(roomId);
        void this.tavern.release();
      });
      this.stories.set(roomId, { teller, timer });
    };
    next(0);
  }

  /** Whether the room should not be interrupted now: a story is being told, or a table there is at a quiet moment. */
  hushed(roomId: string): boolean {
    if (this.stories.has(roomId)) return true;
    const present = this.tavern.playersIn(roomId);
    return this.tavern.tablesIn(roomId).some((t) => !!t.data.quiet?.length && present.length > 0 && t.data.quiet.includes(t.stateFor(present[0]).phase));
  }

  /** The next timed line of a room, somewhere between half and one and a half times the rate from now. */
  private nextLine(room: Room, everyMs: number): void {
    const wait = Math.round(everyMs * (0.5 + this.random.int(1000) / 1000));
    const timer = this.tavern.clock.setTimer(wait, () => {
      this.timers.delete(timer);
      this.safely(`${room.id}: a timed line`, () => this.sayALine(room));
      this.nextLine(room, everyMs);
    });
    this.timers.add(timer);
  }

  private sayALine(room: Room): void {
    if (!this.tavern.playersIn(room.id).length || this.hushed(room.id)) return;
    const lines = linesOf(room);
    const fresh = lines.length > 1 ? lines.filter((l) => l !== this.lastLine.get(room.id)) : lines;
    const line = fresh[this.random.int(fresh.length)];
    this.lastLine.set(room.id, line);
    this.tavern.tell({ room: room.id }, line);
  }

  /** Tops the floor up to the stock's count from the house. */
  private restock(room: Room, stock: Stock): void {
    const floor = floorOf(room.id);
    const short = stock.upTo - this.tavern.ledger.count(floor, stock.thing);
    if (short > 0) this.tavern.ledger.moveThings([{ thing: stock.thing, n: short, from: HOUSE_STOCK, to: floor, why: `${room.id} stocked` }]);
  }

  private every(ms: number, fn: () => void): void {
    const timer = this.tavern.clock.setTimer(ms, () => {
      this.timers.delete(timer);
      this.safely('restocking', fn);
      this.every(ms, fn);
    });
    this.timers.add(timer);
  }

  /** A timer's work, its news released; a fault is logged and the tavern goes on (as a table's timer does). */
  private safely(what: string, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      console.error(`${what} failed:`, e);
    }
    void this.tavern.release();
  }
}

/** Every timed line of a room: its own, and its people's. */
function linesOf(room: Room): string[] {
  return [...room.lines, ...room.npcs.flatMap((n) => n.lines ?? [])];
}
