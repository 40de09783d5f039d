import { describe, expect, it } from 'vitest';
import { FairScheduler, OneAtATime, type Release } from '../../src/login/scheduler.js';

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Asks a scheduler for slots and records who was granted one, in order. */
class Asker {
  readonly order: string[] = [];
  private readonly holding: Release[] = [];

  constructor(private readonly s: FairScheduler) {}

  ask(lane: string, label: string, signal?: AbortSignal): { error?: unknown } {
    const outcome: { error?: unknown } = {};
    this.s.acquire(lane, signal).then(
      (release) => {
        this.order.push(label);
        this.holding.push(release);
      },
      (e) => (outcome.error = e),
    );
    return outcome;
  }

  /** Gives back the slot granted longest ago. */
  releaseOldest(): void {
    this.holding.shift()!();
  }
}

describe('the fair hashing scheduler', () => {
  it('never runs more jobs at once than it has slots, and runs them all', async () => {
    const s = new FairScheduler(2);
    let running = 0;
    let most = 0;
    const finishers: (() => void)[] = [];
    const jobs = Array.from({ length: 10 }, (_, i) =>
      s.run(i % 3 === 0 ? 'a' : 'b', async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => finishers.push(resolve));
        running--;
        return i;
      }),
    );
    for (let round = 0; round < 10; round++) {
      await settle();
      expect(s.inFlight).toBeLessThanOrEqual(2);
      finishers.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(2);
    expect(s.inFlight).toBe(0);
    expect(s.waiting).toBe(0);
  });

  it('serves a newcomer behind a flood from one address after at most one of the flood', async () => {
    const s = new FairScheduler(1);
    const a = new Asker(s);
    for (let i = 0; i < 100; i++) a.ask('flood', `f${i}`);
    await settle();
    a.ask('newcomer', 'n');
    for (let i = 0; i < 3; i++) {
      a.releaseOldest();
      await settle();
    }
    expect(a.order).toEqual(['f0', 'f1', 'n', 'f2']);
    expect(s.waiting).toBe(97);
  });

  it('takes the lanes in turn, one slot each', async () => {
    const s = new FairScheduler(1);
    const a = new Asker(s);
    a.ask('x', 'x0');
    await settle();
    for (const lane of ['a', 'b', 'c']) for (const n of [1, 2, 3]) a.ask(lane, `${lane}${n}`);
    for (let i = 0; i < 9; i++) {
      a.releaseOldest();
      await settle();
    }
    expect(a.order).toEqual(['x0', 'a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3']);
  });

  it('drops a waiter whose connection went away: it never takes a slot, and the next one does', async () => {
    const s = new FairScheduler(1);
    const a = new Asker(s);
    a.ask('a', 'holder');
    await settle();
    const leaving = new AbortController();
    const gone = a.ask('b', 'gone', leaving.signal);
    a.ask('c', 'next');
    await settle();
    expect(s.waiting).toBe(2);
    leaving.abort(new Error('connection closed'));
    await settle();
    expect(gone.error).toEqual(new Error('connection closed'));
    expect(s.waiting).toBe(1);
    a.releaseOldest();
    await settle();
    expect(a.order).toEqual(['holder', 'next']);
    expect(s.inFlight).toBe(1);
  });

  it('refuses at once a waiter whose signal has already aborted, and ignores an abort after the grant', async () => {
    const s = new FairScheduler(1);
    await expect(s.acquire('a', AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(s.inFlight).toBe(0);
    const late = new AbortController();
    const release = await s.acquire('a', late.signal);
    late.abort();
    expect(s.inFlight).toBe(1);
    release();
    release(); // a second release gives back nothing more
    expect(s.inFlight).toBe(0);
    const again = await s.acquire('b');
    expect(s.inFlight).toBe(1);
    again();
  });
});

describe('one password check per account at a time', () => {
  it('lets one holder per key in, in arrival order, and other keys past', async () => {
    const gate = new OneAtATime();
    const order: string[] = [];
    const take = (key: string, label: string, signal?: AbortSignal) => {
      const held: { release?: Release; error?: unknown } = {};
      void gate.acquire(key, signal).then(
        (r) => {
          order.push(label);
          held.release = r;
        },
        (e) => (held.error = e),
      );
      return held;
    };
    const a1 = take('ana', 'a1');
    const leaving = new AbortController();
    const a2 = take('ana', 'a2', leaving.signal);
    const a3 = take('ana', 'a3');
    const b1 = take('bob', 'b1');
    await settle();
    expect(order).toEqual(['a1', 'b1']);
    leaving.abort(new Error('gone'));
    a1.release!();
    await settle();
    expect(a2.error).toEqual(new Error('gone'));
    expect(order).toEqual(['a1', 'b1', 'a3']);
    a3.release!();
    b1.release!();
    expect(gate.isHeld('ana')).toBe(false);
    expect(gate.isHeld('bob')).toBe(false);
  });
});
