/**
 * A game from outside the source tree: the server program started with `--game-module` naming a
 * module in test/fixtures (Chuck-a-luck, three dice thrown together), which nothing in src/ names,
 * and a world whose table names that game by its id. Played over TCP as a client plays: its help,
 * its verb, its throw of three dice told with their nonce, its coins and its revealed seed.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fairDice } from '../../src/games/fair.js';
import { gamesWith, loadGameModule } from '../../src/games/modules.js';
import { games } from '../../src/games/index.js';
import { readFair, sha256 } from '../support/fairCheck.js';
import { listening, login, run, type Program } from '../support/program.js';
import { startTestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';

const MODULE = 'test/fixtures/chuck-a-luck/game.ts';
const WORLD = 'test/fixtures/chuck-a-luck/world.json';

let program: Program | null = null;
let dir = '';
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  program?.child.kill('SIGKILL');
  await program?.exited;
  program = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

const coins = async (c: TestClient) => Number(/([\d,]+) obsidian coins/.exec(await c.command('i'))![1].replace(/,/g, ''));

describe('a game loaded with --game-module', () => {
  it('is played at the table of a world that names it: help, bets, three dice in one draw named by look dice, the coins, and the seed revealed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'game-module-'));
    program = run(['--port', '0', '--data', dir, '--seed', '3', '--creates-per-hour', '0', '--world', WORLD, '--game-module', MODULE]);
    const port = await listening(program, 60_000);
    const [ana, bob] = [await login(port, 'Ana'), await login(port, 'Bob')];
    clients.push(ana, bob);

    expect(await ana.command('help chuck-a-luck')).toMatch(/Chuck-a-luck: bet on a number from 1 to 6 \(bet 4 5, at least 5 obsidian coins\)[^]*bet <number> <amount>/);
    expect(await ana.command('sit cage')).toMatch(/You take a seat at the cage table/);
    await bob.command('sit cage');
    expect(await ana.command('bet 7 50')).toBe('Name a number from 1 to 6, then the amount: bet 4 50.');
    expect(await ana.command('bet 4 2')).toBe('The smallest bet here is 5 obsidian coins.');
    expect(await ana.command('bet 4 50')).toMatch(/You put 50 obsidian coins on 4\./);
    expect(await bob.command('bet 2 20')).toMatch(/You put 20 obsidian coins on 2\./);
    const before = readFair(await ana.command('fair cage'));

    const thrown = await ana.command('roll dice cage');
    const [a, b, c] = /The house throws three dice at the cage table: (\d), (\d), (\d)\./.exec(thrown)!.slice(1).map(Number);
    expect(await bob.command('look dice cage')).toBe(`The dice on the cage table show ${a}, ${b} and ${c} (${a + b + c}); that throw was nonce 0 of game 1.`);
    const paid = (n: number, stake: number) => {
      const matches = [a, b, c].filter((d) => d === n).length;
      return matches ? stake * matches : -stake;
    };
    expect(await coins(ana)).toBe(1000 + paid(4, 50));
    expect(await coins(bob)).toBe(1000 + paid(2, 20));

    // The throw ended the game: its seed is revealed, and the three dice are its draw 0.
    const after = readFair(await ana.command('fair cage'));
    expect(after.revealed).toMatchObject({ commitment: before.commitment, clientSeed: 'cage-table:1', draws: 1 });
    expect(sha256(after.revealed!.seed)).toBe(before.commitment);
    expect(fairDice(Buffer.from(after.revealed!.seed, 'hex'), 'cage-table:1', 0, 3)).toEqual([a, b, c]);
  }, 90_000);

  it('refuses, in one line, a module that exports no game and a game whose id another has', async () => {
    await expect(loadGameModule(WORLD)).rejects.toThrow(/^game module test\/fixtures\/chuck-a-luck\/world\.json: its game is not a GameDefinition: its id must be/);
    await expect(loadGameModule('test/fixtures/nowhere.ts')).rejects.toThrow('game module test/fixtures/nowhere.ts: there is no such file');
    const chuck = await loadGameModule(MODULE);
    expect(chuck.id).toBe('chuck-a-luck');
    expect(() => gamesWith(games, [chuck, chuck])).toThrow('two games have the id chuck-a-luck (Chuck-a-luck and Chuck-a-luck): a table could not tell them apart');
    expect(gamesWith(games, [chuck]).map((g) => g.id)).toEqual([...games.map((g) => g.id), 'chuck-a-luck']);
  });
});

describe('a module that is no game of its own', () => {
  it('is refused in one line that says what is wrong: where its code does not parse, a folder, defaults its own settings refuse', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'bad-modules-'));
    try {
      const write = (name: string, code: string) => {
        writeFileSync(join(folder, name), code);
        return join(folder, name);
      };
      const broken = write('broken.ts', 'export default {{ id: \n');
      await expect(loadGameModule(broken)).rejects.toThrow(/^game module \S+broken\.ts does not load: \S*broken\.ts:1:16: ERROR: Expected identifier but found "\{"$/);
      await expect(loadGameModule(folder)).rejects.toThrow(`game module ${folder} is a folder: name the module's file`);
      const chuck = `import { game } from '${resolve(MODULE)}';\n`;
      const unplayable = write('unplayable.ts', `${chuck}export default { ...game, settings: { ...game.settings, defaults: { ...game.settings.defaults, minBet: 'ten' } } };\n`);
      await expect(loadGameModule(unplayable)).rejects.toThrow(`game module ${unplayable}: its game is not a GameDefinition: its own settings are refused: settings.minBet must be a whole number of at least 1, not "ten"`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("two games' help topics of one name", () => {
  it('are each its own game\'s: help <game> <topic> names one, and help <topic> names both instead of picking one', async () => {
    const ts = await startTestServer({ moreGames: [await loadGameModule(MODULE)] });
    try {
      const ana = await ts.login('Ana');
      expect(await ana.command('help odds')).toBe('Several games have help on odds: help lich bones odds (Lich Bones), help chuck-a-luck odds (Chuck-a-luck).');
      expect(await ana.command('help lich bones odds')).toMatch(/HERO/);
      expect(await ana.command('help chuck-a-luck odds')).toMatch(/^Chuck-a-luck odds: one die of your number pays 1:1/);
      expect(await ana.command('help topics')).toMatch(/help lich bones odds\s+odds at Lich Bones\.[^]*help chuck-a-luck odds\s+odds at Chuck-a-luck\./);
    } finally {
      await ts.destroy();
    }
  });
});

describe("the package README's sketch of a game", () => {
  it('is a whole game: loaded as a module, two players sit, one rolls, and the higher die takes both antes', async () => {
    const readme = readFileSync('src/games/README.md', 'utf8');
    const code = /```ts\n(\/\/ high-die\.ts[^]*?)```/.exec(readme)![1].replaceAll("'../src/games/", `'${resolve('src/games')}/`);
    const file = join(await mkdtemp(join(tmpdir(), 'high-die-')), 'high-die.ts');
    writeFileSync(file, code);
    const highDie = await loadGameModule(file);
    const table = { id: 'die-table', name: 'the die table', game: 'high-die', keywords: ['die', 'table'], short: 'a die table', description: 'A small table.', settings: { ante: 20 } };
    const world = { start: 'hall', rooms: [{ id: 'hall', name: 'The Hall', description: 'A hall.', exits: { south: 'yard' }, tables: [table] }, { id: 'yard', name: 'The Yard', description: 'A yard.', exits: { north: 'hall' } }] };
    const ts = await startTestServer({ world, moreGames: [highDie], seed: 2 });
    try {
      const [ana, bob] = [await ts.login('Ana'), await ts.login('Bob')];
      expect(await ana.command('help high die')).toMatch(/High Die: two players, 20 obsidian coins each/);
      // A game with no table in this world still has its verbs, declared without one.
      expect(await ana.command('help spice run')).toMatch(/Verbs at the table:[^]*variant standard \| all-or-none \| take-and-give/);
      await ana.command('sit die');
      await bob.command('sit die');
      const thrown = await ana.command('roll dice die');
      const [a, b] = /You throw (\d), Bob (\d)/.exec(thrown)!.slice(1).map(Number);
      const expected = a === b ? [1000, 1000] : a > b ? [1020, 980] : [980, 1020];
      expect([await coins(ana), await coins(bob)]).toEqual(expected);
      expect(await bob.command('look dice die')).toBe(`The dice on the die table show ${a} and ${b} (${a + b}); that throw was nonce 0 of game 1.`);
    } finally {
      await ts.destroy();
    }
  });
});

describe('the module game stays outside the source tree', () => {
  it('is named by no file of src/ or plugins/: only the module and its tests know it', async () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    const all = [...files('src'), ...files('plugins')];
    expect(all.length).toBeGreaterThan(100);
    // Code and data, that is: the package's README may tell of it as an example.
    expect(all.filter((f) => !f.endsWith('.md') && /chuck/i.test(readFileSync(f, 'latin1')))).toEqual([]);
  });
});
