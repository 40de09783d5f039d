import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer as createUnixServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/server.js';
import { playOutSpiceRun, type Typist } from '../support/spiceRun.js';
import { TestClient } from '../support/client.js';
import { WebTestClient } from '../support/webClient.js';
import { unmarked } from '../../src/text/markup.js';

let ts: TestServer;
let pageDir: string | undefined;
afterEach(async () => {
  await ts?.destroy();
  if (pageDir) await rm(pageDir, { recursive: true, force: true });
  pageDir = undefined;
});

async function coins(c: Typist): Promise<number> {
  const m = /carrying ([\d,]+) obsidian coins/.exec(await c.command('i'));
  return Number(m![1].replace(/,/g, ''));
}


describe('the web client over a real WebSocket', () => {
  it('plays a whole game of Spice Run from the browser against a telnet player; the coins add up on both sides', async () => {
    ts = await startTestServer({ seed: 7, web: {} });
    expect(ts.logs).toContain(`web client on http://127.0.0.1:${ts.webPort}/`);
    const ana = await ts.loginWeb('Ana');
    const bob = await ts.login('Bob');
    await ana.expect('Bob arrives.');
    expect(await ana.command('sit sand')).toMatch(/You take a seat at the sand table/);
    expect(await bob.command('sit table')).toMatch(/A game of Spice Run begins: Ana is Player 1, you are Player 2/);
    const story = await playOutSpiceRun(ana, bob, '100');
    // Ana is Player 1, named first: "you" when the reply was hers.
    const result = /The game of Spice Run is over: (?:Ana|you) (won|lost|broke even) ?([\d,]*)/.exec(unmarked(story));
    expect(result).not.toBeNull();
    const anaNet = result![1] === 'broke even' ? 0 : (result![1] === 'won' ? 1 : -1) * Number(result![2].replace(/,/g, ''));
    const [anaCoins, bobCoins] = [await coins(ana), await coins(bob)];
    expect(anaCoins).toBe(1000 + anaNet);
    expect(bobCoins).toBe(1000 - anaNet);
    expect(anaNet).not.toBe(0);
    // Every text message from the server is followed, in the end, by a prompt.
    expect(ana.messages.at(-1)).toEqual({ type: 'prompt', text: '> ' });
  });

  it('masks the input around the password prompt, as telnet turns its echo off', async () => {
    ts = await startTestServer({ web: {} });
    const c = await ts.connectWeb();
    expect(await c.command('Zed')).toMatch(/Make a new character/);
    const before = c.messages.length;
    expect(await c.command('yes')).toMatch(/Choose a password/);
    expect(c.messages.slice(before)).toContainEqual({ type: 'input', hidden: true });
    expect(await c.command('hunter22')).toMatch(/same password again/);
    const typed = c.messages.length;
    expect(await c.command('hunter22')).toMatch(/Welcome to the Obsidian Scorpion, Zed[^]*Common Room/);
    expect(c.messages.slice(typed)).toContainEqual({ type: 'input', hidden: false });
    const d = await ts.connectWeb();
    expect(await d.command('connect zed wrongpass')).toMatch(/Wrong password/);
  });

  it('takes a character over from telnet, and telnet takes it back, each side told', async () => {
    ts = await startTestServer({ web: {} });
    const telnet = await ts.login('Ana');
    const web = await ts.loginWeb('Ana');
    await telnet.expect('Someone has logged in as you from elsewhere');
    await telnet.closedSoon();
    expect(web.messages.some((m) => m.type === 'text' && /You take over your character/.test(m.text))).toBe(true);
    expect(await web.command('i')).toMatch(/1,000 obsidian coins/);
    const again = await ts.login('Ana');
    await web.closedSoon();
    expect(web.messages.at(-1)).toEqual({ type: 'close', text: 'Someone has logged in as you from elsewhere; this connection is closing.' });
    expect(await again.command('i')).toMatch(/1,000 obsidian coins/);
  });

  it('ends with a close message after quit', async () => {
    ts = await startTestServer({ web: {} });
    const c = await ts.loginWeb('Ana');
    c.send('quit');
    await c.expect('Farewell!');
    await c.closedSoon();
    expect(c.messages.at(-1)).toEqual({ type: 'close', text: 'The heat of the road swallows you. Farewell!' }); // a last word: no prompt after it
  });

  it('refuses bad frames with a reason and carries on; a frame past the hard cap drops the client', async () => {
    ts = await startTestServer({ web: {} });
    const c = await ts.loginWeb('Ana');
    c.raw('{"type":"line","text":"give 10 coins to bob"');
    expect(await c.nextPrompt()).toMatch(/not JSON/);
    c.raw(JSON.stringify({ type: 'line', text: 'give 10 coins\nto bob' }));
    expect(await c.nextPrompt()).toMatch(/without line breaks/);
    expect(await c.command('i')).toMatch(/1,000 obsidian coins/);
    const d = await ts.loginWeb('Bob');
    d.raw('x'.repeat(100_000));
    await d.closedSoon();
    expect(await c.command('i')).toMatch(/1,000 obsidian coins/);
  });

  it('refuses a WebSocket from another site\'s page, and any path but /ws', async () => {
    ts = await startTestServer({ web: { origins: ['https://mud.example.org'] } });
    await expect(WebTestClient.connect(ts.webPort, { origin: 'http://evil.example' })).rejects.toThrow(/HTTP 403/);
    await expect(WebTestClient.connect(ts.webPort, { path: '/socket' })).rejects.toThrow(/HTTP 404/);
    const own = await ts.connectWeb({ origin: `http://127.0.0.1:${ts.webPort}` });
    expect(await own.command('')).toMatch(/Type a name, or create/);
    const listed = await ts.connectWeb({ origin: 'https://mud.example.org' });
    expect(listed.closed).toBe(false);
  });

  it('holds one address to its number of open connections, saying why', async () => {
    ts = await startTestServer({ web: { maxPerAddress: 2 } });
    const first = await ts.connectWeb();
    await ts.connectWeb();
    const third = await WebTestClient.connect(ts.webPort);
    await third.closedSoon();
    expect(third.messages).toEqual([{ type: 'close', text: 'Too many connections from your address (2); close one and try again.' }]);
    first.close();
    // The server has counted the first one gone once it logs its close.
    for (let i = 0; i < 500 && !ts.logs.some((l) => /connection web-\d+ closed/.test(l)); i++) await new Promise((r) => setTimeout(r, 10));
    const fourth = await ts.connectWeb();
    expect(fourth.closed).toBe(false);
  });

  it('holds one address to connectionsPerAddress across telnet and web together, other addresses unaffected', async () => {
    ts = await startTestServer({ web: {}, settings: { connectionsPerAddress: 2 } });
    expect(ts.logs.join('\n')).toMatch(/connections: 2 per address/);
    const telnet = await ts.connect();
    await ts.connectWeb();
    const refused = await TestClient.connect(ts.port);
    await refused.closedSoon();
    expect(refused.all).toMatch(/^Too many connections from your address \(2\); close one and try again\.\s*$/);
    expect(ts.logs.some((l) => /refused: 2 open from there already/.test(l))).toBe(true);
    const webRefused = await WebTestClient.connect(ts.webPort);
    await webRefused.closedSoon();
    expect(webRefused.messages).toEqual([{ type: 'close', text: 'Too many connections from your address (2); close one and try again.' }]);
    // One log line while the address stays at the cap, however many are refused.
    expect(ts.logs.filter((l) => /refused: 2 open/.test(l))).toHaveLength(1);
    // Another address has its own count.
    const elsewhere = await ts.connect({ from: '127.0.0.2' });
    expect(elsewhere.closed).toBe(false);
    // Refused ones count for nothing; a closed one frees its place.
    telnet.close();
    for (let i = 0; i < 500 && !ts.logs.some((l) => /connection \d+ closed/.test(l)); i++) await new Promise((r) => setTimeout(r, 10));
    const again = await ts.connect();
    expect(await again.command('')).toMatch(/Type a name, or create/);
  });

  it('serves the built page with its security headers, and says how to build it when it is missing', async () => {
    pageDir = await mkdtemp(join(tmpdir(), 'tavern-page-'));
    await mkdir(join(pageDir, 'assets'));
    await writeFile(join(pageDir, 'index.html'), '<!doctype html><title>tavern</title>');
    await writeFile(join(pageDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    ts = await startTestServer({ web: { root: pageDir } });
    const base = `http://127.0.0.1:${ts.webPort}`;
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>tavern</title>');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = await fetch(`${base}/assets/index-abc123.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${base}/..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
    await ts.destroy();
    ts = await startTestServer({ web: { root: join(pageDir, 'nothing-here') } });
    const missing = await fetch(`http://127.0.0.1:${ts.webPort}/`);
    expect(missing.status).toBe(503);
    expect(await missing.text()).toMatch(/npm run build/);
  });

  it('loses only the request for a page file it cannot open (as near the descriptor limit), and carries on', async () => {
    pageDir = await mkdtemp(join(tmpdir(), 'tavern-page-'));
    await writeFile(join(pageDir, 'index.html'), '<!doctype html><title>tavern</title>');
    // A unix socket in the page's folder: listed and stat'ed like a file, but open() fails (ENXIO),
    // as it fails with EMFILE when no descriptor is free.
    const unix = createUnixServer().listen(join(pageDir, 'socket.js'));
    await new Promise((r) => unix.once('listening', r));
    try {
      ts = await startTestServer({ web: { root: pageDir } });
      const base = `http://127.0.0.1:${ts.webPort}`;
      await expect(fetch(`${base}/socket.js`).then((r) => r.text())).rejects.toThrow();
      expect(await (await fetch(`${base}/`)).text()).toContain('<title>tavern</title>');
      expect(await (await ts.connectWeb()).command('')).toMatch(/Type a name, or create/);
    } finally {
      unix.close();
    }
  });
});
