/**
 * The page on a phone (390 x 844) in Chromium, against the stand-in server: the story follows
 * the newest line unless the reader has scrolled up (then a button brings them back), the
 * panels fold into a strip the player opens, and an open table's board is whole on the screen.
 * And at 1280 the panels stay a column beside the story, with no strip.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paint } from '../../src/text/markup.js';
import { poll, noBrowser, type Browser } from '../support/browser.js';
import { TABLES } from '../support/pageTables.js';
import { gmcp, StandIn, type PageLink } from '../support/standIn.js';

const stand = new StandIn();
let browser: Browser;
const PHONE = { width: 390, height: 844 };

/**
 * What the server sends at a login into a room with a table: the room's text, then the panels'
 * news, and what the player was told while away; `gapMs` apart, as deliveries of a busy server come.
 */
async function login(link: PageLink, game: keyof typeof TABLES, coins = 20_950, gapMs = 0): Promise<void> {
  const table = TABLES[game];
  const steps = [
    () => link.connection.send({ type: 'text', text: `Welcome back, Ana.\n${paint('room', table.room.name)}\n${'The lamps gutter; dice click somewhere behind you. '.repeat(6)}` }),
    () => gmcp(link, 'Char.Name', { name: 'Ana' }),
    () => gmcp(link, 'Room.Info', table.room),
    () => gmcp(link, 'Char.Status', { name: 'Ana', coins, room: table.room.id, table: null }),
    () => gmcp(link, 'Table.State', table.state),
    () => gmcp(link, 'Char.Status', { name: 'Ana', coins, room: table.room.id, table: table.state.id }),
    () => link.connection.send({ type: 'text', text: 'You were away. The newest line of the login.' }),
  ];
  for (const step of steps) {
    step();
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
  }
}

/** Whether the element lies wholly inside the story pane's visible part. */
async function inPane(page: Page, element: Locator): Promise<boolean> {
  const pane = (await page.locator('#output').boundingBox())!;
  const box = await element.boundingBox();
  return box !== null && box.y >= pane.y - 1 && box.y + box.height <= pane.y + pane.height + 1;
}

/** The parts of the element that some scrolled box around it, or the screen's edge, hides. */
async function hiddenParts(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const hidden: string[] = [];
    const parts = [el, ...el.querySelectorAll('*')].filter((p) => p.getBoundingClientRect().height > 0);
    for (const part of parts) {
      const box = part.getBoundingClientRect();
      const name = `${part.tagName.toLowerCase()}.${part.className} "${part.textContent?.trim().slice(0, 20)}"`;
      if (box.top < -0.5 || box.bottom > window.innerHeight + 0.5) hidden.push(`${name}: off the screen`);
      for (let up = part.parentElement; up; up = up.parentElement) {
        const clip = up.getBoundingClientRect();
        const scrolls = ['auto', 'scroll', 'hidden'].includes(getComputedStyle(up).overflowY);
        if (scrolls && (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)) hidden.push(`${name}: hidden by ${up.tagName.toLowerCase()}.${up.className}`);
      }
    }
    return hidden;
  });
}

describe.skipIf(noBrowser)('the web page on a phone', () => {
  beforeAll(async () => {
    await stand.start();
    browser = stand.browser;
  }, 120_000);

  afterAll(() => stand.close());

  beforeEach(async () => {
    await browser.page.setViewportSize(PHONE);
    browser.errors.length = 0;
  });

  it('follows the newest line through a login, every time', async () => {
    const { page } = browser;
    // The race this guards against: the page's own scroll to the bottom, judged after the panels grew.
    for (const [run, gapMs] of [0, 5, 10, 17, 25, 40].entries()) {
      const link = await stand.openPage();
      for (let i = 1; i <= 40; i++) link.connection.send({ type: 'text', text: `Line ${i} of the greeting.` });
      await login(link, 'spice-run', 20_950, gapMs);
      const newest = page.locator('#output .block').last();
      await poll(() => newest.textContent()).toBe('You were away. The newest line of the login.');
      await poll(async () => `run ${run}: ${await inPane(page, newest)}`).toBe(`run ${run}: true`);
      link.connection.send({ type: 'text', text: `Bex says, 'welcome back' (run ${run})` });
      await poll(() => newest.textContent()).toMatch(/welcome back/);
      await poll(async () => `run ${run}: ${await inPane(page, newest)}`).toBe(`run ${run}: true`);
      expect(await page.locator('#more-below').isVisible()).toBe(false);
    }
    expect(browser.errors).toEqual([]);
  });

  it('leaves a reader who scrolled up where they are, and a "new messages" button brings them back', async () => {
    const link = await stand.openPage();
    const { page } = browser;
    await login(link, 'lich-bones');
    for (let i = 1; i <= 60; i++) link.connection.send({ type: 'text', text: `Line ${i} of the story.` });
    const pane = page.locator('#output');
    await poll(() => page.locator('#output .block').last().textContent()).toBe('Line 60 of the story.');
    const box = (await pane.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -600);
    await poll(() => pane.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeGreaterThan(300);
    const reading = await pane.evaluate((el) => el.scrollTop);
    link.connection.send({ type: 'text', text: 'Dreaven calls: place your bets!' });
    const button = page.locator('#more-below');
    await poll(() => button.isVisible()).toBe(true);
    expect(await button.textContent()).toMatch(/new messages/i);
    expect(await pane.evaluate((el) => el.scrollTop)).toBe(reading);
    expect(await inPane(page, page.locator('#output .block').last())).toBe(false);
    await button.click();
    await poll(() => inPane(page, page.locator('#output .block').last())).toBe(true);
    expect(await button.isVisible()).toBe(false);
    // Back at the bottom, new text is followed again.
    link.connection.send({ type: 'text', text: 'Ana is the HERO.' });
    await poll(() => page.locator('#output .block').last().textContent()).toBe('Ana is the HERO.');
    await poll(() => inPane(page, page.locator('#output .block').last())).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  for (const [game, part] of [['spice-run', '[data-cell="11"]'], ['lich-bones', '[data-testid="bets"] tbody tr:last-child']] as const) {
    it(`folds the panels into a strip, and opens them with ${game}'s whole board on the screen`, async () => {
      const link = await stand.openPage();
      const { page } = browser;
      await login(link, game, 1_234_567);
      const strip = page.locator('#panels-strip');
      await poll(() => strip.textContent()).toMatch(/1,234,567/);
      expect(await strip.textContent()).toContain(TABLES[game].state.name);
      expect(await strip.getAttribute('aria-expanded')).toBe('false');
      // Folded: the strip is one short line, the story has most of the screen.
      expect((await strip.boundingBox())!.height).toBeLessThanOrEqual(56);
      expect(await page.locator('#panels').isVisible()).toBe(false);
      expect((await page.locator('#output').boundingBox())!.height).toBeGreaterThan(PHONE.height * 0.6);
      await browser.screenshot(`web-phone-${game}-folded.png`);

      await strip.click();
      expect(await strip.getAttribute('aria-expanded')).toBe('true');
      const table = page.locator(`[data-table="${TABLES[game].state.id}"]`);
      await poll(() => table.isVisible()).toBe(true);
      await poll(() => page.locator(part).isVisible()).toBe(true);
      // The whole table, its board's last row or its last bet included: nothing in an inner scroll or below the screen.
      expect(await hiddenParts(table)).toEqual([]);
      const line = (await page.locator('#line').boundingBox())!;
      expect(line.y + line.height).toBeLessThanOrEqual(PHONE.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await browser.screenshot(`web-phone-${game}-open.png`);

      // A click in the panels (an exit) works, and the strip folds them away again.
      await page.locator('.compass .look').click();
      await poll(() => link.lines).toContain('look');
      await strip.click();
      await poll(() => page.locator('#panels').isVisible()).toBe(false);
      expect(await strip.getAttribute('aria-expanded')).toBe('false');
      expect(browser.errors).toEqual([]);
    });
  }

  it('keeps the panels as a column beside the story at 1280, with no strip', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    const link = await stand.openPage();
    await login(link, 'spice-run');
    await poll(() => page.locator('[data-cell="11"]').isVisible()).toBe(true);
    expect(await page.locator('#panels-strip').isVisible()).toBe(false);
    const story = (await page.locator('#output').boundingBox())!;
    const panels = (await page.locator('#panels').boundingBox())!;
    expect(panels.x).toBeGreaterThanOrEqual(story.x + story.width);
    expect(story.width).toBeGreaterThan(700);
    expect(await hiddenParts(page.locator('[data-table="sand-table"]'))).toEqual([]);
    await browser.screenshot('web-phone-at-1280.png');
    expect(browser.errors).toEqual([]);
  });
});
