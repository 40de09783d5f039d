import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameDefinition, GameTable } from '../../src/games/api.js';
import { games } from '../../src/games/index.js';
import { buildBundle } from '../../plugins/ranvier/build.js';
import { bundleVerbs, tableCommands } from '../../plugins/ranvier/src/commands.js';
import { declaredVerbs } from '../../plugins/ranvier/src/verbs.js';
import { highRoll } from '../fixtures/high-roll/game.js';

/** The verbs every table shares, whatever the games: the host's own. */
const HOST = ['sit', 'stand', 'roll', 'fair', 'table', 'dice', 'history', 'top'];
/** Every verb the contract promises a Ranvier world. */
const CONTRACT = [...HOST, 'bet', 'play', 'withdraw', 'variant', 'start', 'gold', 'hand', 'hold', 'split', 'agree', 'discard'];

/** A game the plugin has never heard of, with a verb of its own (and an alias), and a bet word that claims its lines. */
const newGame: GameDefinition = {
  id: 'knucklebones',
  title: 'Knucklebones',
  settings: { defaults: {} },
  help: () => 'Throw the bones.',
  seats: () => 2,
  verbs: () => [
    { key: 'fold', aliases: ['muck'], usage: 'fold', group: 'Knucklebones', help: 'Give up the hand.' },
    { key: 'look', usage: 'look', group: 'Knucklebones', help: 'Look at the bones.' },
    { key: 'bones', usage: '<bones> <amount>', group: 'Knucklebones', help: 'A bet word.', claims: () => true },
  ],
  create: (): GameTable => ({
    commands: [],
    describe: () => '',
    tableState: () => ({ phase: 'waiting', players: [], turn: null, deadline: null, panel: { title: 'Knucklebones', parts: [] } }),
    sitProblem: () => null,
    onSit: () => undefined,
    onStand: () => undefined,
    dispose: () => undefined,
  }),
};

const out = mkdtempSync(join(tmpdir(), 'ranvier-verbs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the bundle's commands come from the games' own verbs", () => {
  it("writes one commands/<verb>.js for each verb the registered games declare, and the host's, and no other", async () => {
    const built = await buildBundle(out);
    const files = readdirSync(join(built.bundle, 'commands')).sort();
    // Declared by each game; a verb that claims its lines (Lich Bones' bet words) shares words with the world's own commands.
    const declared = games.flatMap((g) => declaredVerbs(g).filter((c) => !c.claims).map((c) => c.key));
    expect(files).toEqual([...new Set([...HOST, ...declared])].sort().map((v) => `${v}.js`));
    expect(files).toEqual(expect.arrayContaining(CONTRACT.map((v) => `${v}.js`)));
    expect(files).not.toContain('hero.js');
  });

  it('makes a new game\'s verb a command, alias and all, with nothing changed in the plugin', () => {
    const commands = tableCommands([...games, newGame]);
    expect(commands.fold?.aliases).toEqual(['muck']);
    expect(commands.fold?.usage).toBe('fold');
    expect(bundleVerbs([...games, newGame]).fold).toEqual({ word: 'fold', usage: 'fold' });
    // A verb that claims a line is left to the world: a command or alias of its word would replace the world's own.
    expect(commands.bones).toBeUndefined();
    // Nor does a game's verb replace the world's look, or a host verb.
    expect(commands.look).toBeUndefined();
    expect(Object.keys(tableCommands(games))).not.toContain('fold');
    // The fourth game of test/fixtures, which nothing in plugins/ names: its ante is a command.
    expect(tableCommands([...games, highRoll]).ante?.usage).toBe('ante');
    expect(Object.keys(tableCommands(games))).not.toContain('ante');
  });

  it("keeps the contract's usage for bets: Spice Run's bet <amount>, Lich Bones' bet <kind> <amount>", () => {
    expect(bundleVerbs().bet).toEqual({ word: 'bet', usage: 'bet <amount> | bet <kind> <amount>' });
    // In a world's own word for it, every usage of the verb.
    expect(bundleVerbs(games, (v) => (v === 'bet' ? 'wager' : v)).bet).toEqual({ word: 'wager', usage: 'wager <amount> | wager <kind> <amount>' });
    const aliases = Object.values(tableCommands()).flatMap((c) => c.aliases ?? []);
    expect(aliases).not.toContain('cheer');
  });
});
