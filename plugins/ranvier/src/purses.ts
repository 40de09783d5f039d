import type { CoinMove, HostWords, TransferOutcome } from '../../../src/games/api.js';
import type { Books, JournalRecord } from './books.js';
import type { Journal } from './journal.js';
import type { RanvierPlayer, RanvierState } from './ranvier.js';
import { worldWords } from './words.js';

/**
 * The players' purses, `currencies.<currency>` in each player's save, and every coin the tables
 * move: first journaled (one record per transfer, with every purse and escrow it touches, so a
 * payout from one player's wager to another's purse is one step), then applied to the players
 * who are in the world. A player who is not is brought up to date when next seen (reconcile).
 */
export class Purses {
  /** Amounts in the world's currency, for the refusals. */
  private readonly words: HostWords;

  constructor(
    private readonly state: RanvierState,
    private readonly currency: string,
    private readonly journal: Journal,
    private readonly books: Books,
  ) {
    this.words = worldWords(currency);
  }

  /** The player's coins, up to date with the tables' books. */
  coins(player: RanvierPlayer): number {
    this.reconcile(player);
    return this.saved(player);
  }

  /** The coins of a player in the world by name; 0 for one who is not (nothing can be taken from them). */
  balance(name: string): number {
    const p = this.state.PlayerManager.getPlayer(name);
    return p ? this.coins(p) : 0;
  }

  /**
   * Brings the player's purse up to date with what the tables did since it was saved (a payout
   * while they were away, a wager returned at a start); returns the coins added (or taken).
   */
  reconcile(player: RanvierPlayer): number {
    const net = this.books.net(player.name.toLowerCase());
    const marker = player.metadata.obsidianTables as { applied?: unknown } | undefined;
    const applied = Number.isSafeInteger(marker?.applied) ? (marker!.applied as number) : 0;
    const d = net - applied;
    if (d === 0) return 0;
    const currencies = (player.metadata.currencies ??= {}) as Record<string, unknown>;
    // Both in the same step, so any save of the player holds both or neither.
    currencies[this.currency] = this.saved(player) + d;
    player.metadata.obsidianTables = { ...marker, applied: net };
    return d;
  }

  /**
   * One atomic transfer at `table`: refused with a reason naming who is short (as "you" for the
   * actor), and then nothing moves; or journaled, flushed and applied.
   */
  transfer(table: string, moves: readonly CoinMove[], actor?: string): TransferOutcome {
    // A step that moves no coin (a hold, a throw that pays nothing) has nothing to journal or flush.
    if (moves.length === 0) return { ok: true };
    const purses: Record<string, number> = {};
    const escrow: Record<string, number> = {};
    const names = new Map<string, string>();
    let house = 0;
    const add = (into: Record<string, number>, name: string, d: number) => {
      const key = name.toLowerCase();
      names.set(key, name);
      into[key] = (into[key] ?? 0) + d;
    };
    for (const m of moves) {
      if (!Number.isSafeInteger(m.amount) || m.amount <= 0) return { ok: false, reason: `The table refuses to move ${m.amount} ${this.words.moneyName}.` };
      for (const [party, d] of [[m.from, -m.amount], [m.to, m.amount]] as const) {
        if (party.kind === 'player') add(purses, party.name, d);
        else if (party.kind === 'escrow') add(escrow, party.name, d);
        else house -= d;
      }
    }
    for (const [key, d] of Object.entries(purses)) {
      if (d >= 0) continue;
      const name = names.get(key)!;
      const has = this.balance(name);
      if (has + d < 0) {
        const who = actor && key === actor.toLowerCase() ? 'You have' : `${name} has`;
        return { ok: false, reason: `${who} only ${this.words.money(has)}; that needs ${this.words.money(-d)}.` };
      }
    }
    for (const [key, d] of Object.entries(escrow)) {
      const has = this.books.escrow(table, key);
      if (has + d < 0) return { ok: false, reason: `${names.get(key)} has only ${this.words.money(has)} on the table; that needs ${this.words.money(-d)}.` };
    }
    const record: JournalRecord = { k: 'coins', table, purses: nonZero(purses), escrow: nonZero(escrow), house };
    try {
      this.journal.append(record, this.books);
    } catch (e) {
      console.error(`obsidian-tables: ${table}: could not keep the books:`, e);
      return { ok: false, reason: 'The table cannot keep its books just now (the disk refused them); nothing moved.' };
    }
    this.reconcileAll(record);
    return { ok: true };
  }

  /**
   * Every coin on the tables (or on one table, that goes) back to its owners, one journaled step
   * per table; throws if the disk refuses.
   */
  returnEscrow(only?: string): void {
    for (const record of this.books.returnEscrow()) {
      if (only !== undefined && record.table !== only) continue;
      this.journal.append(record, this.books);
      this.reconcileAll(record);
    }
  }

  /** The players in the world whose purses a record changed, brought up to date. */
  private reconcileAll(record: Extract<JournalRecord, { k: 'coins' }>): void {
    for (const key of Object.keys(record.purses)) {
      const p = this.state.PlayerManager.getPlayer(key);
      if (p) this.reconcile(p);
    }
  }

  private saved(player: RanvierPlayer): number {
    const coins = (player.metadata.currencies as Record<string, unknown> | undefined)?.[this.currency];
    return Number.isSafeInteger(coins) ? (coins as number) : 0;
  }
}

function nonZero(o: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0));
}
