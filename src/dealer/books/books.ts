import type { FairData } from '../../games/fair-source.js';
import type { BetOutcome } from '../../games/api.js';
import { Journal, type Replay } from './journal.js';
import { keyOf, Ledger, movesProblem, type Move } from './ledger.js';
import { drawProblem, gameRecordProblem, type DrawRecord, type GameRecord, type GameResult } from './records.js';

/**
 * The dealer's books: every player's gold (by their lasting identity), what is on the table, what
 * the house paid and took, the names players go by, their hand-out cool-downs, the table's
 * provably fair seeds with every draw of the game being played, the records of the games
 * played, and how far the table's clock is behind. One journal (journal.ts) is the truth; this is
 * what it says, replayed.
 */

/** What a character new to the books starts with: what a new character of the tavern has. */
export const STARTING_GOLD = 1000;
/** How many finished games' records the books keep (the records folder keeps every one). */
export const GAMES_KEPT = 100;

/** How the dealer's money works: gold on its own books (`tab`), or the MUD's own coins (`purse`). */
export type Money = 'tab' | 'purse';

/** A payment out with the MUD's own give, journaled before the give and open until a read of the purse settles it. */
export interface Payout {
  n: number;
  /** The player paid, by identity, and the name the give names them by. */
  id: string;
  name: string;
  amount: number;
}

/** Someone who said (or whose line said) they paid in money the dealer could not credit to them. */
export interface Claim {
  id: string | null;
  name: string;
  amount: number;
  /** The MUD's own proof of who paid (on TinyMUX, the payment line as the dealer's ear heard it). */
  proven: boolean;
}

/** Money in the purse that is nobody's yet: held until a proven claim or the operator settles it. */
export interface Hold {
  n: number;
  amount: number;
  why: string;
  claims: Claim[];
}

export interface BooksData {
  money: Money;
  balances: Record<string, number>;
  names: Record<string, string>;
  handouts: Record<string, Record<string, number>>;
  fair: FairData | null;
  /** The draws made with the live seed, and what came of the bets of the game being played. */
  draws: DrawRecord[];
  results: GameResult[];
  games: GameRecord[];
  lag: number;
  /** Purse mode: the purse as last read and reconciled (null before the first read), the open payouts and holds, and their numbering. */
  purse: number | null;
  payouts: Record<string, Payout>;
  holds: Record<string, Hold>;
  serial: number;
  /** Payments told since the last read, kept so that a restart's first read still knows whose they were. */
  arrivals: Claim[];
  /** Where the MUD keeps its own numbered record of the gives to the dealer: the last number accounted for. */
  given: number;
}

/** One step of purse mode, as one record: its moves, and what it opens or closes. */
export interface PurseStep {
  moves: Move[];
  /** The purse as this step's read showed it: every payment told before it is accounted for. */
  read?: number;
  /** With `read`: the last of the MUD's own records of a give that this read accounts for. */
  given?: number;
  /** A payment told, not yet read. */
  arrival?: Claim;
  payout?: Payout;
  /** A payout settled (paid, or back on the books). */
  closed?: number;
  /** Holds opened (or a hold partly claimed, with what is left). */
  holds?: Hold[];
  /** A hold settled (claimed, or by the operator). */
  settled?: number;
}

export type BookRecord =
  | { k: 'books'; books: BooksData }
  | { k: 'moves'; moves: Move[]; results?: GameResult[] }
  /** A name noted; with `moves`, a player met for the first time and their starting gold, in one record. */
  | { k: 'name'; id: string; name: string; moves?: Move[] }
  | { k: 'handout'; id: string; kind: string; at: number }
  | { k: 'fair'; fair: FairData; draw?: DrawRecord }
  | { k: 'game'; record: GameRecord }
  | { k: 'lag'; lag: number }
  | { k: 'mode'; money: Money }
  | ({ k: 'purse' } & PurseStep);

const empty = (): BooksData => ({ money: 'tab', balances: {}, names: {}, handouts: {}, fair: null, draws: [], results: [], games: [], lag: 0, purse: null, payouts: {}, holds: {}, serial: 0, arrivals: [], given: 0 });

export class Books implements Replay<BookRecord> {
  private ledger = new Ledger();
  private data: BooksData = empty();
  private journal: Journal<BookRecord> | null = null;
  /** Why the disk refused a record (the dealer stops: it must not deal on with books it cannot keep), or null. */
  refused: Error | null = null;
  /** Told once, when the disk first refuses a record. */
  onRefused: ((e: Error) => void) | null = null;
  /** Every error a refused write threw: the only faults the stopping dealer lets pass unsaid (isRefusal). */
  private readonly refusals = new WeakSet<object>();

  /** The books in `dir`, read back from their journal; books kept in one money mode are never opened in the other. `note`: for the log. */
  static open(dir: string, money: Money = 'tab', note?: (text: string) => void): Books {
    const books = new Books();
    const fresh = !Journal.exists(dir);
    books.journal = Journal.open(dir, books, note);
    if (fresh) books.write({ k: 'mode', money });
    else if (books.data.money !== money) {
      books.close();
      throw new Error(`the books in ${dir} were kept with --money ${books.data.money}; give another --data for --money ${money}`);
    }
    return books;
  }

  /** Whether `e` is what a refused write of these books threw (and not some other fault). */
  isRefusal(e: unknown): boolean {
    return typeof e === 'object' && e !== null && this.refusals.has(e);
  }

  // ---- what the books say -------------------------------------------------------------------

  balance(key: string): number {
    return this.ledger.balance(key);
  }

  name(id: string): string | undefined {
    return this.data.names[id];
  }

  get fair(): FairData | null {
    return this.data.fair && structuredClone(this.data.fair);
  }

  get draws(): readonly DrawRecord[] {
    return this.data.draws;
  }

  get results(): readonly GameResult[] {
    return this.data.results;
  }

  get games(): readonly GameRecord[] {
    return this.data.games;
  }

  get lag(): number {
    return this.data.lag;
  }

  get money(): Money {
    return this.data.money;
  }

  /** Purse mode: the purse as last read and reconciled, or null before the first read. */
  get purse(): number | null {
    return this.data.purse;
  }

  /** Payments told since the last read. */
  get arrivals(): readonly Claim[] {
    return this.data.arrivals;
  }

  /** The last of the MUD's own numbered records of a give that the books account for (0: none yet). */
  get given(): number {
    return this.data.given;
  }

  get payouts(): Payout[] {
    return Object.values(this.data.payouts);
  }

  get holds(): Hold[] {
    return Object.values(this.data.holds);
  }

  /** A fresh number for a payout or a hold. */
  get nextNumber(): number {
    return this.data.serial + 1;
  }

  handout(id: string, kind: string): number | null {
    return this.data.handouts[id]?.[kind] ?? null;
  }

  /** Every balance that is not nothing, by account. */
  balances(): Record<string, number> {
    return this.ledger.all();
  }

  /** What is wrong with the books (nothing, always). */
  audit(): string[] {
    return this.ledger.audit();
  }

  shortfall(moves: readonly Move[]): { key: string; has: number; needs: number } | null {
    return this.ledger.shortfall(moves);
  }

  // ---- what changes them: each a record, on the disk before it is told ----------------------

  /** A player speaks to the dealer: one new to the books gets their starting gold, and a new name is noted. */
  meet(id: string, name: string): void {
    // One record: a kill can never leave the starting gold paid and the player still unknown (paid again at the next meeting).
    if (this.data.names[id] === undefined && this.data.money === 'tab') {
      this.write({ k: 'name', id, name, moves: [{ from: 'mint', to: keyOf({ kind: 'player', id }), amount: STARTING_GOLD, why: 'new to the books' }] });
    } else if (this.data.names[id] !== name) this.write({ k: 'name', id, name });
  }

  /** Moves the gold as one record, or says whose account is short and moves nothing. */
  transfer(moves: readonly Move[], results: readonly GameResult[] = []): { key: string; has: number; needs: number } | null {
    const short = this.ledger.shortfall(moves);
    if (short) return short;
    if (moves.length || results.length) this.write({ k: 'moves', moves: [...moves], ...(results.length ? { results: [...results] } : {}) });
    return null;
  }

  noteHandout(id: string, kind: string, at: number): void {
    this.write({ k: 'handout', id, kind, at });
  }

  noteFair(fair: FairData, draw?: DrawRecord): void {
    this.write(draw ? { k: 'fair', fair, draw } : { k: 'fair', fair });
  }

  noteGame(record: GameRecord): void {
    this.write({ k: 'game', record });
  }

  noteLag(lag: number): void {
    this.write({ k: 'lag', lag });
  }

  /** A step of purse mode as one record; throws (nothing written) if a move would overdraw an account that must cover it. */
  purseStep(step: PurseStep): void {
    const short = this.ledger.shortfall(step.moves);
    if (short) throw new Error(`the books refuse a purse step: ${short.key} has ${short.has}, not ${short.needs}`);
    this.write({ k: 'purse', ...step });
  }

  /** Every stake on the table back to its owner (no game outlives the dealer), one record. */
  returnStakes(): { id: string; amount: number }[] {
    const back = Object.entries(this.ledger.all()).flatMap(([key, amount]) => {
      const m = /^escrow:(.+)$/.exec(key);
      return m && amount > 0 ? [{ id: m[1], amount }] : [];
    });
    if (back.length) this.write({ k: 'moves', moves: back.map((b) => ({ from: `escrow:${b.id}`, to: `player:${b.id}`, amount: b.amount, why: 'returned at a start' })) });
    return back;
  }

  close(): void {
    this.journal?.close();
  }

  private write(record: BookRecord): void {
    if (!this.journal) throw new Error('the books are not open');
    try {
      this.journal.append(record);
    } catch (e) {
      if (typeof e === 'object' && e !== null) this.refusals.add(e);
      if (!this.refused) {
        this.refused = e as Error;
        this.onRefused?.(this.refused);
      }
      throw e;
    }
  }

  // ---- the journal's side -------------------------------------------------------------------

  problem(r: unknown): string | null {
    return recordProblem(r);
  }

  apply(r: BookRecord): void {
    const d = this.data;
    switch (r.k) {
      case 'books':
        // Books written before purse mode have none of its fields.
        this.data = { ...empty(), ...structuredClone(r.books) };
        this.ledger = new Ledger(r.books.balances);
        return;
      case 'moves':
        this.ledger.apply(r.moves);
        if (r.results) d.results.push(...r.results);
        return;
      case 'name':
        if (r.moves) this.ledger.apply(r.moves);
        d.names[r.id] = r.name;
        return;
      case 'handout':
        (d.handouts[r.id] ??= {})[r.kind] = r.at;
        return;
      case 'fair':
        // A new seed is a new game: its draws start afresh.
        if (d.fair && d.fair.game !== r.fair.game) d.draws = [];
        d.fair = r.fair;
        if (r.draw) d.draws.push(r.draw);
        return;
      case 'game':
        d.games = [...d.games, r.record].slice(-GAMES_KEPT);
        d.draws = [];
        d.results = [];
        return;
      case 'lag':
        d.lag = r.lag;
        return;
      case 'mode':
        d.money = r.money;
        return;
      case 'purse':
        this.ledger.apply(r.moves);
        if (r.read !== undefined) [d.purse, d.arrivals] = [r.read, []];
        if (r.given !== undefined) d.given = r.given;
        if (r.arrival) d.arrivals = [...d.arrivals, r.arrival];
        if (r.payout) d.payouts[r.payout.n] = r.payout;
        if (r.closed !== undefined) delete d.payouts[r.closed];
        for (const h of r.holds ?? []) d.holds[h.n] = h;
        if (r.settled !== undefined) delete d.holds[r.settled];
        d.serial = Math.max(d.serial, r.payout?.n ?? 0, ...(r.holds ?? []).map((h) => h.n));
        return;
    }
  }

  snapshot(): BookRecord {
    return { k: 'books', books: { ...structuredClone(this.data), balances: this.ledger.all() } };
  }
}

const isCounts = (o: unknown) => !!o && typeof o === 'object' && Object.values(o).every((v) => Number.isSafeInteger(v));
const OUTCOMES: readonly BetOutcome[] = ['won', 'lost', 'even', 'returned', 'handout'];

function resultsProblem(results: unknown): string | null {
  if (!Array.isArray(results)) return 'its results are not a list';
  for (const r of results as Record<string, unknown>[]) {
    if (!r || typeof r.key !== 'string' || typeof r.name !== 'string' || typeof r.bet !== 'string') return 'a result names nobody';
    if (!Number.isSafeInteger(r.stake) || !Number.isSafeInteger(r.paid) || !OUTCOMES.includes(r.outcome as BetOutcome)) return 'a result is malformed';
  }
  return null;
}

/** Why a journal record is not one the books wrote, or null. */
export function recordProblem(r: unknown): string | null {
  if (!r || typeof r !== 'object') return 'it is not a record';
  const rec = r as Record<string, unknown>;
  switch (rec.k) {
    case 'books': {
      const b = rec.books as Record<string, unknown> | undefined;
      if (!b || !isCounts(b.balances) || typeof b.names !== 'object' || typeof b.handouts !== 'object' || !Number.isSafeInteger(b.lag)) return 'its books are incomplete';
      if (!Array.isArray(b.draws) || !Array.isArray(b.games)) return 'its books have no draws or games';
      return resultsProblem(b.results) ?? (b.draws as unknown[]).map(drawProblem).find(Boolean) ?? (b.games as unknown[]).map(gameRecordProblem).find(Boolean) ?? null;
    }
    case 'moves':
      return movesProblem(rec.moves) ?? (rec.results === undefined ? null : resultsProblem(rec.results));
    case 'name':
      if (typeof rec.id !== 'string' || typeof rec.name !== 'string') return 'its name is incomplete';
      return rec.moves === undefined ? null : movesProblem(rec.moves);
    case 'handout':
      return typeof rec.id === 'string' && typeof rec.kind === 'string' && Number.isSafeInteger(rec.at) ? null : 'its hand-out is incomplete';
    case 'fair':
      if (!rec.fair || typeof (rec.fair as FairData).table !== 'string') return 'its seeds name no table';
      return rec.draw === undefined ? null : drawProblem(rec.draw);
    case 'game':
      return gameRecordProblem(rec.record);
    case 'lag':
      return Number.isSafeInteger(rec.lag) && (rec.lag as number) >= 0 ? null : 'its lag is not a whole number';
    case 'mode':
      return rec.money === 'tab' || rec.money === 'purse' ? null : 'its money mode is neither tab nor purse';
    case 'purse':
      return movesProblem(rec.moves) ?? purseProblem(rec);
    default:
      return `it is of no known kind (${JSON.stringify(rec.k)})`;
  }
}

const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/** What is wrong with a purse step's payout, hold and read, or null. */
function purseProblem(r: Record<string, unknown>): string | null {
  if (r.read !== undefined && !isCount(r.read)) return 'its purse read is not a whole number';
  if (r.given !== undefined && !isCount(r.given)) return "its mark in the MUD's record of gives is not a whole number";
  const p = r.payout as Record<string, unknown> | undefined;
  if (p && (!isCount(p.n) || typeof p.id !== 'string' || typeof p.name !== 'string' || !isCount(p.amount))) return 'its payout is malformed';
  if (r.holds !== undefined && !Array.isArray(r.holds)) return 'its holds are not a list';
  for (const h of (r.holds ?? []) as Record<string, unknown>[]) {
    if (!h || !isCount(h.n) || !isCount(h.amount) || typeof h.why !== 'string' || !Array.isArray(h.claims)) return 'a hold is malformed';
  }
  for (const key of ['closed', 'settled']) if (r[key] !== undefined && !isCount(r[key])) return `its ${key} is not a number`;
  return null;
}
