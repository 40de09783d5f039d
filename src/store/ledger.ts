import { accountText, isOwned, mayOwe, readAccount, type Account, type EscrowAccount, type OwnedAccount } from './account.js';
import type { Move, TableResult, ThingMove } from './entries.js';
import { holdingProblems } from './holdings.js';
import { mayLack, placeOwner, placeText, readPlace, type Place } from './place.js';
import type { Store } from './store.js';

/** Coins moving from one account to another, and why (the journal keeps the why). */
export interface Transfer {
  from: Account;
  to: Account;
  amount: number;
  why: string;
}

/**
 * A transfer refused because a character's account would go below zero: whose account, the
 * character's name as they spell it, what it holds and what the transfer needs of it.
 */
export interface Shortfall {
  ok: false;
  account: OwnedAccount;
  owner: string;
  has: number;
  needs: number;
  reason: string;
}

export type TransferResult = { ok: true } | Shortfall;

/** `n` of a thing (a world's thing id) moving from one place to another, and why. */
export interface ThingTransfer {
  thing: string;
  n: number;
  from: Place;
  to: Place;
  why: string;
}

/** A move of things refused because a place holds fewer of a thing than it would give: which, what it holds, what it needs. */
export interface Lack {
  ok: false;
  place: Place;
  thing: string;
  has: number;
  needs: number;
}

export type ThingsResult = { ok: true } | Shortfall | Lack;

/** What `audit` reports: where the coins in the world came from and where they are. */
export interface Audit {
  /** Coins the mint has put into the world (starting purses). */
  minted: number;
  /** Coins the house has paid out, less what it has won. */
  fromHouse: number;
  inPurses: number;
  inEscrow: number;
  /** Things carried by characters, and lying on floors (all of them out of the house's stock). */
  thingsCarried: number;
  thingsOnFloors: number;
  /** Empty when every account (and every thing) adds up. */
  problems: string[];
}

/**
 * The one place coins move, and the one place that refuses a move someone cannot afford. The
 * mint and the house create coins, so they may go below zero; every account starts at zero,
 * so all balances always sum to zero: the journal proves it. Things move here too, like coins
 * (store/holdings.ts), and a purchase moves both in one transaction.
 */
export class Ledger {
  /**
   * Told of every transaction once it is recorded, with each account it moved coins in (once):
   * so whoever shows balances (the tavern's Char.Status) updates those accounts' owners only;
   * and with what came of the bets it settles (for the players away from the tavern).
   */
  onTransfer: ((accounts: readonly Account[], results: readonly TableResult[]) => void) | null = null;
  /** Told of every move of things once it is recorded, with each place whose things changed (once): so whoever lists them (Char.Items) updates those. */
  onThings: ((places: readonly Place[]) => void) | null = null;

  constructor(private readonly store: Store) {}

  balance(account: Account): number {
    return this.store.balance(accountText(account));
  }

  /** A character's coins on each table (by table id) that holds some. */
  stakes(key: string): ReadonlyMap<string, number> {
    return this.store.stakes(key);
  }

  /** Every account with coins on a table (left there by a crash, or at closing). */
  escrows(): { account: EscrowAccount; amount: number }[] {
    return this.store.accounts().flatMap(([text, amount]) => {
      const r = readAccount(text);
      return r.ok && r.account.kind === 'escrow' ? [{ account: r.account, amount }] : [];
    });
  }

  /**
   * Applies every transfer as one transaction (one journal entry), or none. Refuses when an
   * account other than the mint or the house would go below zero, naming whose it is, what it
   * holds and what it would need. `results` say what came of the bets these transfers settle
   * (they must account for the moves).
   */
  transfer(transfers: readonly Transfer[], results: readonly TableResult[] = []): TransferResult {
    const checked = this.coinMoves(transfers);
    if (!checked.ok) return checked;
    if (transfers.length === 0) return { ok: true };
    this.store.record(results.length ? { kind: 'coins', moves: checked.moves, results: [...results] } : { kind: 'coins', moves: checked.moves });
    this.onTransfer?.(checked.accounts, results);
    return { ok: true };
  }

  /** How many of a thing a place holds (the house's stock counts below zero: what is out in the world). */
  count(place: Place, thing: string): number {
    return this.store.things(placeText(place)).get(thing) ?? 0;
  }

  /** Everything a place holds, by thing id (an inventory asks once, not once per kind of thing). */
  holdings(place: Place): ReadonlyMap<string, number> {
    return this.store.things(placeText(place));
  }

  /**
   * Moves things, and the coins paid for them (a purchase), as one transaction (one journal
   * entry), or nothing. Refuses when a place other than the house would hold fewer than none of
   * a thing, or an account would go below zero, naming which.
   */
  moveThings(things: readonly ThingTransfer[], payment: readonly Transfer[] = []): ThingsResult {
    if (things.length === 0) throw new Error('ledger: a move of no things');
    const after = new Map<string, number>();
    const moves: ThingMove[] = things.map((t) => {
      if (!Number.isSafeInteger(t.n) || t.n <= 0) throw new Error(`ledger: bad count ${t.n} of ${t.thing} (${t.why})`);
      const [from, to] = [placeText(t.from), placeText(t.to)];
      if (from === to) throw new Error(`ledger: ${t.thing} moved to where it is (${t.why})`);
      for (const [place, delta] of [[from, -t.n], [to, t.n]] as const) {
        const key = `${place} ${t.thing}`;
        after.set(key, (after.get(key) ?? this.store.things(place).get(t.thing) ?? 0) + delta);
      }
      return { thing: t.thing, n: t.n, from, to, why: t.why };
    });
    for (const [key, n] of after) {
      const [place, thing] = key.split(' ');
      if (n < 0 && !mayLack(place)) {
        const has = this.store.things(place).get(thing) ?? 0;
        return { ok: false, place: readPlace(place)!, thing, has, needs: has - n };
      }
    }
    const coins = this.coinMoves(payment);
    if (!coins.ok) return coins;
    this.store.record(payment.length ? { kind: 'coins', moves: coins.moves, things: moves } : { kind: 'things', things: moves });
    if (payment.length) this.onTransfer?.(coins.accounts, []);
    const places = new Set(moves.flatMap((m) => [m.from, m.to]));
    this.onThings?.([...places].map((p) => readPlace(p)!));
    return { ok: true };
  }

  /** The transfers as the journal's moves, with every account they touch (once), or the shortfall of one that cannot pay. */
  private coinMoves(transfers: readonly Transfer[]): { ok: true; moves: Move[]; accounts: Account[] } | Shortfall {
    // By the account's stored text: the same account may be named by two equal values.
    const after = new Map<string, { account: Account; n: number }>();
    const move = (account: Account, text: string, delta: number) => {
      const now = after.get(text);
      after.set(text, { account, n: (now ? now.n : this.store.balance(text)) + delta });
    };
    const moves = transfers.map((t) => {
      if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`ledger: bad amount ${t.amount} (${t.why})`);
      const from = accountText(t.from);
      const to = accountText(t.to);
      if (from === to) throw new Error(`ledger: transfer to itself (${t.why})`);
      move(t.from, from, -t.amount);
      move(t.to, to, t.amount);
      return { from, to, amount: t.amount, why: t.why };
    });
    for (const [text, { account, n }] of after) {
      if (n < 0 && isOwned(account)) return this.shortfall(account, this.store.balance(text), -n);
    }
    return { ok: true, moves, accounts: [...after.values()].map((a) => a.account) };
  }

  /** An account short by `short` coins: it holds `has`, so the transfer needs `has + short`. */
  private shortfall(account: OwnedAccount, has: number, short: number): Shortfall {
    const owner = this.store.character(account.key)?.name ?? account.key;
    const where = account.kind === 'character' ? 'in their purse' : `on ${account.table}`;
    return { ok: false, account, owner, has, needs: has + short, reason: `${owner} has only ${has} coins ${where}; that needs ${has + short}` };
  }

  /** Checks that every account adds up, and totals where the coins came from and where they are. */
  async audit(): Promise<Audit> {
    const report: Audit = { minted: 0, fromHouse: 0, inPurses: 0, inEscrow: 0, thingsCarried: 0, thingsOnFloors: 0, problems: [] };
    let total = 0;
    for (const [account, n] of await this.store.allBalances()) {
      total += n;
      const r = readAccount(account);
      if (!r.ok) report.problems.push(r.reason);
      else if (r.account.kind === 'mint') report.minted = -n;
      else if (r.account.kind === 'house') report.fromHouse = -n;
      else if (r.account.kind === 'character') report.inPurses += n;
      else report.inEscrow += n;
      if (n < 0 && !mayOwe(account)) report.problems.push(`${account} holds ${n} coins`);
      const owner = r.ok && isOwned(r.account) ? r.account.key : null;
      if (owner !== null && (await this.store.nameTaken(owner)) === false) report.problems.push(`${account} holds ${n} coins but there is no such character`);
    }
    if (total !== 0) report.problems.push(`the accounts sum to ${total}, not 0`);
    const things = await this.store.allThings();
    for (const [place, held] of things) {
      const kind = readPlace(place)?.kind;
      const n = [...held.values()].reduce((a, b) => a + b, 0);
      if (kind === 'character') report.thingsCarried += n;
      else if (kind === 'room') report.thingsOnFloors += n;
    }
    const named = new Set<string>();
    for (const key of new Set([...things.keys()].map(placeOwner))) if (key !== null && (await this.store.nameTaken(key))) named.add(key);
    report.problems.push(...holdingProblems(things, (key) => named.has(key)));
    report.problems.push(...(await this.store.ledgerProblems()));
    return report;
  }
}
