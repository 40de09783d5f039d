/**
 * The page in Chromium against the real server: a character made in the browser plays at the
 * sand table against a telnet player, and the panels follow the game from the server's GMCP
 * data. The screenshot it keeps is the README's (docs/web.md says how it is made small).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { buildPage, poll, gotGmcp, launchBrowser, noBrowser, type Browser } from '../support/browser.js';

let pageDir: string;
let ts: TestServer;
let browser: Browser;
let bob: TestClient;
/** The board panel's text before Bob's bet, to compare with after it. */
let boardBefore: string | null = null;

/** The output pane's text from its block number `from` on, one line per block. */
async function storySince(from: number): Promise<string> {
  const blocks = await browser.page.locator('#output .block').allTextContents();
  return blocks.slice(from).join('\n');
}

/** Waits until the output pane, from block `from` on, tells `pattern`; returns what it told. */
async function story(pattern: RegExp, from = 0): Promise<string> {
  await poll(() => storySince(from)).toMatch(pattern);
  return storySince(from);
}

/** Types a line into the page's command line, sends it, and waits for `pattern` in what follows. */
async function type(line: string, pattern: RegExp): Promise<string> {
  const from = await browser.page.locator('#output .block').count();
  await browser.page.locator('#line').fill(line);
  await browser.page.keyboard.press('Enter');
  return story(pattern, from);
}

describe.skipIf(noBrowser)('playing from the page in Chromium against the real server', () => {
  // Building the page and starting Chromium take a while on a busy machine.
  beforeAll(async () => {
    pageDir = await buildPage();
    ts = await startTestServer({ seed: 7, web: { root: pageDir } });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await ts?.destroy();
    if (pageDir) await rm(pageDir, { recursive: true, force: true });
  });

  it('creates a character from the page', async () => {
    await browser.page.goto(`http://127.0.0.1:${ts.webPort}/`);
    await story(/create <name> <password>/);
    await type('create Wanda secret123', /Welcome to the Obsidian Scorpion, Wanda\. You carry 1,000 obsidian coins\.[^]*Exits:/);
    expect(await browser.page.locator('#status').getAttribute('data-state')).toBe('connected');
  });

  it('reads its coins in the purse panel, and the room with its exits', async () => {
    await poll(() => browser.page.getByTestId('coins').textContent()).toMatch(/1,000\s*obsidian coins/);
    expect(gotGmcp(browser.received, 'Char.Status')).toBe(true);
    expect(await browser.page.getByTestId('room-name').textContent()).toBe('The Obsidian Scorpion, Common Room');
    expect(await browser.page.locator('.compass [data-exit]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-exit')))).toEqual(['north', 'up', 'east', 'south']);
  });

  it('sits at the sand table, and the game begins when a telnet player sits too', async () => {
    await type('sit sand', /You take a seat at the sand table/);
    bob = await ts.login('Bob');
    expect(await bob.command('sit sand')).toMatch(/A game of Spice Run begins: Wanda is Player 1, you are Player 2/);
    await story(/A game of Spice Run begins/);
    // Wanda, Player 1, places the first wager from the page (a 2 or a 12 is thrown again).
    let roll = await type('roll dice sand', /You throw the dice: \d and \d \(\d+\)[^]*(bet on square|roll again)/);
    while (/roll again/.test(roll)) roll = await type('roll dice sand', /You throw the dice: \d and \d \(\d+\)[^]*(bet on square|roll again)/);
    await type('bet 40', /You place 40 obsidian coins on square \d+/);
    const board = browser.page.locator('[data-table="sand-table"] [data-testid="board"]');
    await poll(() => board.textContent()).toMatch(/Wanda\s*40/);
    boardBefore = await board.textContent();
  });

  it('hears the telnet player bet', async () => {
    let roll = await bob.command('roll dice sand');
    while (/roll again/.test(roll)) roll = await bob.command('roll dice sand');
    expect(await bob.command('bet 60')).toMatch(/You place 60 obsidian coins on square \d+/);
    await story(/Bob places 60 obsidian coins on square \d+/);
  });

  it('sees the board panel change when the other player bets, and its own coins go down', async () => {
    const board = browser.page.locator('[data-table="sand-table"] [data-testid="board"]');
    await poll(() => board.textContent()).toMatch(/Bob\s*60/);
    expect(await board.textContent()).not.toBe(boardBefore);
    expect(await board.textContent()).toMatch(/Wanda\s*40/);
    await poll(() => browser.page.getByTestId('coins').textContent()).toMatch(/960\s*obsidian coins/);
  });

  it('keeps a screenshot of the page in play', async () => {
    const path = await browser.screenshot('web-client.png');
    expect(path).toMatch(/test\/output\/web-client\.png$/);
    expect(browser.errors).toEqual([]);
  });
});
