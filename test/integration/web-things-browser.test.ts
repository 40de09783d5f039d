/**
 * What a player carries, in the page's purse panel (Chromium against the real server): a round
 * ordered from the page, a jug handed across by a telnet player, a drink to a win at the press
 * of a button; at 1280 px and on a 390 px phone, where nothing may run off the side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { poll, noBrowser, playing, servePage, type Browser } from '../support/browser.js';

let ts: TestServer;
let browser: Browser;
let stop: (() => Promise<void>) | undefined;
let bob: TestClient;

const storySince = (from: number) => playing(browser).storySince(from);
const type = (line: string, pattern: RegExp) => playing(browser).type(line, pattern);

/** The purse panel's list of things, a line a kind, as its text reads. */
const carried = () => browser.page.getByTestId('carried').locator('li').evaluateAll((lis) => lis.map((li) => li.textContent!.replace(/\s+/g, ' ').trim()));

describe.skipIf(noBrowser)('things carried, in the page', () => {
  beforeAll(async () => void ({ ts, browser, stop } = await servePage({ seed: 7 })), 120_000);
  afterAll(() => stop?.());

  it('shows nothing carried but coins, then the round it orders for the room', async () => {
    await browser.page.goto(`http://127.0.0.1:${ts.webPort}/`);
    await poll(() => storySince(0)).toMatch(/create <name> <password>/);
    await type('create Wanda secret123', /Exits:/);
    bob = await ts.login('Bob');
    expect(await browser.page.getByTestId('carried').count()).toBe(0);
    await type('order a round', /You buy a round for the room: 2 jugs of kank-milk ale, one each, for 10 obsidian coins\./);
    await poll(carried).toEqual(['a jug of kank-milk ale drink']);
    await poll(() => browser.page.getByTestId('coins').textContent()).toMatch(/990\s*obsidian coins/);
  });

  it('counts a jug handed across by another player, and drinks one at the press of a button', async () => {
    expect(await bob.command('give ale to wanda')).toBe('You give a jug of kank-milk ale to Wanda.');
    await poll(carried).toEqual(['a jug of kank-milk ale×2 drink']);
    await browser.screenshot('web-things-1280.png');
    await browser.page.getByTestId('carried').locator('li[data-thing="ale"] button.use').click();
    await poll(() => storySince(0)).toMatch(/You pull the stopper from a jug of kank-milk ale and drink deep/);
    await poll(carried).toEqual(['a jug of kank-milk ale drink', 'an empty clay jug']);
    await type('drink ale to the fallen lair', /You raise a jug of kank-milk ale to the fallen lair\./);
    await poll(carried).toEqual(['an empty clay jug×2']);
    await bob.expect('Wanda raises a jug of kank-milk ale to the fallen lair.');
    expect(browser.errors).toEqual([]);
  });

  it('fits a phone: the purse and its things within 390 px, nothing off the side', async () => {
    await type('buy cake', /You buy a honey cake/);
    await browser.page.setViewportSize({ width: 390, height: 844 });
    // On a phone the panels are folded into a strip until opened.
    await browser.page.locator('#panels-strip').click();
    await poll(carried).toEqual(['an empty clay jug×2', 'a honey cake eat']);
    const widest = await browser.page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(390);
    const box = await browser.page.getByTestId('carried').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await browser.screenshot('web-things-390.png');
    expect(browser.errors).toEqual([]);
  });
});
