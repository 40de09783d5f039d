/**
 * The richest characters, kept in order as purses move, so that `top` and `/api/top` read the
 * first few entries and never sort (or even visit) every character. Only public characters are
 * in it (`set public off` takes one out).
 *
 * A sorted array with binary search: a change is a search and one splice (a memmove of
 * pointers), which stays in microseconds at a hundred thousand characters.
 */

export interface Rich {
  key: string;
  name: string;
  coins: number;
}

/** Richer first; among equals, by name. */
const before = (a: Rich, b: Rich) => b.coins - a.coins || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export class Richest {
  private readonly list: Rich[] = [];
  private readonly at = new Map<string, Rich>();

  /** Sets a character's place: `coins` in their purse; not public (or no coins to show) takes them out. */
  set(key: string, name: string, coins: number, isPublic: boolean): void {
    const old = this.at.get(key);
    if (old && old.coins === coins && old.name === name && isPublic) return;
    if (old) {
      this.list.splice(this.indexOf(old), 1);
      this.at.delete(key);
    }
    if (!isPublic) return;
    const entry = { key, name, coins };
    this.list.splice(this.indexOf(entry), 0, entry);
    this.at.set(key, entry);
  }

  /** Fills an empty index at once (a start): one sort, not a search and splice per character. */
  load(entries: Iterable<Rich>): void {
    if (this.list.length) throw new Error('the index of the richest is loaded once, empty');
    for (const r of entries) {
      const entry = { key: r.key, name: r.name, coins: r.coins };
      this.list.push(entry);
      this.at.set(r.key, entry);
    }
    this.list.sort(before);
  }

  /** Takes a character out (the database engine: gone from memory and from its snapshot). */
  delete(key: string): void {
    const old = this.at.get(key);
    if (!old) return;
    this.list.splice(this.indexOf(old), 1);
    this.at.delete(key);
  }

  /** The first `n`, richest first. */
  top(n: number): Rich[] {
    return this.list.slice(0, n).map((r) => ({ ...r }));
  }

  get size(): number {
    return this.list.length;
  }

  /** Where `r` is, or goes: the first place whose entry does not come before it. */
  private indexOf(r: Rich): number {
    let lo = 0;
    let hi = this.list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.list[mid], r) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The wins to show: public characters', ending within the window before `now`, the first `n`. */
export function shownWins<W extends { key: string; at: string }>(wins: readonly W[], n: number, now: number, isPublic: (key: string) => boolean, windowMs: number): W[] {
  const out: W[] = [];
  for (const w of wins) {
    if (out.length >= n) break;
    const age = now - Date.parse(w.at);
    if (age <= windowMs && isPublic(w.key)) out.push({ ...w });
  }
  return out;
}
