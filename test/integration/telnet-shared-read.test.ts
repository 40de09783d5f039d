import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readingIntoSharedBuffer, SharedReadSocket } from '../../src/telnet/shared-read.js';
import { IAC, OptionCode, SB, SE, WILL } from '../../src/telnet/options.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { bytes, connect, roundTrip, startServer as startTelnet, waitFor, type ServerSide } from '../support/telnetHarness.js';

/**
 * Every plain telnet connection reads into one buffer (src/telnet/shared-read.ts): what one
 * connection has not parsed yet must not be overwritten by another's next read.
 */
describe('reads into the shared buffer', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.destroy();
    server = undefined;
  });

  it("is how node's accepted sockets are read (a node that cannot fails here, not silently slower)", async () => {
    const listener = net.createServer();
    const accepted = new Promise<net.Socket>((resolve) => listener.once('connection', (s) => resolve(readingIntoSharedBuffer(s))));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const client = net.connect((listener.address() as net.AddressInfo).port, '127.0.0.1');
    const socket = await accepted;
    expect(socket).toBeInstanceOf(SharedReadSocket);
    const heard: string[] = [];
    (socket as SharedReadSocket).hear = (chunk) => heard.push(chunk.toString());
    client.write('one');
    await until(() => heard.join('') === 'one');
    // The server counts the connection until the socket that took it over closes.
    const count = () => new Promise<number>((resolve, reject) => listener.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    expect(await count()).toBe(1);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    client.end();
    await closed;
    await until(async () => (await count()) === 0);
    await new Promise((resolve) => listener.close(resolve));
  });

  it("keeps a subnegotiation cut across reads whole while another connection's read comes between", async () => {
    const harness = await startTelnet();
    const ana = await connect(harness);
    const bex = await connect(harness);
    const readFrom = (side: ServerSide) => (side.conn as unknown as { socket: net.Socket }).socket.bytesRead;
    const TTYPE = OptionCode.TTYPE;
    ana.client.send([IAC, WILL, TTYPE]);
    await ana.client.waitForBytes([IAC, SB, TTYPE, 1, IAC, SE]);
    const half = bytes([IAC, SB, TTYPE, 0], 'XTERM-F');
    const before = readFrom(ana.side);
    ana.client.send(half);
    await waitFor(() => readFrom(ana.side) >= before + half.length, "the first half read");
    // Bex's read lands in the buffer Ana's first half came in.
    bex.client.send(`${'B'.repeat(2000)}\r\n`);
    await roundTrip(bex.client, bex.side);
    ana.client.send('OO', [IAC, SE]);
    await roundTrip(ana.client, ana.side);
    expect(ana.side.conn.terminal.client).toBe('XTERM-FOO');
  });

  it("keeps a paused connection's unparsed lines whole while others' reads reuse the buffer", async () => {
    server = await startTestServer();
    const ana = await server.login('Ana');
    const bex = await server.login('Bex');
    await bex.command('north'); // out of Ana's earshot
    // Past the burst a flood's lines wait, Bex's input pauses, and the rest of the packet is held.
    const says = Array.from({ length: 300 }, (_, i) => `say line ${i + 1} of the flood`);
    bex.sendBytes(Buffer.from(says.map((s) => `${s}\r\n`).join('')));
    await bex.expect("You say, 'line 150 of the flood'");
    // Meanwhile Ana's packets are read into the same buffer: one as long as Bex's whole flood,
    // and a line in two packets.
    const long = Array.from({ length: 40 }, (_, i) => `say ${String(i).repeat(200)}`);
    ana.sendBytes(Buffer.from(long.map((s) => `${s}\r\n`).join('')));
    for (let i = 0; i < 5; i++) {
      ana.send('inv', '');
      ana.send('entory');
      expect(await ana.command('look')).toContain('Exits:');
    }
    await bex.expect("You say, 'line 300 of the flood'", 15_000);
    const heard = [...bex.all.matchAll(/You say, 'line (\d+) of the flood'/g)].map((m) => Number(m[1]));
    expect(heard).toEqual(says.map((_, i) => i + 1));
    expect(ana.all.match(/You are carrying 1,000 obsidian coins/g)).toHaveLength(5);
  });
});

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await check()).toBe(true);
}
