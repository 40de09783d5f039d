import type { Payout } from './books/books.js';

/**
 * Whether a cashout's give left the purse, as one read of it tells (docs/dealer.md, "Purse
 * mode"): all of it, nothing, or null where nobody can tell (then the payout is held for the
 * operator, never guessed), and what the MUD kept for running the give.
 */
export interface PayoutSeen {
  left: number | null;
  cost: number;
}

/**
 * By the MUD's own stamp of the give (the profile's `purse.out`; on TinyMUX the purse just before
 * and just after the give, written in one run of the MUX's queue, where nothing else comes
 * between). The read that brings it is the give's own, or follows `purse.halt`, so no give of the
 * dealer's still waits to run: a stamp without before and after, another payout's or none means
 * this give never ran and never will. A stamp that cannot be read is held.
 */
export function byStamp(payout: Payout, out: RegExp, text: string): PayoutSeen {
  if (!text.trim()) return { left: 0, cost: 0 };
  const g = out.exec(text.trim())?.groups;
  if (!g) return { left: null, cost: 0 };
  if (Number(g.n) !== payout.n) return { left: 0, cost: 0 };
  const cost = Number(g.cost);
  if (g.before === undefined) return { left: 0, cost };
  const left = Number(g.before) - Number(g.after);
  return { left: left === payout.amount || left === 0 ? left : null, cost };
}

/**
 * By the purse alone, on a MUD that cannot stamp a give: money may come unseen but never leaves
 * unseen, so a read (`diff` from the books, `told` of it proven payments in) that fits only one
 * of "it left" and "it did not" decides. The MUD's word from this session's lines (`word`)
 * decides where only the MUD can write it (`proven`), else it only breaks a tie, and only while
 * nobody who could forge it is here.
 */
export function byPurse(amount: number, diff: number, told: number, word: number | null, proven: boolean, forgeable: boolean): PayoutSeen {
  if (word !== null && proven) return { left: word, cost: 0 };
  const fits = [amount, 0].filter((left) => diff + left - told >= 0);
  if (fits.length === 1) return { left: fits[0], cost: 0 };
  return { left: word !== null && fits.includes(word) && !forgeable ? word : null, cost: 0 };
}
