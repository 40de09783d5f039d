import { describe, expect, it } from 'vitest';
import { everydayCommands } from '../../src/commands/index.js';
import { CommandSet } from '../../src/text/command-set.js';
import { games } from '../../src/games/index.js';
import { DEFAULT_SOCIALS } from '../../src/world/socials.js';
import { loadWorld } from '../../src/world/world.js';
import { DEFAULT_WORLD } from '../../src/server.js';

/**
 * Verbs added later never take a prefix from the verbs players already type: every prefix that
 * found a command before the things, the bar and the people came (`e` and `ea` east, `o` ooc,
 * `r` roll) finds the same one now, with the shipped world's socials too.
 */

/** The tavern's words before things came, each key and alias. */
const BEFORE = [
  'look', 'l', 'north', 'n', 'east', 'e', 'south', 's', 'west', 'w', 'up', 'u', 'down', 'd', 'go', 'exits', 'say', "'", 'emote', ':', 'whisper',
  'tell', 'ooc', 'chat', 'shout', 'channels', 'who', 'describe', 'score', 'history', 'inventory', 'i', 'give', 'sit', 'stand', 'roll', 'fair',
  'colour', 'color', 'screenreader', 'set', 'time', 'news', 'top', 'smile', 'nod', 'bow', 'laugh', 'wave', 'grin', 'shrug', 'sigh', 'cheer',
  'help', 'quit', 'announce', 'kick', 'ban', 'unban', 'audit', 'shutdown',
];

describe('the prefixes of the verbs', () => {
  it('find what they found before the new verbs came, for every prefix of every old word', async () => {
    const world = await loadWorld(DEFAULT_WORLD);
    const now = everydayCommands(games, world.socials);
    const old = new CommandSet(now.all().filter((c) => BEFORE.includes(c.key)));
    const added = now.all().filter((c) => !BEFORE.includes(c.key)).map((c) => c.key);
    expect(added).toEqual(expect.arrayContaining(['get', 'drop', 'drink', 'eat', 'list', 'buy', 'order', 'ask', 'reserve', 'pet']));
    const checked: string[] = [];
    for (const word of BEFORE) {
      for (let n = 1; n <= word.length; n++) {
        const prefix = word.slice(0, n);
        const before = old.find(prefix);
        if (!('found' in before)) continue;
        const after = now.find(prefix);
        expect('found' in after ? after.found.key : after, `"${prefix}"`).toBe(before.found.key);
        checked.push(prefix);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['e', 'ea', 'eas', 'o', 'oo', 'r', 'ro', 'i', 'in', 'l', 'lo', 'dow', 'gi']));
  });

  it('finds the new verbs by their own prefixes where no old verb had them', async () => {
    const now = everydayCommands(games, new Map(Object.entries(DEFAULT_SOCIALS)));
    const key = (word: string) => {
      const r = now.find(word);
      return 'found' in r ? r.found.key : 'ambiguous' in r ? r.ambiguous.join('|') : 'unknown';
    };
    expect([key('ge'), key('dro'), key('dri'), key('dr'), key('eat'), key('li'), key('b'), key('or'), key('a'), key('re'), key('ta')]).toEqual([
      'get', 'drop', 'drink', 'drink|drop', 'eat', 'list', 'buy', 'order', 'ask', 'reserve', 'get',
    ]);
  });
});
