/**
 * The public tavern page in Chromium, after real games over telnet (Spice Run and Dragon's
 * Lair): it shows the richest and the games without a private character; every game's Check
 * passes; and a Check fails, naming the draw, once the page's data says another outcome or
 * another seed than the one drawn from. The Dragon's Lair record deals the hands the players held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { playOutSpiceRun } from '../support/spiceRun.js';
import { buildPage, launchBrowser, noBrowser, poll, type Browser } from '../support/browser.js';

let pageDir: string;
let ts: TestServer;
let browser: Browser;
/** Each Dragon's Lair player's hand as `hand` showed it right after the deal. */
let dealt: string[][] = [];

const CARD = /\b(10|[2-9]|[ajqk])([hdcs]) \(/g;

/** A game of Dragon's Lair played out by two players: Ana lays leprechauns and knights, Bob holds. */
async function playLair(players: TestClient[]): Promise<void> {
  for (const c of players) {
    await c.command('east');
    await c.command('sit lair');
  }
  await players[0].command('start');
  dealt = [];
  for (const c of players) dealt.push([...(await c.command('hand')).matchAll(CARD)].map((m) => m[1] + m[2]));
  for (let step = 0; step < 300; step++) {
    for (const c of players) {
      const look = await c.command('look lair');
      if (/Last game: The game of Dragon's Lair is over/.test(look)) return;
      const hand = [...(await c.command('hand')).matchAll(CARD)].map((m) => m[1] + m[2]);
      if (/You must discard/.test(look)) await c.command(`discard ${hand[0]}`);
      else if (/It is your turn/.test(look)) {
        const leprechaun = hand.find((card) => card.endsWith('c'));
        const knight = hand.find((card) => card.endsWith('h'));
        const play = c !== players[0] ? null : leprechaun ? `play ${leprechaun}` : knight ? `play ${knight} lair 1` : null;
        const reply = play ? await c.command(play) : '';
        if (!/You lay|You play the leprechaun/.test(reply)) await c.command('hold');
      }
    }
  }
  throw new Error("the game of Dragon's Lair did not end");
}

async function verdict(id: string): Promise<{ result: string | null; text: string }> {
  const v = browser.page.locator(`#game-${id} .verdict`);
  await poll(async () => (await v.getAttribute('data-result')) ?? '').toMatch(/pass|fail/);
  return { result: await v.getAttribute('data-result'), text: (await v.textContent()) ?? '' };
}

/** Changes the page's data block, as someone tampering with a record would. */
async function tamper(change: string): Promise<void> {
  await browser.page.evaluate((body) => {
    const block = document.getElementById('tavern-data')!;
    const data = JSON.parse(block.textContent!);
    new Function('data', body)(data);
    block.textContent = JSON.stringify(data);
  }, change);
}

describe.skipIf(noBrowser)('the public tavern page in Chromium', () => {
  beforeAll(async () => {
    pageDir = await buildPage();
    ts = await startTestServer({ seed: 5, web: { root: pageDir, publicLimit: { limit: 1000, windowMs: 10_000 } } });
    const [ana, bob, cyr] = [await ts.login('Ana'), await ts.login('Bob'), await ts.login('Cyr')];
    await cyr.command('set public off');
    await bob.command('give 400 coins to cyr');
    await ana.command('sit sand');
    await bob.command('sit sand');
    await playOutSpiceRun(ana, bob, '100');
    await ana.command('stand');
    await bob.command('stand');
    await playLair([ana, bob]);
    ts.clock.advance(5000);
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await ts?.destroy();
    if (pageDir) await rm(pageDir, { recursive: true, force: true });
  });

  it("deals, in the Dragon's Lair record, the hands the players were shown", () => {
    const [game] = ts.server.tavern.store.games('lair-table');
    const [pile, dragons] = game.draws;
    expect(pile).toMatchObject({ nonce: 0, kind: 'shuffle' });
    expect(dragons).toMatchObject({ nonce: 1, kind: 'shuffle' });
    // One card at a time to each seat in turn, from seat 1, until each holds four.
    const order = pile.kind === 'shuffle' ? pile.order : [];
    const hands = [0, 1].map((seat) => [0, 1, 2, 3].map((round) => order[round * 2 + seat]));
    expect(hands.map((h) => [...h].sort())).toEqual(dealt.map((h) => [...h].sort()));
  });

  it('shows the richest without the private character, and every table\'s games', async () => {
    await browser.page.goto(`http://127.0.0.1:${ts.webPort}/tavern`);
    const richest = await browser.page.locator('#richest li').allTextContents();
    expect(richest.length).toBe(2);
    expect(richest.join('\n')).toMatch(/Ana: [\d,]+ obsidian coins/);
    expect(richest.join('\n')).toMatch(/Bob: [\d,]+ obsidian coins/);
    expect(await browser.page.locator('body').textContent()).not.toMatch(/Cyr/);
    expect(await browser.page.locator('#here li').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Ana, in /), expect.stringMatching(/^Bob, in /)]));
    expect(await browser.page.locator('#wins li').count()).toBeGreaterThan(0);
    expect(await browser.page.locator('#table-sand-table article.game').count()).toBe(1);
    expect(await browser.page.locator('#table-lair-table article.game').count()).toBe(1);
    expect(await browser.page.locator('#game-sand-table-1 table.draws tbody tr').count()).toBe(ts.server.tavern.store.games('sand-table')[0].draws.length);
  });

  it('checks every real game: each draw matches what the seed gives', async () => {
    for (const id of ['sand-table-1', 'lair-table-1']) {
      await browser.page.locator(`#game-${id} button.check`).click();
      const v = await verdict(id);
      expect(v).toMatchObject({ result: 'pass', text: expect.stringMatching(/^Checks out: the seed hashes to the commitment, and (all \d+|both) draws match/) });
      const marks = await browser.page.locator(`#game-${id} td.match`).allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      expect(new Set(marks)).toEqual(new Set(['matches']));
      // The computed column is filled in, equal to the record's.
      const rows = browser.page.locator(`#game-${id} table.draws tbody tr`);
      expect(await rows.first().locator('.computed').textContent()).toBe(await rows.first().locator('.recorded').textContent());
    }
    await browser.screenshot('tavern-1280.png');
    expect(browser.errors).toEqual([]);
  });

  it('fails a check, naming the draw, when the data says another outcome or another seed', async () => {
    await browser.page.reload();
    // One throw of the sand game says another first die.
    await tamper(`const d = data.tables['sand-table'][0].draws[2]; d.dice[0] = d.dice[0] % 6 + 1;`);
    await browser.page.locator('#game-sand-table-1 button.check').click();
    const dice = await verdict('sand-table-1');
    expect(dice.result).toBe('fail');
    expect(dice.text).toMatch(/draw 2 \(dice\) does not match/);
    expect(dice.text).not.toMatch(/draw [013456789] /);
    expect(dice.text).not.toMatch(/commitment/);
    expect(await browser.page.locator('#game-sand-table-1 tr[data-nonce="2"] .match').textContent()).toMatch(/^DIFFERS/);

    // The lair's draw pile says two cards the other way round.
    await tamper(`const d = data.tables['lair-table'][0].draws[0]; [d.order[0], d.order[1]] = [d.order[1], d.order[0]];`);
    await browser.page.locator('#game-lair-table-1 button.check').click();
    const shuffle = await verdict('lair-table-1');
    expect(shuffle).toMatchObject({ result: 'fail', text: expect.stringMatching(/draw 0 \(shuffle\) does not match/) });

    // Another seed: it does not hash to the commitment, and the draws do not follow from it.
    await browser.page.reload();
    await tamper(`const g = data.tables['sand-table'][0]; g.serverSeed = g.serverSeed.slice(0, 63) + (g.serverSeed[63] === '0' ? '1' : '0');`);
    await browser.page.locator('#game-sand-table-1 button.check').click();
    const seed = await verdict('sand-table-1');
    expect(seed).toMatchObject({ result: 'fail', text: expect.stringMatching(/the revealed seed does not hash \(SHA-256\) to the commitment/) });
  });

  it('checks on plain http from a host\'s name, where the browser gives the page no WebCrypto', async () => {
    // A name that is not localhost: not a secure context, so no crypto.subtle (as at http://their-host:4080/tavern).
    const remote = await launchBrowser(undefined, ['--host-resolver-rules=MAP tavern.test 127.0.0.1']);
    try {
      await remote.page.goto(`http://tavern.test:${ts.webPort}/tavern`);
      expect(await remote.page.evaluate(() => [window.isSecureContext, typeof globalThis.crypto?.subtle])).toEqual([false, 'undefined']);
      for (const id of ['sand-table-1', 'lair-table-1']) {
        await remote.page.locator(`#game-${id} button.check`).click();
        const v = remote.page.locator(`#game-${id} .verdict`);
        await poll(async () => (await v.getAttribute('data-result')) ?? '').toMatch(/pass|fail/);
        expect(await v.textContent()).toMatch(/^Checks out: the seed hashes to the commitment, and (all \d+|both) draws match/);
        expect(new Set(await remote.page.locator(`#game-${id} td.match`).allTextContents())).toEqual(new Set(['matches']));
      }
      // And it still catches a changed seed there.
      await remote.page.reload();
      await remote.page.evaluate(() => {
        const block = document.getElementById('tavern-data')!;
        const data = JSON.parse(block.textContent!);
        const g = data.tables['sand-table'][0];
        g.serverSeed = g.serverSeed.slice(0, 63) + (g.serverSeed[63] === '0' ? '1' : '0');
        block.textContent = JSON.stringify(data);
      });
      await remote.page.locator('#game-sand-table-1 button.check').click();
      const v = remote.page.locator('#game-sand-table-1 .verdict');
      await poll(async () => (await v.getAttribute('data-result')) ?? '').toBe('fail');
      expect(await v.textContent()).toMatch(/the revealed seed does not hash \(SHA-256\) to the commitment/);
      expect(remote.errors).toEqual([]);
    } finally {
      await remote.close();
    }
  });

  it('reads at phone width: nothing wider than the screen', async () => {
    await browser.page.setViewportSize({ width: 390, height: 844 });
    await browser.page.goto(`http://127.0.0.1:${ts.webPort}/tavern`);
    await browser.page.locator('#game-lair-table-1 button.check').click();
    expect((await verdict('lair-table-1')).result).toBe('pass');
    await browser.screenshot('tavern-390.png');
    expect(await browser.page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
  });
});
