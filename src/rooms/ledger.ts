import type { LedgerEntry, Store } from './store.js';
import { formatCoins } from './amount.js';

/**
 * The one place coins move. Accounts are strings:
 *   char:<key>                  a character's purse
 *   escrow:<table>:<key>        coins a character has on a table
 *   house                       the tavern; it pays hand-outs and winnings, so it may go negative
 * Every account starts at zero, so all balances always sum to zero: the journal proves it.
 */
export const HOUSE = 'house';
export const charAccount = (key: string) => `char:${key}`;
export const escrowAccount = (table: string, key: string) => `escrow:${table}:${key}`;

export interface Transfer {
  from: string;
  to: string;
  amount: number;
  why: string;
}

export type TransferResult = { ok: true } | { ok: false; account: string; short: number; reason: string };

export class Ledger {
  private readonly balances = new Map<string, number>();
  private nextTx = 1;

  constructor(private readonly store: Store) {
    for (const e of store.takeJournal()) {
      this.add(e.from, -e.amount);
      this.add(e.to, e.amount);
      this.nextTx = Math.max(this.nextTx, e.tx + 1);
    }
  }

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }

  /** Accounts with coins in them whose names start with `prefix`. */
  accountsWithCoins(prefix: string): [string, number][] {
    return [...this.balances].filter(([a, n]) => a.startsWith(prefix) && n !== 0);
  }

  /**
   * Applies every transfer or none. Refuses when an account other than the house would
   * go below zero, naming the account and how much it is short.
   */
  transfer(transfers: readonly Transfer[]): TransferResult {
    const after = new Map<string, number>();
    const get = (a: string) => after.get(a) ?? this.balance(a);
    for (const t of transfers) {
      if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`ledger: bad amount ${t.amount} (${t.why})`);
      if (t.from === t.to) throw new Error(`ledger: transfer to itself (${t.why})`);
      after.set(t.from, get(t.from) - t.amount);
      after.set(t.to, get(t.to) + t.amount);
    }
    for (const [account, n] of after) {
      if (n < 0 && account !== HOUSE) {
        const short = -n;
        return { ok: false, account, short, reason: `that needs ${formatCoins(short)} more coins than there are` };
      }
    }
    if (transfers.length === 0) return { ok: true };
    const tx = this.nextTx++;
    const at = new Date().toISOString();
    const data = this.store.data;
    this.store.record(transfers.map((t): LedgerEntry => ({ tx, at, from: t.from, to: t.to, amount: t.amount, why: t.why })));
    for (const [account, n] of after) {
      this.balances.set(account, n);
      if (account.startsWith('char:')) {
        const c = data.characters[account.slice(5)];
        if (c) c.coins = n;
      }
    }
    this.store.touch();
    return { ok: true };
  }

  /** Problems that mean the books do not balance; empty when all is well. */
  audit(): string[] {
    const problems: string[] = [];
    let total = 0;
    for (const n of this.balances.values()) total += n;
    if (total !== 0) problems.push(`the ledger's accounts sum to ${total}, not 0`);
    for (const [key, c] of Object.entries(this.store.data.characters)) {
      const expected = this.balance(charAccount(key));
      if (c.coins !== expected) {
        problems.push(`${c.name} holds ${c.coins} coins but the ledger says ${expected}`);
      }
    }
    for (const [account, n] of this.balances) {
      if (n < 0 && account !== HOUSE) problems.push(`${account} is negative (${n})`);
      if (account.startsWith('char:') && !this.store.data.characters[account.slice(5)]) {
        if (n !== 0) problems.push(`${account} holds ${n} coins but no such character exists`);
      }
    }
    return problems;
  }

  private add(account: string, n: number): void {
    this.balances.set(account, (this.balances.get(account) ?? 0) + n);
  }
}
