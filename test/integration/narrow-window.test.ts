/**
 * A 40-column window over TCP (NAWS 40): every board, table and column layout the server
 * draws fits it whole. No line is wider than 40 (but the `commitment <64 hex>` line scripts
 * read whole), no drawn line is cut into pieces, and nothing is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { rollToPlace } from '../support/spiceRun.js';

let ts: TestServer;
let ana: TestClient;
let bex: TestClient;
/** Every reply Ana got, by the line she typed. */
const replies = new Map<string, string>();

async function ask(c: TestClient, line: string, key = line): Promise<string> {
  const reply = (await c.command(line)).replace(/\r/g, '');
  replies.set(key, reply);
  return reply;
}

async function rollUntilBet(c: TestClient): Promise<void> {
  await rollToPlace(c);
}

beforeAll(async () => {
  ts = await startTestServer({ seed: 4 });
  ana = await ts.login('Ana', undefined, { width: 40 });
  bex = await ts.login('Bex', undefined, { width: 40 });
  await ana.command('sit sand');
  await bex.command('sit sand');
  await rollUntilBet(ana);
  await ana.command('bet 40');
  await rollUntilBet(bex);
  await bex.command('bet 1,000');
  for (const line of ['look sand', 'help spice run', 'help', 'who', 'score', 'exits', 'channels', 'set', 'news', 'help odds', 'help lich bones', 'help dragons lair', 'look', 'fair sand']) await ask(ana, line);
  await ana.command('stand');
  await bex.command('stand');
  await ask(ana, 'history');
  for (const c of [ana, bex]) {
    await c.command('north');
    await c.command('sit bones');
  }
  await ana.command('start');
  await ana.command('bet hero 5000');
  await bex.command('bet lich 5000');
  await ana.command('bet attack 6 5000');
  await ask(ana, 'look bones');
  await ask(ana, 'gold');
  for (const c of [ana, bex]) {
    await c.command('stand');
    await c.command('south');
    await c.command('east');
    await c.command('sit lair');
  }
  await ask(ana, 'start', 'start lair');
  await ask(ana, 'look lair');
  await ask(ana, 'hand');
}, 60_000);

afterAll(async () => {
  await ts?.destroy();
});

describe('a 40-column window', () => {
  it('gets no line wider than 40 columns, but the commitment line scripts read whole', () => {
    expect(replies.size).toBe(20);
    for (const [line, reply] of replies) {
      for (const shown of reply.split('\n')) {
        if (/^ {2}commitment [0-9a-f]{64}$/.test(shown)) continue;
        expect(stringWidth(shown), `${line}: "${shown}"`).toBeLessThanOrEqual(40);
      }
    }
  });

  it('sees the Spice Run board whole: every line of the grid a border or a row of cells, with both wagers', () => {
    const grid = replies.get('look sand')!.split('\n').filter((l) => /^[+|]/.test(l));
    expect(grid.length).toBe(13);
    for (const line of grid) expect(line).toMatch(/^[+|].*[+|]$/);
    expect(grid.join('\n')).toMatch(/\| +P1 40 +\|/);
    expect(grid.join('\n')).toMatch(/\| +P2 1,000 +\|/);
  });

  it("sees each Dragon's Lair player on two lines, nothing left on a line of its own", () => {
    const look = replies.get('look lair')!;
    expect(look).toMatch(/\n {2}1\. Ana \(you\), the dealer\n {5}4 cards, 0 game coins\n {2}2\. Bex\n {5}4 cards, 0 game coins\n/);
    expect(look).not.toMatch(/^ *0 game coins/m);
  });

  it('sees the columns of lists with their wrapped lines under the column', () => {
    expect(replies.get('exits')).toMatch(/\n {2}south {2}Caravan Road, before the\n {9}Obsidian Scorpion\n/);
    expect(replies.get('look bones')).toMatch(/\n {2}You: 5,000 on HERO \(1:1 \+10%\), 5,000\n {7}on ATTACK 6\n/);
    expect(replies.get('help lich bones')).toMatch(/\n {2}whisper dreaven hero 5000\n {2}whisper dreaven 5000 lich\n {2}bet attack 4 5000\n/);
    expect(replies.get('who')).toMatch(/\n {2}Ana {14}a traveller of the\n {19}wastes;/);
  });
});
