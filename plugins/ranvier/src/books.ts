import type { BetOutcome } from '../../../src/games/api.js';
import type { DrawRecord, FairData } from '../../../src/games/fair-source.js';

/**
 * The tables' books, as the journal (journal.ts) replays them: whatever the tables have done to
 * the players' purses, per currency, the coins on each table, what the house paid and took, each
 * table's seeds and the draws and results of the game under way, what came of each player's bets
 * (their last results, those not told yet, the biggest wins), and the hand-outs' cool-downs.
 * Names are keyed in lower case, as Ranvier keys players.
 *
 * A purse itself lives in the player's own save (`currencies.<currency>`), which Ranvier writes
 * when the world saves the player. Beside it the player keeps a marker, `obsidianTables`: the id
 * of the journal it was kept with and, per currency, how many of the coins in `nets` the saved
 * purse already holds (`applied`). Both are changed together, so every save is consistent,
 * whenever it happens; a purse is brought up to date (reconciled) by adding `nets - applied`
 * (purses.ts).
 */

/** What came of one bet (the game's BetResult), where and when: for history, the games' records and a player coming back. */
export interface Result {
  key: string;
  /** The name as it was then. */
  name: string;
  table: string;
  /** The game's id (`spice-run`), or '' where the table was not known (coins returned at a start). */
  game: string;
  /** The game's number at the table (its seed's), or 0. */
  number: number;
  bet: string;
  stake: number;
  paid: number;
  outcome: BetOutcome;
  /** Epoch ms. */
  at: number;
}

/** The game under way at a table: its draws and results so far, for its record when it ends. */
export interface LiveGame {
  number: number;
  draws: DrawRecord[];
  results: Result[];
}

export interface BooksData {
  /** The journal's id, made with it and kept by every rewrite: the players' markers name it. */
  id: string;
  /** Set when the journal was kept by an older bundle, whose markers named no journal: this currency's, then. */
  legacy?: string;
  /** Per currency, per player: every coin the tables have put in their purse, less what they took from it. */
  nets: Record<string, Record<string, number>>;
  /** Per currency, per table id, per player: their coins on that table (wagers, bets, antes). */
  escrows: Record<string, Record<string, Record<string, number>>>;
  /** Per currency: coins the house has paid players, less what it took from them. */
  house: Record<string, number>;
  /** Per table id, its seeds (fair-source.ts). */
  fair: Record<string, FairData>;
  /** Per player, per kind of hand-out, when they last got one (epoch ms). */
  handouts: Record<string, Record<string, number>>;
  live: Record<string, LiveGame>;
  /** Per player, their last results, oldest first. */
  history: Record<string, Result[]>;
  /** Per player, the results settled while they were not at the table to hear them, oldest first. */
  untold: Record<string, Result[]>;
  /** The biggest wins of the last WINS_DAYS days, biggest first. */
  wins: Result[];
}

/** One line of the journal. */
export type JournalRecord =
  /** The whole books, first in a rewritten journal. */
  | { k: 'books'; books: BooksData }
  /**
   * One transfer at a table, in a currency: what it did to each purse and each escrow there, and
   * to the house; what came of the bets it settled, in game `number`, and whose results are
   * untold (`away`: they were not at the table).
   */
  | { k: 'coins'; table: string; currency: string; purses: Record<string, number>; escrow: Record<string, number>; house: number; results?: Result[]; away?: string[] }
  /** A table's seeds changed; with a draw, what the draw produced. */
  | { k: 'fair'; fair: FairData; draw?: DrawRecord }
  | { k: 'handout'; name: string; kind: string; at: number }
  /** The player has heard their untold results. */
  | { k: 'told'; name: string }
  /** A game's record is kept (archive.ts): its draws and results leave the books. */
  | { k: 'game'; table: string; number: number };

export const HISTORY_KEPT = 50;
const UNTOLD_KEPT = 100;
export const WINS_DAYS = 7;
const WINS_KEPT = 200;

export class Books {
  id = '';
  legacy: string | undefined;
  private nets = new Map<string, Map<string, number>>();
  /** By `currency table`. */
  private escrows = new Map<string, Map<string, number>>();
  private houses = new Map<string, number>();
  readonly fair = new Map<string, FairData>();
  private handouts = new Map<string, Map<string, number>>();
  private readonly live = new Map<string, LiveGame>();
  private readonly histories = new Map<string, Result[]>();
  private readonly untoldOf = new Map<string, Result[]>();
  private winList: Result[] = [];

  net(currency: string, key: string): number {
    return this.nets.get(currency)?.get(key) ?? 0;
  }

  escrow(currency: string, table: string, key: string): number {
    return this.escrows.get(`${currency} ${table}`)?.get(key) ?? 0;
  }

  house(currency: string): number {
    return this.houses.get(currency) ?? 0;
  }

  handout(key: string, kind: string): number | null {
    return this.handouts.get(key)?.get(kind) ?? null;
  }

  liveGame(table: string): LiveGame | undefined {
    return this.live.get(table);
  }

  /** The player's last results, newest first. */
  history(key: string): readonly Result[] {
    return [...(this.histories.get(key) ?? [])].reverse();
  }

  untold(key: string): readonly Result[] {
    return this.untoldOf.get(key) ?? [];
  }

  /** The biggest wins of the last WINS_DAYS days before `now`, biggest first. */
  wins(now: number): readonly Result[] {
    return this.winList.filter((w) => now - w.at < WINS_DAYS * 86_400_000);
  }

  apply(r: JournalRecord): void {
    switch (r.k) {
      case 'books':
        return this.load(r.books);
      case 'coins': {
        const nets = this.nets.get(r.currency) ?? new Map<string, number>();
        for (const [key, d] of Object.entries(r.purses)) add(nets, key, d);
        this.nets.set(r.currency, nets);
        const where = `${r.currency} ${r.table}`;
        const table = this.escrows.get(where) ?? new Map<string, number>();
        for (const [key, d] of Object.entries(r.escrow)) add(table, key, d);
        if (table.size) this.escrows.set(where, table);
        else this.escrows.delete(where);
        this.houses.set(r.currency, this.house(r.currency) + r.house);
        for (const result of r.results ?? []) this.settled(result, r.away?.includes(result.key) ?? false);
        return;
      }
      case 'fair': {
        this.fair.set(r.fair.table, r.fair);
        if (r.draw) this.liveAt(r.fair.table, r.fair.game).draws.push(r.draw);
        return;
      }
      case 'handout': {
        const m = this.handouts.get(r.name) ?? new Map<string, number>();
        m.set(r.kind, r.at);
        this.handouts.set(r.name, m);
        return;
      }
      case 'told':
        this.untoldOf.delete(r.name);
        return;
      case 'game':
        if (this.live.get(r.table)?.number === r.number) this.live.delete(r.table);
        return;
    }
  }

  data(): BooksData {
    const nested = <T>(m: Map<string, Map<string, T>>) => Object.fromEntries([...m].map(([k, v]) => [k, Object.fromEntries(v)]));
    const escrows: BooksData['escrows'] = {};
    for (const [where, m] of this.escrows) {
      const [currency, table] = split(where);
      (escrows[currency] ??= {})[table] = Object.fromEntries(m);
    }
    return {
      id: this.id,
      ...(this.legacy === undefined ? {} : { legacy: this.legacy }),
      nets: nested(this.nets),
      escrows,
      house: Object.fromEntries(this.houses),
      fair: Object.fromEntries(this.fair),
      handouts: nested(this.handouts),
      live: Object.fromEntries(this.live),
      history: Object.fromEntries(this.histories),
      untold: Object.fromEntries(this.untoldOf),
      wins: this.winList,
    };
  }

  /**
   * What a start does first (no game survives a restart): every coin on every table goes back
   * to its owner's purse, one record per table and currency, each told to its owner as a
   * result when they come back.
   */
  returnEscrow(at: number): Extract<JournalRecord, { k: 'coins' }>[] {
    return [...this.escrows].map(([where, m]) => {
      const [currency, table] = split(where);
      const results = [...m].map(([key, amount]): Result => ({ key, name: key, table, game: '', number: 0, bet: 'what was on the table when the game was cut off', stake: amount, paid: amount, outcome: 'returned', at }));
      return {
        k: 'coins',
        table,
        currency,
        purses: Object.fromEntries(m),
        escrow: Object.fromEntries([...m].map(([key, amount]) => [key, -amount])),
        house: 0,
        results,
        away: [...m.keys()],
      };
    });
  }

  private load(b: BooksData): void {
    this.id = b.id;
    this.legacy = b.legacy;
    this.nets = new Map(Object.entries(b.nets).map(([c, m]) => [c, toMap(m)]));
    this.escrows = new Map(Object.entries(b.escrows).flatMap(([c, tables]) => Object.entries(tables).map(([t, m]) => [`${c} ${t}`, toMap(m)] as const)));
    this.houses = toMap(b.house);
    this.fair.clear();
    for (const [t, f] of Object.entries(b.fair)) this.fair.set(t, f);
    this.handouts = new Map(Object.entries(b.handouts).map(([k, m]) => [k, toMap(m)]));
    this.live.clear();
    for (const [t, g] of Object.entries(b.live)) this.live.set(t, g);
    this.histories.clear();
    for (const [k, rs] of Object.entries(b.history)) this.histories.set(k, rs);
    this.untoldOf.clear();
    for (const [k, rs] of Object.entries(b.untold)) this.untoldOf.set(k, rs);
    this.winList = b.wins;
  }

  /** A result, in the game's record, the player's history, the untold (`away`) and the wins. */
  private settled(r: Result, away: boolean): void {
    if (r.number > 0) this.liveAt(r.table, r.number).results.push(r);
    this.histories.set(r.key, [...(this.histories.get(r.key) ?? []), r].slice(-HISTORY_KEPT));
    if (away) this.untoldOf.set(r.key, [...(this.untoldOf.get(r.key) ?? []), r].slice(-UNTOLD_KEPT));
    // A win is a bet won, as at the tavern: a hand-out is no win.
    if (r.outcome === 'won' && r.paid > r.stake) {
      const recent = this.winList.filter((w) => r.at - w.at < WINS_DAYS * 86_400_000);
      this.winList = [...recent, r].sort((a, b) => b.paid - b.stake - (a.paid - a.stake)).slice(0, WINS_KEPT);
    }
  }

  private liveAt(table: string, number: number): LiveGame {
    let game = this.live.get(table);
    if (game?.number !== number) {
      game = { number, draws: [], results: [] };
      this.live.set(table, game);
    }
    return game;
  }
}

/** Adds `d` to `key`, dropping what comes to 0 so the books stay small. */
function add(m: Map<string, number>, key: string, d: number): void {
  const v = (m.get(key) ?? 0) + d;
  if (v === 0) m.delete(key);
  else m.set(key, v);
}

function toMap<T>(o: Record<string, T>): Map<string, T> {
  return new Map(Object.entries(o));
}

/** `currency table` (a currency is one word) as its two parts. */
function split(where: string): [string, string] {
  const at = where.indexOf(' ');
  return [where.slice(0, at), where.slice(at + 1)];
}
