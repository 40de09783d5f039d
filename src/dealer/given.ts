import type { Claim } from './books/books.js';

/**
 * The MUD's own record of the gives to the dealer, where it keeps one (docs/dealer.md, "Purse
 * mode"): on TinyMUX the dealer's @pay writes a numbered item for every give, with the giver and
 * the amount the purse grew by, and each read of the purse answers with the items the books have
 * not yet accounted for. No player can write an item, so it, not a line, says who paid.
 *
 * Items numbered at or below the books' mark are accounted for already (a read that went out
 * again after a restart); `mark` comes back as the highest number seen. A player's give with its amount is proven; a thing's, or one whose
 * amount the MUD could not tell (a wizard's give passes no lock), is only a claim.
 */
export function recordedGives(text: string, item: RegExp, mark: number, nameOf: (id: string) => string): { claims: Claim[]; mark: number } {
  let last = mark;
  const claims: Claim[] = [];
  for (const m of text.matchAll(new RegExp(item.source, 'g'))) {
    const g = m.groups!;
    last = Math.max(last, Number(g.n));
    if (Number(g.n) <= mark) continue;
    const id = g.id === undefined ? null : `#${g.id}`;
    claims.push({ id, name: id ? nameOf(id) : 'a thing', amount: g.amount === undefined ? 0 : Number(g.amount), proven: id !== null && g.amount !== undefined });
  }
  return { claims, mark: last };
}
