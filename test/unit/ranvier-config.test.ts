import { describe, expect, it } from 'vitest';
import { checkVerbs, readConfig } from '../../plugins/ranvier/src/config.js';
import type { RanvierState } from '../../plugins/ranvier/src/ranvier.js';
import { bundleWords } from '../../plugins/ranvier/src/verbs.js';

/** `obsidianTables` in a world's ranvier.json, as the bundle reads it. */

const world = (given: unknown): RanvierState => ({
  Config: { get: (key: string, fallback?: unknown) => (key === 'obsidianTables' ? given : fallback) },
  PlayerManager: { getPlayer: () => undefined, players: new Map() },
  BundleManager: { bundlesPath: '/srv/mud/bundles/' },
});

describe("the Ranvier bundle's config", () => {
  it('has a default for every key, its folder under the world', () => {
    expect(readConfig(world(undefined))).toEqual({ currency: 'gold', dataDir: '/srv/mud/data/obsidian-tables', graceMs: 120_000, colour: true, width: 80, seed: null, verbs: {}, lostJournals: [], page: null, gameModules: [] });
    expect(readConfig(world({ currency: 'obsidian', data: '/var/tables', graceMs: 0 }))).toMatchObject({ currency: 'obsidian', dataDir: '/var/tables', graceMs: 0 });
    expect(readConfig(world({ gameModules: ['games/high-die.js', '/opt/games/chuck.ts'] })).gameModules).toEqual(['/srv/mud/games/high-die.js', '/opt/games/chuck.ts']);
  });

  it('refuses a wrong key or value in one line naming it', () => {
    expect(() => readConfig(world({ curency: 'gold' }))).toThrow('obsidianTables.curency is not a setting of the tables (they are currency, data, graceMs, colour, width, seed, verbs, lostJournals, page, gameModules)');
    expect(() => readConfig(world({ gameModules: 'games/high-die.js' }))).toThrow('obsidianTables.gameModules must be a list of the files of game modules, like ["games/high-die.js"]');
    expect(() => readConfig(world({ currency: 'gold coins' }))).toThrow('obsidianTables.currency must be a word, like gold');
    expect(() => readConfig(world({ width: 20 }))).toThrow('obsidianTables.width must be a whole number from 40');
    expect(() => readConfig(world([]))).toThrow('obsidianTables in ranvier.json must be an object');
  });

  it("takes the world's own words for the tables' verbs, each one lowercase word that is none of the tables'", () => {
    const verbs = (given: unknown) => {
      const read = readConfig(world({ verbs: given })).verbs;
      checkVerbs(read, bundleWords());
      return read;
    };
    expect(verbs({ sit: 'join', hold: 'pass', cards: 'peek' })).toEqual({ sit: 'join', hold: 'pass', cards: 'peek' });
    expect(() => verbs({ sitt: 'join' })).toThrow(/^obsidianTables\.verbs\.sitt: sitt is not a verb of the tables \(they are sit, stand, roll, fair, table, dice, history, top, bet, /);
    expect(() => verbs({ sit: 'Join' })).toThrow('obsidianTables.verbs.sit must be one lowercase word (a to z), like join');
    expect(() => verbs({ sit: 'take seat' })).toThrow('obsidianTables.verbs.sit must be one lowercase word (a to z), like join');
    expect(() => verbs({ sit: 7 })).toThrow('obsidianTables.verbs.sit must be one lowercase word (a to z), like join');
    expect(() => verbs({ sit: 'stand' })).toThrow('obsidianTables.verbs.sit: stand is a verb of the tables already; choose another word');
    expect(() => verbs({ sit: 'join', stand: 'join' })).toThrow('obsidianTables.verbs.stand: join is given to another verb already; choose another word');
    expect(() => verbs(['sit', 'join'])).toThrow(`obsidianTables.verbs must be an object of the tables' verbs and your words for them, like { "sit": "join" }`);
  });
});
