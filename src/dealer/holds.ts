import type { Books, Hold } from './books/books.js';
import type { Who } from './trust.js';

/**
 * Purse mode's unclaimed money (docs/dealer.md, "Purse mode"): held when the dealer cannot tie it
 * to one player, and let go only to a player the MUD proved it was from (`claim`) or where the
 * operator says (`/settle`); `/audit` shows them with the purse. Each answers in words; `money`
 * words an amount as the table does.
 */

/** A player's `claim`: what the holds have proven theirs moves to their balance, one hold at a time. */
export function claimHeld(books: Books, who: Who, money: (n: number) => string): string {
  for (const h of books.holds) {
    const mine = h.claims.filter((c) => c.proven && c.id === who.id).reduce((n, c) => n + c.amount, 0);
    if (!mine) continue;
    const amount = Math.min(mine, h.amount);
    const rest = h.amount - amount;
    const hold: Hold | undefined = rest > 0 ? { ...h, amount: rest, claims: h.claims.filter((c) => c.id !== who.id) } : undefined;
    books.purseStep({ moves: [{ from: `unclaimed:${h.n}`, to: `player:${who.id}`, amount, why: 'claimed, with proof' }], ...(hold ? { holds: [hold] } : { settled: h.n }) });
    return `${money(amount)} that I held are yours, as the MUD proved: you have ${money(books.balance(`player:${who.id}`))} on my books.`;
  }
  const held = books.holds.reduce((n, h) => n + h.amount, 0);
  return held ? `Nothing I hold is proven yours. ${money(held)} wait${held === 1 ? 's' : ''} unclaimed; my keeper settles what the MUD cannot prove.` : 'I hold nothing unclaimed.';
}

/** The operator's `/settle <hold> <player id|house>`; `example` is an id as this MUD's players have them. */
export function settleHeld(books: Books, n: number, to: string, money: (n: number) => string, example: string): string {
  const h = books.holds.find((x) => x.n === n);
  if (!h) return `No hold ${n}: ${books.holds.map((x) => `${x.n} (${money(x.amount)})`).join(', ') || 'nothing is held'}.`;
  const key = to === 'house' ? 'house' : `player:${to}`;
  if (to !== 'house' && books.name(to) === undefined) return `Nobody known as ${to} on my books: give a player's id as /audit shows it (${example}), or house.`;
  books.purseStep({ moves: [{ from: `unclaimed:${n}`, to: key, amount: h.amount, why: 'settled by the operator' }], settled: n });
  return `Hold ${n} (${money(h.amount)}) settled to ${to === 'house' ? 'the house' : (books.name(to) ?? to)}.`;
}

/** `/audit`'s lines for the purse: the books against the purse as last read, what is held and what is pending. */
export function auditLines(books: Books, money: (n: number) => string): string[] {
  const held = books.holds;
  return [
    `The purse as last read: ${books.purse === null ? 'not read yet' : money(books.purse)}; the books say it holds ${money(-books.balance('mud'))}${books.purse === -books.balance('mud') ? ', which matches' : ''}.`,
    `Unclaimed: ${held.map((h) => `hold ${h.n}, ${money(h.amount)} (${h.why}${h.claims.length ? `; claimed by ${h.claims.map((c) => `${c.name}${c.id ? ` ${c.id}` : ''} ${c.amount}${c.proven ? ' proven' : ''}`).join(', ')}` : ''})`).join('; ') || 'nothing'}.`,
    `Payments out pending: ${books.payouts.map((p) => `${money(p.amount)} to ${p.name}`).join(', ') || 'none'}.`,
  ];
}
