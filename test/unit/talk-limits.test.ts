/**
 * One player's volume reaches only themselves: what one sender may put into others' queues is
 * limited per channel (the room's talk, tell, ooc, shout), the sender told when a line was not
 * heard; and a listener whose connection is behind is left out of others' talk, never cut for
 * it, and told how much once it catches up. A dealer talking at 2 lines a second passes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { talkLimits } from '../../src/commands/speech.js';
import { defaultTavernSettings } from '../../src/world/tavern.js';
import { parseWorld } from '../../src/world/world.js';
import { recordingSession, testTavern, type RecordingSession, type TestTavern } from '../support/tavern.js';

let t: TestTavern;
afterEach(() => t.destroy());

const WHERE = '(in the room|on ooc|in tells|in shouts)';
const TOO_FAST = new RegExp(
  `^Unheard: (too fast ${WHERE} \\(10 lines at once, then 3 a second\\)|too much ${WHERE} \\(10,240 characters at once, then 2,400 a second\\))\\.$`,
  'm',
);
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, 'g'))?.length ?? 0;
const SHIPPED = talkLimits(defaultTavernSettings.talkPerSecond)!;

/** A session that can be made to look behind, as a client that stopped reading is. */
function laggingSession(): RecordingSession & { behind: boolean } {
  return Object.assign(recordingSession(), { behind: false });
}

describe('what one player may put into others\u2019 queues', () => {
  it('holds an ooc spammer of 1,000-character lines at 100 a second to a few lines a second, telling them each time; nobody else is cut or slowed', async () => {
    t = await testTavern();
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    bex.session.take();
    const line = 'x'.repeat(1000);
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      await t.tavern.handleLine(ana.player, `ooc ${line}`);
      if (TOO_FAST.test(ana.session.take())) refused++;
      t.clock.advance(10);
    }
    const heard = count(bex.session.take(), /\[ooc\] Ana: x{1000}/);
    // 3 s: the burst of 10,240 characters (the 10 lines' burst holds first), then 2,400 a second.
    const most = Math.min(SHIPPED.lines.burst, Math.ceil(SHIPPED.characters.burst / 1000)) + Math.ceil((3 * SHIPPED.characters.perSecond) / 1000) + 1;
    expect(heard).toBeGreaterThanOrEqual(most - 3);
    expect(heard).toBeLessThanOrEqual(most);
    expect(heard + refused).toBe(300);
    // Other channels have their own budgets: the room still hears Ana.
    await t.tavern.handleLine(ana.player, 'say hello');
    expect(bex.session.take()).toMatch(/Ana says, 'hello'/);
  });

  it('counts say, emote, socials and whispers in a room together, and tells the sender in one line', async () => {
    t = await testTavern();
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    const said: string[] = [];
    for (const cmd of ['say a', 'emote b', 'smile', 'whisper bex c', 'say d', 'emote e', 'say f', 'say g', 'say h', 'say i', 'say j', 'emote k']) {
      await t.tavern.handleLine(ana.player, cmd);
      said.push(ana.session.take());
    }
    expect(said.filter((s) => TOO_FAST.test(s))).toHaveLength(2);
    expect(said.at(-1)).toBe('Unheard: too fast in the room (10 lines at once, then 3 a second).');
    expect(bex.session.take()).not.toMatch(/Ana says, 'j'/);
    t.clock.advance(1000);
    await t.tavern.handleLine(ana.player, 'say again');
    expect(bex.session.take()).toMatch(/Ana says, 'again'/);
  });

  it('counts a question asked of the tavern\'s people and a toast as the room\'s talk: refused, nothing is asked or drunk', async () => {
    t = await testTavern();
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    await t.tavern.handleLine(ana.player, 'buy ale');
    for (let i = 0; i < 10; i++) await t.tavern.handleLine(ana.player, `say ${i}`);
    ana.session.take();
    bex.session.take();
    await t.tavern.handleLine(ana.player, 'ask sarra about the ale');
    expect(ana.session.take()).toBe('Unheard: too fast in the room (10 lines at once, then 3 a second).');
    await t.tavern.handleLine(ana.player, 'drink ale to the sand');
    expect(ana.session.take()).toBe('Unheard: too fast in the room (10 lines at once, then 3 a second).');
    expect(bex.session.take()).toBe('');
    await t.tavern.handleLine(ana.player, 'inventory');
    expect(ana.session.take()).toMatch(/\n {2}a jug of kank-milk ale$/);
    t.clock.advance(1000);
    await t.tavern.handleLine(ana.player, 'drink ale to the sand');
    expect(bex.session.take()).toMatch(/^Ana raises a jug of kank-milk ale to the sand\./);
  });

  it('lets a dealer talking at 2 lines a second, lines of 1,024 characters, say and whisper for ten minutes without a word refused', async () => {
    t = await testTavern();
    const dealer = await t.enter('Vell');
    const ana = await t.enter('Ana');
    ana.session.take();
    const long = 'y'.repeat(1024 - 'say '.length);
    for (let i = 0; i < 1200; i++) {
      await t.tavern.handleLine(dealer.player, i % 3 ? `say ${long}` : `whisper ana ${long}`);
      expect(dealer.session.take()).not.toMatch(TOO_FAST);
      t.clock.advance(500);
    }
    const heard = ana.session.take();
    expect(count(heard, /Vell says, 'y+'/) + count(heard, /Vell whispers to you, 'y+'/)).toBe(1200);
  });
  it("lets a dealer paced as a MUD profile's quota of 10 commands at once, then 2 a second, send every backlog of 1,000-character says, poses and whispers", async () => {
    t = await testTavern();
    const dealer = await t.enter('Vell');
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    // The dealer's own outbox: a token bucket of 10, refilled at 2 a second; a backlog goes out as fast as it allows.
    let tokens = 10;
    const backlog: string[] = [];
    const text = (i: number) => `${String(i).padStart(4, '0')} ${'z'.repeat(1000 - 'whisper bex '.length - 5)}`;
    let sent = 0;
    for (let ms = 0; ms < 10 * 60_000; ms += 100) {
      // Every 30 s a game ends at once: answers and lines for the room, a dozen at a time after a quiet spell.
      if (ms % 30_000 === 0) for (let i = 0; i < 12; i++) backlog.push(i % 3 === 0 ? `say ${text(i)}` : i % 3 === 1 ? `emote ${text(i)}` : `whisper ${i % 2 ? 'ana' : 'bex'} ${text(i)}`);
      tokens = Math.min(10, tokens + 0.2);
      while (tokens >= 1 && backlog.length) {
        tokens -= 1;
        await t.tavern.handleLine(dealer.player, backlog.shift()!);
        sent++;
        expect(dealer.session.take()).not.toMatch(TOO_FAST);
      }
      t.clock.advance(100);
    }
    expect(sent).toBe(20 * 12);
    // Each batch: 4 says and 4 poses heard by both, 4 whispers by one.
    const heard = ana.session.take() + bex.session.take();
    expect(count(heard, /Vell (says, '|whispers to you, '|)\d{4} z/)).toBe(20 * (4 * 2 + 4 * 2 + 4));
  });

  it.each([
    [100, 250],
    [0, 300],
  ])("follows the tavern's talkPerSecond (%i): 300 short lines in a second and a half, %i heard", async (talkPerSecond, heard) => {
    t = await testTavern({ talkPerSecond });
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    bex.session.take();
    let told = 0;
    for (let i = 0; i < 300; i++) {
      await t.tavern.handleLine(ana.player, `ooc line ${i}`);
      if (/^Unheard: too fast on ooc \(100 lines at once, then 100 a second\)\.$/m.test(ana.session.take())) told++;
      t.clock.advance(5);
    }
    const got = count(bex.session.take(), /\[ooc\] Ana: line \d+/);
    expect(got + told).toBe(300);
    // At 100 a second: 100 at once, then one line in two.
    expect(Math.abs(got - heard)).toBeLessThanOrEqual(2);
  });
});

describe("the tavern's talkPerSecond", () => {
  it('is read from the world, 0 or more, and defaults to 3', () => {
    const world = (settings: unknown) => ({ start: 'a', rooms: [{ id: 'a', name: 'A', description: 'x' }], settings });
    expect(parseWorld(world({ talkPerSecond: 20 })).settings.talkPerSecond).toBe(20);
    expect(parseWorld(world({ talkPerSecond: 0 })).settings.talkPerSecond).toBe(0);
    expect(() => parseWorld(world({ talkPerSecond: 2.5 }))).toThrow(/talkPerSecond must be a whole number, 0 or more \(0: no limit\)/);
    expect(defaultTavernSettings.talkPerSecond).toBe(3);
    expect(talkLimits(0)).toBeNull();
    expect(talkLimits(3)).toEqual({ lines: { burst: 10, perSecond: 3 }, characters: { burst: 10_240, perSecond: 2400 } });
  });
});

describe('a listener whose connection is behind', () => {
  it("is left out of others' talk, not of its own words and replies, and told how much once it catches up", async () => {
    t = await testTavern();
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex', laggingSession());
    const lagging = bex.session as RecordingSession & { behind: boolean };
    lagging.take();
    lagging.behind = true;
    await t.tavern.handleLine(ana.player, 'say one');
    await t.tavern.handleLine(ana.player, 'ooc two');
    await t.tavern.handleLine(ana.player, 'tell bex three');
    await t.tavern.handleLine(bex.player, 'say my own');
    await t.tavern.handleLine(bex.player, 'inventory');
    const behind = lagging.take();
    expect(behind).not.toMatch(/one|two|three/);
    expect(behind).toMatch(/You say, 'my own'/);
    expect(behind).toMatch(/obsidian coins/);
    expect(lagging.closed).toBeNull();
    lagging.behind = false;
    await t.tavern.handleLine(ana.player, 'say four');
    expect(lagging.take()).toMatch(/^\(While your connection was behind, 3 lines of others' talk were left out\.\)\nAna says, 'four'/m);
    // Told once.
    await t.tavern.handleLine(ana.player, 'say five');
    expect(lagging.take()).not.toMatch(/left out/);
  });

  it('still hears announcements while behind', async () => {
    t = await testTavern({ admins: ['Ana'] });
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex', laggingSession());
    const lagging = bex.session as RecordingSession & { behind: boolean };
    lagging.behind = true;
    lagging.take();
    await t.tavern.handleLine(ana.player, 'announce the tavern closes soon');
    expect(lagging.take()).toMatch(/\[Announcement\] Ana: the tavern closes soon/);
  });
});
