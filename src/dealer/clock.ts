import type { Clock, Timer } from '../games/api.js';

/** Real time, or a test's: when it is, and a way to run something later. */
export interface Scheduler {
  now(): number;
  setTimer(ms: number, fn: () => void): Timer;
}

export const realTime: Scheduler = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    return { cancel: () => clearTimeout(t) };
  },
};

/** Why the table's clock waits. */
export type Hold = 'offline' | 'paused' | 'outbox' | 'moved';

/**
 * The table's clock: the time the game sees, which stands still while the dealer cannot deal
 * (disconnected, paused by its operator) and while a line of the table still waits in the
 * outbox, so that no deadline runs out before the players have been told of it. Its timers wait
 * with it. `lag` is how far it is behind real time; the books keep it, so a restart goes on from
 * the same time (a hand-out's cool-down is not shortened by a pause).
 */
export class TableClock implements Clock {
  private readonly holds = new Set<Hold>();
  private heldSince: number | null = null;
  private readonly timers = new Set<{ due: number; fn: () => void; armed: Timer | null }>();

  constructor(
    private readonly scheduler: Scheduler,
    private lagMs = 0,
    /** Told when the lag grew (a hold ended), to keep it. */
    private readonly onLag: (lag: number) => void = () => undefined,
    /** Told of a timer's fault, which must not stop the dealer. */
    private readonly onFault: (e: unknown) => void = () => undefined,
  ) {}

  now(): number {
    const real = this.scheduler.now();
    return real - this.lagMs - (this.heldSince === null ? 0 : real - this.heldSince);
  }

  get lag(): number {
    return this.lagMs;
  }

  /** The real time of a time of this clock: what a date or a time of day shown to people says. */
  toReal(at: number): number {
    return at + (this.scheduler.now() - this.now());
  }

  get running(): boolean {
    return this.holds.size === 0;
  }

  isHeld(reason: Hold): boolean {
    return this.holds.has(reason);
  }

  hold(reason: Hold): void {
    if (this.holds.has(reason)) return;
    this.holds.add(reason);
    if (this.heldSince !== null) return;
    this.heldSince = this.scheduler.now();
    for (const t of this.timers) {
      t.armed?.cancel();
      t.armed = null;
    }
  }

  release(reason: Hold): void {
    if (!this.holds.delete(reason) || this.holds.size > 0 || this.heldSince === null) return;
    const held = this.scheduler.now() - this.heldSince;
    this.heldSince = null;
    if (held > 0) {
      this.lagMs += held;
      this.onLag(this.lagMs);
    }
    for (const t of this.timers) this.arm(t);
  }

  setTimer(ms: number, fn: () => void): Timer {
    const t = { due: this.now() + Math.max(0, ms), fn, armed: null as Timer | null };
    this.timers.add(t);
    if (this.running) this.arm(t);
    return {
      cancel: () => {
        t.armed?.cancel();
        this.timers.delete(t);
      },
    };
  }

  private arm(t: { due: number; fn: () => void; armed: Timer | null }): void {
    t.armed = this.scheduler.setTimer(t.due - this.now(), () => {
      t.armed = null;
      if (!this.running || !this.timers.has(t)) return;
      if (this.now() < t.due) return this.arm(t);
      this.timers.delete(t);
      try {
        t.fn();
      } catch (e) {
        this.onFault(e);
      }
    });
  }
}
