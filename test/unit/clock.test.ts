import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/world/clock.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the system clock', () => {
  it('never runs a timer before now() reaches its deadline, even when the timer wakes early', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const fired: number[] = [];
    systemClock.setTimer(1000, () => fired.push(Date.now()));
    // Make the wall clock lag the timer queue by 5 ms, as Node's timers sometimes do.
    vi.setSystemTime(1_000_000 - 5);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(5);
    expect(fired).toEqual([1_001_000]);
  });

  it('can be cancelled, also while waiting out an early wake-up', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const fn = vi.fn();
    const t = systemClock.setTimer(100, fn);
    vi.setSystemTime(-3);
    vi.advanceTimersByTime(100);
    t.cancel();
    vi.advanceTimersByTime(10);
    expect(fn).not.toHaveBeenCalled();
  });
});
