/**
 * The web page over HTTPS and its socket over WSS (`--web-tls-port`), in Chromium, with a
 * self-signed certificate accepted by its public key's fingerprint alone (as a player who checked
 * the host's fingerprint would): log in and play a command.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCertificate } from '../../src/certificate.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { buildPage, CHROMIUM, launchBrowser, poll, type Browser } from '../support/browser.js';
import { certificateFiles } from '../support/certificates.js';
import { describeNeeds } from '../support/needs.js';

let work: string;
let pageDir: string;
let ts: TestServer;
let browser: Browser;
const sockets: string[] = [];

describeNeeds(existsSync(CHROMIUM) ? null : `${CHROMIUM} is missing (apt-get install -y chromium)`)('the web page over HTTPS in Chromium', () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'web-tls-'));
    const [files, built] = await Promise.all([certificateFiles(work, 'web'), buildPage()]);
    pageDir = built;
    ts = await startTestServer({
      web: { root: pageDir },
      tls: { port: null, webPort: 0, certificate: readCertificate(files.certFile, files.keyFile, Date.now()) },
    });
    // Chromium takes this one certificate, and no other it cannot check, by its public key.
    browser = await launchBrowser(undefined, [`--ignore-certificate-errors-spki-list=${files.spki}`]);
    browser.page.on('websocket', (ws) => sockets.push(ws.url()));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await ts?.destroy();
    for (const dir of [pageDir, work]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves the page at https://, says so, and plays over wss://', async () => {
    const port = ts.server.webTlsPort!;
    expect(ts.logs).toContain(`web client on https://127.0.0.1:${port}/`);
    const response = await browser.page.goto(`https://127.0.0.1:${port}/`);
    expect(response?.status()).toBe(200);
    const story = () => browser.page.locator('#output .block').allTextContents().then((blocks) => blocks.join('\n'));
    await poll(story).toMatch(/create <name> <password>/);
    await browser.page.locator('#line').fill('create Serena secret123');
    await browser.page.keyboard.press('Enter');
    await poll(story).toMatch(/Welcome to the Obsidian Scorpion, Serena\.[^]*Exits:/);
    await browser.page.locator('#line').fill('inventory');
    await browser.page.keyboard.press('Enter');
    await poll(story).toMatch(/You are carrying 1,000 obsidian coins\./);
    await browser.screenshot('web-tls.png');
    expect(sockets).toEqual([`wss://127.0.0.1:${port}/ws`]);
    expect(browser.errors).toEqual([]);
  });
});
