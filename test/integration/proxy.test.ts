/**
 * Behind a reverse proxy (`--trust-proxy`): a trusted proxy's PROXY protocol header (telnet) and
 * X-Forwarded-For (web) name the player for every per-address limit and the log; the same
 * headers from anyone else are refused (PROXY: the connection is closed) or ignored (XFF).
 * The proxy is played by a client bound to 127.0.0.2, an untrusted peer by one on 127.0.0.3.
 */
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/server.js';
import { TestClient } from '../support/client.js';
import { WebTestClient } from '../support/webClient.js';
import { proxyV1, proxyV2 } from '../support/proxyHeaders.js';

const PROXY = '127.0.0.2';
const STRANGER = '127.0.0.3';
const TOO_MANY = /Too many connections from your address \(1\); close one and try again\./;

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

/** A telnet connection from `from` that first sends `header`; resolves at the greeting's prompt. */
async function through(header: Buffer, from = PROXY, after = ''): Promise<TestClient> {
  const c = await TestClient.connect(ts.port, { from });
  c.sendBytes(Buffer.concat([header, Buffer.from(after)]));
  await c.nextPrompt();
  return c;
}

/** Waits for a log line matching `pattern`. */
async function logged(pattern: RegExp): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const line = ts.logs.find((l) => pattern.test(l));
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`nothing logged like ${pattern}; the log:\n${ts.logs.join('\n')}`);
}

describe('telnet behind a trusted proxy (PROXY protocol)', () => {
  it('counts the forwarded address, not the proxy’s, toward the connections per address (v1), and logs it', async () => {
    ts = await startTestServer({ trustProxy: PROXY, settings: { connectionsPerAddress: 1 } });
    expect(ts.logs.join('\n')).toMatch(/trusting the proxies at 127\.0\.0\.2 to name the player/);
    const ana = await through(proxyV1('203.0.113.7'));
    // Another player through the same proxy is another address.
    const bex = await through(proxyV1('198.51.100.20'));
    expect(await bex.command('')).toMatch(/Type a name, or create/);
    await logged(/^connection \d+ from 203\.0\.113\.7 through the proxy at (::ffff:)?127\.0\.0\.2$/);
    // The same player a second time is one too many, though the proxy itself holds two.
    const again = await TestClient.connect(ts.port, { from: PROXY });
    again.sendBytes(proxyV1('203.0.113.7'));
    await again.closedSoon();
    expect(again.all).toMatch(TOO_MANY);
    await logged(/connection \d+ from 203\.0\.113\.7 refused: 1 open from there already/);
    expect(ana.closed).toBe(false);
  });

  it('counts new characters per hour by the forwarded address (v2), the header’s bytes never taken for input', async () => {
    ts = await startTestServer({ trustProxy: `${PROXY},10.0.0.0/8`, settings: { createsPerHour: 1 } });
    // The header and the first line in one packet: the line is read, the header is not.
    const ana = await through(proxyV2('203.0.113.7'));
    expect(await ana.command('create Ana secret123')).toMatch(/Welcome to the Obsidian Scorpion, Ana/);
    expect(ana.all).not.toMatch(/PROXY|QUIT/);
    const bex = await through(proxyV2('203.0.113.7'));
    expect(await bex.command('create Bex secret123')).toMatch(/One new character may be made from one address in an hour/);
    const cyr = await through(proxyV2('2001:db8::77'));
    expect(await cyr.command('create Cyr secret123')).toMatch(/Welcome to the Obsidian Scorpion, Cyr/);
    await logged(/^connection \d+ from 2001:db8::77 through the proxy at (::ffff:)?127\.0\.0\.2$/);
  });

  it('slows password guessing by the forwarded address, not the proxy’s', async () => {
    ts = await startTestServer({ trustProxy: PROXY });
    for (const name of ['Ana', 'Bex', 'Cyr', 'Dov']) (await ts.login(name)).close();
    // Three wrong guesses from one player, each at another character: the address's fourth waits.
    const guesser = await through(proxyV2('203.0.113.7'));
    for (const name of ['Ana', 'Bex']) expect(await guesser.command(`connect ${name} not-it`)).toMatch(/Wrong password/);
    const again = await through(proxyV2('203.0.113.7'));
    expect(await again.command('connect Cyr not-it')).toMatch(/Wrong password/);
    again.send('connect Dov not-it');
    await again.expect(/Too many wrong passwords from your address lately: this attempt waits 1 second\./);
    // Another player through the same proxy is not held up.
    const other = await through(proxyV2('198.51.100.20'));
    expect(await other.command('connect Dov secret123')).toMatch(/Exits:/);
    expect(other.all).not.toMatch(/this attempt waits/);
  });

  it('reads a first line that came in the header’s own packet', async () => {
    ts = await startTestServer({ trustProxy: PROXY });
    const c = await TestClient.connect(ts.port, { from: PROXY });
    c.sendBytes(Buffer.concat([proxyV1('203.0.113.9'), Buffer.from('create Dov secret123\r\n')]));
    await c.expect(/Welcome to the Obsidian Scorpion, Dov/);
    await logged(/^connection \d+ from 203\.0\.113\.9 through the proxy/);
  });

  it('takes a health check (v1 UNKNOWN, v2 LOCAL) as the proxy’s own connection, logged only once it says something', async () => {
    ts = await startTestServer({ trustProxy: PROXY });
    // HAProxy's check, every few seconds: a header, the greeting, goodbye. The log is spared it
    // (a connection's opening is logged before its greeting is sent).
    for (const header of [proxyV2(null, { command: 'LOCAL' }), Buffer.from('PROXY UNKNOWN\r\n')]) (await through(header)).close();
    expect(ts.logs.filter((l) => /^connection \d+ from/.test(l))).toEqual([]);
    const unknown = await through(Buffer.from('PROXY UNKNOWN\r\n'));
    expect(await unknown.command('')).toMatch(/Type a name, or create/);
    const local = await through(proxyV2(null, { command: 'LOCAL' }));
    expect(await local.command('')).toMatch(/Type a name, or create/);
    const own = ts.logs.filter((l) => /^connection \d+ from/.test(l));
    expect(own).toHaveLength(2);
    for (const line of own) expect(line).toMatch(/^connection \d+ from (::ffff:)?127\.0\.0\.2 \(the proxy itself\)$/);
  });

  it('counts a proxy’s own connections as the proxy’s address', async () => {
    ts = await startTestServer({ trustProxy: PROXY, settings: { connectionsPerAddress: 1 } });
    const own = await through(proxyV2(null, { command: 'LOCAL' }));
    const player = await through(proxyV2('203.0.113.7'));
    const second = await TestClient.connect(ts.port, { from: PROXY });
    second.sendBytes(Buffer.from('PROXY UNKNOWN\r\n'));
    await second.closedSoon();
    expect(second.all).toMatch(TOO_MANY);
    expect([own.closed, player.closed]).toEqual([false, false]);
  });

  it('closes a trusted proxy’s connection that sends no header in time, or something else, or a broken one', async () => {
    ts = await startTestServer({ trustProxy: PROXY, proxyHeaderTimeoutMs: 300 });
    const silent = await TestClient.connect(ts.port, { from: PROXY });
    await silent.closedSoon();
    expect(silent.all).toBe(''); // nothing was offered: the header comes first
    await logged(/connection from (::ffff:)?127\.0\.0\.2 \(a trusted proxy\) closed: no PROXY protocol header within 0\.3 s/);
    const telnetFirst = await TestClient.connect(ts.port, { from: PROXY });
    telnetFirst.send('connect Ana secret123');
    await telnetFirst.closedSoon();
    await logged(/closed: the connection did not begin with a PROXY protocol header/);
    // Half a header, then nothing: the same timeout.
    const half = await TestClient.connect(ts.port, { from: PROXY });
    half.sendBytes(proxyV1('203.0.113.7').subarray(0, 20));
    await half.closedSoon();
    const broken = await TestClient.connect(ts.port, { from: PROXY });
    broken.sendBytes(Buffer.from('PROXY TCP4 203.0.113.999 192.0.2.1 1 2\r\n'));
    await broken.closedSoon();
    await logged(/closed: a PROXY v1 line whose addresses are not TCP4 addresses/);
    expect(ts.logs.filter((l) => /^connection \d+ from/.test(l))).toEqual([]);
  });

  it('closes the connection of anyone else who sends a PROXY header (v1 or v2), with or without --trust-proxy', async () => {
    ts = await startTestServer({ trustProxy: PROXY, settings: { connectionsPerAddress: 1 } });
    for (const header of [proxyV1('203.0.113.7'), proxyV2('203.0.113.7')]) {
      // As a proxy would: the header first, before anything the server says.
      const c = await TestClient.connect(ts.port, { from: STRANGER });
      c.sendBytes(Buffer.concat([header, Buffer.from('create Eve secret123\r\n')]));
      await c.closedSoon();
      expect(c.all).not.toMatch(/Welcome/);
      await logged(new RegExp(`connection \\d+ from (::ffff:)?127\\.0\\.0\\.3 closed: it sent a PROXY protocol header, but (::ffff:)?127\\.0\\.0\\.3 is not in --trust-proxy`));
      await logged(/^connection \d+ closed$/);
    }
    // Without --trust-proxy at all, a header is refused the same way.
    await ts.destroy();
    ts = await startTestServer();
    const c = await TestClient.connect(ts.port, { from: STRANGER });
    c.sendBytes(proxyV1('203.0.113.7'));
    await c.closedSoon();
    await logged(/it sent a PROXY protocol header, but .* is not in --trust-proxy/);
  });
});

describe('the web port behind a trusted proxy (X-Forwarded-For)', () => {
  it('counts the forwarded address toward the connections per address, and logs it', async () => {
    ts = await startTestServer({ trustProxy: PROXY, web: {}, settings: { connectionsPerAddress: 1 } });
    const forwarded = (address: string) => ({ from: PROXY, headers: { 'X-Forwarded-For': address } });
    const ana = await ts.connectWeb(forwarded('203.0.113.7'));
    const bex = await ts.connectWeb(forwarded('198.51.100.20'));
    expect(await bex.command('')).toMatch(/Type a name, or create/);
    await logged(/^connection web-\d+ from 203\.0\.113\.7 through the proxy at (::ffff:)?127\.0\.0\.2$/);
    const again = await WebTestClient.connect(ts.webPort, forwarded('203.0.113.7'));
    await again.closedSoon();
    expect(again.messages).toEqual([{ type: 'close', text: 'Too many connections from your address (1); close one and try again.' }]);
    expect(ana.closed).toBe(false);
  });

  it('counts plain requests to the public pages by the forwarded address too', async () => {
    ts = await startTestServer({ trustProxy: PROXY, web: { publicLimit: { limit: 1, windowMs: 60_000 } } });
    const get = (from: string, forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const options = { host: '127.0.0.1', port: ts.webPort, path: '/api/who', localAddress: from, headers: { 'X-Forwarded-For': forwardedFor } };
        http.get(options, (res) => resolve(res.resume().statusCode!)).on('error', reject);
      });
    expect(await get(PROXY, '203.0.113.7')).toBe(200);
    expect(await get(PROXY, '198.51.100.20')).toBe(200);
    expect(await get(PROXY, '203.0.113.7')).toBe(429);
    // From anyone else the header is ignored: a new made-up address each time buys nothing.
    expect(await get(STRANGER, '203.0.113.8')).toBe(200);
    expect(await get(STRANGER, '203.0.113.9')).toBe(429);
  });

  it('ignores X-Forwarded-For from anyone else: they are counted as themselves', async () => {
    ts = await startTestServer({ trustProxy: PROXY, web: {}, settings: { connectionsPerAddress: 1 } });
    const first = await ts.connectWeb({ from: STRANGER, headers: { 'X-Forwarded-For': '203.0.113.7' } });
    await logged(/^connection web-\d+ from (::ffff:)?127\.0\.0\.3$/);
    // Another made-up address from the same peer is still the same peer.
    const second = await WebTestClient.connect(ts.webPort, { from: STRANGER, headers: { 'X-Forwarded-For': '198.51.100.20' } });
    await second.closedSoon();
    expect(second.messages).toEqual([{ type: 'close', text: 'Too many connections from your address (1); close one and try again.' }]);
    expect(first.closed).toBe(false);
  });
});
