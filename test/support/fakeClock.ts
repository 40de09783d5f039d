import type { Clock, Timer } from '../../src/world/clock.js';

/** A clock that only moves when a test says so. */
export class FakeClock implements Clock {
  private time: number;
  private timers: { at: number; seq: number; fn: () => void; live: boolean }[] = [];
  private seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fn: () => void): Timer {
    const entry = { at: this.time + Math.max(0, ms), seq: this.seq++, fn, live: true };
    this.timers.push(entry);
    return { cancel: () => { entry.live = false; } };
  }

  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => t.live && t.at <= target)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      due.live = false;
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.timers = this.timers.filter((t) => t.live);
    this.time = target;
  }

  pending(): number {
    return this.timers.filter((t) => t.live).length;
  }
}
