import { describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../src/games/random.js';
import { AYT, DO, DONT, EC, EL, EOR, GA, IAC, OptionCode, SB, SE, WILL, WONT } from '../../src/telnet/options.js';
import {
  bytes,
  connect,
  INITIAL_NEGOTIATION,
  roundTrip,
  startServer,
  waitFor,
  type Harness,
} from '../support/telnetHarness.js';

const { ECHO, SGA, TTYPE, NAWS, COMPRESS2, GMCP, CHARSET, MSSP } = OptionCode;
const EOR_OPTION = OptionCode.EOR;
const NOP = 241;
const DM = 242;
const BRK = 243;
const TTYPE_IS = 0;

/** After a misbehaving client: a fresh, polite client still gets its lines through. */
async function expectServerStillServes(harness: Harness): Promise<void> {
  const { client, side } = await connect(harness);
  client.send('look\r\nsay still here\n');
  await waitFor(() => side.lines.length === 2, 'the polite client lines');
  expect(side.lines).toEqual(['look', 'say still here']);
  expect(side.conn.closed).toBe(false);
  client.socket.destroy();
}

describe('a polite client', () => {
  it('is offered EOR, GMCP, MSSP, COMPRESS2 and CHARSET and asked for TTYPE and NAWS, in one packet, and never WILL ECHO or WILL SGA', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    expect([...client.received]).toEqual(INITIAL_NEGOTIATION);
    expect(side.conn.terminal).toEqual({ width: 80, height: 24, type: 'unknown', client: 'unknown', mtts: null });
    expect(side.conn.profile).toEqual({ colour: 0, screenReader: false, ascii: true, width: 80 });
    expect(side.conn.remoteAddress).toMatch(/127\.0\.0\.1/);
    const second = await connect(harness);
    expect(second.side.conn.id).not.toBe(side.conn.id);
  });

  it('gets one line event per line, whatever the line end', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('look\r\nsay hi\r\0bet 5\ninventory\r');
    await waitFor(() => side.lines.length === 4, 'four lines');
    expect(side.lines).toEqual(['look', 'say hi', 'bet 5', 'inventory']);
  });

  it('stays in line mode: DO SGA and DO ECHO are refused, and LF-only lines still work', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    // What PuTTY sends when the server offers neither.
    client.send([IAC, DO, SGA, IAC, DO, ECHO, IAC, DONT, SGA]);
    await client.waitForBytes([IAC, WONT, SGA, IAC, WONT, ECHO], INITIAL_NEGOTIATION.length);
    client.send('look\n');
    await waitFor(() => side.lines.length === 1, 'the line');
    client.send('bet 5\n');
    await waitFor(() => side.lines.length === 2, 'the second line');
    expect(side.lines).toEqual(['look', 'bet 5']);
  });

  it("refuses PuTTY's reflex DO SGA at connect, and agrees to one after a line (telnet's `mode character`)", async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, DO, SGA]);
    await client.waitForBytes([IAC, WONT, SGA], INITIAL_NEGOTIATION.length);
    await roundTrip(client, side);
    const offset = client.received.length;
    client.send([IAC, DO, SGA]);
    await client.waitForBytes([IAC, WILL, SGA], offset);
  });

  it('edits a line typed in character mode: Backspace, DEL, IAC EC and IAC EL', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    // inetutils telnet in character mode: one packet a key, CR NUL at the end.
    for (const key of ['e', 'x', 'i', 't', 'z', '\x7f', 's', '\r\0']) client.send(key);
    await waitFor(() => side.lines.length === 1, 'the edited line');
    client.send('lokk\b\bok\r\n', 'caf\u00e9\x7fe!\r\n');
    client.send('x', [IAC, EC], 'say', [IAC, EL], 'look', [IAC, EC], 'k\r\n');
    await waitFor(() => side.lines.length === 4, 'the other lines');
    expect(side.lines).toEqual(['exits', 'look', 'cafe!', 'look']);
  });

  it('is prompted with IAC GA until it agrees to EOR, then with IAC EOR, the text and its prompt in one write', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.deliver({});
    await client.waitForBytes(bytes('> ', [IAC, GA]), INITIAL_NEGOTIATION.length);
    expect(side.conn.eorEnabled).toBe(false);

    client.send([IAC, DO, EOR_OPTION]);
    await waitFor(() => side.conn.eorEnabled, 'EOR to be enabled');
    const offset = client.received.length;
    const writes: Buffer[] = [];
    const socket = (side.conn as unknown as { socket: { write(b: Buffer): boolean } }).socket;
    const write = socket.write.bind(socket);
    socket.write = (b: Buffer) => (writes.push(b), write(b));
    side.conn.deliver({ text: ['You are carrying 1,000 obsidian coins.'] });
    const expected = bytes('You are carrying 1,000 obsidian coins.\r\n> ', [IAC, EOR]);
    await client.waitForBytes(expected, offset);
    // Agreeing to what we offered draws no further WILL: RFC 1143, no loops.
    expect(client.after(offset)).toEqual(expected);
    expect(writes).toEqual([expected]);
  });

  it('gets ASCII until it accepts CHARSET UTF-8, and IAC doubled in nothing it is sent', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.deliver({ text: ['caf\u00e9 \u00ff \u201cquoted\u201d \u2014 \u2026'], prompt: false });
    await client.waitForBytes(bytes('cafe y "quoted" - ...\r\n'), INITIAL_NEGOTIATION.length);
    client.send([IAC, DO, CHARSET]);
    await client.waitForBytes([IAC, SB, CHARSET, 1, ...Buffer.from(';UTF-8'), IAC, SE]);
    client.send([IAC, SB, CHARSET, 2, ...Buffer.from('UTF-8'), IAC, SE]);
    await roundTrip(client, side);
    const offset = client.received.length;
    side.conn.deliver({ text: ['\u00ff is U+00FF\nnext line'], prompt: false });
    const expected = bytes([0xc3, 0xbf], ' is U+00FF\r\nnext line\r\n');
    await client.waitForBytes(expected, offset);
    expect(client.after(offset)).toEqual(expected);
  });

  it('reports its window size (NAWS)', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, WILL, NAWS, IAC, SB, NAWS, 0, 132, 0, 50, IAC, SE]);
    await roundTrip(client, side);
    expect(side.conn.terminal).toMatchObject({ width: 132, height: 50 });
    expect(side.conn.profile.width).toBe(132);
  });

  it('can resize: sizes are unsigned, 255 arrives IAC-doubled, zero keeps the old value', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, SB, NAWS, 0, 255, 255, 0, 60, IAC, SE]);
    await roundTrip(client, side);
    expect(side.conn.terminal).toMatchObject({ width: 255, height: 60 });
    client.send([IAC, SB, NAWS, 0x80, 0x00, 0, 0, IAC, SE]);
    await roundTrip(client, side);
    expect(side.conn.terminal).toMatchObject({ width: 32768, height: 60 });
  });

  it('hideInput sends WILL ECHO and showInput WONT ECHO, following the client answers', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    let offset = client.received.length;
    side.conn.showInput(); // never hidden: nothing to say
    side.conn.hideInput();
    side.conn.hideInput(); // already asked: no repeat
    await client.waitForBytes([IAC, WILL, ECHO], offset);
    client.send([IAC, DO, ECHO]);
    await roundTrip(client, side);
    expect([...client.after(offset)]).toEqual([IAC, WILL, ECHO]);

    offset = client.received.length;
    side.conn.showInput();
    await client.waitForBytes([IAC, WONT, ECHO], offset);
    client.send([IAC, DONT, ECHO]);
    await roundTrip(client, side);
    side.conn.hideInput();
    await client.waitForBytes([IAC, WILL, ECHO], offset);
    expect([...client.after(offset)]).toEqual([IAC, WONT, ECHO, IAC, WILL, ECHO]);
  });

  it('refuses options we do not support, and an offer of what we only do ourselves', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    const offset = client.received.length;
    client.send([IAC, WILL, COMPRESS2, IAC, WILL, GMCP, IAC, DO, 99, IAC, WILL, 99, IAC, DO, ECHO, IAC, WONT, 99, IAC, DONT, 99]);
    const refusals = [IAC, DONT, COMPRESS2, IAC, DONT, GMCP, IAC, WONT, 99, IAC, DONT, 99, IAC, WONT, ECHO];
    await client.waitForBytes(refusals, offset);
    await roundTrip(client, side);
    expect([...client.after(offset)]).toEqual(refusals);
  });

  it('answers IAC AYT with a short line', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('lo', [IAC, AYT], 'ok\r\n');
    await waitFor(() => side.lines.length === 1, 'the line');
    expect(side.lines).toEqual(['look']);
    await client.waitForBytes(bytes('\r\n[Yes, the tavern is still here.]\r\n'), INITIAL_NEGOTIATION.length);
  });

  it('is told farewell and hung up on by close(), and "close" fires once', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.close('The desert wind takes you. Goodbye.');
    expect(side.conn.closed).toBe(true);
    side.conn.deliver({ text: ['ignored after close'] });
    side.conn.close('twice');
    await waitFor(() => client.ended, 'the server to hang up');
    await waitFor(() => side.closes === 1, 'the close event');
    expect(client.after(INITIAL_NEGOTIATION.length).toString()).toBe('The desert wind takes you. Goodbye.\r\n');
    await expectServerStillServes(harness);
    expect(side.closes).toBe(1);
  });

  it('still says farewell when close() is called from a line listener mid-chunk', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.on('line', (text) => {
      if (text === 'quit') side.conn.close('Bye.');
    });
    // Negotiation after the quit, in the same packet, must not be answered after the farewell.
    client.send('quit\r\n', [IAC, DO, ECHO, IAC, WILL, 99], 'look\r\n');
    await waitFor(() => side.closes === 1, 'the close');
    expect(client.after(INITIAL_NEGOTIATION.length).toString()).toBe('Bye.\r\n');
    expect(side.lines).toEqual(['quit']);
  });

  it('cuts off a client that ignores the hang-up once a grace period has passed', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness, true);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      side.conn.close('Bye.');
      await waitFor(() => client.ended, 'the hang-up');
      expect(side.closes).toBe(0);
      vi.advanceTimersByTime(5000);
      await waitFor(() => side.closes === 1, 'the close');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes once when the client quits, and once when the client resets the connection', async () => {
    const harness = await startServer();
    const quitter = await connect(harness);
    quitter.client.socket.end();
    await waitFor(() => quitter.side.closes === 1, 'close after quit');
    expect(quitter.side.conn.closed).toBe(true);

    const resetter = await connect(harness);
    resetter.client.socket.resetAndDestroy();
    await waitFor(() => resetter.side.closes === 1, 'close after reset');
    await expectServerStillServes(harness);
    expect(quitter.side.closes + resetter.side.closes).toBe(2);
  });
});

describe('awkward packet boundaries', () => {
  it('keeps a CR at the end of one packet and LF at the start of the next as one line end', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('look\r');
    await waitFor(() => side.lines.length === 1, 'the first line');
    client.send('\nsay hi\r\n');
    await waitFor(() => side.lines.length === 2, 'the second line');
    expect(side.lines).toEqual(['look', 'say hi']);
  });

  it('finishes an IAC at the very end of a packet with the next packet', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send('first\r\n', [IAC]);
    await waitFor(() => side.lines.length === 1, 'the first line');
    client.send([DO, EOR_OPTION], 'second\r\n', [IAC]);
    await waitFor(() => side.lines.length === 2, 'the second line');
    client.send([IAC], 'x\r\n', [IAC, SB, NAWS, 0]);
    await waitFor(() => side.lines.length === 3, 'the third line');
    client.send([100, 0, 30, IAC, SE]);
    await roundTrip(client, side);
    expect(side.lines.slice(0, 3)).toEqual(['first', 'second', '\uFFFDx']);
    expect(side.conn.eorEnabled).toBe(true);
    expect(side.conn.terminal).toMatchObject({ width: 100, height: 30 });
  });
});

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

  it('drops a client whose negotiation flood draws more answers than it reads', async () => {
    const harness = await startServer({ maxQueuedBytes: 16 * 1024 });
    const { client, side } = await connect(harness);
    client.socket.pause();
    // Each WONT/WILL pair for NAWS changes state, so every command is answered.
    const toggles = Buffer.from(Array.from({ length: 100_000 }, () => [IAC, WONT, NAWS, IAC, WILL, NAWS]).flat());
    let writes = 0;
    const pump = () => {
      while (writes < 40 && side.closes === 0 && client.socket.write(toggles)) writes++;
      if (writes < 40 && side.closes === 0) client.socket.once('drain', pump);
    };
    pump();
    await waitFor(() => side.closes === 1, 'the close');
    expect(writes).toBeLessThan(40);
    await expectServerStillServes(harness);
  });
});

describe('backpressure', () => {
  it('reads nothing while its input is paused, and every line once it is resumed', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.pauseInput();
    client.send('look\r\n');
    client.send('inventory\r\n');
    // Long enough for loopback to have delivered both, were the socket read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(side.lines).toEqual([]);
    side.conn.resumeInput();
    await waitFor(() => side.lines.length === 2, 'the lines after resume');
    expect(side.lines).toEqual(['look', 'inventory']);
  });
});
