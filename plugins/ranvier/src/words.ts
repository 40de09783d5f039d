import type { HostWords } from '../../../src/games/api.js';
import { formatCoins } from '../../../src/text/amount.js';

/**
 * A Ranvier world's words for what the games name of their host (HostWords). The money is the
 * world's currency (`obsidianTables.currency`), named as Ranvier's vendor bundle names a price:
 * the amount, then the currency's key with `_` as spaces, one form for any amount ("5,000 gold",
 * "1 gold", "30 dragon scales"). A table is looked at with the bundle's `table` verb (in the
 * world's word for it, `word`); nobody takes a whisper (there is no dealer here); times of day
 * are the server's clock, in UTC.
 */
export function worldWords(currency: string, word: (verb: string) => string = (verb) => verb): HostWords {
  const moneyName = currency.replace(/_/g, ' ');
  return {
    money: (n) => `${formatCoins(n)} ${moneyName}`,
    moneyName,
    // Nobody stands behind a Ranvier table: the games' dealer keeps the name the rule texts give him.
    dealer: 'Dreaven',
    look: (table) => `${word('table')} ${table}`,
    timeOfDay: (at) => `${new Date(at).toISOString().slice(11, 16)} UTC`,
  };
}
