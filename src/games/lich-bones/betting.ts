/**
 * Lich Bones, placing a bet (docs/games.md, Lich Bones): who may bet what,
 * when, and at which rate it is locked in. The stake goes into escrow at once.
 */
import { formatCoins } from '../../text/amount.js';
import { escrow, player } from '../rules.js';
import { betLabel, describeBet, type BetSpec } from './bets.js';
import type { LichBonesState, Outcome, PlacedBet } from './state.js';

/** Places the bet (changing `s`, a private copy) or says why not, naming amounts in the host's money. */
export function placeBet(s: LichBonesState, who: string, spec: BetSpec, asked: number, out: Outcome, money: (n: number) => string): string | null {
  const { minBet, maxBet, payouts, earlyBonusPercent } = s.settings;
  if (!s.seated.includes(who)) return 'Sit at the Lich Bones table to bet.';
  if (s.phase !== 'betting') return 'No game is under way; a seated player can type start.';
  if (!Number.isSafeInteger(asked) || asked < Math.max(minBet, 1)) {
    return `The minimum bet is ${money(minBet)}.`;
  }
  if (maxBet > 0 && asked > maxBet) return `The most one bet may be at this table is ${money(maxBet)}.`;
  const own = s.bets.filter((b) => b.owner === who);
  const sideBet = own.find((b) => b.spec.kind === 'hero' || b.spec.kind === 'lich');
  const bet: PlacedBet = { id: s.nextBetId, owner: who, spec, amount: asked, placedOn: s.point };

  if (spec.kind === 'hero' || spec.kind === 'lich') {
    if (sideBet && sideBet.spec.kind !== spec.kind) {
      return `You already back the ${sideBet.spec.kind.toUpperCase()}; nobody may bet on both sides.`;
    }
    const early = spec.kind === 'hero' ? payouts.heroEarly : payouts.lichEarly;
    const onPoint = spec.kind === 'hero' ? payouts.heroOnPoint : payouts.lichOnPoint;
    bet.locked = s.point === null
      ? { ratio: early, bonusPercent: earlyBonusPercent }
      : { ratio: onPoint[s.point], bonusPercent: 0 };
  } else {
    if (!sideBet) return `Place a HERO or LICH bet first; then ${describeBet(spec)} is open to you.`;
    if (spec.kind === 'inferno' && asked % 4 !== 0) {
      return `INFERNO is four equal parts: stake a multiple of 4, like ${money(asked + 4 - (asked % 4))}.`;
    }
    if (spec.kind === 'cheer') {
      if (s.point === null) return 'CHEER can only be placed while a quest point is set.';
      const backing = own.filter((b) => (b.spec.kind === 'hero' || b.spec.kind === 'lich') && b.placedOn === null);
      if (backing.length === 0) return 'CHEER needs a HERO or LICH bet placed before the opening roll.';
      const cheered = own.filter((b) => b.spec.kind === 'cheer').reduce((sum, b) => sum + b.amount, 0);
      const cap = 2 * backing.reduce((sum, b) => sum + b.amount, 0);
      const room = cap - cheered;
      if (room < Math.max(minBet, 1)) {
        return `Your CHEER is capped at twice your HERO/LICH bet (${money(cap)}) and can grow by only ${formatCoins(Math.max(room, 0))} more, under the ${formatCoins(minBet)} minimum.`;
      }
      bet.amount = Math.min(asked, room);
      bet.side = backing[0].spec.kind === 'hero' ? 'hero' : 'lich';
    }
  }
  s.nextBetId += 1;
  s.bets.push(bet);
  out.moves.push({ from: player(who), to: escrow(who), amount: bet.amount, why: `Lich Bones bet: ${betLabel(bet)}` });
  out.events.push({ type: 'betPlaced', bet, asked });
  return null;
}
