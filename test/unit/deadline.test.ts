import { describe, expect, it } from 'vitest';
import { Deadline, secondsLeft } from '../../src/games/deadline.js';
import { FakeClock } from '../support/fakeClock.js';
import { paint, unmarked } from '../../src/text/markup.js';

function armed() {
  const clock = new FakeClock();
  const host = { clock, setTimer: (ms: number, fn: () => void) => clock.setTimer(ms, fn) };
  const log: string[] = [];
  const start = clock.now();
  const deadline = new Deadline(host);
  const arm = (inMs: number | null) =>
    deadline.set(inMs === null ? null : clock.now() + inMs, () => log.push(`warn at ${clock.now() - start}`), () => log.push(`due at ${clock.now() - start}`));
  return { clock, log, deadline, arm };
}

describe('a table deadline', () => {
  it('warns ten seconds before it closes, then closes, with one timer live at a time', () => {
    const { clock, log, arm } = armed();
    arm(30_000);
    expect(clock.pending()).toBe(1);
    clock.advance(19_999);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual(['warn at 20000']);
    expect(clock.pending()).toBe(1);
    clock.advance(9_999);
    expect(log).toHaveLength(1);
    clock.advance(1);
    expect(log).toEqual(['warn at 20000', 'due at 30000']);
    expect(clock.pending()).toBe(0);
  });

  it('gives no warning for a wait of ten seconds or less (the line that sets it says the time)', () => {
    const { clock, log, arm } = armed();
    arm(10_000);
    clock.advance(10_000);
    expect(log).toEqual(['due at 10000']);
  });

  it('is replaced when the deadline moves, and stops when cancelled or cleared', () => {
    const { clock, log, arm, deadline } = armed();
    arm(30_000);
    clock.advance(15_000);
    arm(30_000); // a new deadline 30 s from now: the old warning must not come
    clock.advance(10_000);
    expect(log).toEqual([]);
    clock.advance(10_000);
    expect(log).toEqual(['warn at 35000']);
    deadline.cancel();
    clock.advance(60_000);
    expect(log).toEqual(['warn at 35000']);
    arm(null);
    expect(clock.pending()).toBe(0);
  });

  it('warns of a deadline once, armed again after a wall clock that stepped back (its timer woke early by that clock)', () => {
    // The table's clock is the wall clock; a host's timers are not: a step back makes the due timer wake early by the wall clock.
    let wall = 0;
    const timers: (() => void)[] = [];
    const host = { clock: { now: () => wall }, setTimer: (_ms: number, fn: () => void) => (timers.push(fn), { cancel: () => undefined }) };
    const log: string[] = [];
    const deadline = new Deadline(host);
    // As engine.ts does: woken before the deadline, the table arms the same deadline again.
    const arm = (): void => deadline.set(30_000, () => log.push(`warn at ${wall}`), () => (wall < 30_000 ? arm() : log.push(`due at ${wall}`)));
    arm();
    wall = 20_000;
    timers.shift()!();
    expect(log).toEqual(['warn at 20000']);
    wall = 5_000; // stepped back 25 s
    timers.shift()!();
    expect(timers).toHaveLength(1);
    wall = 30_000;
    timers.shift()!();
    expect(log).toEqual(['warn at 20000', 'due at 30000']);
  });

  it('counts the seconds left, rounded up, marked as a deadline', () => {
    expect(secondsLeft(10_000, 0)).toBe(paint('deadline', '10 seconds'));
    expect(unmarked(secondsLeft(9_001, 0))).toBe('10 seconds');
    expect(unmarked(secondsLeft(1_000, 0))).toBe('1 second');
    expect(unmarked(secondsLeft(0, 5))).toBe('0 seconds');
  });
});

describe('a deadline further off than one timer can wait', () => {
  it('waits it out in steps: Node fires a longer setTimeout at once (2^31 - 1 ms, about 24.8 days, is the most)', () => {
    const clock = new FakeClock();
    const asked: number[] = [];
    const host = { clock, setTimer: (ms: number, fn: () => void) => (asked.push(ms), clock.setTimer(ms, fn)) };
    const start = clock.now();
    const log: string[] = [];
    const days = (n: number) => n * 86_400_000;
    new Deadline(host).set(start + days(60), () => log.push(`warn at ${clock.now() - start}`), () => log.push(`due at ${clock.now() - start}`));
    expect(Math.max(...asked)).toBeLessThanOrEqual(2 ** 31 - 1);
    clock.advance(days(60) - 10_001);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual([`warn at ${days(60) - 10_000}`]);
    clock.advance(10_000);
    expect(log).toEqual([`warn at ${days(60) - 10_000}`, `due at ${days(60)}`]);
    expect(Math.max(...asked)).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(clock.pending()).toBe(0);
  });
});
