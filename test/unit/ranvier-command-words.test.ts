import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandWords } from '../../plugins/ranvier/src/command-words.js';
import { tableCommands } from '../../plugins/ranvier/src/commands.js';
import type { RanvierCommand, RanvierLoadingState } from '../../plugins/ranvier/src/ranvier.js';
import { claimedWords } from '../../plugins/ranvier/src/verbs.js';
import { games } from '../../src/games/index.js';
import { STOCK_CHANNELS, STOCK_COMMANDS } from '../support/stock-commands.js';

/**
 * The tables' words in a world's command table, with Ranvier's own CommandManager and Command:
 * one command per word, a later bundle's replacing an earlier one's, told both ways; and a
 * host's words for the tables' verbs, the words they give up going back to their bundles.
 */

const ranvier = createRequire(import.meta.url);
type Manager = RanvierLoadingState['CommandManager'] & { add(command: unknown): void };
const CommandManager = ranvier('ranvier/src/CommandManager.js') as new () => Manager;
const Command = ranvier('ranvier/src/Command.js') as new (bundle: string, name: string, def: object, file: string) => object;

afterEach(() => vi.restoreAllMocks());

/** Another bundle's command, which says whose it is. */
const theirs = (): RanvierCommand => ({ usage: 'theirs', command: () => () => undefined });

/** A world's bundles loaded as Ranvier's BundleManager loads them, in order: each command made (`command(state)`), then added. */
function load(verbs: Record<string, string>, bundles: [string, Record<string, RanvierCommand>][]): RanvierLoadingState {
  const state: RanvierLoadingState = {
    Config: { get: (key: string, fallback?: unknown) => (key === 'obsidianTables' ? { verbs } : fallback) },
    PlayerManager: { getPlayer: () => undefined, players: new Map() },
    CommandManager: new CommandManager(),
  };
  for (const [bundle, commands] of bundles) {
    for (const [name, def] of Object.entries(commands)) {
      const run = def.command(state);
      (state.CommandManager as Manager).add(new Command(bundle, name, { ...def, command: run }, `${bundle}/commands/${name}.js`));
    }
  }
  return state;
}

describe("the tables' words in the world's command table", () => {
  it("warns, as Ranvier loads the tables, of each word they take from a bundle before them, and at the start of each a later bundle takes from them", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state = load({}, [
      ['furniture', { sit: theirs(), hold: theirs() }],
      ['obsidian-tables', tableCommands()],
      ['positions', { stand: theirs() }],
    ]);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'obsidian-tables: the tables\' "sit" replaces the "sit" of the bundle furniture, loaded before them. To keep theirs, give the tables\' sit another word in ranvier.json: "obsidianTables": { "verbs": { "sit": "<word>" } }',
      'obsidian-tables: the tables\' "hold" replaces the "hold" of the bundle furniture, loaded before them. To keep theirs, give the tables\' hold another word in ranvier.json: "obsidianTables": { "verbs": { "hold": "<word>" } }',
    ]);
    warn.mockClear();
    const words = CommandWords.of(state);
    words.settle([]);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'obsidian-tables: the bundle positions, loaded after the tables, has its own "stand", which hides theirs: players typing stand get that one. To have both, give the tables\' stand another word in ranvier.json: "obsidianTables": { "verbs": { "stand": "<word>" } }',
    ]);
    expect([words.reaches('sit'), words.reaches('hold'), words.reaches('stand')]).toEqual([true, true, false]);
  });

  it("gives a verb the host's word, and the word it gave up back to the bundle that had it, or to nobody; no warning then", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const state = load({ sit: 'join', stand: 'leave', hold: 'pass', table: 'board' }, [
      ['furniture', { sit: theirs(), hold: theirs() }],
      ['obsidian-tables', tableCommands()],
      ['positions', { stand: theirs() }],
    ]);
    const words = CommandWords.of(state);
    words.settle([]);
    expect(warn).not.toHaveBeenCalled();
    const bundleOf = (word: string) => state.CommandManager.get(word)?.bundle;
    expect(['sit', 'hold', 'stand', 'table'].map(bundleOf)).toEqual(['furniture', 'furniture', 'positions', undefined]);
    expect(['join', 'pass', 'leave', 'board', 'roll'].map(bundleOf)).toEqual(Array(5).fill('obsidian-tables'));
    expect((state.CommandManager.get('join') as unknown as { usage: string }).usage).toBe('join <table>');
    expect([words.verbOf('join'), words.verbOf('roll'), words.reaches('sit'), words.reaches('stand')]).toEqual(['sit', 'roll', true, true]);
  });

  it("warns of a host's word another bundle takes, naming the verb it stands for", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    CommandWords.of(load({ sit: 'join' }, [['obsidian-tables', tableCommands()], ['social', { join: theirs() }]])).settle([]);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'obsidian-tables: the bundle social, loaded after the tables, has its own "join", which hides theirs (their sit): players typing join get that one. To have both, give the tables\' sit another word in ranvier.json: "obsidianTables": { "verbs": { "sit": "<word>" } }',
    ]);
  });
});

describe("the starts of words the tables' commands take in a stock world", () => {
  it('are told at the start, one line per verb of the tables, with the command each typed before and the mapping that keeps it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stock = (bundle: string): [string, Record<string, RanvierCommand>] => [
      bundle,
      Object.fromEntries(Object.entries(STOCK_COMMANDS[bundle]).map(([name, aliases]) => [name, { ...theirs(), aliases: [...aliases] }])),
    ];
    const bundles = Object.keys(STOCK_COMMANDS);
    const state = load({}, [...bundles.filter((b) => b < 'obsidian-tables').map(stock), ['obsidian-tables', tableCommands()], ...bundles.filter((b) => b > 'obsidian-tables').map(stock)]);
    state.ChannelManager = { find: (typed) => STOCK_CHANNELS.map((name) => ({ name })).find((c) => c.name.startsWith(typed)) };
    warn.mockClear();
    CommandWords.of(state).settle(claimedWords(games));
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toContain(
      'obsidian-tables: with the tables, "b" (which typed buy, shop of the bundle vendor-npcs) now types their bet. To keep it, give the tables\' bet a word that does not start so in ranvier.json: "obsidianTables": { "verbs": { "bet": "<word>" } }',
    );
    expect(lines.find((l) => l.includes('their variant'))).toMatch(/"v" \(which typed vendor, shop of the bundle vendor-npcs\), "va" \(which typed value, shop of the bundle vendor-npcs\) now type their variant\./);
    expect(lines.find((l) => l.includes('their dice'))).toMatch(/"di" \(which typed ditch of the bundle player-groups\)/);
    expect(lines).toContain(
      'obsidian-tables: "attack" types kill of the bundle bundle-example-combat in this world, not a Lich Bones bet as at the tavern: players bet with bet attack ... (help lich bones says so; no word in obsidianTables.verbs changes this).',
    );
    // One line per verb: no verb is told twice.
    const verbs = lines.map((l) => / now types? their (\w+)\./.exec(l)?.[1]).filter(Boolean);
    expect(new Set(verbs).size).toBe(verbs.length);
    // Directions, l and i are read before any command, and a start nobody typed before is no shift.
    expect(lines.join('\n')).not.toMatch(/"(s|st|d|l|h|ha)" \(/);
  });
});
