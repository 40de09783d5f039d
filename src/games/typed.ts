/** How a game names one of its table's verbs, or quotes a player's words, in whichever host it runs. */
import type { HostWords } from './api.js';

/**
 * A verb as the player types it (`roll dice`, `bet <amount>`): the words themselves, or, where
 * every verb is whispered to a dealer (a dealer in another MUD), the whisper that carries them.
 */
export function typed(words: HostWords | undefined, verb: string): string {
  return words?.whisperedOnly && words.whisper ? words.whisper(words.dealer, verb) : verb;
}

/** A player's words quoted as the host quotes them (HostWords.quote): `"zz"`, or `'zz'` inside a MUD's double-quoted whisper. */
export function inQuotes(words: HostWords | undefined, text: string): string {
  return words?.quote ? words.quote(text) : `"${text}"`;
}

/** A player's word as it is repeated back: short (a MUD is told to print what it is given as it is). */
export function shortened(word: string): string {
  // By whole characters: a cut through an emoji would leave half of it.
  const chars = [...word];
  return chars.length > 24 ? `${chars.slice(0, 24).join('')}...` : word;
}
