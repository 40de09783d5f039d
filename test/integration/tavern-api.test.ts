/**
 * The public API of the web port (docs/web.md): who is here, the richest, the wins and a
 * table's games as JSON, after a real game over telnet; a private character in none of them;
 * and a clear 429 with Retry-After past the per-address limit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { playOutSpiceRun } from '../support/spiceRun.js';
import { checkGame } from '../../src/games/fair-check.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

async function get(path: string): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`http://127.0.0.1:${ts.webPort}${path}`);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

describe('the public API', () => {
  it('answers who, top, wins and a table\'s games as JSON, without a private character', async () => {
    ts = await startTestServer({ seed: 11, web: { root: '/nonexistent', publicLimit: { limit: 100, windowMs: 10_000 } } });
    const ana = await ts.login('Ana');
    const cyr = await ts.login('Cyr');
    const bob = await ts.login('Bob');
    await bob.command('give 300 coins to cyr');
    await bob.command('set public off');
    await ana.command('sit sand');
    await cyr.command('sit sand');
    await playOutSpiceRun(ana, cyr, '100');
    // The answers are kept 2 seconds: a fresh one after the game.
    ts.clock.advance(5000);

    const who = await get('/api/who');
    expect(who.status).toBe(200);
    expect(who.headers.get('access-control-allow-origin')).toBe('*');
    expect(who.body.count).toBe(2);
    expect(who.body.players.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Cyr']);
    expect(who.body.players[0]).toEqual({ name: 'Ana', room: 'The Obsidian Scorpion, Common Room', table: expect.toBeOneOf([null, 'the sand table']) });

    const top = await get('/api/top');
    const purse = async (c: typeof ana) => Number(/carrying ([\d,]+)/.exec(await c.command('i'))![1].replace(/,/g, ''));
    const expected = [
      ['Ana', await purse(ana)],
      ['Cyr', await purse(cyr)],
    ].sort((a, b) => (b[1] as number) - (a[1] as number));
    expect(top.body).toEqual({ richest: expected.map(([name, coins], i) => ({ rank: i + 1, name, coins })) });

    const wins = await get('/api/wins');
    expect(wins.body.days).toBe(7);
    expect(wins.body.wins.length).toBeGreaterThan(0);
    for (const w of wins.body.wins) expect(w).toEqual({ name: expect.stringMatching(/^(Ana|Cyr)$/), coins: expect.any(Number), table: 'sand-table', game: 'spice-run', number: 1, bet: expect.any(String), at: expect.any(String) });

    const tables = await get('/api/tables');
    expect(tables.body.tables.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(['sand-table', 'bones-table', 'lair-table']));
    const games = await get('/api/tables/sand-table/games');
    expect(games.body.table).toMatchObject({ id: 'sand-table', game: 'spice-run' });
    expect(games.body.games).toHaveLength(1);
    const [g] = games.body.games;
    expect(g).toMatchObject({ table: 'sand-table', game: 'spice-run', number: 1, cutOff: false, commitment: expect.stringMatching(/^[0-9a-f]{64}$/), serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(g.draws.length).toBeGreaterThan(0);
    expect(g.draws[0]).toEqual({ nonce: 0, kind: 'dice', dice: [expect.any(Number), expect.any(Number)] });
    expect(new Set(g.results.map((r: { name: string }) => r.name))).toEqual(new Set(['Ana', 'Cyr']));
    // The answer is what `npm run verify -- game <file>` checks a whole game from.
    expect(checkGame(g, games.body.table.freshDecks)).toEqual({ problems: [], draws: g.draws.length });
    expect(JSON.stringify([who.body, top.body, wins.body, games.body])).not.toMatch(/Bob|"key"/);

    // Cyr goes private: gone from every answer, their results too, once the kept answers expire.
    await cyr.command('set public off');
    ts.clock.advance(5000);
    for (const path of ['/api/who', '/api/top', '/api/wins', '/api/tables/sand-table/games']) expect(JSON.stringify((await get(path)).body)).not.toMatch(/Cyr/);

    expect(await get('/api/tables/no-such-table/games')).toMatchObject({ status: 404, body: { error: 'There is no table "no-such-table" here.' } });
    // Without a built page, /tavern says so.
    expect(await get('/tavern')).toMatchObject({ status: 503, body: expect.stringMatching(/npm run build/) });
  }, 60_000);

  it('limits each address, with a 429 that says when to come back', async () => {
    ts = await startTestServer({ web: { root: '/nonexistent', publicLimit: { limit: 5, windowMs: 30_000 } } });
    for (let i = 0; i < 5; i++) expect((await get('/api/top')).status).toBe(200);
    const refused = await get('/api/who');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(refused.body.error).toMatch(/^Too many requests from your address: at most 5 every 30 seconds\. Try again in \d+ seconds\.$/);
    // The page shares the limit, and tells a person in their browser in plain words.
    const page = await get('/tavern');
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(page.body).toMatch(/^Too many requests from your address: at most 5 every 30 seconds\. Try again in \d+ seconds\.\n$/);
    // Other paths of the web port are not limited.
    expect((await fetch(`http://127.0.0.1:${ts.webPort}/`)).status).not.toBe(429);
  });

  it('leads /tavern/ and /tavern.html to /tavern, where the lists are filled in', async () => {
    ts = await startTestServer({ web: { root: '/nonexistent' } });
    for (const [path, location] of [['/tavern/', '../tavern'], ['/tavern.html', 'tavern'], ['/tavern/index.html', '../tavern']]) {
      const res = await fetch(`http://127.0.0.1:${ts.webPort}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(location);
      expect(new URL(location, `http://127.0.0.1${path}`).pathname).toBe('/tavern');
    }
  });
});
