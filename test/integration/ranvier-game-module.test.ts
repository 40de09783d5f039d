import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fairDice } from '../../src/games/fair.js';
import type { TestClient } from '../support/client.js';
import { readFair, sha256 } from '../support/fairCheck.js';
import { listening, type Program } from '../support/program.js';
import { coinsIn, tablesMade, testWorlds } from '../support/ranvier.js';

/**
 * Games from outside the bundle in a Ranvier world: the world's ranvier.json names modules in
 * obsidianTables.gameModules (test/fixtures, from the world's folder: nothing in src/ or plugins/
 * names them), its items name their games by id, and players play them over TCP through the
 * built bundle, which was built without them: their verbs become commands at the start, their
 * help topics stand beside the package's games' own, and a module that is no game stops the start.
 */

const { folder, start, world, player } = testWorlds();

const CHUCK = 'test/fixtures/chuck-a-luck/game.ts';
const HIGH_ROLL = 'test/fixtures/high-roll/game.ts';

/** The hall: a cage table of Chuck-a-luck (from its module) beside a bones table of Lich Bones (the package's). */
const CAGE_AND_BONES = `
- { id: cage-table, name: "the cage table", roomDesc: "A round table with a wire cage of three dice.", keywords: [cage, table], behaviors: { obsidian-table: { game: chuck-a-luck, settings: { bettingMs: 60000, minBet: 5 } } } }
- { id: bones-table, name: "the bones table", roomDesc: "Dreaven's table.", keywords: [bones, table], behaviors: { obsidian-table: { game: lich-bones } } }
`;
const HALL = `
- { id: hall, title: "The Hall", description: "A hall of tables.", items: [{ id: "casino:cage-table" }, { id: "casino:bones-table" }], exits: [{ roomId: "casino:pit", direction: north }] }
- { id: pit, title: "The Pit", description: "An empty pit.", exits: [{ roomId: "casino:hall", direction: south }] }
`;
const DIE_TABLE = `- { id: die-table, name: "the die table", roomDesc: "A small table with one die a seat.", keywords: [die, table], behaviors: { obsidian-table: { game: high-roll, settings: { ante: 20 } } } }\n`;
const DIE_HALL = `- { id: hall, title: "The Hall", description: "A hall.", items: [{ id: "casino:die-table" }] }\n`;

/** What a command answers, without the blank line the world's prompt leaves before it. */
const answer = async (c: TestClient, line: string) => (await c.command(line)).trim();
/** A help page as one line: the world's help wraps it at 80 columns, and indents it with invisible codes. */
const helpOf = async (c: TestClient, line: string) => (await answer(c, line)).replaceAll('\x1b[0m', '').replace(/[\s\u00a0]+/g, ' ').trim();

/** Ana and Bob play a throw of High Roll at the die table, Bob anteing with `bobAntes`. */
async function highRoll(port: number, bobAntes: string): Promise<TestClient[]> {
  const ana = await player(port, 'Ana');
  const bob = await player(port, 'Bob');
  await answer(ana, 'sit die');
  await answer(bob, 'sit die');
  expect(await answer(ana, 'ante')).toBe('You put 20 gold in the pot at the die table; it holds 20 gold.');
  expect(await answer(bob, bobAntes)).toBe('You put 20 gold in the pot at the die table; it holds 40 gold.');
  expect(await answer(ana, 'roll dice die')).toMatch(/The dice at the die table fall: /);
  return [ana, bob];
}

/** The tables' lines at the start that are about ante. */
const anteLines = (program: Program) => program.output().split('\n').filter((l) => /obsidian-tables: .*(?:"ante"|their ante)/.test(l));

/** The world's output once it has stopped, and how it stopped. */
async function stopped(program: Program): Promise<{ code: number | null; errors: string[] }> {
  const code = await program.exited;
  return { code, errors: program.output().split('\n').filter((l) => /error/.test(l)) };
}

describe('a game from a module in a Ranvier world', () => {
  it('Chuck-a-luck is played end to end: help, bets, three dice in one draw named by dice with its nonce, the coins, the seed revealed and the game kept', async () => {
    const { dir, port, program } = await world({ items: CAGE_AND_BONES, rooms: HALL, gameModules: [CHUCK] });
    await tablesMade(dir, program, 2);
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');

    expect(await answer(ana, 'help chuck-a-luck')).toMatch(/Chuck-a-luck: bet on a number from 1 to 6 \(bet 4 5, at least 5 gold\)[^]*At the table:[^]*bet <number> <amount>: Bet on a number from 1 to 6/);
    // The built bet command takes Chuck-a-luck's usage beside the package's games' own.
    expect(await answer(ana, 'help bet')).toMatch(/^Syntax: bet <amount> \| bet <kind> <amount> \| bet <number> <amount>\r\n/);
    expect(await answer(ana, 'sit cage')).toMatch(/^You take a seat at the cage table\./);
    await answer(bob, 'sit cage');
    expect(await answer(ana, 'bet 7 50')).toBe('Name a number from 1 to 6, then the amount: bet 4 50.');
    expect(await answer(ana, 'bet 4 2')).toBe('The smallest bet here is 5 gold.');
    expect(await answer(ana, 'bet 4 50')).toBe('You put 50 gold on 4.');
    await bob.expect('Ana puts 50 gold on 4.');
    expect(await answer(bob, 'bet 2 20')).toBe('You put 20 gold on 2.');
    expect(await answer(ana, 'table cage')).toMatch(/Bets: Ana 50 gold on 4, Bob 20 gold on 2\./);
    const before = readFair(await answer(ana, 'fair cage'));
    expect(before.revealed).toBeNull();

    const thrown = await answer(ana, 'roll dice cage');
    const dice = /The house throws three dice at the cage table: (\d), (\d), (\d)\./.exec(thrown)!.slice(1).map(Number);
    const [a, b, c] = dice;
    expect(await answer(bob, 'dice cage')).toBe(`The dice on the cage table show ${a}, ${b} and ${c} (${a + b + c}); that throw was nonce 0 of game 1.`);
    const paid = (n: number, stake: number) => {
      const matches = dice.filter((d) => d === n).length;
      return matches ? stake * matches : -stake;
    };
    expect(coinsIn(await answer(ana, 'gold'))).toBe(1000 + paid(4, 50));
    expect(coinsIn(await answer(bob, 'gold'))).toBe(1000 + paid(2, 20));

    // The throw ended the game: its seed is revealed, and the three dice are its draw 0.
    const after = readFair(await answer(ana, 'fair cage'));
    expect(after.revealed).toMatchObject({ commitment: before.commitment, clientSeed: before.clientSeed, draws: 1 });
    expect(sha256(after.revealed!.seed)).toBe(before.commitment);
    expect(fairDice(Buffer.from(after.revealed!.seed, 'hex'), before.clientSeed, 0, 3)).toEqual(dice);
    expect(after.commitment).not.toBe(before.commitment);
    const record = await answer(bob, 'fair cage 1');
    expect(record).toMatch(/^Chuck-a-luck at the cage table, game 1: it ended \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(record).toContain(`revealed ${after.revealed!.seed} for commitment ${before.commitment}`);
    expect(record).toMatch(`nonce 0: dice ${a}, ${b} and ${c}`);
    expect(record).toMatch(/Ana, on 4: staked 50, (paid \d+, won \d+|lost 50)/);
    expect(record).toMatch(/Bob, on 2: staked 20, (paid \d+, won \d+|lost 20)/);
    expect(await answer(ana, 'history')).toMatch(/Chuck-a-luck at the cage table, on 4: staked 50/);
  }, 60_000);

  it('takes a game built to one CommonJS .js file, as a host without tsx builds one, and plays it', async () => {
    const dir = await folder({ items: DIE_TABLE, rooms: DIE_HALL, tables: { gameModules: ['games/high-roll.js'] } });
    // Built as a host would build it: the game and what it takes of the package, in one CommonJS file.
    const repo = resolve(import.meta.dirname, '../..');
    await build({ entryPoints: [join(repo, HIGH_ROLL)], outfile: join(dir, 'games/high-roll.js'), bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
    const program = start(dir);
    const port = await listening(program);
    await tablesMade(dir, program, 1);
    const [ana, bob] = await highRoll(port, 'ante');
    const purses = [coinsIn(await answer(ana, 'gold')), coinsIn(await answer(bob, 'gold'))];
    expect(purses[0] + purses[1]).toBe(2000);
    expect([[1000, 1000], [1020, 980], [980, 1020]]).toContainEqual(purses);
  }, 60_000);

  it("has help topics of its own: Chuck-a-luck's odds beside Lich Bones' odds, neither hiding the other", async () => {
    const { dir, port, program } = await world({ items: CAGE_AND_BONES, rooms: HALL, gameModules: [CHUCK] });
    await tablesMade(dir, program, 2);
    const ana = await player(port, 'Ana');
    expect(await helpOf(ana, 'help odds')).toBe('odds Several games have help on odds: help chuck-a-luck odds (Chuck-a-luck), help lich bones odds (Lich Bones).');
    expect(await helpOf(ana, 'help chuck-a-luck odds')).toMatch(/^chuck-a-luck odds Chuck-a-luck odds: one die of your number pays 1:1/);
    const bones = await helpOf(ana, 'help lich bones odds');
    expect(bones).toMatch(/^lich bones odds .*HERO/);
    expect(bones).not.toMatch(/Chuck/);
    expect(await helpOf(ana, 'help tables')).toMatch(/More help: help chuck-a-luck odds: odds at Chuck-a-luck\. help lich bones odds: odds at Lich Bones\./);
  }, 60_000);

  it("makes a module game's verb a command where the bundle's would stand, its words told as the bundle's own are", async () => {
    // positions loads after the tables: were ante put after its anvil, an would type anvil.
    const { dir, port, program } = await world({ items: DIE_TABLE, rooms: DIE_HALL, gameModules: [HIGH_ROLL], others: { positions: ['anvil'] } });
    await tablesMade(dir, program, 1);
    await highRoll(port, 'an');
    expect(anteLines(program)).toEqual([expect.stringMatching(/warn: obsidian-tables: with the tables, "an" \(which typed anvil of the bundle positions\) now types their ante\./)]);

    // Another bundle's ante: the one loaded later is the one players get, as between any two bundles.
    for (const [others, typed, told] of [
      [{ furniture: ['ante'] }, /^You are not seated at a table/, /the tables' "ante" replaces the "ante" of the bundle furniture, loaded before them\./],
      [{ positions: ['ante'] }, /^positions: ante$/, /the bundle positions, loaded after the tables, has its own "ante", which hides theirs: players typing ante get that one\./],
    ] as [Record<string, string[]>, RegExp, RegExp][]) {
      const other = await world({ items: DIE_TABLE, rooms: DIE_HALL, gameModules: [HIGH_ROLL], others });
      await tablesMade(other.dir, other.program, 1);
      expect(await answer(await player(other.port, 'Cyd'), 'ante')).toMatch(typed);
      expect(anteLines(other.program)).toEqual([expect.stringMatching(told)]);
    }
  }, 90_000);

  it("takes a world's own word for a module game's verb, leaving the word it gave up to the bundle that has it", async () => {
    const { dir, port, program } = await world({ items: DIE_TABLE, rooms: DIE_HALL, gameModules: [HIGH_ROLL], tables: { verbs: { ante: 'chip' } }, others: { positions: ['ante'] } });
    await tablesMade(dir, program, 1);
    const cyd = await player(port, 'Cyd');
    expect(await answer(cyd, 'ante')).toBe('positions: ante');
    expect(await answer(cyd, 'chip')).toBe('You are not seated at a table (sit <table> first).');
    await answer(cyd, 'sit die');
    expect(await answer(cyd, 'chip')).toBe('You put 20 gold in the pot at the die table; it holds 20 gold.');
    expect(await answer(cyd, 'help chip')).toMatch(/^Syntax: chip\r\n/);
    expect(await answer(cyd, 'help high roll')).toMatch(/In this world, type chip for ante\./);
    expect(anteLines(program)).toEqual([]);
  }, 60_000);

  it('stops the start in one line for a module that is no game, two games of one id, a table of no game the world has, and a verb no game has', async () => {
    const cases: [Parameters<typeof folder>[0], RegExp][] = [
      [{ gameModules: ['src/games/random.ts'] }, /error: obsidianTables\.gameModules: game module \S+\/src\/games\/random\.ts exports no GameDefinition \(export default, or export const game\)$/],
      [{ gameModules: ['test/fixtures/nowhere.ts'] }, /error: obsidianTables\.gameModules: game module \S+\/test\/fixtures\/nowhere\.ts: there is no such file$/],
      [{ gameModules: [CHUCK, CHUCK] }, /error: obsidianTables\.gameModules: two games have the id chuck-a-luck \(Chuck-a-luck and Chuck-a-luck\): a table could not tell them apart$/],
      [{ items: DIE_TABLE, rooms: DIE_HALL, gameModules: [CHUCK] }, /error: item casino:die-table, behavior obsidian-table: game must be one of spice-run, lich-bones, dragons-lair, chuck-a-luck, not "high-roll"$/],
      [{ gameModules: [CHUCK], tables: { verbs: { ante: 'chip' } } }, /error: obsidianTables\.verbs\.ante: ante is not a verb of the tables \(they are [^)]*\)$/],
    ];
    for (const [opts, line] of cases) {
      const { code, errors } = await stopped(start(await folder(opts)));
      expect(code, String(line)).toBe(1);
      expect(errors, String(line)).toEqual([expect.stringMatching(line)]);
    }
    // The same world with High Roll's module too names ante, and starts.
    const dir = await folder({ items: DIE_TABLE, rooms: DIE_HALL, gameModules: [CHUCK, HIGH_ROLL], tables: { verbs: { ante: 'chip' } } });
    const program = start(dir);
    await listening(program);
    await tablesMade(dir, program, 1);
  }, 90_000);
});
