/**
 * The record of a whole game of Lich Bones, played over telnet, holds the throws the players
 * were told, in order; it is still there after a restart, and a game a stop cut off gets its
 * record at the next start with the throws it made. (Spice Run's record is checked in
 * top.test.ts, Dragon's Lair's deal in tavern-page.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

/** The throws told in a stretch of text: `... 3 and 4 (7)`. */
const throws = (text: string) => [...text.matchAll(/\b([1-6]) and ([1-6]) \((\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('game records over telnet', () => {
  it('Lich Bones: the record holds every throw told, in order, across a restart; a cut-off game is recorded at the next start', async () => {
    ts = await startTestServer({ seed: 4 });
    const [ana, bob] = [await ts.login('Ana'), await ts.login('Bob')];
    for (const c of [ana, bob]) {
      await c.command('north');
      await c.command('sit bones');
    }
    let story = await ana.command('start');
    const hero = [...story.matchAll(/(\w+) is the HERO/g)].at(-1)![1];
    const heroClient = hero === 'Ana' ? ana : bob;
    await ana.command('bet hero 100');
    for (let i = 0; i < 6; i++) story += `\n${await heroClient.command('roll dice bones')}`;
    // The last player leaving ends the game mid-way: its seed retires, its record is written.
    await bob.command('stand');
    await ana.command('stand');
    const told = throws(story);
    expect(told.length).toBeGreaterThan(0);
    const check = (t: TestServer) => {
      const [record] = t.server.tavern.store.games('bones-table');
      expect(record).toMatchObject({ table: 'bones-table', game: 'lich-bones', number: 1, cutOff: false });
      expect(record.draws.map((d) => (d.kind === 'dice' ? d.dice : d))).toEqual(told);
      expect(record.results.some((r) => r.name === 'Ana')).toBe(true);
    };
    check(ts);

    // Game 2 throws once, then the server stops.
    await ana.command('sit bones');
    await bob.command('sit bones');
    const second = await ana.command('start');
    const hero2 = [...second.matchAll(/(\w+) is the HERO/g)].at(-1)![1];
    const thrown = throws(await (hero2 === 'Ana' ? ana : bob).command('roll dice bones'));
    ts = await ts.restart();
    check(ts);
    const cut = ts.server.tavern.store.games('bones-table')[1];
    expect(cut).toMatchObject({ number: 2, cutOff: true, results: [] });
    expect(cut.draws.map((d) => (d.kind === 'dice' ? d.dice : d))).toEqual(thrown);
  }, 60_000);
});
