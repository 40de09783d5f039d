/**
 * What the start of a word types in a Ranvier world, before and after the tables' commands came.
 * The stock command loop (bundle-example-lib's CommandParser) takes a word players type as a way
 * to walk first (any start of north, south, east, west, up or down; ne, nw, se, sw), `l` and `i`
 * as look and inventory, then a command of exactly that word, then the first command in the
 * world's command table whose word starts with it, in the order the bundles loaded (a word
 * another bundle replaces keeps its place), then a channel. So the tables' `bet`, loaded before
 * the vendor's `buy`, turns `b` from buy into bet without a word from Ranvier.
 */

/** A word of the world's command table and whose it is: a bundle's command, or the tables' verb. */
export interface Entry {
  /** The command's name and its bundle, as a host reads them: `buy (the bundle vendor-npcs)`. */
  name: string;
  /** The tables' verb it types, when it is theirs. */
  verb?: string;
}

/** A start of a word that typed one thing before the tables came and types a verb of theirs now. */
export interface Shift {
  prefix: string;
  /** What it typed before: another bundle's command, or a channel. */
  was: string;
}

const WALKS = ['north', 'south', 'east', 'west', 'up', 'down', 'northeast', 'northwest', 'southeast', 'southwest'];

/** Whether the stock command loop reads the typed word before any command (a direction, `l`, `i`). */
function readFirst(typed: string): boolean {
  return typed === 'l' || typed === 'i' || ['ne', 'nw', 'se', 'sw'].includes(typed) || WALKS.some((d) => d.startsWith(typed));
}

/** The word a typed word reaches in a command table (its words in their order), as the stock loop finds it, and its entry. */
function reach(table: readonly (readonly [string, Entry])[], typed: string): readonly [string, Entry] | undefined {
  return table.find(([word]) => word === typed) ?? table.find(([word]) => word.startsWith(typed));
}

/**
 * Every start of a word of the tables' (shorter than the word) that reaches a verb of theirs in
 * the world's command table `now`, and reached another command (or a channel) in the table as it
 * was `before` them; by the verb it reaches now.
 */
export function shiftedPrefixes(
  now: readonly (readonly [string, Entry])[],
  before: readonly (readonly [string, Entry])[],
  channel: (typed: string) => string | undefined,
): Map<string, Shift[]> {
  const shifts = new Map<string, Shift[]>();
  const seen = new Set<string>();
  for (const [ours, entry] of now) {
    if (!entry.verb) continue;
    for (let n = 1; n < ours.length; n++) {
      const prefix = ours.slice(0, n);
      if (seen.has(prefix) || readFirst(prefix)) continue;
      seen.add(prefix);
      const [word, { verb } = {}] = reach(now, prefix) ?? [];
      const [wordBefore, entryBefore] = reach(before, prefix) ?? [];
      // A word the tables took whole from another bundle is told as such (command-words.ts).
      if (!verb || wordBefore === word) continue;
      const was = entryBefore?.name ?? channel(prefix);
      if (was) shifts.set(verb, [...(shifts.get(verb) ?? []), { prefix, was }]);
    }
  }
  return shifts;
}
