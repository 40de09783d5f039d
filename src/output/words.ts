/**
 * The tavern's words for what the games name of their host (HostWords): its money is obsidian
 * coins, a table is looked at with `look`, a dealer takes a whisper, and times of day are the
 * tavern's clock (UTC). Every game text and `help <game>` at the tavern is worded with these.
 */
import type { HostWords } from '../games/api.js';
import { formatCoins } from '../text/amount.js';

/** An amount of the tavern's money in words: "1,000 obsidian coins", "1 obsidian coin". */
export const obsidianCoins = (n: number): string => `${formatCoins(n)} obsidian coin${n === 1 ? '' : 's'}`;

export const tavernWords: HostWords = {
  money: obsidianCoins,
  moneyName: 'obsidian coins',
  dealer: 'Dreaven',
  // A typed amount is refused in "coins", short, as it always was.
  amountName: 'coins',
  look: (table) => `look ${table}`,
  whisper: (dealer, text) => `whisper ${dealer.toLowerCase()} ${text}`,
  timeOfDay: (at) => `${new Date(at).toISOString().slice(11, 16)} by the tavern's clock`,
};
