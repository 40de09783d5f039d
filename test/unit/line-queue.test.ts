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

  it('takes a burst without waiting for the event loop, but lets it turn every LINES_PER_TURN lines', async () => {
    const handled: string[] = [];
    const q = new LineQueue((line) => void handled.push(line), (e) => {
      throw e;
    });
    for (let i = 0; i < LINES_PER_TURN * 2 + 1; i++) q.push(String(i));
    let counts: number[] = [];
    // A timer-free probe: what was handled at each turn of the event loop.
    for (let t = 0; t < 4; t++) {
      await turn();
      counts.push(handled.length);
    }
    counts = counts.filter((n, i) => i === 0 || n !== counts[i - 1]);
    expect(counts).toEqual([LINES_PER_TURN, LINES_PER_TURN * 2, LINES_PER_TURN * 2 + 1]);
    expect(handled).toEqual(Array.from({ length: LINES_PER_TURN * 2 + 1 }, (_, i) => String(i)));
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
});
