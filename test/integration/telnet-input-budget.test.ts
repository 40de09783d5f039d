/**
 * Input that is not lines is limited too (input-budget.ts): the bytes a connection makes the
 * server read, at a rate whatever they hold (letters with no line end, IAC NOP, GMCP); a line
 * being typed past the cap, told at once; negotiation and GMCP each within a small budget of
 * their own, the rest ignored. Budgets here are small, so that each shows in a few bytes.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_INPUT_LIMITS, type InputLimits } from '../../src/telnet/input-budget.js';
import { AYT, DO, IAC, OptionCode, SB, SE, WILL, WONT } from '../../src/telnet/options.js';
import { bytes, connect, expectServerStillServes, roundTrip, startServer, waitFor } from '../support/telnetHarness.js';

const { GMCP, NAWS } = OptionCode;
const NOP = 241;
const limits = (over: Partial<InputLimits>): InputLimits => ({ ...DEFAULT_INPUT_LIMITS, ...over });
const count = (haystack: Buffer, needle: Buffer) => {
  let n = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) n++;
  return n;
};

describe("a connection's input budget", () => {
  it('reads bytes at its rate once the burst is spent, whatever they are: a line after 20 KB of letters with no line end waits for them', async () => {
    const harness = await startServer({ inputLimits: limits({ bytes: { burst: 1024, perSecond: 40_000 } }) });
    const { client, side } = await connect(harness);
    const sent = performance.now();
    client.send(Buffer.alloc(20_000, 'x'), '\r\nping\r\n');
    await waitFor(() => side.lines.at(-1) === 'ping', 'the line after the letters', 10_000);
    // 19,000 bytes past the burst, at 40,000 a second: never sooner than about half a second.
    expect(performance.now() - sent).toBeGreaterThanOrEqual(450);
    expect(side.lines).toEqual(['x'.repeat(1024), 'ping']);
    expect(side.conn.closed).toBe(false);
  });

  it('tells a client typing past the cap at once, before any line end, and once', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    const notice = bytes('Your line was too long; it was cut to 1,024 bytes.\r\n');
    client.send(Buffer.alloc(3000, 'x'));
    await client.waitForBytes(notice);
    client.send(Buffer.alloc(3000, 'y'), '\r\n');
    await waitFor(() => side.lines.length === 1, 'the cut line');
    expect(count(client.received, notice)).toBe(1);
    // The next line past the cap is told again.
    client.send(Buffer.alloc(2000, 'z'), '\r\n');
    await waitFor(() => count(client.received, notice) === 2, 'the second notice');
    expect(side.lines).toEqual(['x'.repeat(1024), 'z'.repeat(1024)]);
  });

  it('answers commands and negotiation within their budget only: a flood of AYT gets a few answers, IAC NOP costs nothing, lines go on', async () => {
    const harness = await startServer({ inputLimits: limits({ options: { burst: 5, perSecond: 1 } }) });
    const { client, side } = await connect(harness);
    const offset = client.received.length;
    client.send(Array.from({ length: 5000 }, () => [IAC, NOP]).flat(), Array.from({ length: 1000 }, () => [IAC, AYT]).flat());
    await roundTrip(client, side, 'after the flood');
    // Whatever the server wrote before this reaches the client before it.
    side.conn.deliver({ text: ['end of the answers'], prompt: false });
    await client.waitForBytes(bytes('end of the answers'), offset);
    const answers = count(client.after(offset), bytes('[Yes, the tavern is still here.]'));
    // The NOPs took the burst: at most the second or two of refill is left for AYT.
    expect(answers).toBeLessThanOrEqual(3);
    expect(side.conn.closed).toBe(false);
    await expectServerStillServes(harness);
  });

  it('reads GMCP within its own budget: past it messages are ignored, not answered', async () => {
    const harness = await startServer({ inputLimits: limits({ gmcp: { burst: 3, perSecond: 1 } }) });
    const { client, side } = await connect(harness);
    client.send([IAC, DO, GMCP]);
    await roundTrip(client, side, 'gmcp on');
    const offset = client.received.length;
    const ping = bytes([IAC, SB, GMCP], 'Core.Ping', [IAC, SE]);
    // An AYT after them: its answer comes after any answer to them.
    client.send(...Array.from({ length: 50 }, () => ping), [IAC, AYT]);
    await client.waitForBytes(bytes('[Yes, the tavern is still here.]'), offset);
    expect(count(client.after(offset), bytes('Core.Ping'))).toBeGreaterThanOrEqual(3);
    expect(count(client.after(offset), bytes('Core.Ping'))).toBeLessThanOrEqual(5);
  });

  it('answers a negotiation flood only within its budget: a client that reads nothing is not dropped for it, and its queue stays small', async () => {
    const harness = await startServer({ maxQueuedBytes: 16 * 1024, inputLimits: limits({ bytes: { burst: 1e9, perSecond: 1e9 } }) });
    const { client, side } = await connect(harness);
    client.socket.pause();
    // Each WONT/WILL pair for NAWS changes state, so every one within the budget is answered.
    client.send(Array.from({ length: 100_000 }, () => [IAC, WONT, NAWS, IAC, WILL, NAWS]).flat(), 'done\r\n');
    await waitFor(() => side.lines.at(-1) === 'done', 'the line after the flood', 10_000);
    expect(side.closes).toBe(0);
    expect(side.conn.queuedBytes).toBeLessThan(4 * 1024);
  });
});
