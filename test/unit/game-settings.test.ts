import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { readSettings, settingsOf, type SettingsDeclaration } from '../../src/games/settings.js';
import { lichBones } from '../../src/games/lich-bones/table.js';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { spiceRun } from '../../src/games/spice-run/table.js';

interface Example {
  rounds: number;
  crowd: number;
  payouts: { hero: { win: number; per: number } };
}

const example: SettingsDeclaration<Example> = {
  defaults: { rounds: 16, crowd: 20, payouts: { hero: { win: 1, per: 1 } } },
  bounds: { rounds: { min: 1, max: 100 }, crowd: { min: 1, fromHost: 'crowd' }, payouts: { hero: { per: { min: 1 } } } },
  validate: (s) => (s.rounds > s.crowd ? [`settings.rounds (${s.rounds}) must not be more than settings.crowd (${s.crowd})`] : []),
};

const problem = (given: unknown, host = {}) => {
  const read = readSettings(example, given, host);
  return read.ok ? null : read.problem;
};

describe("a table's settings, read through its game's declaration", () => {
  it('fills in the defaults under what the table gives, group by group', () => {
    expect(readSettings(example, undefined)).toEqual({ ok: true, settings: example.defaults });
    expect(readSettings(example, { rounds: 8, payouts: { hero: { win: 2 } } })).toEqual({ ok: true, settings: { rounds: 8, crowd: 20, payouts: { hero: { win: 2, per: 1 } } } });
  });

  it("gives a setting the host's own value where the game asks for it, unless the table sets one", () => {
    expect(settingsOf({ settings: example }, {}, { crowd: 17 }).crowd).toBe(17);
    expect(settingsOf({ settings: example }, { crowd: 19 }, { crowd: 17 }).crowd).toBe(19);
  });

  it('names the key of the first problem in one line: unknown keys, fractions, negatives, text, bounds, groups', () => {
    expect(problem({ round: 8 })).toBe('settings.round is not a setting of this game (it has rounds, crowd, payouts)');
    expect(problem({ rounds: 1.5 })).toBe('settings.rounds must be a whole number from 1 to 100, not 1.5');
    expect(problem({ rounds: 0 })).toBe('settings.rounds must be a whole number from 1 to 100, not 0');
    expect(problem({ rounds: 101 })).toBe('settings.rounds must be a whole number from 1 to 100, not 101');
    expect(problem({ rounds: '8' })).toBe('settings.rounds must be a whole number from 1 to 100, not "8"');
    // null is no number: a world that writes it (meaning none, or no limit) is told, not given the default.
    expect(problem({ rounds: null })).toBe('settings.rounds must be a whole number from 1 to 100, not null');
    expect(problem({ crowd: null }, { crowd: 17 })).toBe('settings.crowd must be a whole number of at least 1, not null');
    expect(problem({ payouts: { hero: { win: -1 } } })).toBe('settings.payouts.hero.win must be a whole number of at least 0, not -1');
    expect(problem({ payouts: { hero: { per: 0 } } })).toBe('settings.payouts.hero.per must be a whole number of at least 1, not 0');
    expect(problem({ payouts: 3 })).toBe('settings.payouts must be a group of settings (hero), not 3');
    expect(problem([])).toBe("settings must be an object of the game's settings");
    // A host's own value is held to the same bounds.
    expect(problem({}, { crowd: 0 })).toBe('settings.crowd must be a whole number of at least 1, not 0');
  });

  it("checks what must hold between settings once each is right: the game's validate", () => {
    expect(problem({ rounds: 30 })).toBe('settings.rounds (30) must not be more than settings.crowd (20)');
  });

  it("accepts every game's own defaults, and each game refuses what it cannot play with", () => {
    for (const g of games) expect(readSettings(g.settings, g.settings.defaults).ok, g.id).toBe(true);
    expect(readSettings(lichBones.settings, { payouts: { hard: { 4: { per: 0 } } } })).toEqual({ ok: false, problem: 'settings.payouts.hard.4.per must be a whole number of at least 1, not 0' });
    expect(readSettings(lichBones.settings, { rounds: 0 })).toEqual({ ok: false, problem: 'settings.rounds must be a whole number of at least 1, not 0' });
    expect(readSettings(dragonsLair.settings, { minPlayers: 4, maxPlayers: 3 })).toEqual({ ok: false, problem: 'settings.minPlayers (4) must not be more than settings.maxPlayers (3)' });
    expect(readSettings(dragonsLair.settings, { maxPlayers: 6 })).toEqual({ ok: false, problem: 'settings.maxPlayers must be a whole number from 0 to 5, not 6' });
    expect(readSettings(spiceRun.settings, { turnMs: 10 })).toEqual({ ok: false, problem: 'settings.turnMs must be a whole number of at least 1000, not 10' });
  });
});
