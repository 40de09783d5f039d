import type { BetResult, CoinMove, HostWords, TransferOutcome } from '../../../src/games/api.js';
import type { Books, JournalRecord, Result } from './books.js';
import { log } from './core.js';
import type { Journal } from './journal.js';
import type { RanvierPlayer, RanvierState } from './ranvier.js';
import { worldWords } from './words.js';

/**
 * A player's marker beside their purse (`obsidianTables` in their save): the journal their purse
 * was kept with, and per currency how much of what the tables did it already holds.
 */
export interface Marker {
  journal?: string;
  applied?: Record<string, number> | number;
  /** `top public off`: kept off the lists and the tables' page. */
  public?: boolean;
}

/** The bets a transfer settles, where: the game and its number at the table, and who was not there to hear it. */
export interface Settled {
  results: readonly BetResult[];
  game: string;
  number: number;
  /** Whether the player was at the table, connected, to hear what came of it. */
  present: (name: string) => boolean;
}

export class Purses {
  /** Amounts in the world's currency, for the refusals. */
  private readonly words: HostWords;

  constructor(
    private readonly state: RanvierState,
    readonly currency: string,
    private readonly journal: Journal,
    private readonly books: Books,
    private readonly clock: () => number = Date.now,
  ) {
    this.words = worldWords(currency);
  }

  /**
   * How much of what the tables did in this currency the player's saved purse holds: by their
   * marker, if it names this journal (or, from an older bundle, names none and meant this
   * currency); nothing, if it names another (a journal the host declared lost).
   */
  applied(player: { metadata: Record<string, unknown> }): number {
    const marker = player.metadata.obsidianTables as Marker | undefined;
    if (!marker) return 0;
    if (marker.journal === undefined) return this.books.legacy === this.currency && isWhole(marker.applied) ? marker.applied : 0;
    if (marker.journal !== this.books.id || typeof marker.applied !== 'object') return 0;
    const n = marker.applied[this.currency];
    return isWhole(n) ? n : 0;
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
    const net = this.books.net(this.currency, player.name.toLowerCase());
    const marker = (player.metadata.obsidianTables ?? {}) as Marker;
    const d = net - this.applied(player);
    if (d === 0 && marker.journal === this.books.id) return 0;
    const purse = this.saved(player);
    // A purse is never taken below nothing (it would mean the save and the books disagree).
    const after = Math.max(0, purse + d);
    if (purse + d < 0) log().warn(`obsidian-tables: ${player.name}'s purse holds ${purse} ${this.currency}, short of the ${-d} the tables' books take; it is left at 0.`);
    const currencies = (player.metadata.currencies ??= {}) as Record<string, unknown>;
    // Both in the same step, so any save of the player holds both or neither.
    currencies[this.currency] = after;
    const applied = marker.journal === this.books.id && typeof marker.applied === 'object' ? marker.applied : {};
    player.metadata.obsidianTables = { ...marker, journal: this.books.id, applied: { ...applied, [this.currency]: net } } satisfies Marker;
    return after - purse;
  }

  /**
   * One atomic transfer at `table`: refused with a reason naming who is short (as "you" for the
   * actor), and then nothing moves; or journaled, flushed and applied.
   */
  transfer(table: string, moves: readonly CoinMove[], actor?: string, settled?: Settled): TransferOutcome {
    // A step that moves no coin and settles nothing (a hold) has nothing to journal or flush.
    if (moves.length === 0 && !settled?.results.length) return { ok: true };
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
      const has = this.books.escrow(this.currency, table, key);
      if (has + d < 0) return { ok: false, reason: `${names.get(key)} has only ${this.words.money(has)} on the table; that needs ${this.words.money(-d)}.` };
    }
    const at = this.clock();
    const results = (settled?.results ?? []).map(
      (r): Result => ({ key: r.player.toLowerCase(), name: r.player, table, game: settled!.game, number: settled!.number, bet: r.bet, stake: r.stake, paid: r.paid, outcome: r.outcome, at }),
    );
    const away = [...new Set(results.filter((r) => !settled!.present(r.name)).map((r) => r.key))];
    const record: JournalRecord = {
      k: 'coins',
      table,
      currency: this.currency,
      purses: nonZero(purses),
      escrow: nonZero(escrow),
      house,
      ...(results.length ? { results } : {}),
      ...(away.length ? { away } : {}),
    };
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
    for (const record of this.books.returnEscrow(this.clock())) {
      if (only !== undefined && record.table !== only) continue;
      this.journal.append(record, this.books);
      this.reconcileAll(record);
    }
  }

  /** The players in the world whose purses a record changed, brought up to date. */
  private reconcileAll(record: Extract<JournalRecord, { k: 'coins' }>): void {
    if (record.currency !== this.currency) return;
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

const isWhole = (n: unknown): n is number => Number.isSafeInteger(n);

function nonZero(o: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0));
}
