/**
 * A TelnetConnection on loopback with a client that keeps to the protocol: what it is offered and
 * agrees to, its lines (however they end, whatever the packets), prompts, character sets, window
 * sizes, echo, farewells and closes, and input paused and resumed.
 */
import { describe, expect, it, vi } from 'vitest';
import { AYT, DO, DONT, EC, EL, EOR, GA, IAC, OptionCode, SB, SE, WILL, WONT } from '../../src/telnet/options.js';
import {
  bytes,
  connect,
  INITIAL_NEGOTIATION,
  roundTrip,
  startServer,
  waitFor,
  expectServerStillServes,
} from '../support/telnetHarness.js';

const { ECHO, SGA, NAWS, COMPRESS2, GMCP, CHARSET } = OptionCode;
const EOR_OPTION = OptionCode.EOR;

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
    // In place of the harness's own listener (a connection has one): it records the line too.
    side.conn.onLine((text) => {
      side.lines.push(text);
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
