/**
 * What a PostgreSQL store shows of every character, played here or not: the richest, and who
 * chose `set public off`. It starts as the database had it and follows each purse and choice
 * changed here; the store keeps only which characters it plays.
 */
import type { CharacterRecord } from '../entries.js';
import { Richest, type Rich } from '../richest.js';

export class Listings {
  /** The richest as of the start, and every change to a purse made here since. */
  private readonly rich = new Richest();
  /** Characters not in play here who chose `set public off` (as of the start). */
  private readonly hidden = new Set<string>();

  /** What a start read (queries.ts loadListings). */
  load(listings: { rich: readonly Rich[]; private: readonly string[] }): void {
    for (const r of listings.rich) this.rich.set(r.key, r.name, r.coins, true);
    for (const key of listings.private) this.hidden.add(key);
  }

  /** A character in play here takes its place among the richest, as memory has it now. */
  place(key: string, c: Readonly<CharacterRecord>, coins: number): void {
    if (c.prefs.public === false) this.hidden.add(key);
    else this.hidden.delete(key);
    this.rich.set(key, c.name, coins, c.prefs.public !== false);
  }

  /** Whether a character may be named in listings: its own choice if in play here (c), else as of the start. */
  isPublic(key: string, c: Readonly<CharacterRecord> | undefined): boolean {
    return c ? c.prefs.public !== false : !this.hidden.has(key);
  }

  top(n: number): Rich[] {
    return this.rich.top(n);
  }
}
