/** The everyday MUD verbs beyond talking: shout, chat, channels, set, time and news, over telnet. */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_WORLD } from '../../src/server.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { FakeClock } from '../support/fakeClock.js';

let ts: TestServer;
let worldDir: string | null = null;
afterEach(async () => {
  await ts?.destroy();
  if (worldDir) await rm(worldDir, { recursive: true, force: true });
  worldDir = null;
});

/** A world file like the default one, changed by `edit`. */
async function worldWith(edit: (world: Record<string, unknown>) => void): Promise<string> {
  worldDir = await mkdtemp(join(tmpdir(), 'world-'));
  const world = JSON.parse(readFileSync(DEFAULT_WORLD, 'utf8'));
  edit(world);
  const file = join(worldDir, 'world.json');
  await writeFile(file, JSON.stringify(world));
  return file;
}

describe('channels beyond the room', () => {
  it('shout reaches every room in character; chat is the ooc channel; channels lists them and your ooc setting', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const b = await ts.login('Bex');
    await b.command('up');
    expect(await a.command('shout water, for the love of the sands!')).toBe("You shout, 'water, for the love of the sands!'");
    await b.expect("Ana shouts, 'water, for the love of the sands!'");
    expect(await a.command('shout')).toMatch(/^Usage: shout <text>/);

    expect(await a.command('chat anyone?')).toContain('[ooc] Ana: anyone?');
    await b.expect('[ooc] Ana: anyone?');
    expect(await b.command('channels')).toMatch(/ooc +everyone on the out-of-character channel \(also chat\): you are on it/);
    await b.command('chat off');
    expect(await b.command('channels')).toMatch(/you are off it \(ooc on joins\)/);
    const list = await a.command('channels');
    for (const word of ['say', 'whisper', 'tell', 'shout', 'ooc']) expect(list).toMatch(new RegExp(`^ +${word} `, 'm'));
  });
});

describe('set', () => {
  it('lists every setting and changes one as its own command does, kept for the next login; bad input gets one line', async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana');
    const all = await a.command('set');
    expect(all).toMatch(/colour: off/);
    expect(all).toMatch(/screenreader: off/);
    expect(all).toMatch(/ooc: on/);
    expect(all).toMatch(/public: on/);
    expect(await a.command('set ooc off')).toMatch(/You leave the ooc channel/);
    expect(await a.command('set screenreader on')).toBe('Screen-reader mode is on.');
    expect(await a.command('set volume 11')).toBe('There is no setting called "volume"; the settings are colour, screenreader, ooc and public.');
    expect(await a.command('set colour')).toBe('Usage: set colour on|off|auto');
    expect(await a.command('set ooc auto')).toBe('Usage: set ooc on|off');
    expect(await a.command('set colour on now')).toBe('Usage: set colour on|off|auto');
    await a.quit();
    const again = await ts.login('Ana');
    const kept = await again.command('set');
    expect(kept).toMatch(/ooc: off/);
    expect(kept).toMatch(/screenreader: on/);
  });
});

describe('the world around the tavern', () => {
  it("time tells the part of the day by the tavern's clock, the same for everyone", async () => {
    const clock = new FakeClock(Date.UTC(2026, 11, 1, 12, 30));
    ts = await startTestServer({ clock });
    const a = await ts.login('Ana');
    expect(await a.command('time')).toBe("It is the white heat of midday over the desert: 12:30 by the tavern's clock (UTC), Tuesday, 1 December 2026.");
    clock.advance(9 * 3600_000);
    expect(await a.command('time')).toMatch(/^It is night over the desert: 21:30/);
  });

  it("news shows the host's notices from the world data, newest first, and says so when there are none", async () => {
    ts = await startTestServer();
    const a = await ts.login('Ana', 'secret123', { width: 80 });
    const news = (await a.command('news')).replace(/\r\n/g, '\n');
    expect(news).toMatch(/^News, newest first:\n {2}- Every table is provably fair: each throw and shuffle can be checked\. Type\n {4}fair <table> to see how\.\n {2}- The Obsidian Scorpion opens its doors\./);
    await ts.destroy();
    ts = await startTestServer({ worldFile: await worldWith((w) => delete w.news) });
    expect(await (await ts.login('Ana')).command('news')).toBe('No news: the host has posted nothing.');
  });

  it('refuses a world whose news is not a list of notices, in one line', async () => {
    const file = await worldWith((w) => (w.news = 'hello'));
    await expect(startTestServer({ worldFile: file })).rejects.toThrow(/news must be a list of notices \(non-empty strings\), newest first/);
  });
});
