import { describe, expect, it } from 'vitest';
import { LINES_PER_TURN, LineQueue } from '../../src/line-queue.js';

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
