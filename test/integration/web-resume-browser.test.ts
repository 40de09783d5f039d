/**
 * The page in Chromium resumes its session after its connection is cut (a relay between the
 * page and the real server resets every connection, as a network that goes away does): it says
 * it is reconnecting, comes back by itself as the same character without the password, and a
 * seated Spice Run player keeps seat and turn. A token taken from the tab and used after its
 * rotation is refused, and that page falls back to the greeting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { buildPage, poll, launchBrowser, noBrowser, type Browser } from '../support/browser.js';
import { TcpProxy } from '../support/tcpProxy.js';

const TOKEN_KEY = 'obsidian-scorpion.resume-token';

let pageDir: string;
let ts: TestServer;
let relay: TcpProxy;
let browser: Browser;
let bob: TestClient;

const blocks = () => browser.page.locator('#output .block').allTextContents();

/** Waits until the output pane, from block `from` on, tells `pattern`; returns what it told. */
async function story(pattern: RegExp, from = 0): Promise<string> {
  await poll(async () => (await blocks()).slice(from).join('\n')).toMatch(pattern);
  return (await blocks()).slice(from).join('\n');
}

/** Types a line into the page's command line, sends it, and waits for `pattern` in what follows. */
async function type(line: string, pattern: RegExp): Promise<string> {
  const from = (await blocks()).length;
  await browser.page.locator('#line').fill(line);
  await browser.page.keyboard.press('Enter');
  return story(pattern, from);
}

const status = () => browser.page.locator('#status').getAttribute('data-state');
const storedToken = () => browser.page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY);

/** Cuts the page's connection; resolves once the page has said it is reconnecting. */
async function cut(): Promise<void> {
  relay.cut();
  await poll(status).toBe('lost');
  expect(await browser.page.locator('#banner-text').textContent()).toMatch(/The connection was lost\. Trying again in \d+ s\. You will be back where you were, without your password, if it returns within 2 minutes\./);
}

describe.skipIf(noBrowser)('resuming the page’s session in Chromium', () => {
  beforeAll(async () => {
    pageDir = await buildPage();
    ts = await startTestServer({ seed: 3, web: { root: pageDir } });
    relay = await TcpProxy.start(ts.webPort);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await relay?.close();
    await ts?.destroy();
    if (pageDir) await rm(pageDir, { recursive: true, force: true });
  });

  it('keeps a single-use token in the tab once logged in', async () => {
    await browser.page.goto(`http://127.0.0.1:${relay.port}/`);
    await story(/create <name> <password>/);
    expect(await storedToken()).toBeNull();
    await type('create Wanda secret123', /Welcome to the Obsidian Scorpion, Wanda[^]*Exits:/);
    await poll(storedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('comes back by itself as the same character after the connection is cut, without the password', async () => {
    const token = await storedToken();
    const from = (await blocks()).length;
    await cut();
    await story(/Reconnected: your session goes on\./, from);
    await poll(status).toBe('connected');
    // The greeting the server sent the new connection is not shown: the session went on instead.
    expect((await blocks()).slice(from).join('\n')).not.toMatch(/create <name> <password>/);
    expect(await type('score', /Wanda/)).toMatch(/Wanda/);
    // The token was rotated by the resume.
    expect(await storedToken()).not.toBe(token);
    expect(browser.errors).toEqual([]);
  });

  it('keeps a seated Spice Run player’s seat and turn', async () => {
    await type('sit sand', /You take a seat at the sand table/);
    bob = await ts.login('Bob');
    expect(await bob.command('sit sand')).toMatch(/A game of Spice Run begins: Wanda is Player 1, you are Player 2/);
    await story(/A game of Spice Run begins/);
    expect(await type('look sand', /It is your turn/)).toMatch(/It is your turn/);
    const from = (await blocks()).length;
    await cut();
    await bob.expect(/Wanda stares blankly into the distance, lost in thought/);
    await story(/Reconnected: your session goes on\.[^]*You are back\./, from);
    await bob.expect(/Wanda looks around, alert again/);
    expect(await type('look sand', /It is your turn/)).toMatch(/Wanda/);
    await type('roll dice sand', /You throw the dice: \d and \d/);
    await browser.screenshot('web-resumed-1280.png');
  });

  it('refuses a token taken from the tab and used after its rotation: that page falls back to the greeting', async () => {
    const stolen = await storedToken();
    await cut();
    await poll(storedToken).not.toBe(stolen); // the page resumed, and was given a new token
    await poll(status).toBe('connected');
    // Another tab, given the old token as if it had been copied out of this one.
    const thief = await browser.context.newPage();
    await thief.addInitScript(([key, token]) => sessionStorage.setItem(key, token), [TOKEN_KEY, stolen!] as const);
    await thief.goto(`http://127.0.0.1:${relay.port}/`);
    const thiefStory = () => thief.locator('#output .block').allTextContents().then((b) => b.join('\n'));
    await poll(thiefStory).toMatch(/That session was resumed already \(each resume needs the newer token the server gave then\)\. Log in again\.[^]*create <name> <password>/);
    expect(await thief.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBeNull();
    expect(await thief.locator('#status').getAttribute('data-state')).toBe('connected');
    await thief.close();
    // Wanda plays on, undisturbed.
    expect(await type('score', /Wanda/)).toMatch(/Wanda/);
  });

  it('forgets the token when the player quits: a later visit in the same tab is at the greeting', async () => {
    await type('quit', /Farewell!/);
    await poll(storedToken).toBeNull();
    await browser.page.reload();
    await story(/create <name> <password>/);
    expect(browser.errors).toEqual([]);
  });
});
