import type { GameDefinition, VerbInfo } from '../../../src/games/api.js';
import { settingsOf } from '../../../src/games/settings.js';
import { games } from '../../../src/games/index.js';
import { worldWords } from './words.js';

/**
 * The game verbs the bundle offers as Ranvier commands, read from the games themselves: each game
 * declares its verbs (GameDefinition.verbs), the same declarations its tables run at the tavern.
 */

/** The verbs every game's table shares: the host's own (commands.ts says what each does). */
export const HOST_VERBS = ['sit', 'stand', 'roll', 'fair', 'table', 'dice', 'history', 'top'] as const;
export type HostVerb = (typeof HOST_VERBS)[number];

/** Words no game verb takes: the host's own verbs, and the world's `look`, which the bundle never replaces. */
export const TAKEN: readonly string[] = [...HOST_VERBS, 'look'];

/** A verb of the tables (`sit`) as this world's players type it (`join`, by obsidianTables.verbs). */
export type VerbWord = (verb: string) => string;

/** A game verb as one Ranvier command: the word of its file, the other words that type it, its usages. */
export interface BundleVerb {
  aliases: string[];
  /** Each game's usage line, once each: `bet <amount> | bet <kind> <amount>`. */
  usage: string;
}

/** The verbs a game declares (GameDefinition.verbs), with its default settings: their words and usages do not change with a table's. */
export function declaredVerbs(definition: GameDefinition): VerbInfo[] {
  return definition.verbs(settingsOf(definition), worldWords('gold'));
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
    for (const c of declaredVerbs(definition)) {
      if (c.claims || taken.includes(c.key)) continue;
      const verb = (verbs[c.key] ??= { aliases: new Set(), usages: new Set() });
      for (const alias of c.aliases ?? []) if (!taken.includes(alias)) verb.aliases.add(alias);
      verb.usages.add(c.usage);
    }
  }
  return Object.fromEntries(Object.entries(verbs).map(([key, v]) => [key, { aliases: [...v.aliases], usage: [...v.usages].join(' | ') }]));
}

/** The words of the verbs that `claim` their lines (Lich Bones' bet words): no command of the bundle's, typed `bet <word> ...` here. */
export function claimedWords(definitions: readonly GameDefinition[]): string[] {
  const claimed = definitions.flatMap((d) => declaredVerbs(d).filter((c) => c.claims));
  return [...new Set(claimed.flatMap((c) => [c.key, ...(c.aliases ?? [])]))].filter((w) => /^[a-z]+$/.test(w));
}

/** Every word the bundle's commands take: the host's verbs, then each game verb and its aliases. */
export function bundleWords(definitions: readonly GameDefinition[] = games): string[] {
  return [...HOST_VERBS, ...Object.entries(gameVerbs(definitions, TAKEN)).flatMap(([key, v]) => [key, ...v.aliases])];
}

/** A usage (`bet <amount> | bet <kind> <amount>`) with the verb as this world types it. */
export function typedUsage(usage: string, verb: string, word: VerbWord): string {
  if (word(verb) === verb) return usage;
  return usage
    .split(' | ')
    .map((u) => (u === verb || u.startsWith(`${verb} `) ? word(verb) + u.slice(verb.length) : u))
    .join(' | ');
}
