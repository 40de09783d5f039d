import type { GameCommand, GameDefinition, TableHost } from '../../../src/games/api.js';
import { worldWords } from './words.js';

/**
 * The game verbs the bundle offers as Ranvier commands, read from the games themselves: each
 * game declares its verbs on its table (GameTable.commands), so a throwaway table of each game,
 * made against an inert host and disposed at once, says them. Reading the table keeps one
 * declaration per verb, the one the tavern runs too; a second, static list in GameDefinition
 * could drift from it. Nobody sits at the throwaway table, so it throws, deals and times nothing.
 */

/** A game verb as one Ranvier command: the word of its file, the other words that type it, its usages. */
export interface BundleVerb {
  aliases: string[];
  /** Each game's usage line, once each: `bet <amount> | bet <kind> <amount>`. */
  usage: string;
}

/** A host that no game's constructor needs more than: no seats, no coins, no clock running. */
const INERT_HOST: TableHost = {
  id: 'verbs',
  label: 'the table',
  settings: {},
  // Only the verbs' keys, aliases and usages are read here: none of them names the host's money.
  words: worldWords('gold'),
  clock: { now: () => 0 },
  random: {
    int: () => {
      throw new Error('the throwaway table of verbs.ts draws nothing');
    },
  },
  handouts: { last: () => null, note: () => undefined },
  seated: () => [],
  isConnected: () => false,
  balance: () => 0,
  transfer: () => ({ ok: false, reason: 'nothing moves at the throwaway table' }),
  tell: () => undefined,
  gameOver: () => undefined,
  setTimer: () => ({ cancel: () => undefined }),
  unseat: () => undefined,
};

/** The verbs a game declares, as a table of it lists them. */
export function declaredCommands(definition: GameDefinition): GameCommand[] {
  const table = definition.create(INERT_HOST);
  try {
    return [...table.commands];
  } finally {
    table.dispose();
  }
}

/**
 * Every game's verbs, by key, but those whose word is `taken` (the host's own), and those that
 * `claim` a line: such a verb shares its words with the world's own commands (the social `cheer`
 * is a Lich Bones bet word), and a Ranvier command of that word, or alias, would replace the
 * world's outright. Lich Bones bets stay `bet <kind> <amount>`.
 */
export function gameVerbs(definitions: readonly GameDefinition[], taken: readonly string[]): Record<string, BundleVerb> {
  const verbs: Record<string, { aliases: Set<string>; usages: Set<string> }> = {};
  for (const definition of definitions) {
    for (const c of declaredCommands(definition)) {
      if (c.claims || taken.includes(c.key)) continue;
      const verb = (verbs[c.key] ??= { aliases: new Set(), usages: new Set() });
      for (const alias of c.aliases ?? []) if (!taken.includes(alias)) verb.aliases.add(alias);
      verb.usages.add(c.usage);
    }
  }
  return Object.fromEntries(Object.entries(verbs).map(([key, v]) => [key, { aliases: [...v.aliases], usage: [...v.usages].join(' | ') }]));
}
