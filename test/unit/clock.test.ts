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

  it('waits out a deadline further off than Node can wait at once (it fires a setTimeout past 2^31 - 1 ms at once)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const delays: number[] = [];
    const real = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => (delays.push(ms), real(fn, ms))) as typeof setTimeout);
    const fn = vi.fn();
    const days = 40 * 86_400_000;
    systemClock.setTimer(days, fn);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2 ** 31 - 1);
    vi.advanceTimersByTime(days - 1);
    expect(fn).not.toHaveBeenCalled();
    expect(Math.max(...delays)).toBeLessThanOrEqual(2 ** 31 - 1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
