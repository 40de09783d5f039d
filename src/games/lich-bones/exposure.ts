/**
 * What the house could have to pay at a Lich Bones table, beyond the stakes it holds, on the
 * worst single outcome of everything on it (a host that pays in real coins refuses a bet it could
 * not cover). Each of the 36 ways the next throw can fall is settled exactly as the rules settle
 * it (the house's payouts less the losing stakes it takes); of the bets that throw leaves
 * standing, one side's win at the most it could pay, less the other side's stakes it then takes
 * (HERO's side and LICH's side never both win), and every other bet at the most it could win.
 */
import type { CoinMove } from '../api.js';
import { diceValues, fixedRandom } from '../random.js';
import { apply } from './rules.js';
import { winnings } from './settlement.js';
import type { LichBonesState, PlacedBet, Ratio } from './state.js';

const best = (ratios: Record<number, Ratio>): Ratio => Object.values(ratios).reduce((a, b) => (b.win * a.per > a.win * b.per ? b : a));

/** The most a standing bet could still win: its side (for HERO, LICH and CHEER) and the amount. */
function mostItWins(s: LichBonesState, bet: PlacedBet): { side: 'hero' | 'lich' | null; amount: number } {
  const p = s.settings.payouts;
  const spec = bet.spec;
  switch (spec.kind) {
    case 'hero':
    case 'lich': {
      // Its rate was locked in when it was placed (settlement.ts settles it at that rate).
      const locked = bet.locked as { ratio: Ratio; bonusPercent: number };
      return { side: spec.kind, amount: winnings(bet.amount, locked.ratio, locked.bonusPercent) };
    }
    case 'cheer':
      return { side: bet.side ?? null, amount: winnings(bet.amount, best(bet.side === 'lich' ? p.cheerLich : p.cheerHero)) };
    case 'hard':
      return { side: null, amount: winnings(bet.amount, p.hard[spec.number]) };
    case 'attack':
      return { side: null, amount: winnings(bet.amount, p.attack[spec.number]) };
    default:
      // The one-throw bets are all settled by the next throw.
      return { side: null, amount: 0 };
  }
}

/** The house's net payout in a transfer: what it pays less what it takes. */
function paidByHouse(moves: readonly CoinMove[]): number {
  return moves.reduce((n, m) => n + (m.from.kind === 'house' ? m.amount : 0) - (m.to.kind === 'house' ? m.amount : 0), 0);
}

export function exposure(s: LichBonesState): number {
  if (s.phase !== 'betting' || s.hero === null || !s.bets.length) return 0;
  let worst = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const ctx = { random: fixedRandom([...diceValues(a, b), 0, 0, 0, 0]), now: s.deadline ?? 0, handoutsOpened: () => null, money: String, dealer: '' };
      const step = apply(s, { type: 'roll', player: s.hero }, ctx);
      if (!step.ok) continue;
      const after = step.state.phase === 'betting' ? step.state.bets : [];
      // When the fight is decided, one side's bets win and the other side's are taken; the rest may each win.
      const wins = { hero: 0, lich: 0 };
      const stakes = { hero: 0, lich: 0 };
      let other = 0;
      for (const bet of after) {
        const most = mostItWins(step.state, bet);
        if (most.side) {
          wins[most.side] += most.amount;
          stakes[most.side] += bet.amount;
        } else other += most.amount;
      }
      const decided = Math.max(0, wins.hero - stakes.lich, wins.lich - stakes.hero);
      worst = Math.max(worst, paidByHouse(step.moves) + decided + other);
    }
  }
  return worst;
}
