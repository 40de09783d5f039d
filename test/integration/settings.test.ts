/**
 * The player's output settings over TCP: `colour on|off` and `screenreader on|off`, kept with the
 * character and applied from the first line after login; screen-reader mode end to end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { terminalBytes } from '../support/gmcp.js';
import { rollToPlace } from '../support/spiceRun.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const ESC = 0x1b;
/** Every byte received from `from` (a count of chunks) on. */
const bytesSince = (c: TestClient, from: number) => Buffer.concat(c.raw.slice(from));

/** Connects as a client whose terminal type says what it can do, then creates or connects the character. */
async function loginAs(name: string, ...terminal: string[]): Promise<TestClient> {
  const c = await ts.connect();
  if (terminal.length) c.sendBytes(terminalBytes(...terminal));
  c.send(`connect ${name} secret123`);
  let reply = await c.nextPrompt();
  if (/There is no character/.test(reply)) {
    c.send(`create ${name} secret123`);
    reply = await c.nextPrompt();
  }
  expect(reply).toMatch(/Exits:/);
  c.inGame = true;
  return c;
}

describe('colour', () => {
  it('is on for a colour terminal; colour off sends no ESC byte at all, from then on and at the next login', async () => {
    ts = await startTestServer();
    const ana = await loginAs('Ana', 'xterm-256color');
    expect(bytesSince(ana, 0).includes(ESC)).toBe(true); // the room name, the exits
    expect(await ana.command('colour')).toBe('Colour is on (as your client says). Type colour on or colour off to change it.');

    const from = ana.raw.length;
    expect(await ana.command('colour off')).toBe('Colour is off.');
    for (const line of ['look', 'i', 'help', 'sit sand', 'look sand', 'stand']) await ana.command(line);
    expect(bytesSince(ana, from).includes(ESC)).toBe(false);
    ana.send('quit');
    await ana.closedSoon();

    const again = await loginAs('Ana', 'xterm-256color');
    await again.command('look');
    expect(bytesSince(again, 0).includes(ESC)).toBe(false); // the first room description included
    expect(await again.command('color')).toBe('Colour is off. Type colour on or colour off to change it.');
  });

  it('colour on gives colour to a client that did not say it has any, kept at the next login', async () => {
    ts = await startTestServer();
    const bex = await loginAs('Bex');
    expect(bytesSince(bex, 0).includes(ESC)).toBe(false);
    expect(await bex.command('color on')).toBe('Colour is on.');
    const from = bex.raw.length;
    await bex.command('look');
    expect(bytesSince(bex, from).toString('latin1')).toMatch(/\x1b\[[\d;]+mThe Obsidian Scorpion, Common Room\x1b\[/);
    bex.send('quit');
    await bex.closedSoon();
    const again = await loginAs('Bex');
    expect(bytesSince(again, 0).includes(ESC)).toBe(true);
    expect(await again.command('colour purple')).toBe('Usage: colour on, colour off, or colour auto (as your client says).');
    expect(await again.command('colour auto')).toBe('Colour is off (as your client says).');
  });
});

describe('screen-reader mode', () => {
  /** Ana plays Spice Run against Bex, who reads with a screen reader; returns after Ana's first wager. */
  async function gameWithReader(reader: TestClient): Promise<TestClient> {
    const ana = await ts.login('Ana');
    await ana.command('sit sand');
    await reader.command('sit sand');
    await rollToPlace(ana);
    expect(await ana.command('bet 40')).toMatch(/You place 40 obsidian coins/);
    return ana;
  }

  /** What a screen reader must get: sentences and no drawn grid, and the news' prompt on the news' line. */
  async function checkReader(reader: TestClient): Promise<void> {
    // News that arrives on its own: the prompt on its last line, no bare prompt line.
    const news = await reader.expect(/Ana places 40 obsidian coins on square \d+[^]*?\u241e/);
    expect(news).toMatch(/[^\n] > \u241e$/);
    expect(news).not.toMatch(/\n> \u241e$/);
    const board = await reader.command('look sand');
    expect(board).toMatch(/On the sand grid: square \d+, 40 obsidian coins of Ana's\./);
    expect(board).not.toMatch(/\+-----\+/);
    expect(board).not.toMatch(/\|/);
  }

  it('follows the MTTS screen-reader bit', async () => {
    ts = await startTestServer({ seed: 2 });
    const bex = await loginAs('Bex', 'MUDLET', 'MTTS 64');
    await gameWithReader(bex);
    await checkReader(bex);
    expect(await bex.command('screenreader')).toBe('Screen-reader mode is on (as your client says). Type screenreader on or screenreader off to change it.');
  });

  it('is turned on by screenreader on, and kept with the character', async () => {
    ts = await startTestServer({ seed: 2 });
    const first = await loginAs('Bex');
    expect(await first.command('look sand')).toMatch(/Nobody is playing/);
    expect(await first.command('screenreader on')).toBe('Screen-reader mode is on.');
    first.send('quit');
    await first.closedSoon();

    const bex = await loginAs('Bex');
    const ana = await gameWithReader(bex);
    await checkReader(bex);
    // The sighted player still gets the drawn grid, and news on a line of its own before the prompt.
    expect(await ana.command('look sand')).toMatch(/\+-----\+/);
    await bex.command('say hello');
    expect(await ana.expect(/Bex says, 'hello'[^]*?\u241e/)).toMatch(/'hello'\r?\n> \u241e$/);

    expect(await bex.command('screenreader off')).toBe('Screen-reader mode is off.');
    expect(await bex.command('look sand')).toMatch(/\+-----\+/);
  });
});
