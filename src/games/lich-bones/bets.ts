/**
 * Lich Bones bet vocabulary: the bets of craps under their tavern names, and the parser
 * for what a player types after `whisper dreaven` or `bet` ("hero 5000", "5000 place 6",
 * "bet don't pass 5,000").
 */
import { looksLikeAmount, parseAmount } from '../../text/amount.js';
import { shortened } from '../typed.js';

/** Quest points, and the numbers an ATTACK (place) bet may name. */
export const POINT_NUMBERS = [4, 5, 6, 8, 9, 10] as const;
export type PointNumber = (typeof POINT_NUMBERS)[number];

export const HARD_NUMBERS = [4, 6, 8, 10] as const;
export type HardNumber = (typeof HARD_NUMBERS)[number];

export const CLAW_NUMBERS = [2, 3, 7, 11, 12] as const;
export type ClawNumber = (typeof CLAW_NUMBERS)[number];

/** The totals DRAIN (craps) pays on. */
export const DRAIN_NUMBERS: readonly number[] = [2, 3, 12];

export type BetSpec =
  | { kind: 'hero' }
  | { kind: 'lich' }
  | { kind: 'cheer' }
  | { kind: 'hard'; number: HardNumber }
  | { kind: 'attack'; number: PointNumber }
  | { kind: 'beseech' }
  | { kind: 'inferno' }
  | { kind: 'drain' }
  | { kind: 'claw'; number: ClawNumber };

/** The tavern name of each hard way. */
export const HARD_NAMES: Record<HardNumber, string> = { 4: 'CHARGE', 6: 'FEINT', 8: 'JUDGEMENT', 10: 'STRIKE' };

export type ParsedBet = { ok: true; bet: BetSpec; amount: number } | { ok: false; reason: string };

const BET_NAMES =
  'hero (pass), lich (don\'t pass), cheer (odds), charge (hard 4), feint (hard 6), judgement (hard 8), ' +
  'strike (hard 10), attack N (place N), beseech (field), inferno (horn), drain (craps), claw N (prop N)';

/** The most words a bet takes, its amount and a leading `bet` among them (`bet don't pass 5,000`). */
const MOST_WORDS = 6;

/** Every bet, for a player whose words named none. */
export const BETS_HERE = `The bets at this table: ${BET_NAMES}.`;

/** Bets named by their words alone. */
const SINGLE_WORD: Record<string, BetSpec> = {
  hero: { kind: 'hero' },
  pass: { kind: 'hero' },
  lich: { kind: 'lich' },
  "don't pass": { kind: 'lich' },
  'dont pass': { kind: 'lich' },
  cheer: { kind: 'cheer' },
  odds: { kind: 'cheer' },
  charge: { kind: 'hard', number: 4 },
  feint: { kind: 'hard', number: 6 },
  judgement: { kind: 'hard', number: 8 },
  judgment: { kind: 'hard', number: 8 },
  strike: { kind: 'hard', number: 10 },
  beseech: { kind: 'beseech' },
  field: { kind: 'beseech' },
  inferno: { kind: 'inferno' },
  horn: { kind: 'inferno' },
  drain: { kind: 'drain' },
  craps: { kind: 'drain' },
};

/**
 * Every word a bet can begin with: at the bones table each is a verb ("hero 5000", "don't pass
 * 5000", "attack 6 5000"), as it is after `bet` or in a whisper to Dreaven.
 */
export function betWords(): string[] {
  const first = [...Object.keys(SINGLE_WORD), ...Object.keys(NUMBERED)].map((phrase) => phrase.split(' ')[0]);
  return [...new Set([...first, 'don\u2019t'])];
}

/** Bets named by a word and a number, with the numbers each allows. */
const NUMBERED: Record<string, { kind: 'hard' | 'attack' | 'claw'; numbers: readonly number[]; usage: string }> = {
  hard: { kind: 'hard', numbers: HARD_NUMBERS, usage: 'Hard ways are hard 4, hard 6, hard 8 and hard 10.' },
  attack: { kind: 'attack', numbers: POINT_NUMBERS, usage: 'ATTACK takes 4, 5, 6, 8, 9 or 10, like attack 4 5000.' },
  place: { kind: 'attack', numbers: POINT_NUMBERS, usage: 'PLACE takes 4, 5, 6, 8, 9 or 10, like place 4 5000.' },
  claw: { kind: 'claw', numbers: CLAW_NUMBERS, usage: 'CLAW takes 2, 3, 7, 11 or 12, like claw 11 5000.' },
  prop: { kind: 'claw', numbers: CLAW_NUMBERS, usage: 'PROP takes 2, 3, 7, 11 or 12, like prop 11 5000.' },
};

type WordsMatch = { ok: true; bet: BetSpec } | { ok: false; reason: string } | null;

/** Reads the words of one bet; null when they name no bet at all. */
function matchWords(words: string[]): WordsMatch {
  const phrase = words.join(' ');
  // Own keys only: "constructor" is not a bet.
  const single = Object.hasOwn(SINGLE_WORD, phrase) ? SINGLE_WORD[phrase] : undefined;
  if (single) return { ok: true, bet: single };
  const numbered = Object.hasOwn(NUMBERED, words[0]) ? NUMBERED[words[0]] : undefined;
  if (!numbered || words.length !== 2) return null;
  const n = Number(words[1]);
  if (!/^\d+$/.test(words[1]) || !numbered.numbers.includes(n)) return { ok: false, reason: numbered.usage };
  return { ok: true, bet: { kind: numbered.kind, number: n } as BetSpec };
}

/**
 * Parses "hero 5000", "5000 hero", "bet attack 4 5,000", "PROP 11 5000". The amount goes
 * first or last; the words of a bet stay together. Amount reasons come from parseAmount, in `money`,
 * what was typed quoted with `quote`.
 */
export function parseBet(text: string, money = 'coins', quote: (text: string) => string = (t) => `"${t}"`): ParsedBet {
  const tokens = text.trim().toLowerCase().replace(/[\u2018\u2019`]/g, "'").split(/\s+/).filter((t) => t !== '');
  if (tokens[0] === 'bet') tokens.shift();
  if (tokens.length === 0) return { ok: false, reason: 'Name a bet and an amount, like hero 5000.' };
  // No bet is more than a few words and an amount: a long line is not searched for one (a whisper can be 8 KB).
  if (tokens.length > MOST_WORDS) return { ok: false, reason: `A bet is its name and one amount, like hero 5000. ${BETS_HERE}` };

  // The amount is the last word or the first; try the last first ("hero 5000").
  const splits: { words: string[]; amount: string }[] = [
    { words: tokens.slice(0, -1), amount: tokens[tokens.length - 1] },
    { words: tokens.slice(1), amount: tokens[0] },
  ];
  let wordsReason: string | null = null;
  for (const { words, amount } of splits) {
    if (words.length === 0) continue;
    const match = matchWords(words);
    if (match === null) continue;
    if (!match.ok) {
      wordsReason ??= match.reason;
      continue;
    }
    // Nothing at all is under the table's least bet: the table says what that is (betting.ts), not "the least is 1".
    if (/^0[0,]*$/.test(amount)) return { ok: true, bet: match.bet, amount: 0 };
    const parsed = parseAmount(amount, money, quote);
    if (!parsed.ok) return parsed;
    return { ok: true, bet: match.bet, amount: parsed.value };
  }

  const whole = matchWords(tokens);
  if (whole?.ok) return { ok: false, reason: `How many ${money} on ${describeBet(whole.bet)}? Say it like ${tokens.join(' ')} 5000.` };
  for (let i = 1; i < tokens.length - 1; i++) {
    const rest = [...tokens.slice(0, i), ...tokens.slice(i + 1)];
    if (looksLikeAmount(tokens[i]) && matchWords(rest)?.ok) {
      const words = rest.join(' ');
      return { ok: false, reason: `Keep the words of a bet together: ${words} ${tokens[i]} or ${tokens[i]} ${words}.` };
    }
  }
  if (wordsReason) return { ok: false, reason: wordsReason };
  if (whole && !whole.ok) return whole;
  // The words that named no bet, said back (the amounts and the money's name left out), unless they do name one.
  const moneyWords = new Set(money.toLowerCase().split(' ').flatMap((w) => [w, w.replace(/s$/, '')]));
  const words = tokens.filter((t) => !looksLikeAmount(t) && !moneyWords.has(t));
  if (words.length && matchWords(words)?.ok) return { ok: false, reason: `Say one amount, as a number alone, first or last: ${words.join(' ')} 5000.` };
  const named = words.join(' ');
  if (!named && tokens.some(looksLikeAmount)) return { ok: false, reason: `Name the bet the amount is for, like hero 5000. ${BETS_HERE}` };
  if (!/[\p{L}\p{N}\p{P}\p{S}]/u.test(named)) return { ok: false, reason: BETS_HERE };
  return { ok: false, reason: `${quote(shortened(named))} is no bet. ${BETS_HERE}` };
}

/** The name a bet is shown by: "HERO", "ATTACK 4", "CHARGE", "CLAW 11". */
export function describeBet(spec: BetSpec): string {
  switch (spec.kind) {
    case 'hard':
      return HARD_NAMES[spec.number];
    case 'attack':
    case 'claw':
      return `${spec.kind.toUpperCase()} ${spec.number}`;
    default:
      return spec.kind.toUpperCase();
  }
}

/** A placed bet's name, with the side a CHEER backs: "CHEER LICH", "ATTACK 6". */
export function betLabel(bet: { spec: BetSpec; side?: 'hero' | 'lich' }): string {
  return bet.spec.kind === 'cheer' && bet.side ? `CHEER ${bet.side.toUpperCase()}` : describeBet(bet.spec);
}
