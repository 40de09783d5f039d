/**
 * The log does not grow with a script's churn: past 20 connections a minute from one address
 * their coming and going is counted, not logged one by one, and summed up in one line at the
 * minute's end; a login among them is still logged, with its address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let ts: TestServer | undefined;
afterEach(async () => {
  await ts?.destroy();
  ts = undefined;
});

describe('connection churn in the log', () => {
  it('logs 20 connections a minute from one address one by one, counts the rest, and sums them up in one line', async () => {
    ts = await startTestServer();
    const from = '127.0.0.60';
    for (let i = 0; i < 50; i++) {
      const c = await ts.connect({ from });
      c.close();
      await c.closedSoon();
    }
    // A login among the unlogged ones is logged, with its address.
    const ana = await ts.login('Ana', 'secret123', { from });
    const opened = (l: string) => /^connection \d+ from 127\.0\.0\.60$/.test(l);
    await expect.poll(() => ts!.logs.filter((l) => /^connection \d+ closed$/.test(l)).length).toBe(20);
    expect(ts.logs.filter(opened)).toHaveLength(20);
    expect(ts.logs.some((l) => /^connection \d+ from 127\.0\.0\.60 is Ana \(/.test(l))).toBe(true);
    // Another address is logged as ever.
    await ts.connect({ from: '127.0.0.61' });
    expect(ts.logs.some((l) => /^connection \d+ from 127\.0\.0\.61$/.test(l))).toBe(true);
    // A minute later: the summary, and this address's connections are logged again.
    ts.clock.advance(60_000);
    await TestClient.connect(ts.port, { from });
    await expect.poll(() => ts!.logs.filter(opened).length).toBe(21);
    expect(ts.logs.filter((l) => l.startsWith('127.0.0.60:'))).toEqual([
      '127.0.0.60: 31 more connections in the last minute were not logged one by one (past 20 a minute from one address, each is only counted)',
    ]);
    ana.close();
  });
});
