/**
 * Sockets on their way in (a half-sent web request, a stalled TLS handshake) counted per address
 * from accept, with short deadlines; TLS handshakes per address a minute; every limit counting an
 * IPv6 address by its /64; and the greeting's last places kept for addresses with none there.
 * Addresses are 127.0.0.x (a client binds its end to one), or IPv6 ones named by a trusted proxy.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCertificate, type Certificate } from '../../src/certificate.js';
import { certificateFiles } from '../support/certificates.js';
import { TestClient } from '../support/client.js';
import { proxyV1 } from '../support/proxyHeaders.js';
import { connectTls } from '../support/secureClient.js';
import { startTestServer, type TestServer } from '../support/server.js';

let work: string;
let certificate: Certificate;
let ts: TestServer | undefined;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'coming-in-'));
  const files = await certificateFiles(work, 'coming-in');
  certificate = readCertificate(files.certFile, files.keyFile, Date.now());
}, 60_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await ts?.destroy();
  ts = undefined;
});

const TOO_MANY = 'Too many connections from your address (10); close one and try again.';

/** A raw socket from `from`, connected, that sends `bytes` (perhaps nothing) and keeps whatever comes back. */
async function raw(port: number, from: string, bytes = ''): Promise<{ socket: net.Socket; got: () => string; closed: Promise<void> }> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  let text = '';
  socket.on('data', (d) => (text += d.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  if (bytes) socket.write(bytes);
  return { socket, got: () => text, closed };
}

function get(port: number, path: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, localAddress: from, headers, agent: false }, (res) => resolve(res.resume().statusCode!)).on('error', reject);
  });
}

describe('sockets on their way in', () => {
  it('counts half-sent web requests per address from accept: past 10 the next is told why (429) and closed; others are served; each is cut at its deadline', async () => {
    ts = await startTestServer({ web: {}, settings: { connectionsPerAddress: 10 }, comingInTimeoutMs: 400 });
    const half = await Promise.all(Array.from({ length: 10 }, () => raw(ts!.webPort, '127.0.0.30', 'GET /api/who HTTP/1.1\r\nHost: x\r\n')));
    const eleventh = await raw(ts.webPort, '127.0.0.30', 'GET /api/who HTTP/1.1\r\nHost: x\r\n\r\n');
    await eleventh.closed;
    expect(eleventh.got()).toMatch(new RegExp(`^HTTP/1.1 429 Too Many Requests\r\n[^]*Retry-After: 10\r\n[^]*\r\n\r\n${TOO_MANY.replace(/[().]/g, '\\$&')}\n$`));
    // Another address is served all the while: the page, the API and a socket for the game.
    expect(await get(ts.webPort, '/api/who', '127.0.0.31')).toBe(200);
    expect(await (await ts.connectWeb({ from: '127.0.0.31' })).command('')).toMatch(/Type a name, or create/);
    expect(ts.logs.filter((l) => l.startsWith('sockets from 127.0.0.30 refused: 10 on their way in from there already'))).toHaveLength(1);
    // At the deadline each half-sent request is answered 408 and closed, and its place is free again.
    await Promise.all(half.map((h) => h.closed));
    expect(half.every((h) => h.got().startsWith('HTTP/1.1 408'))).toBe(true);
    expect(await get(ts.webPort, '/api/who', '127.0.0.30')).toBe(200);
  });

  it('counts stalled TLS handshakes per address on the TLS and HTTPS ports: past 10 the next is closed without one; each is cut at its deadline', async () => {
    ts = await startTestServer({ web: {}, tls: { port: 0, webPort: 0, certificate }, settings: { connectionsPerAddress: 10 }, comingInTimeoutMs: 400 });
    for (const port of [ts.server.tlsPort!, ts.server.webTlsPort!]) {
      const stalled = await Promise.all(Array.from({ length: 10 }, () => raw(port, '127.0.0.40')));
      const eleventh = await raw(port, '127.0.0.40');
      await eleventh.closed;
      expect(eleventh.got()).toBe('');
      expect(stalled.every((s) => !s.socket.destroyed)).toBe(true);
      // Another address completes its handshake.
      const other = await connectTls(port, null, { from: '127.0.0.41' });
      other.client.close();
      await Promise.all(stalled.map((s) => s.closed));
    }
    // Their places are free again once the stalled ones were cut.
    const { client } = await connectTls(ts.server.tlsPort!, null, { from: '127.0.0.40' });
    await client.nextPrompt();
    expect(await client.command('')).toMatch(/Type a name, or create/);
  });

  it('limits TLS handshakes per address a minute, a sixth of them at once: the next is closed without one, and the log says so once', async () => {
    ts = await startTestServer({ web: {}, tls: { port: 0, webPort: 0, certificate }, tlsHandshakesPerMinute: 12 });
    for (let i = 0; i < 2; i++) (await connectTls(ts.server.tlsPort!, null, { from: '127.0.0.50' })).client.close();
    await expect(connectTls(ts.server.tlsPort!, null, { from: '127.0.0.50' })).rejects.toThrow();
    // The HTTPS port draws on the same allowance.
    const refused = await raw(ts.server.webTlsPort!, '127.0.0.50');
    await refused.closed;
    expect(refused.got()).toBe('');
    const other = await connectTls(ts.server.tlsPort!, null, { from: '127.0.0.51' });
    await other.client.nextPrompt();
    expect(await other.client.command('')).toMatch(/Type a name, or create/);
    expect(ts.logs.filter((l) => l.startsWith('tls handshakes from 127.0.0.50 refused: more than 12 a minute from there'))).toHaveLength(1);
  });
});

describe('IPv6, counted by the /64', () => {
  const PROXY = '127.0.0.2';
  /** A telnet connection through the proxy, as `address`: at the greeting's prompt, or (`refused`) closed with one line. */
  async function through(address: string, refused = false): Promise<TestClient> {
    const c = await TestClient.connect(ts!.port, { from: PROXY });
    c.sendBytes(proxyV1(address, 56324, address.includes(':') ? '2001:db8::53' : '192.0.2.1'));
    if (refused) await c.closedSoon();
    else await c.nextPrompt();
    return c;
  }

  it('holds one /64 to the connections per address, whichever of its addresses each comes from', async () => {
    ts = await startTestServer({ trustProxy: PROXY, settings: { connectionsPerAddress: 2 } });
    await through('2001:db8:1:2::1');
    await through('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    const third = await through('2001:db8:1:2::3', true);
    expect(third.all).toMatch(/Too many connections from your address \(2\); close one and try again\./);
    expect(ts.logs.some((l) => /from 2001:db8:1:2::3 refused: 2 open from there already \(its \/64, 2001:db8:1:2::\/64\)/.test(l))).toBe(true);
    expect(await (await through('2001:db8:1:3::1')).command('')).toMatch(/Type a name, or create/);
  });

  it('counts the public API by the /64', async () => {
    ts = await startTestServer({ trustProxy: PROXY, web: { publicLimit: { limit: 1, windowMs: 60_000 } } });
    const forwarded = (address: string) => ({ 'X-Forwarded-For': address });
    expect(await get(ts.webPort, '/api/who', PROXY, forwarded('2001:db8:1:2::1'))).toBe(200);
    expect(await get(ts.webPort, '/api/top', PROXY, forwarded('2001:db8:1:2::ffff'))).toBe(429);
    expect(await get(ts.webPort, '/api/who', PROXY, forwarded('2001:db8:9::1'))).toBe(200);
  });

  it("keeps the greeting's last quarter for addresses with nobody there: one /64 cannot fill it", async () => {
    ts = await startTestServer({ trustProxy: PROXY, settings: { greetingLimit: 8 } });
    for (let i = 1; i <= 6; i++) await through(`2001:db8:1:2::${i}`);
    const kept = await through('2001:db8:1:2::7', true);
    // (Wrapped at 80 columns: the client has not told its width yet.)
    expect(kept.all.replace(/\s+/g, ' ')).toMatch(/The greeting is nearly full, and its last 2 places are kept for addresses with nobody waiting there/);
    // Two newcomers from elsewhere still find a place; then it is full for everyone.
    await through('2001:db8:7::1');
    await through('198.51.100.1');
    const full = await through('198.51.100.2', true);
    expect(full.all).toMatch(/Too many connections are at the greeting right now \(8\); try again in a minute\./);
  });
});
