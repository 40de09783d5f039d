/**
 * Lich Bones, the settlement of one bet against a throw (docs/games.md, Lich Bones: the bets and
 * their payouts): what it wins, loses, or whether it stays on the table.
 */
import type { Dice } from '../random.js';
import { decided, escrow, handout, house, player } from '../rules.js';
import { betLabel, DRAIN_NUMBERS, type PointNumber } from './bets.js';
import type { FieldNumber, InfernoNumber, Outcome, Payouts, PlacedBet, Ratio, Side } from './state.js';

/** "HERO bet", "ATTACK 6 bet": a bet as `history` names it. */
export const resultLabel = (bet: PlacedBet) => `${betLabel(bet)} bet`;

/** Winnings for a stake at a ratio, plus a bonus percent of the stake, rounded down. */
export function winnings(stake: number, ratio: Ratio, bonusPercent = 0): number {
  const s = BigInt(stake);
  const exact = (s * BigInt(ratio.win) * 100n + s * BigInt(bonusPercent) * BigInt(ratio.per)) / (BigInt(ratio.per) * 100n);
  return Number(exact);
}

/** Settles one bet against a throw; `point` is the quest point the throw was made on; `barred`: a 12 at the opening roll where 12 is barred. */
export function settleBet(
  p: Payouts,
  bet: PlacedBet,
  dice: Dice,
  point: PointNumber | null,
  winner: Side | null,
  out: Outcome,
  barred = false,
): 'stays' | 'off' {
  const total = dice[0] + dice[1];
  const spec = bet.spec;
  switch (spec.kind) {
    case 'hero':
    case 'lich': {
      if (winner === null) return 'stays';
      if (barred && spec.kind === 'lich') {
        note(bet, 'barred', out);
        return 'stays';
      }
      const locked = bet.locked as { ratio: Ratio; bonusPercent: number };
      return winner === spec.kind ? win(bet, locked.ratio, out, locked.bonusPercent) : lose(bet, out);
    }
    case 'cheer': {
      if (winner === null) return 'stays';
      const rates = bet.side === 'hero' ? p.cheerHero : p.cheerLich;
      return winner === bet.side ? win(bet, rates[point as PointNumber], out) : lose(bet, out);
    }
    case 'hard':
    case 'attack': {
      const hits = total === spec.number && (spec.kind === 'attack' || dice[0] === dice[1]);
      const misses = total === 7 || (total === spec.number && !hits);
      if (point === null) {
        if (hits || misses) note(bet, 'inactive', out);
        return 'stays';
      }
      const ratio = spec.kind === 'hard' ? p.hard[spec.number] : p.attack[spec.number];
      if (hits) return win(bet, ratio, out);
      if (misses) return lose(bet, out);
      if (winner === 'hero') note(bet, 'carried', out);
      return 'stays';
    }
    case 'beseech': {
      const ratio = p.beseech[total as FieldNumber];
      return ratio ? win(bet, ratio, out) : lose(bet, out);
    }
    case 'drain':
      return DRAIN_NUMBERS.includes(total) ? win(bet, p.drain, out) : lose(bet, out);
    case 'claw':
      return total === spec.number ? win(bet, p.claw[spec.number], out) : lose(bet, out);
    case 'inferno': {
      const ratio = p.inferno[total as InfernoNumber];
      if (!ratio) return lose(bet, out);
      // Four bets of a quarter each: the one on this number wins, the other three lose.
      const part = bet.amount / 4;
      const won = winnings(part, ratio);
      out.moves.push({ from: escrow(bet.owner), to: player(bet.owner), amount: part, why: `Lich Bones ${betLabel(bet)} won: stake back` });
      pay(out, bet.owner, won, `Lich Bones ${betLabel(bet)} won`);
      out.moves.push({ from: escrow(bet.owner), to: house, amount: bet.amount - part, why: `Lich Bones ${betLabel(bet)} lost: the other three parts` });
      out.events.push({ type: 'settled', bet, result: 'won', returned: part, winnings: won, lost: bet.amount - part });
      out.results.push(decided(bet.owner, resultLabel(bet), bet.amount, part + won));
      return 'off';
    }
  }
}

function win(bet: PlacedBet, ratio: Ratio, out: Outcome, bonusPercent = 0): 'off' {
  const won = winnings(bet.amount, ratio, bonusPercent);
  out.moves.push({ from: escrow(bet.owner), to: player(bet.owner), amount: bet.amount, why: `Lich Bones ${betLabel(bet)} won: stake back` });
  pay(out, bet.owner, won, `Lich Bones ${betLabel(bet)} won`);
  out.events.push({ type: 'settled', bet, result: 'won', returned: bet.amount, winnings: won, lost: 0 });
  out.results.push(decided(bet.owner, resultLabel(bet), bet.amount, bet.amount + won));
  return 'off';
}

function lose(bet: PlacedBet, out: Outcome): 'off' {
  out.moves.push({ from: escrow(bet.owner), to: house, amount: bet.amount, why: `Lich Bones ${betLabel(bet)} lost` });
  out.events.push({ type: 'settled', bet, result: 'lost', returned: 0, winnings: 0, lost: bet.amount });
  out.results.push(decided(bet.owner, resultLabel(bet), bet.amount, 0));
  return 'off';
}

function note(bet: PlacedBet, result: 'inactive' | 'carried' | 'barred', out: Outcome): void {
  out.events.push({ type: 'settled', bet, result, returned: 0, winnings: 0, lost: 0 });
}

export function pay(out: Outcome, to: string, amount: number, why: string): void {
  if (amount > 0) out.moves.push({ from: house, to: player(to), amount, why });
}

/** A hand-out or a bonus from the house: paid, and noted as what came to the player. */
export function give(out: Outcome, to: string, amount: number, what: string): void {
  if (amount <= 0) return;
  pay(out, to, amount, `Lich Bones ${what}`);
  out.results.push(handout(to, what, amount));
}
