import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listening } from '../support/program.js';
import { coinsIn, testWorlds } from '../support/ranvier.js';
import { rollToPlace } from '../support/spiceRun.js';

/**
 * The tables' books in a Ranvier world, from outside: what a player is told of the bets settled
 * while they were away, from the journal; purses kept per journal and per currency, never below
 * nothing, and a start refused when the books the purses were kept with are gone; every finished
 * game's record kept for good (`fair <table> <game>`), and each player's results (`history`).
 */

const { folder, start, world, player } = testWorlds();

/** A reply with LF line ends, for patterns of whole lines. */
const unix = (text: string) => text.replace(/\r\n/g, '\n');

/** The casino's bones table with short betting rounds, so a throw comes by itself within a test. */
const QUICK_BONES = `
- { id: sand-table, name: "the sand table", keywords: [sand, table], behaviors: { obsidian-table: { game: spice-run } } }
- { id: dune-table, name: "the dune table", keywords: [dune, table], behaviors: { obsidian-table: { game: spice-run, settings: { turnMs: 1500 } } } }
- { id: lair-table, name: "the lair table", keywords: [lair, table], behaviors: { obsidian-table: { game: dragons-lair } } }
- id: bones-table
  name: "the bones table"
  keywords: [bones, table]
  behaviors:
    obsidian-table:
      game: lich-bones
      settings: { rounds: 2, minBet: 10, handout: 100, heroBonus: 0, bettingMs: 2000, autostartMs: 600000 }
`;

describe("the tables' books in a Ranvier world", () => {
  it("tells a player who comes back what came of a Lich Bones bet settled while their connection was down, once, as history keeps it", async () => {
    const { port } = await world({ items: QUICK_BONES });
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    for (const c of [ana, bob]) await c.command('north');
    await ana.command('sit bones');
    await ana.command('start');
    expect(await ana.command('bet hero 10')).toMatch('Dreaven takes your 10 gold on HERO.');
    expect(await ana.command('bet drain 10')).toMatch('Dreaven takes your 10 gold on DRAIN');
    ana.close();
    // Bob, looking on, sees Dreaven throw for the HERO twice (seed 7: a point of 6, then 6 again), and the game end.
    await bob.expect(/Ana loses 10 gold\.[^]*Ana wins 11 gold\.[^]*Lich Bones is over\. Dreaven hands 100 gold to Ana\./, 15_000);
    // Back in her seat, she hears it (from the journal) within the second, with no command typed.
    const back = await player(port, 'Ana');
    await back.expect('While you were away', 5000);
    const told = (await back.command('gold')).replace(/\r\n/g, '\n');
    expect(back.all.replace(/\r\n/g, '\n')).toMatch(
      /While you were away, the tables settled 2 bets of yours and paid you 121 gold \(20 gold had been staked\):\n {2}Lich Bones at the bones table, DRAIN[^:]*: staked 10, lost 10\n {2}Lich Bones at the bones table, HERO[^:]*: staked 10, paid 21, won 11\n {2}Lich Bones at the bones table, [^:]*: received 100\n/,
    );
    expect(back.all).toContain('You are still seated at the bones table. Its game stands so:');
    // Told once; history has it too.
    expect(told).not.toMatch(/While you were away/);
    expect(await back.command('history')).toMatch(/Your last 4 results at the tables, newest first:[^]*DRAIN[^:]*: staked 10, lost 10/);
  });

  it('keeps every finished game: fair <table> <game> shows its seed, draws and results after a restart, and history the player\'s own', async () => {
    const dir = await folder({ items: QUICK_BONES });
    let program = start(dir);
    let port = await listening(program);
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    await ana.command('sit dune');
    await bob.command('sit dune');
    await rollToPlace(ana, 'dune');
    const square = /You place 60 gold on square (\d+)/.exec(await ana.command('bet 60'))![1];
    // Nobody plays on: the 1.5-second turn lapses, the game is withdrawn, and its seed revealed.
    await ana.expect(/the game is withdrawn/, 10_000);
    await ana.expect(/The seed of game 1 is revealed/, 5000);
    const record = await ana.command('fair dune 1');
    expect(record).toMatch(/Spice Run at the dune table, game 1: it ended \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(record).toMatch(/revealed [0-9a-f]{64} for commitment [0-9a-f]{64}/);
    expect(record).toMatch(/client seed casino:dune-table@casino:hall:1, (one draw|\d+ draws):\r\n {4}nonce 0: dice \d and \d/);
    expect(record).toContain(`Ana, square ${square}: staked 60, returned`);
    program.child.kill('SIGKILL');
    await program.exited;
    program = start(dir);
    port = await listening(program);
    const again = await player(port, 'Ana');
    // The journal was rewritten at the start; the game's record was not.
    expect(await again.command('fair dune 1')).toBe(record);
    // Game 2's seed, committed and never drawn from, was retired at the start: no game, no record.
    expect(await again.command('fair dune 2')).toMatch('There is no record of game 2 at the dune table; it has records of game 1.');
    expect(await again.command('fair dune 3')).toMatch('Game 3 at the dune table is not over yet');
    expect(await again.command('history')).toMatch(`Your last result at the tables:\r\n  Spice Run at the dune table, square ${square}: staked 60, returned`);
  });

  it('refuses to start, saying why, when the purses were kept with books that are gone; declared lost, every purse keeps what it holds, never below nothing', async () => {
    const dir = await folder();
    let program = start(dir);
    let port = await listening(program);
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    await ana.command('sit sand');
    await bob.command('sit sand');
    await rollToPlace(ana);
    await ana.command('bet 60');
    await ana.command('save');
    await ana.expect('Saved.');
    const journal = /"journal": "([0-9a-f]{16})"/.exec(readFileSync(join(dir, 'data/player/Ana.json'), 'utf8'))![1];
    program.child.kill('SIGKILL');
    await program.exited;
    // The tables' data folder is lost.
    rmSync(join(dir, 'data/obsidian-tables'), { recursive: true });
    program = start(dir);
    expect(await program.exited).toBe(1);
    expect(program.output()).toMatch(
      new RegExp(`error: obsidian-tables: the world does not start: the purses of Ana hold what the tables' journal ${journal} gave and took, and that journal is not in \\S+data/obsidian-tables \\(there was none there, so none was made\\)\\. Put the folder`),
    );
    expect(program.output()).toContain(`add "${journal}" to obsidianTables.lostJournals in ranvier.json`);
    // The host declares it lost: Ana keeps what her purse holds (the wager the lost books held is gone with them), and in another currency nothing goes below nothing.
    const config = JSON.parse(readFileSync(join(dir, 'ranvier.json'), 'utf8')) as { obsidianTables: Record<string, unknown> };
    config.obsidianTables.lostJournals = [journal];
    writeFileSync(join(dir, 'ranvier.json'), JSON.stringify(config));
    program = start(dir);
    port = await listening(program);
    const back = await player(port, 'Ana');
    expect(coinsIn(await back.command('gold'))).toBe(940);
    expect(back.all).not.toMatch(/While you were away|took/);
    config.obsidianTables.currency = 'dragon_scales';
    writeFileSync(join(dir, 'ranvier.json'), JSON.stringify(config));
    program.child.kill('SIGKILL');
    await program.exited;
    program = start(dir);
    port = await listening(program);
    expect(await (await player(port, 'Ana')).command('gold')).toMatch(/^You have 0 dragon scales\.$/m);
  });
});

describe("the world's lists and the tables' page", () => {
  it('lists the richest and the biggest wins (top, top wins), keeps a player off them who asks, and serves the same on the page and its API', async () => {
    const { port, program } = await world({ items: QUICK_BONES, tables: { page: { port: 0, host: '127.0.0.1', title: 'The Test Casino' } } });
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    for (const c of [ana, bob]) await c.command('north');
    await ana.command('sit bones');
    await ana.command('start');
    await ana.command('bet hero 10');
    // Seed 7: a point of 6, then 6 again: the HERO wins, and Ana with it.
    await bob.expect(/Lich Bones is over/, 15_000);
    // 1,000, the hand-outs at the game's start and end, and the 11 won.
    expect(unix(await bob.command('top'))).toMatch(/^The richest here:\n {2} 1\. Ana: 1,211 gold\n {2} 2\. Bob: 1,000 gold$/m);
    expect(await bob.command('top wins')).toMatch(/The biggest wins of the last 7 days:\r\n {2} 1\. Ana won 11 gold at the bones table \(game 1, HERO[^)]*\), just now/);
    const page = /the tables' page on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(program.output())![1];
    const api = async (path: string) => (await fetch(new URL(path, page))).json() as Promise<Record<string, unknown>>;
    expect(await api('api/top')).toEqual({ richest: [{ rank: 1, name: 'Ana', coins: 1211 }, { rank: 2, name: 'Bob', coins: 1000 }] });
    expect(await api('api/wins')).toMatchObject({ days: 7, wins: [{ name: 'Ana', coins: 11, table: 'casino:bones-table@casino:pit', game: 'lich-bones', number: 1 }] });
    expect((await api('api/who')).players).toEqual([{ name: 'Ana', room: 'The Pit', table: 'the bones table' }, { name: 'Bob', room: 'The Pit', table: null }]);
    const games = (await api(`api/tables/${encodeURIComponent('casino:bones-table@casino:pit')}/games`)) as { games: { number: number; serverSeed: string; draws: unknown[]; results: { name: string }[] }[] };
    expect(games.games[0]).toMatchObject({ number: 1, draws: [{ nonce: 0, kind: 'dice', dice: [5, 1] }, { nonce: 1, kind: 'dice', dice: [5, 1] }] });
    expect(games.games[0].results.map((r) => r.name)).toContain('Ana');
    const html = await (await fetch(page)).text();
    expect(html).toContain("<title>The Test Casino: the tables' lists and games</title>");
    expect(html).toMatch(/<span class="name">Ana<\/span>: 1,211 gold/);
    expect(html).toContain('<script type="module" src="./tables.js"></script>');
    expect((await fetch(new URL('tables.js', page))).status).toBe(200);
    // Ana asks to be off the lists: she is on none of them, nor on the page.
    expect(await ana.command('top public off')).toMatch("You are kept off the tables' lists and page");
    expect(unix(await ana.command('top'))).toMatch(/^The richest here:\n {2} 1\. Bob: 1,000 gold\nYou are kept off these lists \(top public on to be on them\)\.$/m);
    expect(await ana.command('top wins')).toMatch('Nobody has won at the tables in the last 7 days.');
    await new Promise((r) => setTimeout(r, 2100));
    expect(await api('api/top')).toEqual({ richest: [{ rank: 1, name: 'Bob', coins: 1000 }] });
    expect(JSON.stringify(await api(`api/tables/${encodeURIComponent('casino:bones-table@casino:pit')}/games`))).not.toContain('Ana');
  });
});
