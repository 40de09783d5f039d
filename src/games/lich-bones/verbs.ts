/** The Lich Bones verbs and whisper: what a player types (or whispers to the dealer) at the bones table, read into the rules' actions. */
import { formatCoins, looksLikeAmount } from '../../text/amount.js';
import type { HostWords, TableHost } from '../api.js';
import type { Turn, Verb } from '../engine.js';
import { betWords, parseBet } from './bets.js';
import { toDealer } from './help.js';
import { inQuotes, typed as typedVerb } from '../typed.js';
import { TITLE } from './panel.js';
import { gold } from './rules.js';
import { HANDOUT_KIND, type LichBonesAction, type LichBonesSettings, type LichBonesState } from './state.js';
import { betText, purseHint } from './story.js';

type Host = TableHost<LichBonesSettings>;
type LichTurn = Turn<LichBonesState, LichBonesAction, LichBonesSettings>;

/** The word players use to name a table in `roll dice <word>`: "the bones table" is `bones`. */
export const tableWord = (table: Host) => table.label.replace(/^the\s+/i, '').replace(/\s+table$/i, '').split(/\s+/).pop() || 'table';

/**
 * What a player types for one of the table's verbs: the tavern's words (`roll dice bones`), or,
 * where every verb is whispered to the host's dealer (a dealer in another MUD), the whisper as
 * every game names it (typed.ts).
 */
export function typed(table: Host, verb: 'roll' | 'sit' | 'start'): string {
  if (table.words.whisperedOnly) return typedVerb(table.words, verb);
  return verb === 'roll' ? `roll dice ${tableWord(table)}` : verb === 'sit' ? `sit ${tableWord(table)}` : 'start';
}

export const purseHintFor = (s: LichBonesState, name: string, table: Host) =>
  purseHint(s, name, table.balance(name), table.handouts.last(name, HANDOUT_KIND), table.clock.now(), table.words);

function goldText(s: LichBonesState, name: string, table: Host): string {
  const { bets, onTable } = gold(s, name);
  const money = table.words.money;
  const purse = `You have ${money(table.balance(name))}.`;
  if (bets.length === 0) return `${purse} You have no bets on ${table.label}.`;
  return `${purse} Your bets on ${table.label}: ${bets.map(betText).join(', ')} (${money(onTable)} in all).`;
}

function placeBet(t: LichTurn, text: string, refuse = t.reply): void {
  const { words } = t.table;
  const parsed = parseBet(text, words.amountName ?? words.moneyName, (typed) => inQuotes(words, typed));
  if (!parsed.ok) return refuse(parsed.reason);
  // A purse below the minimum can place no bet at all: say how to come by one.
  const hint = purseHintFor(t.state, t.player, t.table);
  if (hint) return refuse(hint);
  t.act({ type: 'bet', player: t.player, bet: parsed.bet, amount: parsed.amount });
}

export const verbs = (s: LichBonesSettings, words: HostWords): Verb<LichBonesState, LichBonesAction, LichBonesSettings>[] => {
  const whisper = toDealer(words);
  return [
    { key: 'start', usage: 'start', group: TITLE, help: 'Start a game of Lich Bones now, without waiting for the 60 seconds.', run: (t) => void t.act({ type: 'start', player: t.player }) },
    { key: 'bet', usage: 'bet <kind> <amount>', group: TITLE, needsArgs: true, help: `Place a bet, amount first or last: bet hero ${s.minBet}, bet ${s.minBet} lich, bet attack 6 ${formatCoins(s.minBet)}.`, run: (t, args) => placeBet(t, args) },
    {
      // Each bet's own word is a verb here, as in a whisper: `hero 5000`, `don't pass 5000`.
      key: 'hero',
      aliases: betWords().filter((w) => w !== 'hero'),
      usage: '<bet> <amount>',
      group: TITLE,
      help: `Bet by naming the bet${whisper ? `, as you would whisper it to ${words.dealer}` : ''}: hero 5000, attack 6 5000, don't pass 5,000. Every bet word of help lich bones works.`,
      // Typed in full only, so `h` and `st` keep meaning help and stand; `cheer 5000` is a bet, `cheer Ana` the social.
      exactOnly: true,
      claims: (args) => args.split(/\s+/).some(looksLikeAmount),
      run: (t, args, word) => placeBet(t, `${word} ${args}`),
    },
    {
      key: 'gold',
      usage: 'gold',
      group: TITLE,
      help: `Show your coins and your bets on the table${whisper ? ` (${whisper('gold')} works too)` : ''}.`,
      forOnlookers: true,
      run: (t) => t.reply(goldText(t.state, t.player, t.table)),
    },
  ];
};

/** A whisper to the dealer: `gold` for anyone, and from a seated player, a bet in any form the table takes. */
export function whisper(t: LichTurn, text: string): void {
  const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (words === 'gold' || words === 'coins') return t.reply(goldText(t.state, t.player, t.table));
  if (!t.state.seated.includes(t.player)) return t.reply(`Take a seat first (${typed(t.table, 'sit')}); then whisper me your bets.`);
  placeBet(t, text);
}
