/**
 * The page in Chromium against the real server: a character made in the browser plays at the
 * sand table against a telnet player, and the panels follow the game from the server's GMCP
 * data. The screenshot it keeps is the README's picture (docs/web.md says how it is made small).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { poll, gotGmcp, noBrowser, playing, servePage, type Browser } from '../support/browser.js';

let ts: TestServer;
let browser: Browser;
let stop: (() => Promise<void>) | undefined;
let bob: TestClient;
/** The board panel's text before Bob's bet, to compare with after it. */
let boardBefore: string | null = null;

const story = (pattern: RegExp, from = 0) => playing(browser).story(pattern, from);
const type = (line: string, pattern: RegExp) => playing(browser).type(line, pattern);

describe.skipIf(noBrowser)('playing from the page in Chromium against the real server', () => {
  // Building the page and starting Chromium take a while on a busy machine.
  beforeAll(async () => void ({ ts, browser, stop } = await servePage({ seed: 7 })), 120_000);
  afterAll(() => stop?.());

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
    expect(await browser.page.locator('.compass [data-exit]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-exit')))).toEqual(['north', 'up', 'west', 'east', 'south', 'down']);
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

  it('starts a game of Dragon\'s Lair in the card room: the panel shows the lairs, their dragons face down, its own hand, and whose turn it is as it moves', async () => {
    // Wanda leaving ends the game of Spice Run; Bob, who keeps his seat, gets up too.
    await type('stand', /You stand up from the sand table/);
    expect(await bob.command('stand')).toMatch(/You stand up from the sand table/);
    await type('east', /The Card Room/);
    expect(await bob.command('east')).toMatch(/The Card Room/);
    await type('sit lair', /You take a seat at the lair table/);
    expect(await bob.command('sit lair')).toMatch(/You take a seat at the lair table/);
    expect(await bob.command('start')).toMatch(/Dragon's Lair begins/);
    const dealt = /You are dealt ([^\n]*)\./.exec(await story(/You are dealt [^\n]*\.[^]*It is (your|Bob's) turn/))![1];
    // `ad (wizard 1), 3c (leprechaun 3), ...`: the cards as GMCP names them.
    const hand = dealt.split(', ').map((c) => c.split(' ')[0]);
    expect(hand).toHaveLength(4);
    const table = browser.page.locator('[data-table="lair-table"]');
    await poll(() => table.getByTestId('hand').locator('.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(hand);
    // Both dragons are laid face down at the start: `"dragon": null` in Table.State.
    expect(await table.getByTestId('lairs').locator('li.cell').count()).toBe(2);
    expect(await table.getByTestId('lairs').locator('[data-card="face-down"]').count()).toBe(2);
    await poll(() => browser.page.locator('.purse').textContent()).toMatch(/950\s*obsidian coins\s*Seated at the lair table/);
    // The panel follows the game: after the first player holds, the turn is the other's.
    const first = (await table.locator('.players .turn').textContent())!.includes('Wanda') ? 'Wanda' : 'Bob';
    if (first === 'Wanda') await type('hold', /It is Bob's turn/);
    else expect(await bob.command('hold')).toMatch(/It is Wanda's turn|your turn/i);
    await poll(() => table.locator('.players .turn').textContent()).toMatch(first === 'Wanda' ? /Bob/ : /Wanda/);
    await browser.screenshot('web-client-dragons-lair.png');
    expect(browser.errors).toEqual([]);
  });

  it('comes back to the card room after the page is reloaded: the purse, the room, the lair table and its own hand are drawn again', async () => {
    const handBefore = await browser.page.getByTestId('hand').locator('.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
    await browser.page.reload();
    // The tab's session comes back by itself, without the password (docs/web.md, "Resuming").
    await story(/Reconnected: your session goes on\.[^]*(You are back|You take over your character)/);
    await poll(() => browser.page.getByTestId('coins').textContent()).toMatch(/950\s*obsidian coins/);
    expect(await browser.page.getByTestId('room-name').textContent()).toBe('The Card Room');
    const table = browser.page.locator('[data-table="lair-table"]');
    await poll(() => table.getByTestId('hand').locator('.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(handBefore);
    expect(await table.getByTestId('lairs').locator('li.cell').count()).toBe(2);
    expect(await browser.page.locator('.purse').textContent()).toMatch(/Seated at the lair table/);
    expect(browser.errors).toEqual([]);
  });
});
