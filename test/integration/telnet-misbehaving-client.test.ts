/**
 * A TelnetConnection on loopback against a malicious or broken client (bad and unknown commands and
 * subnegotiations, floods, overlong lines) and one that stops reading (the output cap): each costs at
 * most its own connection, and a polite client is still served.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/games/random.js';
import { AYT, DO, DONT, IAC, OptionCode, SB, SE, WILL, WONT } from '../../src/telnet/options.js';
import {
  bytes,
  connect,
  roundTrip,
  startServer,
  waitFor,
  expectServerStillServes,
} from '../support/telnetHarness.js';

const { ECHO, SGA, TTYPE, NAWS, COMPRESS2, GMCP, CHARSET, MSSP } = OptionCode;
const EOR_OPTION = OptionCode.EOR;
const NOP = 241;
const DM = 242;
const BRK = 243;
const TTYPE_IS = 0;

describe('a malicious or broken client', () => {
  it('sends IAC IAC: it arrives as a 0xFF data byte, decoded as a replacement character', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('a', [IAC, IAC], 'b\r\n');
    await waitFor(() => side.lines.length === 1, 'the line');
    expect(side.lines).toEqual(['a\uFFFDb']);
  });

  it('sends unknown IAC commands inside a line: they are dropped', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('he', [IAC, NOP], 'l', [IAC, AYT], 'l', [IAC, DM, IAC, 1, IAC, BRK, IAC, SE], 'o\r\n');
    await waitFor(() => side.lines.length === 1, 'the line');
    expect(side.lines).toEqual(['hello']);
  });

  it('sends terminal escapes and control characters: others never see them', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('say \x1b[2J\x1b]0;owned\x07hi\u009b1m\tthere\x7f\r\n');
    await waitFor(() => side.lines.length === 1, 'the line');
    // Each sequence goes whole; DEL at the end is the erase key: it takes the e.
    expect(side.lines).toEqual(['say hi ther']);
  });

  it('sends bad NAWS and TTYPE, garbage GMCP and unknown subnegotiations: all ignored', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, SB, NAWS, 0, 100, 0, 40, IAC, SE]);
    await roundTrip(client, side);
    const garbage: (string | number[])[] = [
      [IAC, SB, NAWS, 0, 80, IAC, SE], // truncated
      [IAC, SB, NAWS, IAC, SE], // empty
      [IAC, SB, NAWS, 0, 90, 0, 90, 0, 90, IAC, SE], // oversized
      [IAC, SB, TTYPE, IAC, SE],
      [IAC, SB, TTYPE, TTYPE_IS, IAC, SE], // IS with no name
      [IAC, SB, TTYPE, TTYPE_IS, 0x1b, 0x07, 0xff, 0xff, IAC, SE], // IS with nothing printable
      [IAC, SB, TTYPE, 1, IAC, SE], // the client asking us (TTYPE SEND)
      [IAC, SB, TTYPE, 9, 0x41, IAC, SE],
      [IAC, SB, GMCP],
      'Core.Hello {"client": broken json',
      [IAC, SE],
      [IAC, SB, GMCP, 0x21, 0x21, IAC, SE], // matches no GMCP message name at all
      [IAC, SB, GMCP, IAC, SE],
      [IAC, SB, COMPRESS2, IAC, SE],
      [IAC, SB, MSSP, 1, 2, IAC, SE],
      [IAC, SB, CHARSET, 2, 0xff, 0xff, IAC, SE], // ACCEPTED nonsense
      [IAC, SB, CHARSET, 9, IAC, SE],
      [IAC, SB, 99, 1, 2, 3, IAC, SE],
      [IAC, SB, IAC, SE], // no option code
    ];
    client.send(...garbage);
    await roundTrip(client, side, 'still here');
    expect(side.conn.closed).toBe(false);
    expect(side.conn.terminal).toMatchObject({ width: 100, height: 40, type: 'unknown', mtts: null });
    await expectServerStillServes(harness);
  });

  it('breaks off in the middle of a subnegotiation and hangs up: only that connection ends', async () => {
    const harness = await startServer();
    const truncated = await connect(harness);
    truncated.client.send([IAC, SB, NAWS, 0, 80, IAC]);
    truncated.client.socket.end();
    await waitFor(() => truncated.side.closes === 1, 'the close');
    const broken = await connect(harness);
    // IAC followed by neither IAC nor SE inside a subnegotiation: telnetlib alone would wait
    // for an SE and swallow every line meanwhile; the repair ends the subnegotiation there.
    broken.client.send([IAC, SB, TTYPE, IAC, 0x41], 'not swallowed\r\n');
    await expectServerStillServes(harness);
    await waitFor(() => broken.side.lines.length === 1, 'the line after the broken subnegotiation');
    expect(broken.side.lines).toEqual(['not swallowed']);
  });

  it('sends a subnegotiation longer than the reader allows: that connection is closed, nothing else', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, SB, GMCP], Buffer.alloc(5000, 'a'), [IAC, SE], 'never a line\r\n');
    await waitFor(() => side.closes === 1, 'the close');
    await waitFor(() => client.ended || client.socket.destroyed, 'the client to be hung up on');
    expect(side.lines).toEqual([]);
    await expectServerStillServes(harness);
  });

  it('floods 10,000 negotiation commands: each gets at most one short answer and lines still work', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    const random = seededRandom(1143);
    const verbs = [WILL, WONT, DO, DONT];
    const flood: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      // Mostly the options we care about, so their state machines really churn.
      const option = random.int(2) === 0 ? [ECHO, SGA, TTYPE, EOR_OPTION, NAWS, COMPRESS2, GMCP, CHARSET, MSSP][random.int(9)]! : random.int(256);
      flood.push(IAC, verbs[random.int(4)]!, option);
    }
    const offset = client.received.length;
    client.send(flood);
    await roundTrip(client, side, 'after the flood');
    expect(side.conn.closed).toBe(false);
    // Answers are 3-byte commands, plus a few subnegotiations: at most 4 TTYPE SENDs, and
    // 3 starts each of CHARSET, MSSP and MCCP2 however often they are toggled.
    expect(client.after(offset).length).toBeLessThanOrEqual(flood.length + 4096);
    await expectServerStillServes(harness);
  });

  it('sends 100 KB in one write as a single line: it is cut, the client is told, the connection lives', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send(Buffer.alloc(100_000, 'x'), '\r\nnext\r\n');
    await waitFor(() => side.lines.length === 2, 'two lines');
    expect(side.lines).toEqual(['x'.repeat(1024), 'next']);
    await client.waitForBytes(bytes('Your line was too long; it was cut to 1,024 bytes.\r\n'));
    expect(side.conn.closed).toBe(false);
  });

  it('sends 100 KB in one write as a thousand lines: every one arrives, in order', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    const lines = Array.from({ length: 1000 }, (_, i) => `say ${String(i).padStart(4, '0')} ${'.'.repeat(89)}`);
    const payload = lines.join('\r\n') + '\r\n';
    expect(payload.length).toBe(100_000);
    client.send(payload);
    await waitFor(() => side.lines.length === 1000, 'a thousand lines');
    expect(side.lines).toEqual(lines);
  });
});

describe('the output cap', () => {
  it('drops a client that stops reading before its queue grows past the cap', async () => {
    const maxQueuedBytes = 64 * 1024;
    const harness = await startServer({ maxQueuedBytes });
    const { client, side } = await connect(harness);
    client.socket.pause(); // the client stops reading
    const chunk = 'The dice clatter across the obsidian table. '.repeat(200) + '\n'; // ~9 KB
    let sent = 0;
    let largestQueue = 0;
    while (!side.conn.closed && sent < 256 * 1024 * 1024) {
      side.conn.deliver({ text: [chunk], prompt: false });
      sent += chunk.length;
      largestQueue = Math.max(largestQueue, side.conn.queuedBytes);
      // Let the socket flush into the kernel now and then, as a live server would.
      if (sent % (100 * chunk.length) === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(side.conn.closed).toBe(true);
    // The queue never held more than the cap plus the one message that crossed it.
    // (The message grows a little on the way: wrapped to 80 columns, each line ends in CR LF.)
    expect(largestQueue).toBeLessThanOrEqual(maxQueuedBytes + Buffer.byteLength(chunk) + 500);
    await waitFor(() => side.closes === 1, 'the close');
    const afterDrop = side.conn.queuedBytes;
    side.conn.deliver({ text: [chunk], prompt: false });
    expect(side.conn.queuedBytes).toBeLessThanOrEqual(afterDrop);
    await expectServerStillServes(harness);
  });
});
