import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_LIMITS, LINES_PER_TURN, LineQueue, type InputFlow, type Pace, type QueueLimits } from '../../src/line-queue.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("a connection's line queue", () => {
  it('handles lines one at a time in order: the next only once the last one is done', async () => {
    const started: string[] = [];
    const finish: (() => void)[] = [];
    const q = new LineQueue(
      (line) => {
        started.push(line);
        return new Promise<void>((resolve) => finish.push(resolve));
      },
      (e) => {
        throw e;
      },
    );
    q.push('a');
    q.push('b');
    q.push('c');
    await turn();
    expect(started).toEqual(['a']);
    finish.shift()!();
    await turn();
    expect(started).toEqual(['a', 'b']);
    finish.shift()!();
    await turn();
    finish.shift()!();
    q.push('d');
    await turn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('handles a line as it comes when nothing is before it', () => {
    const handled: string[] = [];
    const q = new LineQueue((line) => void handled.push(line), (e) => {
      throw e;
    });
    q.push('look');
    expect(handled).toEqual(['look']);
  });

  it('takes a burst without waiting for the event loop, but lets it turn every LINES_PER_TURN lines', async () => {
    // A timer-free clock: the turn of the event loop each line was handled in.
    let clock = 0;
    let ticking = true;
    const tick = () => {
      clock++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turnOf: number[] = [];
    const q = new LineQueue(() => void turnOf.push(clock), (e) => {
      throw e;
    });
    for (let i = 0; i < LINES_PER_TURN * 2 + 1; i++) q.push(String(i));
    expect(turnOf).toHaveLength(LINES_PER_TURN);
    while (turnOf.length < LINES_PER_TURN * 2 + 1) await turn();
    ticking = false;
    const perTurn = [...new Set(turnOf)].map((t) => turnOf.filter((x) => x === t).length);
    expect(perTurn).toEqual([LINES_PER_TURN, LINES_PER_TURN, 1]);
  });

  it('goes on with the next line when one fails, and reports the failure', async () => {
    const handled: string[] = [];
    const errors: string[] = [];
    const q = new LineQueue(
      async (line) => {
        if (line === 'bad') throw new Error('broken');
        handled.push(line);
      },
      (e) => errors.push(e.message),
    );
    for (const line of ['one', 'bad', 'two']) q.push(line);
    await turn();
    expect(handled).toEqual(['one', 'two']);
    expect(errors).toEqual(['broken']);
  });

  it('goes on even when reporting a failure fails, for a line that throws and one whose promise rejects', async () => {
    const handled: string[] = [];
    const q = new LineQueue(
      (line) => {
        if (line === 'throws') throw new Error('broken');
        if (line === 'rejects') return Promise.reject(new Error('broken later'));
        handled.push(line);
      },
      () => {
        throw new Error('the log is gone too');
      },
    );
    for (const line of ['one', 'throws', 'two', 'rejects', 'three']) q.push(line);
    await turn();
    expect(handled).toEqual(['one', 'two', 'three']);
  });
});

/** A queue whose lines wait until `release()` (a command waiting for the disk), and what it asked of its connection. */
function heldQueue(limits: QueueLimits) {
  const handled: string[] = [];
  const asked: string[] = [];
  let hold: (() => void) | null = null;
  const flow: InputFlow = { pause: () => asked.push('pause'), resume: () => asked.push('resume'), overflow: () => asked.push('overflow') };
  const q = new LineQueue(
    (line) => {
      handled.push(line);
      if (line === 'hold') return new Promise<void>((resolve) => (hold = resolve));
    },
    (e) => {
      throw e;
    },
    flow,
    limits,
  );
  return {
    q,
    handled,
    asked,
    release: () => {
      hold?.();
      hold = null;
    },
  };
}

describe('a flood on one connection', () => {
  const limits: QueueLimits = { pauseLines: 8, pauseBytes: 1000, maxLines: 20, maxBytes: 4000, linesPerSecond: 1e9, burstLines: 1e9 };

  it('pauses the input once pauseLines wait and resumes it once a quarter are left, losing nothing', async () => {
    const { q, handled, asked, release } = heldQueue(limits);
    q.push('hold');
    for (let i = 0; i < 7; i++) q.push(`l${i}`);
    expect(asked).toEqual([]);
    q.push('l7');
    expect(asked).toEqual(['pause']);
    expect(q.length).toBe(8);
    release();
    await turn();
    expect(asked).toEqual(['pause', 'resume']);
    expect(handled).toEqual(['hold', ...Array.from({ length: 8 }, (_, i) => `l${i}`)]);
    expect(q.length).toBe(0);
  });

  it('pauses for bytes as well as lines', () => {
    const { q, asked } = heldQueue(limits);
    q.push('hold');
    q.push('x'.repeat(999));
    expect(asked).toEqual([]);
    q.push('y');
    expect(asked).toEqual(['pause']);
  });

  it('drops lines past the cap with one notice per flood, and takes lines again once the queue has emptied', async () => {
    const { q, handled, asked, release } = heldQueue(limits);
    q.push('hold');
    for (let i = 0; i < 100; i++) q.push(`l${i}`);
    expect(q.length).toBe(20);
    expect(asked).toEqual(['pause', 'overflow']);
    q.push('hold');
    expect(q.length).toBe(20);
    release();
    await turn();
    expect(handled).toEqual(['hold', ...Array.from({ length: 20 }, (_, i) => `l${i}`)]);
    q.push('hold');
    for (let i = 0; i < 30; i++) q.push(`m${i}`);
    expect(asked).toEqual(['pause', 'overflow', 'resume', 'pause', 'overflow']);
  });

  it('caps the bytes waiting too', () => {
    const { q, asked } = heldQueue(limits);
    q.push('hold');
    for (let i = 0; i < 5; i++) q.push('z'.repeat(900));
    expect(q.length).toBe(4);
    expect(asked).toEqual(['pause', 'overflow']);
  });

  it('handles nothing more once stopped (the connection closed), and lets go of what waits', async () => {
    const { q, handled, release } = heldQueue(limits);
    q.push('hold');
    q.push('after');
    q.stop();
    expect(q.length).toBe(0);
    release();
    await turn();
    q.push('later');
    expect(handled).toEqual(['hold']);
  });

  it('takes a queue of 100,000 lines in order: lines are taken by an index, not shifted out one by one', async () => {
    const handled: string[] = [];
    let hold!: () => void;
    const q = new LineQueue(
      (line) => {
        handled.push(line);
        if (line === 'hold') return new Promise<void>((resolve) => (hold = resolve));
      },
      (e) => {
        throw e;
      },
      undefined,
      { pauseLines: 1e9, pauseBytes: 1e9, maxLines: 1e9, maxBytes: 1e9, linesPerSecond: 1e9, burstLines: 1e9 },
    );
    q.push('hold');
    const n = 100_000;
    for (let i = 0; i < n; i++) q.push(String(i));
    hold();
    while (handled.length < n + 1) await turn();
    expect(handled.slice(1).every((line, i) => line === String(i))).toBe(true);
  });

  it('keeps a flooded connection to its share of each turn: another connection\'s line is handled as it comes', async () => {
    const flooded: string[] = [];
    const player: string[] = [];
    const rethrow = (e: Error) => {
      throw e;
    };
    const flooder = new LineQueue((line) => void flooded.push(line), rethrow);
    const other = new LineQueue((line) => void player.push(line), rethrow);
    for (let i = 0; i < 500; i++) flooder.push('look');
    expect(flooded).toHaveLength(LINES_PER_TURN);
    other.push('inventory');
    expect(player).toEqual(['inventory']);
    await turn();
    expect(flooded.length).toBeLessThanOrEqual(2 * LINES_PER_TURN);
  });

  it('takes a burst at once, then lines at a steady rate: a flood costs the server little however fast it comes', () => {
    let now = 0;
    const later: { at: number; fn: () => void }[] = [];
    const pace: Pace = { now: () => now, after: (ms, fn) => void later.push({ at: now + ms, fn }) };
    const handled: string[] = [];
    const q = new LineQueue(
      (line) => void handled.push(line),
      (e) => {
        throw e;
      },
      undefined,
      { ...DEFAULT_QUEUE_LIMITS, pauseLines: 1e9, maxLines: 1e9, burstLines: 10, linesPerSecond: 100 },
      pace,
    );
    for (let i = 0; i < 30; i++) q.push(String(i));
    expect(handled).toHaveLength(10);
    // One second later: 100 lines' worth of tokens, but only the 20 waiting are there to take.
    const step = (ms: number) => {
      now += ms;
      for (const due = later.filter((l) => l.at <= now); due.length; due.length = 0) {
        for (const l of due) later.splice(later.indexOf(l), 1);
        for (const l of due) l.fn();
      }
    };
    step(10);
    expect(handled).toHaveLength(11);
    step(50);
    expect(handled.length).toBeGreaterThanOrEqual(15);
    expect(handled.length).toBeLessThanOrEqual(16);
    for (let i = 0; i < 100; i++) step(10);
    expect(handled).toEqual(Array.from({ length: 30 }, (_, i) => String(i)));
  });
});
