import { describe, expect, it } from 'vitest';
import { CommandSet, type Command } from '../../src/text/command-set.js';
import { splitCommand } from '../../src/text/command-line.js';
import { matchKeyword } from '../../src/world/world.js';

const cmd = (key: string, aliases: string[] = [], extra: Partial<Command<null>> = {}): Command<null> => ({
  key,
  aliases,
  usage: key,
  help: `${key}.`,
  group: 'Test',
  run: () => undefined,
  ...extra,
});

describe('the command parser', () => {
  const set = new CommandSet<null>([
    cmd('look', ['l']),
    cmd('inventory', ['i']),
    cmd('whisper'),
    cmd('who'),
    cmd('west', ['w']),
    cmd('quit', [], { exactOnly: true }),
  ]);

  it('finds a command by its name, an alias, or a unique prefix', () => {
    expect(set.find('look')).toEqual({ found: expect.objectContaining({ key: 'look' }) });
    expect(set.find('l')).toEqual({ found: expect.objectContaining({ key: 'look' }) });
    expect(set.find('inv')).toEqual({ found: expect.objectContaining({ key: 'inventory' }) });
    expect(set.find('INV')).toEqual({ found: expect.objectContaining({ key: 'inventory' }) });
    expect(set.find('w')).toEqual({ found: expect.objectContaining({ key: 'west' }) });
  });

  it('names the candidates of an ambiguous prefix', () => {
    expect(set.find('wh')).toEqual({ ambiguous: ['whisper', 'who'] });
  });

  it('does not complete commands that must be typed in full', () => {
    expect(set.find('qui')).toEqual({ unknown: true });
    expect(set.find('quit')).toEqual({ found: expect.objectContaining({ key: 'quit' }) });
  });

  it('refuses to declare the same word twice', () => {
    expect(() => set.add(cmd('lick', ['l']))).toThrow(/declared twice/);
  });

  it('splits a line into word and arguments, with say and emote shorthands', () => {
    expect(splitCommand('  give 5 coins to ana ')).toEqual({ word: 'give', args: '5 coins to ana' });
    expect(splitCommand("'hello there")).toEqual({ word: 'say', args: 'hello there' });
    expect(splitCommand(':waves')).toEqual({ word: 'emote', args: 'waves' });
    expect(splitCommand('LOOK')).toEqual({ word: 'look', args: '' });
    expect(splitCommand('   ')).toEqual({ word: '', args: '' });
  });

  it('splits at the first white space of any kind, as \\s means it, and at nothing else', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      const space = /\s/.test(ch);
      expect(splitCommand(`bet${ch}5`), `U+${c.toString(16)}`).toEqual(space ? { word: 'bet', args: '5' } : { word: `bet${ch}5`.toLowerCase(), args: '' });
    }
  });
});

describe('keyword matching', () => {
  const tables = [{ k: ['table', 'sand'] }, { k: ['table', 'bones'] }, { k: ['bar'] }];
  const kw = (t: { k: string[] }) => t.k;
  it('matches a keyword, a prefix, and an ordinal', () => {
    expect(matchKeyword(tables, kw, 'sand')).toBe(tables[0]);
    expect(matchKeyword(tables, kw, 'bo')).toBe(tables[1]);
    expect(matchKeyword(tables, kw, 'table')).toBe(tables[0]);
    expect(matchKeyword(tables, kw, '2.table')).toBe(tables[1]);
    expect(matchKeyword(tables, kw, '3.table')).toBeUndefined();
    expect(matchKeyword(tables, kw, 'BAR')).toBe(tables[2]);
    expect(matchKeyword(tables, kw, 'zzz')).toBeUndefined();
    expect(matchKeyword(tables, kw, '0.table')).toBeUndefined();
  });

  it('matches several words when each is one of the keywords (or the start of one), after an article', () => {
    expect(matchKeyword(tables, kw, 'the bones table')).toBe(tables[1]);
    expect(matchKeyword(tables, kw, 'sand tab')).toBe(tables[0]);
    expect(matchKeyword(tables, kw, 'the bar')).toBe(tables[2]);
    expect(matchKeyword(tables, kw, '2.the table')).toBe(tables[1]);
    expect(matchKeyword(tables, kw, 'sand bar')).toBeUndefined();
    expect(matchKeyword(tables, kw, 'the')).toBeUndefined();
  });
});
