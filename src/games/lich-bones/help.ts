/** How Lich Bones is explained: `help lich bones`, and what the host's `help crowd` and `help whisper` add. */
import { formatCoins } from '../../text/amount.js';
import { fitted } from '../../text/markup.js';
import type { HostWords } from '../api.js';
import { duration } from '../deadline.js';
import { TITLE } from './panel.js';
import { typed } from '../typed.js';
import type { LichBonesSettings } from './state.js';

/** A whisper to the host's dealer as the host words it ("whisper dreaven hero 5000"), or null where the host carries none. */
export function toDealer(words: HostWords): ((text: string) => string) | null {
  const whisper = words.whisper;
  return whisper ? (text) => whisper(words.dealer, text) : null;
}

/** One paragraph a line: the output path wraps them to the player's screen. */
export function help(s: LichBonesSettings, words: HostWords): string {
  const whisper = toDealer(words);
  // Where every verb is whispered (a dealer in another MUD) nothing is typed at a table; in the tavern a bet is either.
  const only = whisper && words.whisperedOnly ? whisper : null;
  const examples = whisper
    ? [whisper(`hero ${s.minBet}`), whisper(`${s.minBet} lich`), only ? only(`attack 4 ${s.minBet}`) : `bet attack 4 ${s.minBet}`]
    : [`bet hero ${s.minBet}`, `bet ${s.minBet} lich`, `bet attack 4 ${s.minBet}`];
  return [
    `Lich Bones: craps at ${words.dealer}'s table, ${s.rounds} ${s.rounds === 1 ? 'round' : 'rounds'} a game, up to ${s.seats} players. A seated player types ${typed(words, 'start')} (or the game starts ${s.autostartMs / 1000} seconds after the first player sits).`,
    handouts(s, words),
    `Each round opens with a call to place your bets: up to ${s.bettingMs / 1000} seconds to bet, then one throw. The HERO, chosen at random, throws with ${only ? only('roll') : 'roll dice <table>'}; when time runs out, ${words.dealer} throws for them.`,
    `Opening attack roll: 7 or 11 is a critical hit, the HERO wins; 2, 3 or 12 and the LICH wins${s.barTwelve === 1 ? ' (but a LICH bet neither wins nor loses on that 12: it stays)' : ''}; any other number becomes the quest point. Then the point again before a 7 and the HERO wins; a 7 first and the LICH wins, and a new HERO is chosen at random.`,
    `Bets (minimum ${formatCoins(s.minBet)}${s.maxBet ? `, maximum ${formatCoins(s.maxBet)}` : ''}), ${only ? `whispered to ${words.dealer}` : whisper ? `whispered to ${words.dealer} or typed at the table` : 'typed at the table'}, amount first or last:`,
    fitted(`  ${examples.join('    ')}`, examples.map((example) => `  ${example}`).join('\n')),
    `  hero (pass), lich (don't pass): 1:1${s.earlyBonusPercent ? ` plus ${s.earlyBonusPercent}% before an opening roll` : ''}; one side only.`,
    '  With a HERO or LICH bet on the table: cheer (odds, needs a quest point, capped at twice your bet), charge/feint/judgement/strike (hard 4/6/8/10), attack N (place N), and the one-roll bets beseech (field), inferno (horn), drain (craps), claw N (prop N).',
    `${only ? only('gold') : whisper ? `${whisper('gold')} (or gold)` : 'gold'} shows your coins and your bets. Bets still on the table after round ${s.rounds} come back to you. ${typed(words, 'help odds')} lists every payout and its expected return.`,
  ].join('\n');
}

/** What the house hands out for sitting, where it hands out anything (a dealer's real coins: nothing). */
function handouts(s: LichBonesSettings, words: HostWords): string {
  if (!s.handout && !s.heroBonus) return 'The house hands out nothing here: every coin at this table is bet, won and lost.';
  const seated = s.handout ? `Everyone seated when a game starts gets ${words.money(s.handout)}, and again when it ends if seated from the first round to the last` : '';
  const hero = s.heroBonus ? `the HERO gets ${words.money(s.heroBonus)} at every opening attack roll` : '';
  const both = [seated, hero].filter(Boolean).join('; ');
  return `${both.charAt(0).toUpperCase()}${both.slice(1)}. The house pays a character these from one game in ${duration(s.handoutCooldownMs)}, at any Lich Bones table: the first game that pays them.`;
}

export const asides = {
  crowd: (s: LichBonesSettings, words: HostWords): string =>
    `At a ${TITLE} table with more than ${s.crowd} seated, ${words.dealer} tells each bet to its bettor alone, and after each throw everyone hears one line of who won and lost.`,
  whisper: (words: HostWords): string => (words.whisper ? `Bets for ${TITLE} can be whispered to ${words.dealer} (${words.whisper(words.dealer, 'hero 5000')}).` : ''),
};
