/** A TelnetConnection server on loopback and a raw client that records every byte: for byte-level tests. */
import net, { type AddressInfo } from 'node:net';
import { afterEach, expect } from 'vitest';
import type { ConnectionOptions, TelnetConnection } from '../../src/telnet/connection.js';
import { DO, IAC, OptionCode, WILL } from '../../src/telnet/options.js';
import { listenTelnet } from '../../src/telnet/server.js';

const { TTYPE, EOR, NAWS, CHARSET, MSSP, COMPRESS2, GMCP } = OptionCode;

/** What the server sends at connect, in this order (docs/clients.md, "Protocols"). */
export const INITIAL_NEGOTIATION = [
  ...[IAC, WILL, EOR],
  ...[IAC, WILL, GMCP],
  ...[IAC, WILL, MSSP],
  ...[IAC, WILL, COMPRESS2],
  ...[IAC, WILL, CHARSET],
  ...[IAC, DO, TTYPE],
  ...[IAC, DO, NAWS],
];

export const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

/** Polls (no fixed sleeps, no timers: some tests fake them) until check() holds. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A raw TCP client that records every byte the server sends. */
export class RawClient {
  private chunks: Buffer[] = [];
  ended = false;

  constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    socket.on('end', () => (this.ended = true));
    socket.on('error', () => {});
  }

  get received(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  send(...parts: (string | number[] | Buffer)[]): void {
    this.socket.write(bytes(...parts));
  }

  /** Everything received after the first `offset` bytes. */
  after(offset: number): Buffer {
    return this.received.subarray(offset);
  }

  async waitForBytes(expected: Buffer | number[], from = 0): Promise<void> {
    const needle = Buffer.from(expected);
    await waitFor(() => this.after(from).includes(needle), `bytes ${needle.toString('hex')}`);
  }
}

/** The server side of one client, as the rest of the server would see it. */
export interface ServerSide {
  conn: TelnetConnection;
  lines: string[];
  closes: number;
}

export interface Harness {
  port: number;
  sides: ServerSide[];
}

const servers: net.Server[] = [];
const clients: RawClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

export async function startServer(options?: ConnectionOptions): Promise<Harness> {
  const sides: ServerSide[] = [];
  const server = await listenTelnet(
    '127.0.0.1',
    0,
    (conn) => {
      const side: ServerSide = { conn, lines: [], closes: 0 };
      conn.onLine((text) => side.lines.push(text));
      conn.on('close', () => side.closes++);
      sides.push(side);
    },
    options,
  );
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, sides };
}

/** Connects a client and waits until the server has it and the client has our opening offers. */
export async function connect(harness: Harness, allowHalfOpen = false): Promise<{ client: RawClient; side: ServerSide }> {
  const before = harness.sides.length;
  const socket = net.connect({ port: harness.port, host: '127.0.0.1', allowHalfOpen });
  const client = new RawClient(socket);
  clients.push(client);
  await waitFor(() => harness.sides.length > before, 'the server to accept');
  await waitFor(() => client.received.length >= INITIAL_NEGOTIATION.length, 'the opening negotiation');
  return { client, side: harness.sides[before]! };
}

/** Sends a line and waits for it: everything the client sent before has been handled. */
export async function roundTrip(client: RawClient, side: ServerSide, marker = `marker ${side.lines.length}`): Promise<void> {
  client.send(`${marker}\r\n`);
  await waitFor(() => side.lines.at(-1) === marker, `the line "${marker}"`);
}

/** After a misbehaving client: a fresh, polite client still gets its lines through. */
export async function expectServerStillServes(harness: Harness): Promise<void> {
  const { client, side } = await connect(harness);
  client.send('look\r\nsay still here\n');
  await waitFor(() => side.lines.length === 2, 'the polite client lines');
  expect(side.lines).toEqual(['look', 'say still here']);
  expect(side.conn.closed).toBe(false);
  client.socket.destroy();
}
