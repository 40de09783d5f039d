import type { FairData } from '../../../src/games/fair-source.js';

/**
 * The tables' books, as the journal (journal.ts) replays them: whatever the tables have done to
 * the players' purses, the coins on each table, what the house paid and took, each table's
 * seeds, and the hand-outs' cool-downs. Names are keyed in lower case, as Ranvier keys players.
 *
 * A purse itself lives in the player's own save (`currencies.<currency>`), which Ranvier writes
 * when the world saves the player. Beside it the player keeps `obsidianTables.applied`: how many
 * of the coins in `nets` the saved purse already holds. Both are changed together, so every save
 * is consistent, whenever it happens; a purse is brought up to date (reconciled) by adding
 * `nets - applied` (purses.ts).
 */

export interface BooksData {
  /** Per player: every coin the tables have put in their purse, less what they took from it. */
  nets: Record<string, number>;
  /** Per table id, per player: their coins on that table (wagers, bets, antes). */
  escrows: Record<string, Record<string, number>>;
  /** Coins the house has paid players, less what it took from them. */
  house: number;
  /** Per table id, its seeds (fair-source.ts). */
  fair: Record<string, FairData>;
  /** Per player, per kind of hand-out, when they last got one (epoch ms). */
  handouts: Record<string, Record<string, number>>;
}

/** One line of the journal. */
export type JournalRecord =
  /** The whole books, first in a compacted journal. */
  | { k: 'books'; books: BooksData }
  /** One transfer at a table: what it did to each purse and each escrow there, and to the house. */
  | { k: 'coins'; table: string; purses: Record<string, number>; escrow: Record<string, number>; house: number }
  | { k: 'fair'; fair: FairData }
  | { k: 'handout'; name: string; kind: string; at: number };

export class Books {
  private nets = new Map<string, number>();
  private escrows = new Map<string, Map<string, number>>();
  house = 0;
  readonly fair = new Map<string, FairData>();
  private handouts = new Map<string, Map<string, number>>();

  net(key: string): number {
    return this.nets.get(key) ?? 0;
  }

  escrow(table: string, key: string): number {
    return this.escrows.get(table)?.get(key) ?? 0;
  }

  handout(key: string, kind: string): number | null {
    return this.handouts.get(key)?.get(kind) ?? null;
  }

  apply(r: JournalRecord): void {
    switch (r.k) {
      case 'books':
        this.nets = toMap(r.books.nets);
        this.escrows = new Map(Object.entries(r.books.escrows).map(([t, m]) => [t, toMap(m)]));
        this.house = r.books.house;
        this.fair.clear();
        for (const [t, f] of Object.entries(r.books.fair)) this.fair.set(t, f);
        this.handouts = new Map(Object.entries(r.books.handouts).map(([k, m]) => [k, toMap(m)]));
        return;
      case 'coins': {
        for (const [key, d] of Object.entries(r.purses)) add(this.nets, key, d);
        const table = this.escrows.get(r.table) ?? new Map<string, number>();
        for (const [key, d] of Object.entries(r.escrow)) add(table, key, d);
        if (table.size) this.escrows.set(r.table, table);
        else this.escrows.delete(r.table);
        this.house += r.house;
        return;
      }
      case 'fair':
        this.fair.set(r.fair.table, r.fair);
        return;
      case 'handout': {
        const m = this.handouts.get(r.name) ?? new Map<string, number>();
        m.set(r.kind, r.at);
        this.handouts.set(r.name, m);
        return;
      }
    }
  }

  data(): BooksData {
    return {
      nets: Object.fromEntries(this.nets),
      escrows: Object.fromEntries([...this.escrows].map(([t, m]) => [t, Object.fromEntries(m)])),
      house: this.house,
      fair: Object.fromEntries(this.fair),
      handouts: Object.fromEntries([...this.handouts].map(([k, m]) => [k, Object.fromEntries(m)])),
    };
  }

  /**
   * What a start does first (no game survives a restart): every coin on every table goes back
   * to its owner's purse, one record per table.
   */
  returnEscrow(): Extract<JournalRecord, { k: 'coins' }>[] {
    return [...this.escrows].map(([table, m]) => ({
      k: 'coins',
      table,
      purses: Object.fromEntries(m),
      escrow: Object.fromEntries([...m].map(([key, amount]) => [key, -amount])),
      house: 0,
    }));
  }
}

/** Adds `d` to `key`, dropping what comes to 0 so the books stay small. */
function add(m: Map<string, number>, key: string, d: number): void {
  const v = (m.get(key) ?? 0) + d;
  if (v === 0) m.delete(key);
  else m.set(key, v);
}

function toMap(o: Record<string, number>): Map<string, number> {
  return new Map(Object.entries(o));
}

/** Why a journal line is not a record, or null: a line is only trusted once it has the shape it was written with. */
export function recordProblem(r: unknown): string | null {
  if (!r || typeof r !== 'object') return 'it is not an object';
  const rec = r as Record<string, unknown>;
  const counts = (o: unknown) => !!o && typeof o === 'object' && Object.values(o).every((v) => Number.isSafeInteger(v));
  switch (rec.k) {
    case 'books': {
      const b = rec.books as Record<string, unknown> | undefined;
      if (!b || !counts(b.nets) || !Number.isSafeInteger(b.house) || typeof b.escrows !== 'object' || typeof b.fair !== 'object' || typeof b.handouts !== 'object') return 'its books are incomplete';
      if (!Object.values(b.escrows as object).every(counts) || !Object.values(b.handouts as object).every(counts)) return 'its books hold a number that is not whole';
      return null;
    }
    case 'coins':
      return typeof rec.table === 'string' && counts(rec.purses) && counts(rec.escrow) && Number.isSafeInteger(rec.house) ? null : 'its coins are not whole numbers';
    case 'fair':
      return rec.fair && typeof (rec.fair as FairData).table === 'string' ? null : 'its seeds name no table';
    case 'handout':
      return typeof rec.name === 'string' && typeof rec.kind === 'string' && Number.isSafeInteger(rec.at) ? null : 'its hand-out is incomplete';
    default:
      return `it is of no known kind (${JSON.stringify(rec.k)})`;
  }
}
