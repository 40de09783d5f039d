/** MCCP2 on the wire: decompress what the server sent and compare it with what it said. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DO, DONT, GA, IAC, OptionCode, SB, SE, WONT } from '../../src/telnet/options.js';
import { bytes, connect, INITIAL_NEGOTIATION, roundTrip, startServer, waitFor } from '../support/telnetHarness.js';

const { COMPRESS2, ECHO } = OptionCode;
const START = Buffer.from([IAC, SB, COMPRESS2, IAC, SE]);

/** Splits what arrived into the plain bytes before the start, the inflated stream, and plain bytes after its end. */
function decode(received: Buffer): { before: Buffer; inflated: Buffer; ended: boolean; after: Buffer } {
  const at = received.indexOf(START);
  if (at < 0) throw new Error('no MCCP2 start');
  const rest = received.subarray(at + START.length);
  // Z_SYNC_FLUSH as the finish flush: a stream still open inflates as far as it has come.
  const { buffer, engine } = zlib.inflateSync(rest, { info: true, finishFlush: zlib.constants.Z_SYNC_FLUSH }) as unknown as {
    buffer: Buffer;
    engine: { bytesWritten: number };
  };
  const consumed = engine.bytesWritten;
  const ended = consumed < rest.length || isComplete(rest);
  return { before: received.subarray(0, at), inflated: buffer, ended, after: rest.subarray(consumed) };
}

function isComplete(stream: Buffer): boolean {
  try {
    zlib.inflateSync(stream);
    return true;
  } catch {
    return false;
  }
}

async function compressedClient() {
  const harness = await startServer();
  const { client, side } = await connect(harness);
  client.send([IAC, DO, COMPRESS2]);
  await client.waitForBytes(START, INITIAL_NEGOTIATION.length);
  await roundTrip(client, side);
  return { harness, client, side };
}

describe('MCCP2', () => {
  it('starts with IAC SB 86 IAC SE after DO COMPRESS2, then every byte is zlib, each delivery readable at once', async () => {
    const { client, side } = await compressedClient();
    expect(client.after(INITIAL_NEGOTIATION.length).subarray(0, START.length)).toEqual(START);
    const story: Buffer[] = [];
    for (const text of ['The dice clatter across the table.', 'Ana says, hello.', 'x'.repeat(3000)]) {
      side.conn.deliver({ text: [text] });
      const wanted = bytes(text.length > 80 ? text.match(/.{1,80}/g)!.join('\r\n') : text, '\r\n> ', [IAC, GA]);
      story.push(wanted);
      // Nothing waits in the compressor: what arrived so far inflates to everything said.
      await waitFor(() => decode(client.received).inflated.equals(Buffer.concat(story)), `the delivery "${text.slice(0, 20)}"`);
    }
    expect(decode(client.received).ended).toBe(false);
  });

  it('compresses negotiation answers too, in order with the text', async () => {
    const { client, side } = await compressedClient();
    client.send([IAC, DO, ECHO]);
    await roundTrip(client, side);
    side.conn.deliver({ text: ['after'], prompt: false });
    await waitFor(() => decode(client.received).inflated.includes(Buffer.from('after')), 'the text');
    expect(decode(client.received).inflated).toEqual(bytes([IAC, WONT, ECHO], 'after\r\n'));
  });

  it('ends the stream cleanly on close, farewell included', async () => {
    const { client, side } = await compressedClient();
    side.conn.close('Farewell.');
    await waitFor(() => client.ended, 'the hang-up');
    const { inflated, ended, after } = decode(client.received);
    expect(inflated.toString()).toBe('Farewell.\r\n');
    expect(ended).toBe(true);
    expect(after).toHaveLength(0);
  });

  it('ends the stream on DONT COMPRESS2 and carries on in plain bytes, in order', async () => {
    const { client, side } = await compressedClient();
    side.conn.deliver({ text: ['squeezed'], prompt: false });
    client.send([IAC, DONT, COMPRESS2]);
    side.conn.deliver({ text: ['too early to be plain?'], prompt: false });
    await roundTrip(client, side);
    side.conn.deliver({ text: ['plain again'], prompt: false });
    await waitFor(() => client.received.includes(Buffer.from('plain again')), 'the plain text');
    const { inflated, ended, after } = decode(client.received);
    expect(ended).toBe(true);
    // What was said before the DONT arrived was compressed; everything after the stream's end is plain.
    expect(inflated.toString()).toBe('squeezed\r\ntoo early to be plain?\r\n');
    expect(after).toEqual(bytes([IAC, WONT, COMPRESS2], 'plain again\r\n'));
  });

  it('lets a client restart compression a few times, not forever', async () => {
    const { client, side } = await compressedClient();
    for (let i = 0; i < 5; i++) client.send([IAC, DONT, COMPRESS2, IAC, DO, COMPRESS2]);
    await roundTrip(client, side);
    side.conn.deliver({ text: ['the end'], prompt: false });
    await waitFor(() => client.received.includes(Buffer.from('the end')), 'the plain text');
    const received = client.received;
    let starts = 0;
    for (let at = received.indexOf(START); at >= 0; at = received.indexOf(START, at + 1)) starts++;
    // Each start may sit inside an earlier compressed stream's bytes: count at most 3 starts.
    expect(starts).toBeLessThanOrEqual(3);
    expect(side.conn.closed).toBe(false);
  });
});
