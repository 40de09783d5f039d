/**
 * The page in Chromium against the real server hosting a game it has never heard of
 * (test/fixtures/high-roll, registered by the test): the table's panel shows what that game's
 * Table.State describes, with nothing in web/ or src/ written for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { poll, noBrowser, servePage, type Browser } from '../support/browser.js';
import { highRoll } from '../fixtures/high-roll/game.js';
import { worldWithCup } from '../fixtures/high-roll/world.js';

let ts: TestServer;
let browser: Browser;
let stop: (() => Promise<void>) | undefined;

/** Types a line into the page's command line and waits for `pattern` in the output that follows. */
async function type(line: string, pattern: RegExp): Promise<void> {
  const blocks = () => browser.page.locator('#output .block').allTextContents();
  const from = (await blocks()).length;
  await browser.page.locator('#line').fill(line);
  await browser.page.keyboard.press('Enter');
  await poll(async () => (await blocks()).slice(from).join('\n')).toMatch(pattern);
}

describe.skipIf(noBrowser)('a fourth game\'s panel in Chromium', () => {
  beforeAll(async () => void ({ ts, browser, stop } = await servePage({ seed: 4, moreGames: [highRoll], world: worldWithCup() })), 120_000);
  afterAll(() => stop?.());

  it('shows the High Roll table as its game describes it: the ante, the pot and who is in it, then the throw and who took the pot', async () => {
    await browser.page.goto(`http://127.0.0.1:${ts.webPort}/`);
    await poll(() => browser.page.locator('#output').textContent()).toMatch(/create <name> <password>/);
    await type('create Wanda secret123', /Welcome to the Obsidian Scorpion, Wanda/);
    await type('up', /A dice cup on an upturned crate is here\./);
    await type('sit cup', /You take a seat at the cup table\./);
    const bob = await ts.login('Bob');
    await bob.command('up');
    expect(await bob.command('sit cup')).toBe('You take a seat at the cup table.');
    await type('ante', /You put 25 obsidian coins in the pot/);
    expect(await bob.command('ante')).toMatch(/^You put 25 obsidian coins in the pot/);

    const table = browser.page.locator('[data-table="cup-table"]');
    await poll(() => table.getByTestId('anted').locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^Wanda\s+25$/), expect.stringMatching(/^Bob\s+25$/)]);
    expect(await table.locator('h2').textContent()).toBe('The cup table');
    expect(await table.locator('.table-meta .game').textContent()).toBe('High Roll');
    expect(await table.getByTestId('phase').textContent()).toBe('anting');
    expect(await table.getByTestId('pot').textContent()).toBe('50');
    expect(await table.locator('.players li').allInnerTexts()).toEqual([expect.stringMatching(/^1\s*Wanda\s*you$/), expect.stringMatching(/^2\s*Bob$/)]);

    await type('roll dice cup', /The dice at the cup table fall/);
    await poll(() => table.getByTestId('last-throw').locator('tbody tr').count()).toBe(2);
    expect(await table.getByTestId('last-throw').locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^Wanda\s+[1-6]$/), expect.stringMatching(/^Bob\s+[1-6]$/)]);
    expect(await table.locator('.panel-notice').textContent()).toMatch(/^(Wanda took the pot\.|Bob took the pot\.|A tie: every ante went back\.)$/);
    expect(await table.getByTestId('pot').textContent()).toBe('0');
    expect(await table.locator('.hint').allTextContents()).toContain('The pot is empty: ante to play.');
    await browser.screenshot('web-page-high-roll-1280.png');
    await browser.page.setViewportSize({ width: 390, height: 844 });
    expect(await browser.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await browser.screenshot('web-page-high-roll-390.png');
    expect(browser.errors).toEqual([]);
  });
});
