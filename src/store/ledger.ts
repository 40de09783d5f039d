import { accountText, isOwned, mayOwe, readAccount, type Account, type EscrowAccount, type OwnedAccount } from './account.js';
import type { TableResult } from './entries.js';
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

/** What `audit` reports: where the coins in the world came from and where they are. */
export interface Audit {
  /** Coins the mint has put into the world (starting purses). */
  minted: number;
  /** Coins the house has paid out, less what it has won. */
  fromHouse: number;
  inPurses: number;
  inEscrow: number;
  /** Empty when every account adds up. */
  problems: string[];
}

/**
 * The one place coins move, and the one place that refuses a move someone cannot afford. The
 * mint and the house create coins, so they may go below zero; every account starts at zero,
 * so all balances always sum to zero: the journal proves it.
 */
export class Ledger {
  /**
   * Told of every transaction once it is recorded, with each account it moved coins in (once):
   * so whoever shows balances (the tavern's Char.Status) updates those accounts' owners only;
   * and with what came of the bets it settles (for the players away from the tavern).
   */
  onTransfer: ((accounts: readonly Account[], results: readonly TableResult[]) => void) | null = null;

  constructor(private readonly store: Store) {}

  balance(account: Account): number {
    return this.store.balance(accountText(account));
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
    if (transfers.length === 0) return { ok: true };
    this.store.record(results.length ? { kind: 'coins', moves, results: [...results] } : { kind: 'coins', moves });
    this.onTransfer?.([...after.values()].map((a) => a.account), results);
    return { ok: true };
  }

  /** An account short by `short` coins: it holds `has`, so the transfer needs `has + short`. */
  private shortfall(account: OwnedAccount, has: number, short: number): Shortfall {
    const owner = this.store.character(account.key)?.name ?? account.key;
    const where = account.kind === 'character' ? 'in their purse' : `on ${account.table}`;
    return { ok: false, account, owner, has, needs: has + short, reason: `${owner} has only ${has} coins ${where}; that needs ${has + short}` };
  }

  /** Checks that every account adds up, and totals where the coins came from and where they are. */
  async audit(): Promise<Audit> {
    const report: Audit = { minted: 0, fromHouse: 0, inPurses: 0, inEscrow: 0, problems: [] };
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
    report.problems.push(...(await this.store.ledgerProblems()));
    return report;
  }
}
