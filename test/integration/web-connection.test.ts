import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { WebConnection, type WebConnectionOptions } from '../../src/web/connection.js';
import type { ServerMessage } from '../../src/web/messages.js';

let server: WebSocketServer | undefined;
const clients: WebSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A WebConnection on the server side and a raw ws client on the other, over loopback. */
async function pair(options?: WebConnectionOptions) {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`);
  clients.push(client);
  const received: ServerMessage[] = [];
  client.on('message', (data) => received.push(JSON.parse(data.toString())));
  await once(client, 'open');
  const [socket] = await accepted;
  const connection = new WebConnection(socket, '127.0.0.1', options);
  const lines: string[] = [];
  let closes = 0;
  connection.onLine((l) => lines.push(l));
  connection.on('close', () => closes++);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(check()).toBe(true);
  };
  return { connection, client, received, lines, closes: () => closes, until };
}

describe('a browser connection', () => {
  it('turns each line message into one input line, and each message out into one frame', async () => {
    const p = await pair();
    p.client.send(JSON.stringify({ type: 'line', text: 'look' }));
    p.client.send(JSON.stringify({ type: 'line', text: 'say\thi' }));
    await p.until(() => p.lines.length === 2);
    expect(p.lines).toEqual(['look', 'say hi']);
    p.connection.send({ type: 'text', text: 'You see sand.' });
    p.connection.send({ type: 'prompt', text: '> ' });
    await p.until(() => p.received.length === 2);
    expect(p.received).toEqual([{ type: 'text', text: 'You see sand.' }, { type: 'prompt', text: '> ' }]);
  });

  it('tells the page its line was cut before handling the part that fits', async () => {
    const p = await pair({ maxLineBytes: 8 });
    p.client.send(JSON.stringify({ type: 'line', text: 'say hello there' }));
    await p.until(() => p.lines.length === 1 && p.received.length === 1);
    expect(p.lines).toEqual(['say hell']);
    expect(p.received).toEqual([{ type: 'text', text: 'Your line was too long; it was cut to 8 bytes.' }]);
  });

  it('refuses a bad frame with its reason and a prompt, handling nothing', async () => {
    const p = await pair();
    p.client.send('{"type":"line"');
    p.client.send(Buffer.from([1, 2, 3]));
    await p.until(() => p.received.length === 4);
    expect(p.received).toEqual([
      { type: 'text', text: expect.stringMatching(/not JSON/) },
      { type: 'prompt', text: '> ' },
      { type: 'text', text: expect.stringMatching(/binary/) },
      { type: 'prompt', text: '> ' },
    ]);
    expect(p.lines).toEqual([]);
    expect(p.connection.closed).toBe(false);
  });

  it('drops a page that keeps sending what it should not, with one last word', async () => {
    const p = await pair({ maxBadFrames: 3 });
    for (let i = 0; i < 5; i++) p.client.send('nonsense');
    await p.until(() => p.closes() === 1);
    expect(p.received.filter((m) => m.type === 'close')).toEqual([{ type: 'close', text: 'Too many messages this server cannot read; goodbye.' }]);
    expect(p.received.filter((m) => m.type === 'text')).toHaveLength(2);
    expect(p.lines).toEqual([]);
  });

  it('says why it closes, closes once, and sends nothing after', async () => {
    const p = await pair();
    const clientClosed = once(p.client, 'close');
    p.connection.close('Farewell!');
    p.connection.close('again');
    p.connection.send({ type: 'text', text: 'too late' });
    await clientClosed;
    await p.until(() => p.closes() === 1);
    expect(p.received).toEqual([{ type: 'close', text: 'Farewell!' }]);
    expect(p.connection.closed).toBe(true);
  });

  it('drops a page that stops reading once its output passes the cap', async () => {
    const p = await pair({ maxQueuedBytes: 64 * 1024 });
    p.client.pause();
    const chunk = 'x'.repeat(16 * 1024);
    let sent = 0;
    while (!p.connection.closed && sent < 4000) {
      p.connection.send({ type: 'text', text: chunk });
      sent++;
    }
    expect(p.connection.closed).toBe(true);
    await p.until(() => p.closes() === 1);
  });

  it('reads no frame while its input is paused, and every line once it is resumed', async () => {
    const p = await pair();
    p.connection.pauseInput();
    p.client.send(JSON.stringify({ type: 'line', text: 'look' }));
    p.client.send(JSON.stringify({ type: 'line', text: 'inventory' }));
    // Long enough for loopback to have delivered both, were the socket read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(p.lines).toEqual([]);
    p.connection.resumeInput();
    await p.until(() => p.lines.length === 2);
    expect(p.lines).toEqual(['look', 'inventory']);
  });
});
