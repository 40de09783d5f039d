import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROMPT_END, type TestClient } from '../support/client.js';
import { listening } from '../support/program.js';
import { fairDice } from '../../src/games/fair.js';
import { bundle, coinsIn, testWorlds } from '../support/ranvier.js';
import { rollToPlace } from '../support/spiceRun.js';

/**
 * The tables in a Ranvier world, from outside: the built bundle in a world of the stock core,
 * players over real TCP (ranvier-telnet) sitting, standing, naming tables, and the tables'
 * clocks running with nobody typing.
 */

const { folder, start, world, player } = testWorlds();

describe('the obsidian-tables bundle in a Ranvier world', () => {
  it("is built from the game package, the disk helper and its own source alone, and needs nothing at run time but Node's own modules and the world's core", async () => {
    const built = await bundle();
    const outside = built.inputs.filter((f) => !/^(src\/games|src\/text|src\/disk|plugins\/ranvier\/src)\//.test(f));
    expect(outside).toEqual([]);
    expect(built.inputs).toContain('src/games/dragons-lair/rules.ts');
    const lib = readFileSync(join(built.bundle, 'lib/obsidian-tables.js'), 'utf8');
    const required = [...lib.matchAll(/(?<!\.)\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required.filter((r) => !r.startsWith('node:'))).toEqual([]);
    // Ranvier's Logger is the world's own, from the core its start script loaded.
    expect(lib).toContain('require.main?.require("ranvier")');
    expect(readFileSync(join(built.bundle, 'commands/bet.js'), 'utf8')).toContain("require('../lib/obsidian-tables.js')");
    // The players' datasource that saves a file whole ships with it, taking the file datasource from the world.
    const datasource = readFileSync(join(built.bundle, 'datasources/atomic-json-directory.js'), 'utf8');
    expect([...datasource.matchAll(/\brequire\('([^']+)'\)/g)].map((m) => m[1])).toEqual(['fs', 'path', 'ranvier-datasource-file']);
    expect(datasource).toContain("require.main.require('ranvier-datasource-file')");
  });

  it('loads in a world of the stock core with only the bundle and the example area: three tables, each with its first seed committed', async () => {
    const dir = await folder({ bundles: ['obsidian-tables', 'obsidian-tavern-example'] });
    const program = start(dir);
    const journal = join(dir, 'data/obsidian-tables/journal.jsonl');
    const deadline = Date.now() + 20_000;
    // Four whole lines: the books, and each table's first commitment.
    while (!existsSync(journal) || (readFileSync(journal, 'utf8').match(/\n/g)?.length ?? 0) < 4) {
      if (program.child.exitCode !== null || Date.now() > deadline) throw new Error(`the world did not load the tables:\n${program.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const lines = readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { k: string; fair?: { table: string; commitment: string } });
    expect(lines[0].k).toBe('books');
    expect(lines.slice(1).map((l) => l.fair?.table)).toEqual([
      'obsidian-tavern:sand-table@obsidian-tavern:common-room',
      'obsidian-tavern:bones-table@obsidian-tavern:bone-hall',
      'obsidian-tavern:lair-table@obsidian-tavern:card-room',
    ]);
    for (const l of lines.slice(1)) expect(l.fair!.commitment).toMatch(/^[0-9a-f]{64}$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(program.child.exitCode).toBeNull();
    expect(program.output()).not.toMatch(/error|warn/i);
  });

  it('seats players over TCP at any of several tables in a room, named by a keyword or an ordinal; walking out stands you up', async () => {
    const { port } = await world();
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    expect(await ana.command('sit sand')).toMatch(/You take a seat at the sand table\./);
    await bob.expect('Ana takes a seat at the sand table.');
    expect(await ana.command('sit dune')).toMatch(/You are already seated at the sand table; stand up first\./);
    expect(await ana.command('stand')).toMatch(/You stand up from the sand table\./);
    await bob.expect('Ana stands up from the sand table.');
    expect(await ana.command('sit 2.table')).toMatch(/You take a seat at the dune table\./);
    expect(await ana.command('stand')).toMatch(/You stand up from the dune table\./);
    expect(await ana.command('sit nowhere')).toMatch(/There is no table here called "nowhere"\./);
    expect(await ana.command('table')).toMatch(/Which table\? Here are the sand table \(sand\), the dune table \(dune\), the lair table \(lair\)\./);
    expect(await ana.command('bet 5')).toMatch(/You are not seated at a table \(sit <table> first\)\./);
    expect(await ana.command('stand')).toMatch(/You are not seated at a table\./);
    // Walking out of the room is standing up.
    await ana.command('sit lair');
    await bob.expect('Ana takes a seat at the lair table.');
    expect(await ana.command('north')).toMatch(/You stand up from the lair table\.[^]*The Pit/);
    await bob.expect('Ana stands up from the lair table.');
    expect(await ana.command('table')).toMatch(/Dreaven shuffles the bones, waiting for a game\. Nobody is seated\./);
    expect(await ana.command('gold')).toMatch(/You have 1,000 gold\. You have no bets on the bones table\./);
    expect(await bob.command('gold')).toMatch(/^You have 1,000 gold\.$/m);
  });

  it('gives each player a line of the tables reaches a fresh prompt after it, as the world does after a command, and the player who typed one no second prompt', async () => {
    const { port } = await world();
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    const prompts = (c: TestClient) => c.all.split(PROMPT_END).length - 1;
    expect(await ana.command('sit dune')).toMatch(/You take a seat at the dune table\./);
    const anaPrompts = prompts(ana);
    await bob.expect('Ana takes a seat at the dune table.');
    expect(await bob.nextPrompt(2000)).toMatch(/^\s*Ana waits at the dune table for someone to play Spice Run against\.\s*$/);
    // With nobody typing: the turn lapses, and both hear it with a prompt after it.
    await bob.command('sit dune');
    for (const c of [ana, bob]) {
      // 1.5 s away; the rest is room for a loaded machine.
      await c.expect(/let the turn lapse/, 20_000);
      expect((await c.nextPrompt(2000)).trim()).toMatch(/withdrawn|^$/);
    }
    // Ana's own command ended with one prompt, the lapse with one: nothing more came.
    await new Promise((r) => setTimeout(r, 300));
    expect(prompts(ana)).toBe(anaPrompts + 2);
  });

  it("runs a table's deadline with nobody typing, and keeps a dropped player's seat for the grace period only", async () => {
    const { port } = await world({ tables: { graceMs: 1000 } });
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    await ana.command('sit dune');
    await bob.command('sit dune');
    // The dune table's turns last 1.5 seconds: nobody rolls, and the game lapses.
    await bob.expect(/Ana let the turn lapse, so the game is withdrawn: every wager goes back to its owner \(nothing was on the board\)\./, 10_000);
    await ana.expect(/You let the turn lapse/, 10_000);
    await bob.command('stand');
    await ana.command('stand');
    await ana.command('sit sand');
    await bob.command('sit sand');
    ana.close();
    await bob.expect("Ana has lost the thread; their seat is kept for 1 second.", 10_000);
    await bob.expect(/Ana's seat at the sand table is empty now\.[^]*Ana has left the table, so the game is withdrawn/, 10_000);
    // The game is over and Ana's seat free; Bob keeps his, waiting: Ana comes back to a new game with him.
    const back = await player(port, 'Ana');
    expect(await back.command('sit sand')).toMatch(/You take a seat at the sand table\.\r\nA game of Spice Run begins: Bob is Player 1, you are Player 2\./);
  });

  it("tells each game's rules and verbs through the world's help, and a table's provably fair commitment", async () => {
    const { port } = await world();
    const ana = await player(port, 'Ana');
    expect(await ana.command('help spice run')).toMatch(/Spice Run: two players wager[^]*bet <amount>: Put coins on the square/);
    expect(await ana.command("help dragon's lair")).toMatch(/Dragon's Lair \(2 to 5 players\)[^]*discard <card>/);
    expect(await ana.command('help odds')).toMatch(/HERO/);
    expect(await ana.command('help tables')).toMatch(/roll dice <table>[^]*fair <table>/);
    // help fair tells how to check a seed here, where no README is at hand.
    const helpFair = await ana.command('help fair');
    expect(helpFair.replace(/\s+/g, ' ')).toMatch(/the seed's SHA-256 is the commitment[^]*uniform\(k\) is u mod k[^]*uniform\(6\) \+ 1 twice/);
    expect(helpFair).not.toMatch(/README/);
    expect(await ana.command('help gold')).toMatch(/Show your coins, at a table or anywhere else\.[^]*Lich Bones: gold\./);
    expect(await ana.command('help bet')).toMatch(/Syntax: bet <amount> \| bet <kind> <amount>[^]*Spice Run: bet <amount>[^]*Lich Bones: bet <kind> <amount>/);
    const fair = await ana.command('fair sand');
    expect(fair).toMatch(/commitment [0-9a-f]{64}/);
    expect(fair).toMatch(/client seed casino:sand-table@casino:hall:1 nonce 0/);
    await ana.command('sit sand');
    expect(await ana.command('fair seed lucky')).toMatch(/You set the client seed of game 1 at the sand table to lucky/);
    expect(await ana.command('fair')).toMatch(/client seed lucky nonce 0/);
  });

  it("gives a table's coins back and stops its clock when its item leaves the world", async () => {
    const { port } = await world();
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    await ana.command('sit dune');
    await bob.command('sit dune');
    await rollToPlace(ana, 'dune');
    expect(await ana.command('bet 60')).toMatch(/You place 60 gold on square/);
    expect(coinsIn(await ana.command('gold'))).toBe(940);
    expect(await bob.command('destroy dune')).toMatch(/You destroy the dune table\./);
    await ana.expect('The dune table is taken away; every coin on it goes back to its owner.', 5000);
    expect(coinsIn(await ana.command('gold'))).toBe(1000);
    expect(await ana.command('sit dune')).toMatch(/There is no table here called "dune"/);
    // The dune table's turns last 1.5 seconds: had its clock run on, Bob's turn would lapse by now.
    await new Promise((r) => setTimeout(r, 2000));
    expect(ana.all + bob.all).not.toMatch(/lapse/);
  });

  // The world's money is its own: gold by default, or what obsidianTables.currency names (`_` read as a space).
  for (const [currency, money] of [['gold', 'gold'], ['dragon_scales', 'dragon scales']]) {
    it(`names the world's currency in what the tables say, their refusals and their help: ${currency}, never obsidian coins`, async () => {
      const { port } = await world({ tables: { currency } });
      const ana = await player(port, 'Ana');
      const bob = await player(port, 'Bob');
      await ana.command('sit sand');
      await bob.command('sit sand');
      await rollToPlace(ana);
      expect(await ana.command('bet 5000')).toMatch(`You have only 1,000 ${money}; that needs 5,000 ${money}.`);
      // A typed amount is refused in the world's money too.
      expect(await ana.command('bet 1.5')).toMatch(`"1.5" is not a whole number of ${money}; use digits only`);
      expect(await ana.command('bet 60')).toMatch(new RegExp(`You place 60 ${money} on square \\d+\\. The board holds 60 ${money}\\.`));
      await bob.expect(new RegExp(`Ana places 60 ${money} on square`));
      expect(await ana.command('table sand')).toMatch(`On the board: 60 ${money} in 1 wager.`);
      expect(await ana.command('gold')).toMatch(`You have 940 ${money}.`);
      expect(coinsIn(await bob.command('gold'), money)).toBe(1000);
      expect(await ana.command("help dragon's lair")).toMatch(
        new RegExp(`antes 50 ${money} into the bank[^]*down the list in table <table>[^]*paid back as ${money}\\.[^]*table <table> shows the lairs`),
      );
      expect((await ana.command('help lich bones')).replaceAll('\x1b[0m', '').replaceAll('\u00a0', ' ')).toMatch(new RegExp(`gets 100 ${money}[^]*typed at the table, amount first or last:\\s+bet hero 10 +bet 10 lich[^]*\\sgold shows your coins`));
      // Ana walks out (her wager comes back) to the bones table.
      await ana.command('north');
      await ana.command('sit bones');
      expect(await ana.command('start')).toMatch(`Dreaven hands 100 ${money} to you.`);
      expect(await ana.command('bet hero 5')).toMatch(`The minimum bet is 10 ${money}.`);
      expect(await ana.command('bet hero ten')).toMatch(`"ten" is not a whole number of ${money}`);
      expect(await ana.command('bet hero')).toMatch(`How many ${money} on HERO?`);
      // The bet's help gives this table's minimum (10), not the tavern's.
      const helpBet = (await ana.command('help bet')).replace(/\s+/g, ' ');
      expect(helpBet).toMatch('Lich Bones: bet <kind> <amount>. Place a bet, amount first or last: bet hero 10, bet 10 lich, bet attack 6 10.');
      expect(helpBet).not.toMatch('5000');
      expect(await ana.command('bet hero 10')).toMatch(`Dreaven takes your 10 ${money} on HERO.`);
      expect(await ana.command('gold')).toMatch(`You have 1,090 ${money}. Your bets on the bones table: 10 on HERO (1:1 +10%) (10 ${money} in all).`);
      expect(ana.all + bob.all).not.toMatch(/obsidian|whisper|look <table>|tavern/i);
    });
  }

  it('tells a player coming back after a kill, as they come into the world, that the wager the stop cut off is back in their purse', async () => {
    const dir = await folder();
    let program = start(dir);
    let port = await listening(program);
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    await ana.command('sit sand');
    await bob.command('sit sand');
    await rollToPlace(ana);
    await ana.command('bet 60');
    // Her file holds the purse with the wager gone; then the world is killed.
    await ana.command('save');
    await ana.expect('Saved.');
    program.child.kill('SIGKILL');
    await program.exited;
    program = start(dir);
    port = await listening(program);
    // Ranvier's login puts her in her room (enterRoom), and she hears, from the tables' journal, what came of her wager.
    const back = await player(port, 'Ana');
    expect(back.all).toContain(
      'While you were away, the tables settled a bet of yours and paid you 60 gold (60 gold had been staked):\r\n  Spice Run at the sand table, what was on the table when the game was cut off: staked 60, returned',
    );
    expect(coinsIn(await back.command('gold'))).toBe(1000);
    // Bob saved nothing since he came in: the journal, not his save, says what he is told (his purse never moved: nothing).
    const bobBack = await player(port, 'Bob');
    expect(bobBack.all).not.toMatch(/While you were away/);
    // Told once: walking on tells nothing more.
    await back.command('north');
    expect(back.all.match(/While you were away/g)).toHaveLength(1);
  });

  it('keeps a seed across a kill: the game cut off is revealed at the next start, its throw checks out, and the next commitment is new', async () => {
    const dir = await folder({ tables: { seed: null } });
    let program = start(dir);
    let port = await listening(program);
    const ana = await player(port, 'Ana');
    const bob = await player(port, 'Bob');
    const before = /commitment ([0-9a-f]{64})/.exec(await ana.command('fair sand'))![1];
    await ana.command('sit sand');
    await bob.command('sit sand');
    const [, a, b] = /You throw the dice: (\d) and (\d)/.exec(await ana.command('roll dice sand'))!;
    program.child.kill('SIGKILL');
    await program.exited;
    program = start(dir);
    port = await listening(program);
    const fair = await (await player(port, 'Cyd')).command('fair sand');
    const revealed = new RegExp(`Game 1 is over: its client seed was (\\S+) and it made one draw \\(nonce 0\\)\\. Its seed:\\s+revealed ([0-9a-f]{64}) for commitment ${before}`).exec(fair);
    expect(revealed, fair).not.toBeNull();
    const seed = Buffer.from(revealed![2], 'hex');
    expect(createHash('sha256').update(seed).digest('hex')).toBe(before);
    expect(fairDice(seed, revealed![1], 0)).toEqual([Number(a), Number(b)]);
    const next = /commitment ([0-9a-f]{64})/.exec(fair)![1];
    expect(next).not.toBe(before);
    expect(fair).toMatch(/game 2 \(help fair\)/);
    // The game the kill cut off is kept with its draw.
    const record = await (await player(port, 'Dee')).command('fair sand 1');
    expect(record).toContain(`Spice Run at the sand table, game 1: it ended`);
    expect(record).toContain(', cut off by a stop of the world.');
    expect(record).toContain(`revealed ${revealed![2]} for commitment ${before}`);
    expect(record).toMatch(`nonce 0: dice ${a} and ${b}`);
  });
});
