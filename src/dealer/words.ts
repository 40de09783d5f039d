import type { HostWords } from '../games/api.js';
import { formatCoins } from '../text/amount.js';
import { fill, type Profile } from './profile.js';

/**
 * The dealer's words for what the games name of their host (HostWords): its money is gold on
 * its own books (as Dreaven's was), or the MUD's own coins in purse mode (`Pennies`), the dealer is the character itself (Lich Bones says its name
 * where the tavern says Dreaven's), a table is looked at and a dealer spoken to by whispering
 * the dealer as the MUD whispers (`whisper Croupier=table` on TinyMUX), a player's words are
 * quoted with the mark the MUD does not whisper in, and times are UTC, real
 * ones: `toReal` turns a time of the table's clock (which waits whenever the table does) into one.
 */
export function dealerWords(profile: Profile, dealer: string, coins: Coins = { coins: 'gold' }, toReal: (at: number) => number = (at) => at): HostWords {
  const whisper = (text: string) => whisperedAs(profile, dealer, text);
  return {
    money: amountOf(coins),
    moneyName: coins.coins,
    look: () => whisper('table'),
    dealer,
    whisper: (_dealer, text) => whisper(text),
    whisperedOnly: true,
    timeOfDay: (at) => `${new Date(toReal(at)).toISOString().slice(11, 16)} UTC`,
    // Inside the mark the MUD whispers in, the other one, so that quotes never nest.
    quote: (text) => (profile.speechQuote === "'" ? `"${text}"` : `'${text}'`),
  };
}

/** The dealer's money by name: gold on its books, or the MUD's coins in purse mode (and one of them, where it is worded otherwise). */
export type Coins = { coins: string; coin?: string };

/** An amount worded: `300 Pennies`, `1 Penny`, `1,000 gold`. */
export const amountOf =
  ({ coins, coin }: Coins) =>
  (n: number): string =>
    n === 1 && coin ? `1 ${coin}` : `${formatCoins(n)} ${coins}`;

/** How the table is named in prose, as the tavern names its tables of each game (`the bones table`). */
/** What a player types to whisper the dealer `text`, as the MUD takes it (`whisper Croupier=help` on TinyMUX). */
export function whisperedAs(profile: Profile, dealer: string, text: string): string {
  return fill(profile.playersWhisper, { dealer, text });
}

export function tableLabel(game: string): string {
  const word = ({ 'lich-bones': 'bones', 'spice-run': 'sand', 'dragons-lair': 'lair' } as Record<string, string>)[game];
  return word ? `the ${word} table` : 'the table';
}
