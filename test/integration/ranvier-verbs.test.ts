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
/** Those of whole words (the starts of words the tables take are told apart: `h`, which this world's help loads too late to keep). */
const wholeWords = (program: Program) => linesOfTables(program).filter((l) => !/ now types? their /.test(l));

describe("the tables' verbs beside another bundle's", () => {
  it("warns through Ranvier's Logger of a sit the tables take from a bundle loaded before them, and of one a bundle loaded after takes from them", async () => {
    // furniture sorts before obsidian-tables, positions after: Ranvier loads them in that order.
    const { port, program } = await world({ others: { furniture: ['sit'], positions: ['sit'] } });
    expect(wholeWords(program)).toEqual([
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
    expect(wholeWords(program)).toEqual([]);
    const ana = await player(port, 'Ana');
    expect(await answer(ana, 'sit sand')).toBe('furniture: sit');
    expect(await answer(ana, 'hold')).toBe('positions: hold');
    expect(await answer(ana, 'bet 5')).toBe('You are not seated at a table (join <table> first).');
    expect(await answer(ana, 'join sand')).toMatch(/^You take a seat at the sand table\./);
    expect(await answer(ana, 'join dune')).toBe('You are already seated at the sand table; type leave first.');
    expect(await answer(ana, 'board sand')).toBe('You sit waiting for an opponent.');
    // A verb of another game is refused in this world's word for it.
    expect(await answer(ana, 'pass')).toBe('There is no pass at the sand table: it is a Spice Run table.');
    expect(await answer(ana, 'leave')).toBe('You stand up from the sand table.');
    // The help speaks the world's words: the verbs' own (a word of the world's is no alias of itself), the list, and the games' rules.
    const helpJoin = await answer(ana, 'help join');
    expect(helpJoin).toMatch(/^Syntax: join <table>\r\n/);
    expect(helpJoin).not.toMatch(/Aliases/);
    // The list keeps its indentation through the stock help's wrapping (non-breaking spaces, behind an invisible colour reset).
    const tables = (await answer(ana, 'help tables')).replaceAll('\x1b[0m', '').replaceAll('\u00a0', ' ');
    expect(tables).toMatch(/\r\n {2}join <table>\r\n {2}leave\r\n {2}roll dice <table>\r\n {2}fair \[<table>\] \[<game>\] \| fair seed <word>\r\n {2}board \[<table>\]\r\n/);
    expect(tables).toMatch(/\n {2}pass\r\n/);
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

  it("tells at the start, in a world of the stock bundles' commands, each start of a word the tables now take, and each bet word another command answers", async () => {
    const { port, program } = await world({ stock: true });
    const lines = linesOfTables(program);
    expect(lines).toContainEqual(
      expect.stringMatching(/warn: obsidian-tables: with the tables, "b" \(which typed buy, shop of the bundle vendor-npcs\) now types their bet\. To keep it, give the tables' bet a word that does not start so in ranvier\.json: "obsidianTables": \{ "verbs": \{ "bet": "<word>" \} \}$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/"va" \(which typed value, shop of the bundle vendor-npcs\) now type their variant\./));
    expect(lines).toContainEqual(expect.stringMatching(/"di" \(which typed ditch of the bundle player-groups\) now types their dice\./));
    expect(lines).toContainEqual(expect.stringMatching(/"attack" types kill of the bundle bundle-example-combat in this world, not a Lich Bones bet as at the tavern: players bet with bet attack \.\.\./));
    // One line per word of the tables'.
    const told = lines.map((l) => / now types? their (\w+)\./.exec(l)?.[1]).filter(Boolean);
    expect(new Set(told).size).toBe(told.length);
    const ana = await player(port, 'Ana');
    expect(await answer(ana, 'b 5')).toBe('You are not seated at a table (sit <table> first).');
    expect(await answer(ana, 'attack 6 10')).toBe('bundle-example-combat: attack');
  });

  it('keeps the stock meaning of a start of a word once the verb that took it has a word of the world: no warning of it', async () => {
    const { port, program } = await world({ stock: true, tables: { verbs: { bet: 'wager' } } });
    expect(linesOfTables(program).join('\n')).not.toMatch(/their bet|"b"/);
    const ana = await player(port, 'Ana');
    expect(await answer(ana, 'b 5')).toBe('vendor-npcs: buy');
    expect(await answer(ana, 'wager 5')).toBe('You are not seated at a table (sit <table> first).');
  });
});
