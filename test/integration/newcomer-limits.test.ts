/**
 * The limits a newcomer meets at every port (plain telnet, telnet over TLS, the web page's
 * socket): connections per address (10 by default), connections at the greeting (200 by
 * default; 3 here), and the file descriptor budget (its figures faked here; the real one under
 * `ulimit -n` is in descriptors.test.ts). Each refusal is one line to the newcomer, then the
 * connection closes; the log says it once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCertificate, type Certificate } from '../../src/certificate.js';
import { defaultTavernSettings } from '../../src/world/tavern.js';
import type { DescriptorCounts } from '../../src/telnet/fd-budget.js';
import { certificateFiles } from '../support/certificates.js';
import { TestClient } from '../support/client.js';
import { connectTls } from '../support/secureClient.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { WebTestClient } from '../support/webClient.js';

let work: string;
let certificate: Certificate;
let ts: TestServer | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'limits-'));
  const files = await certificateFiles(work, 'limits');
  certificate = readCertificate(files.certFile, files.keyFile, Date.now());
}, 60_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});
afterEach(async () => {
  await ts?.destroy();
  ts = undefined;
});

const tls = () => ({ port: 0, webPort: null, certificate });

/** A telnet newcomer that must be refused: everything it was sent before the server closed it. */
async function refusedTelnet(port: number, from?: string): Promise<string> {
  const c = await TestClient.connect(port, { from });
  await c.closedSoon();
  return c.all;
}

async function refusedTls(port: number, from?: string): Promise<string> {
  const { client } = await connectTls(port, null, { from });
  await client.closedSoon();
  return client.all;
}

async function refusedWeb(port: number, from?: string): Promise<WebTestClient['messages']> {
  const c = await WebTestClient.connect(port, { from });
  await c.closedSoon();
  return c.messages;
}

describe('connections per address', () => {
  it('lets one address hold 10 by default; the next, over telnet, TLS or the web socket, is told why in one line and closed', async () => {
    ts = await startTestServer({ web: {}, tls: tls(), settings: { connectionsPerAddress: defaultTavernSettings.connectionsPerAddress } });
    const from = '127.0.0.3';
    const held = await Promise.all(Array.from({ length: 10 }, () => ts!.connect({ from })));
    expect(held.every((c) => !c.closed)).toBe(true);
    const line = 'Too many connections from your address (10); close one and try again.';
    expect(await refusedTelnet(ts.port, from)).toMatch(new RegExp(`^${line.replace(/[().]/g, '\\$&')}\\s*$`));
    expect(await refusedTls(ts.server.tlsPort!, from)).toMatch(new RegExp(`^${line.replace(/[().]/g, '\\$&')}\\s*$`));
    expect(await refusedWeb(ts.webPort, from)).toEqual([{ type: 'close', text: line }]);
    expect(ts.logs.filter((l) => /from 127\.0\.0\.3 refused: 10 open from there already/.test(l))).toHaveLength(1);
    // Another address has ten of its own.
    expect((await ts.connect({ from: '127.0.0.4' })).closed).toBe(false);
  });
});

describe('connections at the greeting', () => {
  it('past the limit, a newcomer on any port is told why in one line and closed; a player who logs in leaves room for one more', async () => {
    ts = await startTestServer({ web: {}, tls: tls(), settings: { greetingLimit: 3 } });
    const waiting = await Promise.all([1, 2, 3].map((n) => ts!.connect({ from: `127.0.0.${10 + n}` })));
    const line = 'Too many connections are at the greeting right now (3); try again in a minute.';
    const pattern = new RegExp(`^${line.replace(/[().]/g, '\\$&')}\\s*$`);
    expect(await refusedTelnet(ts.port, '127.0.0.20')).toMatch(pattern);
    expect(await refusedTls(ts.server.tlsPort!, '127.0.0.21')).toMatch(pattern);
    expect(await refusedWeb(ts.webPort, '127.0.0.22')).toEqual([{ type: 'close', text: line }]);
    expect(ts.logs.filter((l) => /refused: 3 connections are at the greeting already \(at most 3\)/.test(l))).toHaveLength(1);

    // One of them logs in: the greeting has room for one newcomer again, over any port.
    waiting[0].send('create Ana secret123');
    await waiting[0].expect('Exits:');
    const web = await ts.connectWeb({ from: '127.0.0.23' });
    expect(await web.command('')).toMatch(/Type a name, or create/);
    expect(ts.logs.some((l) => /^fewer than 3 connections at the greeting again: newcomers are let in \(3 refused meanwhile\)$/.test(l))).toBe(true);
    expect(await refusedTelnet(ts.port, '127.0.0.24')).toMatch(pattern);
  });
});

describe('near the file descriptor limit', () => {
  it('turns every newcomer away at once, with one line where it can be told, and lets them in again once descriptors are free', async () => {
    const table = { open: 990 };
    const counts: DescriptorCounts = { limit: () => 1000, open: () => table.open };
    ts = await startTestServer({ web: {}, tls: tls(), descriptors: { counts } });
    const full = 'The tavern is full right now; try again in a minute.';
    // Telnet: the line, before any negotiation.
    expect(await refusedTelnet(ts.port)).toBe(`${full}\r\n`);
    // The web port: a 503 with the line, for the page and for its socket alike.
    const page = await fetch(`http://127.0.0.1:${ts.webPort}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('60');
    expect(await page.text()).toBe(`${full}\n`);
    await expect(WebTestClient.connect(ts.webPort)).rejects.toThrow(/HTTP 503/);
    // TLS: nothing can be said before a handshake; closed without a word.
    await expect(connectTls(ts.server.tlsPort!, null)).rejects.toThrow();
    expect(ts.logs.filter((l) => l.startsWith('newcomers turned away: 990 of the 1000 file descriptors'))).toHaveLength(1);

    // Connections closed elsewhere: within a tenth of a second the budget sees it.
    table.open = 500;
    await new Promise((r) => setTimeout(r, 120));
    const back = await ts.connect();
    expect(await back.command('')).toMatch(/Type a name, or create/);
    expect((await ts.connectWeb()).closed).toBe(false);
    const { client } = await connectTls(ts.server.tlsPort!, null);
    await client.nextPrompt();
    expect(ts.logs.some((l) => /^newcomers let in again: 500 of 1000 file descriptors in use \(\d+ turned away meanwhile\)$/.test(l))).toBe(true);
  });
});
