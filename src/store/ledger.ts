import { accountOwner, HOUSE, MINT, SOURCES, type Move, type TableResult } from './entries.js';
import type { Store } from './store.js';

/**
 * The one place coins move. Accounts are strings:
 *   char:<key>                  a character's purse
 *   escrow:<table>:<key>        coins a character has on a table
 *   mint                        where starting purses come from
 *   house                       the tavern; it pays hand-outs and winnings
 * The mint and the house create coins, so they may go below zero; every account starts at zero,
 * so all balances always sum to zero: the journal proves it.
 */
export { HOUSE, MINT };
export const charAccount = (key: string) => `char:${key}`;
export const escrowAccount = (table: string, key: string) => `escrow:${table}:${key}`;

export type Transfer = Move;

export type TransferResult = { ok: true } | { ok: false; account: string; short: number; reason: string };

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

export class Ledger {
  /**
   * Told of every transaction once it is recorded, with each account it moved coins in (once):
   * so whoever shows balances (the tavern's Char.Status) updates those accounts' owners only;
   * and with what came of the bets it settles (for the players away from the tavern).
   */
  onTransfer: ((accounts: readonly string[], results: readonly TableResult[]) => void) | null = null;

  constructor(private readonly store: Store) {}

  balance(account: string): number {
    return this.store.balance(account);
  }

  /** Accounts with coins in them whose names start with `prefix`. */
  accountsWithCoins(prefix: string): [string, number][] {
    return this.store.accounts(prefix);
  }

  /**
   * Applies every transfer as one transaction (one journal entry), or none. Refuses when an
   * account other than the mint or the house would go below zero, naming it and how much it is short.
   * `results` say what came of the bets these transfers settle (they must account for the moves).
   */
  transfer(transfers: readonly Transfer[], results: readonly TableResult[] = []): TransferResult {
    const after = new Map<string, number>();
    const get = (a: string) => after.get(a) ?? this.balance(a);
    for (const t of transfers) {
      if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`ledger: bad amount ${t.amount} (${t.why})`);
      if (t.from === t.to) throw new Error(`ledger: transfer to itself (${t.why})`);
      after.set(t.from, get(t.from) - t.amount);
      after.set(t.to, get(t.to) + t.amount);
    }
    for (const [account, n] of after) {
      if (n < 0 && !SOURCES.includes(account)) {
        return { ok: false, account, short: -n, reason: `that needs ${-n} more coins than there are` };
      }
    }
    if (transfers.length === 0) return { ok: true };
    const moves = transfers.map((t) => ({ from: t.from, to: t.to, amount: t.amount, why: t.why }));
    this.store.record(results.length ? { kind: 'coins', moves, results: [...results] } : { kind: 'coins', moves });
    this.onTransfer?.([...after.keys()], results);
    return { ok: true };
  }

  /** Checks that every account adds up, and totals where the coins came from and where they are. */
  async audit(): Promise<Audit> {
    const report: Audit = { minted: 0, fromHouse: 0, inPurses: 0, inEscrow: 0, problems: [] };
    let total = 0;
    for (const [account, n] of await this.store.allBalances()) {
      total += n;
      if (account === MINT) report.minted = -n;
      else if (account === HOUSE) report.fromHouse = -n;
      else if (account.startsWith('char:')) report.inPurses += n;
      else report.inEscrow += n;
      if (n < 0 && !SOURCES.includes(account)) report.problems.push(`${account} holds ${n} coins`);
      const owner = accountOwner(account);
      if (owner !== null && (await this.store.nameTaken(owner)) === false) report.problems.push(`${account} holds ${n} coins but there is no such character`);
    }
    if (total !== 0) report.problems.push(`the accounts sum to ${total}, not 0`);
    report.problems.push(...(await this.store.ledgerProblems()));
    return report;
  }
}
