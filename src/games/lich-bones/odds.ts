/**
 * The payout and exact expected return of every Lich Bones bet, worked out from the
 * two-dice probabilities and the table's payout settings, for `help odds`.
 */
import { formatCoins } from '../../text/amount.js';
import { drawn, hanging } from '../../text/markup.js';
import { DRAIN_NUMBERS, HARD_NAMES, HARD_NUMBERS, POINT_NUMBERS } from './bets.js';
import type { LichBonesSettings, Ratio } from './state.js';
import { winnings } from './settlement.js';

/** An exact rational number, always in lowest terms with a positive denominator. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export function frac(num: number | bigint, den: number | bigint = 1): Fraction {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new Error('frac: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n < 0n ? -n : n, d);
  return { num: n / g, den: d / g };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

export const add = (a: Fraction, b: Fraction) => frac(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Fraction, b: Fraction) => add(a, frac(-b.num, b.den));
export const mul = (a: Fraction, b: Fraction) => frac(a.num * b.num, a.den * b.den);
export const div = (a: Fraction, b: Fraction) => frac(a.num * b.den, a.den * b.num);
const ONE = frac(1);

export function toNumber(f: Fraction): number {
  return Number(f.num) / Number(f.den);
}

/** "-7/495", "+1/3", "0". */
export function formatFraction(f: Fraction): string {
  if (f.num === 0n) return '0';
  const sign = f.num < 0n ? '-' : '+';
  const n = f.num < 0n ? -f.num : f.num;
  return f.den === 1n ? `${sign}${n}` : `${sign}${n}/${f.den}`;
}

/** Ways two dice make a total, out of 36. */
const ways = (total: number) => Math.max(0, 6 - Math.abs(total - 7));
const chance = (total: number) => frac(ways(total), 36);
const TOTALS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** The chance a total comes before a 7. */
const beforeSeven = (total: number) => frac(ways(total), ways(total) + 6);

/** The chance the HERO wins from an opening attack roll (the pass line: 244/495). */
export function heroWinChance(): Fraction {
  let p = add(chance(7), chance(11));
  for (const n of POINT_NUMBERS) p = add(p, mul(chance(n), beforeSeven(n)));
  return p;
}

export interface OddsRow {
  /** The bet's family: "ATTACK", "HERO placed on point", "CHARGE". */
  bet: string;
  /** The row's own name: "ATTACK 4", "HERO placed on point 6", "CHARGE (hard 4)". */
  label: string;
  /** The number the bet names or was placed on, where it has one. */
  number: number | null;
  /** "5:11", "1:1 +10%", or per total for a one-roll bet: "2/12 2:1, 3/4/9/10/11 1:1". */
  payout: string;
  /** The chance it is paid, once it is decided. */
  win: Fraction;
  /** Net coins won (or lost, when negative) per coin staked, before winnings are rounded down. */
  expected: Fraction;
}

const ratioText = (r: Ratio) => `${r.win}:${r.per}`;
const ratioValue = (r: Ratio) => frac(r.win, r.per);

/** A bet decided by one event with chance `win`, paying `value` per coin, else losing the stake. */
function decided(bet: string, number: number | null, payout: string, win: Fraction, value: Fraction): OddsRow {
  return { bet, label: labelOf(bet, number), number, payout, win, expected: sub(mul(win, value), sub(ONE, win)) };
}

/** A one-roll bet: `net(total)` is what each coin makes on that total, or null when it loses. */
function oneRoll(bet: string, number: number | null, payout: string, net: (total: number) => Fraction | null): OddsRow {
  let win = frac(0);
  let expected = frac(0);
  for (const t of TOTALS) {
    const n = net(t);
    if (n !== null) win = add(win, chance(t));
    expected = add(expected, mul(chance(t), n ?? frac(-1)));
  }
  return { bet, label: labelOf(bet, number), number, payout, win, expected };
}

const labelOf = (bet: string, number: number | null) => (number === null ? bet : `${bet} ${number}`);

/** "2/12 30:1, 3/11 15:1": totals grouped by their ratio. */
function groupedPayout(table: Partial<Record<number, Ratio>>): string {
  const groups = new Map<string, number[]>();
  for (const t of TOTALS) {
    const ratio = table[t];
    if (ratio) groups.set(ratioText(ratio), [...(groups.get(ratioText(ratio)) ?? []), t]);
  }
  return [...groups].map(([text, totals]) => `${totals.join('/')} ${text}`).join(', ');
}

/** Every bet with its payout and exact expected return under these settings. */
export function oddsTable(settings: LichBonesSettings): OddsRow[] {
  const p = settings.payouts;
  const bonus = frac(settings.earlyBonusPercent, 100);
  const bonusText = settings.earlyBonusPercent > 0 ? ` +${settings.earlyBonusPercent}%` : '';
  const heroWins = heroWinChance();
  // With 12 barred, a 12 at the opening roll decides no LICH bet: it is decided by the other throws alone.
  const bar = settings.barTwelve === 1 ? chance(12) : frac(0);
  const lichWins = div(sub(sub(ONE, heroWins), bar), sub(ONE, bar));
  const rows: OddsRow[] = [
    decided('HERO before opening roll', null, ratioText(p.heroEarly) + bonusText, heroWins, add(ratioValue(p.heroEarly), bonus)),
    decided('LICH before opening roll', null, ratioText(p.lichEarly) + bonusText + (settings.barTwelve === 1 ? ', 12 barred' : ''), lichWins, add(ratioValue(p.lichEarly), bonus)),
  ];
  const perPoint: [string, Record<number, Ratio>, (n: number) => Fraction][] = [
    ['HERO placed on point', p.heroOnPoint, beforeSeven],
    ['LICH placed on point', p.lichOnPoint, (n) => sub(ONE, beforeSeven(n))],
    ['CHEER HERO on point', p.cheerHero, beforeSeven],
    ['CHEER LICH on point', p.cheerLich, (n) => sub(ONE, beforeSeven(n))],
  ];
  for (const [bet, table, win] of perPoint) {
    for (const n of POINT_NUMBERS) rows.push(decided(bet, n, ratioText(table[n]), win(n), ratioValue(table[n])));
  }
  // A hard way is decided by the hard throw, the easy one or a 7: the other throws leave it be.
  for (const n of HARD_NUMBERS) {
    const row = decided(HARD_NAMES[n], n, ratioText(p.hard[n]), frac(1, ways(n) + 6), ratioValue(p.hard[n]));
    rows.push({ ...row, label: `${HARD_NAMES[n]} (hard ${n})` });
  }
  for (const n of POINT_NUMBERS) {
    rows.push(decided('ATTACK', n, ratioText(p.attack[n]), beforeSeven(n), ratioValue(p.attack[n])));
  }
  const pays = (table: Partial<Record<number, Ratio>>) => (t: number) => {
    const ratio = table[t];
    return ratio ? ratioValue(ratio) : null;
  };
  rows.push(oneRoll('BESEECH', null, groupedPayout(p.beseech), pays(p.beseech)));
  // INFERNO is four quarter bets: the winning quarter is paid, the other three lose.
  rows.push(oneRoll('INFERNO', null, `${groupedPayout(p.inferno)} per quarter`, (t) => {
    const ratio = p.inferno[t as keyof typeof p.inferno];
    return ratio ? sub(div(ratioValue(ratio), frac(4)), frac(3, 4)) : null;
  }));
  rows.push(oneRoll('DRAIN', null, `${DRAIN_NUMBERS.join('/')} ${ratioText(p.drain)}`, (t) => (DRAIN_NUMBERS.includes(t) ? ratioValue(p.drain) : null)));
  for (const [n, ratio] of Object.entries(p.claw)) {
    const total = Number(n);
    rows.push(oneRoll('CLAW', total, ratioText(ratio), (t) => (t === total ? ratioValue(ratio) : null)));
  }
  return rows;
}

/** "+3.52%". */
function percent(f: Fraction): string {
  if (f.num === 0n) return '0.00%';
  const v = toNumber(f) * 100;
  return `${v >= 0 ? '+' : '-'}${Math.abs(v).toFixed(2)}%`;
}

/** The text of `help odds`: rows with equal payout and return are merged ("ATTACK 4/10"). */
export function formatOddsHelp(settings: LichBonesSettings): string {
  const merged = new Map<string, { name: string; numbers: number[]; row: OddsRow }>();
  for (const row of oddsTable(settings)) {
    const key = `${row.bet}|${row.payout}|${formatFraction(row.expected)}`;
    const entry = merged.get(key);
    if (entry && row.number !== null) entry.numbers.push(row.number);
    else merged.set(key, { name: row.bet, numbers: row.number === null ? [] : [row.number], row });
  }
  const lines = [...merged.values()].map(({ name, numbers, row }) => [
    numbers.length > 1 ? `${name} ${numbers.join('/')}` : row.label,
    row.payout,
    `${percent(row.expected)} (${formatFraction(row.expected)})`,
  ]);
  const header = ['Bet', 'Pays', 'Returns per coin'];
  const widths = [0, 1].map((i) => Math.max(header[i].length, ...lines.map((l) => l[i].length)));
  // On a narrow screen a row's wrapped part hangs under the Pays column.
  const table = [header, ...lines].map((l) => hanging(` ${l[0].padEnd(widths[0])}`, `${l[1].padEnd(widths[1])}  ${l[2]}`, widths[0] + 3));
  // A screen reader hears one sentence a bet instead of the columns.
  const sentences = lines.map(([bet, pays, returns]) => `${bet} pays ${pays} and returns ${returns} per coin.`);
  // One paragraph a line: the output path wraps them to the player's screen.
  return [
    'Lich Bones: what each bet pays and what it returns on average. X:Y pays X coins for every Y staked, and the stake comes back too.',
    drawn(table.join('\n'), sentences.join('\n')),
    roundingNote(settings),
    'Returns are for bets that get decided, before rounding down; a bet returned after the last round neither wins nor loses.',
  ].join('\n');
}

/** Says winnings are rounded down, with an example under these settings where it shows. */
function roundingNote(settings: LichBonesSettings): string {
  const p = settings.payouts;
  const candidates: [string, Ratio, number][] = [
    ...POINT_NUMBERS.map((n): [string, Ratio, number] => [`ATTACK ${n}`, p.attack[n], 0]),
    ...POINT_NUMBERS.map((n): [string, Ratio, number] => [`CHEER HERO on ${n}`, p.cheerHero[n], 0]),
    ['an early HERO bet', p.heroEarly, settings.earlyBonusPercent],
  ];
  const base = Math.max(settings.minBet, 1);
  for (const [name, ratio, bonusPercent] of candidates) {
    for (let stake = base; stake < base + 100; stake++) {
      const exact = add(mul(frac(stake), ratioValue(ratio)), frac(stake * bonusPercent, 100));
      const paid = winnings(stake, ratio, bonusPercent);
      const rest = sub(exact, frac(paid));
      if (rest.num !== 0n) {
        const rate = `${ratioText(ratio)}${bonusPercent > 0 ? ` +${bonusPercent}%` : ''}`;
        return `Winnings are rounded down to whole coins: ${formatCoins(stake)} on ${name} at ${rate} wins ${formatCoins(paid)} ${rest.num}/${rest.den}, paid as ${formatCoins(paid)}.`;
      }
    }
  }
  return 'Winnings are rounded down to whole coins.';
}
