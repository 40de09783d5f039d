/**
 * A listener is never cut for someone else's volume: over loopback, a telnet client that reads
 * nothing is told others' talk until its queue is behind (BEHIND_BYTES), then left out of it,
 * so the queue never reaches the output cap at which a connection is dropped. Its own output
 * still goes, and a client that stops reading its own output is still cut at the cap.
 */
import { describe, expect, it } from 'vitest';
import { BEHIND_BYTES, Outbox } from '../../src/output/outbox.js';
import type { Store } from '../../src/store/index.js';
import { DEFAULT_MAX_QUEUED_BYTES } from '../../src/telnet/connection.js';
import { sessionOf } from '../../src/telnet-session.js';
import { connect, startServer, waitFor } from '../support/telnetHarness.js';

const quietStore = { hasUnwrittenChanges: false, flush: () => Promise.resolve() } as unknown as Store;
const talk = (i: number) => ({ text: `Bex says, '${String(i).padStart(6, '0')} ${'blah '.repeat(180)}'`, news: undefined });

describe('a listener that reads nothing', () => {
  it("gets others' talk until it is behind, then none of it, and is never cut for it", async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.socket.pause();
    const outbox = new Outbox(quietStore);
    const session = sessionOf(side.conn);
    let largest = 0;
    // 256 MB of talk, far past what loopback's buffers hold.
    for (let i = 0; i < 256 * 1024 && !side.conn.closed; i++) {
      outbox.tell(session, talk(i), true);
      await outbox.release();
      largest = Math.max(largest, side.conn.queuedBytes);
      if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(side.conn.closed).toBe(false);
    expect(session.behind).toBe(true);
    expect(largest).toBeLessThan(BEHIND_BYTES + 4096);
    expect(largest).toBeLessThan(DEFAULT_MAX_QUEUED_BYTES);
    // Its own output still goes: past the cap, for output of its own, it is cut as before.
    for (let i = 0; i < 100_000 && !side.conn.closed; i++) {
      outbox.tell(session, talk(i));
      await outbox.release();
      if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await waitFor(() => side.closes === 1, 'the close at the cap');
  }, 120_000);
});
