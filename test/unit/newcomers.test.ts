import { afterEach, describe, expect, it } from 'vitest';
import { testTavern, type TestTavern } from '../support/tavern.js';

/** Issue 26, "Newcomers": what a new character (1,000 coins) meets at the bones table and in help. */
describe('a newcomer at the tavern', () => {
  let t: TestTavern;
  afterEach(() => t.destroy());

  async function typed(who: { player: Parameters<TestTavern['tavern']['handleLine']>[0]; session: { take(): string } }, line: string) {
    await t.tavern.handleLine(who.player, line);
    return who.session.take();
  }

  async function atBones(...names: string[]) {
    t = await testTavern();
    const people = [];
    for (const name of names) {
      const p = await t.enter(name);
      await typed(p, 'north');
      people.push(p);
    }
    return people;
  }

  it('is told, sitting down, looking and betting, that the minimum bet is out of reach until the start hand-out', async () => {
    const [ana] = await atBones('Ana');
    const hint = 'You hold 1,000 obsidian coins, less than the smallest bet at this table (5,000): stay seated, and when the game starts Dreaven hands everyone seated 20,000 obsidian coins to bet with.';
    expect(await typed(ana, 'sit bones')).toContain(hint);
    expect(await typed(ana, 'look bones')).toContain(hint);
    expect(await typed(ana, 'bet hero 1000')).toBe(hint);
    expect(await typed(ana, 'start')).toMatch(/Dreaven hands 20,000 obsidian coins to you\./);
    expect(await typed(ana, 'look bones')).not.toMatch(/less than the smallest bet/);
  });

  it('who has not sat down yet reads "take a seat"', async () => {
    const [ana] = await atBones('Ana');
    expect(await typed(ana, 'look bones')).toMatch(/less than the smallest bet at this table \(5,000\): take a seat, and when the game starts/);
  });

  it('bets at the bones table with the bet words as verbs, as whispered to Dreaven', async () => {
    const [ana, bex] = await atBones('Ana', 'Bex');
    await typed(ana, 'sit bones');
    await typed(bex, 'sit bones');
    await typed(ana, 'start');
    expect(await typed(ana, 'hero 5000')).toMatch(/Dreaven takes your 5,000 obsidian coins on HERO/);
    expect(await typed(bex, "don't pass 5,000")).toMatch(/Dreaven takes your 5,000 obsidian coins on LICH/);
    expect(await typed(ana, 'attack 6 5000')).toMatch(/Dreaven takes your 5,000 obsidian coins on ATTACK 6/);
    expect(await typed(ana, 'charge 5000')).toMatch(/on CHARGE/);
    expect(await typed(ana, 'field 5000')).toMatch(/on BESEECH/);
    expect(await typed(bex, 'claw 11 5000')).toMatch(/on CLAW 11/);
    ana.session.take(); // what the room heard of Bex's bets
    expect(await typed(ana, 'hero')).toBe('How many coins on HERO? Say it like hero 5000.');
    // `cheer` with an amount is the bet (which needs a quest point); without one, the social.
    expect(await typed(ana, 'cheer 5000')).not.toMatch(/You cheer|nobody called/);
    expect(await typed(ana, 'cheer')).toMatch(/^You cheer/);
    // Direction words still walk (or say why not), and short words keep their tavern meaning.
    expect(await typed(ana, 's')).toBe('You are seated at the bones table; stand up first.');
    expect(await typed(ana, 'd')).toMatch(/^You cannot go down from here/);
    // A bet word is a verb typed in full only: `her 5000` is no bet.
    expect(await typed(ana, 'her 5000')).not.toMatch(/Dreaven takes/);
  });

  it('hears where bet words are played when not seated', async () => {
    const [ana] = await atBones('Ana');
    expect(await typed(ana, 'hero 5000')).toBe('"hero" is played at a table: sit at one first (sit <table>).');
  });

  it('finds help on socials, crowds and the list of topics', async () => {
    const [ana] = await atBones('Ana');
    const socials = await typed(ana, 'help socials');
    expect(socials).toMatch(/^Socials \(typed in full\): smile, nod, bow, laugh, wave, grin, shrug, sigh, cheer, pet\. Each works alone/);
    expect(await typed(ana, 'help crowd')).toMatch(/^A room with more than 20 people in it is a crowd\. There look names the first three/);
    const topics = await typed(ana, 'help topics');
    for (const line of ['help <command>', 'help <group>', 'help socials', 'help moving', 'help lich bones', 'help odds', 'help crowd']) {
      expect(topics).toContain(line);
    }
    expect(await typed(ana, 'help moving')).toMatch(/^Moving:\n {2}north/);
    expect(await typed(ana, 'help')).toMatch(/help topics lists everything else help can tell you\.$/);
    expect(await typed(ana, 'help hero')).toMatch(/^Usage: <bet> <amount>\nAlso: +pass, lich/);
    // A command of a group's name keeps its own help.
    expect(await typed(ana, 'help channels')).toMatch(/^Usage: channels/);
  });
});
