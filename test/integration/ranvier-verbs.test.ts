import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/client.js';
import type { Program } from '../support/program.js';
import { testWorlds } from '../support/ranvier.js';

/**
 * The tables' verbs beside another bundle's commands of the same words, in a Ranvier world of
 * the stock core: the warnings at the start (Ranvier keeps one command per word, the bundle
 * loaded later winning), a host's own words for the tables' verbs, and a wrong one refused.
 */

const { folder, start, world, player } = testWorlds();

/** What a command answers, without the blank line the world's prompt leaves before it. */
const answer = async (c: TestClient, line: string) => (await c.command(line)).trim();

/** The output's lines from the tables' bundle. */
const linesOfTables = (program: Program) => program.output().split('\n').filter((l) => l.includes('obsidian'));

describe("the tables' verbs beside another bundle's", () => {
  it("warns through Ranvier's Logger of a sit the tables take from a bundle loaded before them, and of one a bundle loaded after takes from them", async () => {
    // furniture sorts before obsidian-tables, positions after: Ranvier loads them in that order.
    const { port, program } = await world({ others: { furniture: ['sit'], positions: ['sit'] } });
    expect(linesOfTables(program)).toEqual([
      expect.stringMatching(
        /warn: obsidian-tables: the tables' "sit" replaces the "sit" of the bundle furniture, loaded before them\. To keep theirs, give the tables' sit another word in ranvier\.json: "obsidianTables": \{ "verbs": \{ "sit": "<word>" \} \}$/,
      ),
      expect.stringMatching(
        /warn: obsidian-tables: the bundle positions, loaded after the tables, has its own "sit", which hides theirs: players typing sit get that one\. To have both, give the tables' sit another word in ranvier\.json: "obsidianTables": \{ "verbs": \{ "sit": "<word>" \} \}$/,
      ),
    ]);
    const ana = await player(port, 'Ana');
    expect(await answer(ana, 'sit sand')).toBe('positions: sit');
    expect(await answer(ana, 'stand')).toBe('You are not seated at a table.');
  });

  it('takes the words obsidianTables.verbs gives, and leaves the words it gave up to the bundles that have them: no warning', async () => {
    const verbs = { sit: 'join', stand: 'leave', table: 'board', hold: 'pass' };
    const { port, program } = await world({ tables: { verbs }, others: { furniture: ['sit'], positions: ['hold'] } });
    expect(linesOfTables(program)).toEqual([]);
    const ana = await player(port, 'Ana');
    expect(await answer(ana, 'sit sand')).toBe('furniture: sit');
    expect(await answer(ana, 'hold')).toBe('positions: hold');
    expect(await answer(ana, 'bet 5')).toBe('You are not seated at a table (join <table> first).');
    expect(await answer(ana, 'join sand')).toMatch(/^You take a seat at the sand table\./);
    expect(await answer(ana, 'join dune')).toBe('You are already seated at the sand table; type leave first.');
    expect(await answer(ana, 'board sand')).toBe('You sit waiting for an opponent.');
    expect(await answer(ana, 'leave')).toBe('You stand up from the sand table.');
    // The help speaks the world's words: the verbs' own, the list, and the games' rules.
    expect(await answer(ana, 'help join')).toMatch(/^Syntax: join <table>\r\n/);
    const tables = await answer(ana, 'help tables');
    expect(tables).toMatch(/\njoin <table>\s+leave\s+roll dice <table>\s+fair \[<table>\] \| fair seed <word>\s+board \[<table>\]\s/);
    expect(tables).toMatch(/\npass\s/);
    expect(tables).not.toMatch(/\n(sit <table>|stand|hold)\r\n/);
    expect(tables.replace(/\s+/g, ' ')).toContain('In this world, type join for sit, leave for stand, board for table, pass for hold.');
    const lair = (await answer(ana, "help dragon's lair")).replace(/\s+/g, ' ');
    expect(lair).toContain('board <table> shows the lairs');
    expect(lair).toMatch(/At the table:.* pass: /);
    expect(lair).toContain('In this world, type join for sit');
  });

  it('stops the start with one line when a word of obsidianTables.verbs is not one lowercase word', async () => {
    const dir = await folder({ tables: { verbs: { sit: 'Join' } } });
    const program = start(dir);
    expect(await program.exited).toBe(1);
    expect(linesOfTables(program)).toEqual([expect.stringMatching(/error: obsidianTables\.verbs\.sit must be one lowercase word \(a to z\), like join$/)]);
    expect(program.output()).not.toMatch(/^\s+at /m);
  });
});
