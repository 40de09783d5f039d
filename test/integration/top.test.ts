/**
 * `top`, `top wins` and `set public` over telnet, after a real game of Spice Run: the lists
 * name the public characters with what their purses hold and what they won, and leave a
 * private one out until they are public again. The game's record holds the dice the players saw.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { playOutSpiceRun } from '../support/spiceRun.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const num = (text: string) => Number(text.replace(/,/g, ''));
async function coins(c: TestClient): Promise<number> {
  return num(/carrying ([\d,]+) obsidian coins/.exec(await c.command('i'))![1]);
}

/** `top`'s lines as [name, coins]. */
function richest(text: string): [string, number][] {
  return [...text.matchAll(/^ +\d+\. (\w+): ([\d,]+) obsidian coins?$/gm)].map((m) => [m[1], num(m[2])]);
}

describe('top and top wins over telnet', () => {
  it('list the richest and the biggest wins after a real game, without a private character, who comes back with set public on', async () => {
    ts = await startTestServer({ seed: 11 });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    const cyr = await ts.login('Cyr');
    expect(await cyr.command('top wins')).toMatch(/Nobody has won at the tables in the last 7 days\./);
    expect(await cyr.command('set public off')).toMatch(/You are private/);
    expect(await cyr.command('set')).toMatch(/public: off/);
    expect(await cyr.command('score')).toMatch(/Public: +off/);
    // Bob gives Cyr coins, so that the private character is the richest.
    await bob.command('give 500 coins to cyr');
    await ana.command('sit sand');
    await cyr.command('sit sand');
    const story = await playOutSpiceRun(ana, cyr, '100');
    expect(story).toMatch(/The game of Spice Run is over/);

    // The record of the game holds every throw the players were told, in order.
    const told = [...story.matchAll(/throws? the dice: (\d) and (\d)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const [record] = ts.server.tavern.store.games('sand-table');
    expect(record).toMatchObject({ table: 'sand-table', game: 'spice-run', number: 1, cutOff: false });
    expect(record.draws.map((d) => (d.kind === 'dice' ? d.dice : null))).toEqual(told);
    expect(record.results.some((r) => r.outcome === 'won')).toBe(true);

    const purses = { Ana: await coins(ana), Bob: await coins(bob), Cyr: await coins(cyr) };
    expect(purses.Cyr).toBeGreaterThan(purses.Bob);
    const top = await bob.command('top');
    expect(top).toMatch(/^The richest in the tavern:/);
    expect(richest(top)).toEqual(
      (Object.entries(purses) as [string, number][]).filter(([name]) => name !== 'Cyr').sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    );
    expect(top).not.toMatch(/Cyr/);
    expect(await cyr.command('top')).toMatch(/You are kept off these lists/);

    const wins = await bob.command('top wins');
    expect(wins).not.toMatch(/Cyr/);
    const anaWins = record.results.filter((r) => r.key === 'ana' && r.outcome === 'won').map((r) => r.paid - r.stake);
    const listed = [...wins.matchAll(/^ +\d+\. Ana won ([\d,]+) obsidian coins? at the sand table \(game 1, [^)]+\), just now$/gm)].map((m) => num(m[1]));
    expect(listed).toEqual(anaWins.sort((a, b) => b - a).slice(0, 10));
    if (!anaWins.length) expect(wins).toMatch(/Nobody has won/);

    // Public again: on the list, with their coins.
    expect(await cyr.command('set public on')).toMatch(/You are public/);
    expect(richest(await bob.command('top'))[0]).toEqual(['Cyr', purses.Cyr]);
    const cyrWins = record.results.filter((r) => r.key === 'cyr' && r.outcome === 'won');
    if (cyrWins.length) expect(await bob.command('top wins')).toMatch(/ Cyr won /);
    expect(anaWins.length + cyrWins.length).toBeGreaterThan(0);
    // In a narrow window each win wraps with its lines hanging under its text, not under its number.
    const narrow = await ts.login('Dee', undefined, { width: 40 });
    const wrapped = (await narrow.command('top wins')).replace(/\r/g, '').split('\n');
    expect(wrapped[0]).toBe('The biggest wins of the last 7 days:');
    const rows = wrapped.slice(1).filter((l) => l.trim() && !/^\S/.test(l));
    expect(rows.length).toBeGreaterThan(anaWins.length + cyrWins.length);
    for (const l of rows) expect(l).toMatch(/^ {2}\d+\. \S|^ {5}\S/);
    expect(rows.every((l) => l.length <= 40)).toBe(true);
    expect(await bob.command('top lots')).toMatch(/^Usage: top/);
  }, 60_000);
});
