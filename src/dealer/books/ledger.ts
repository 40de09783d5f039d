/**
 * The dealer's money, as a ledger of typed accounts (double entry: every move takes from one
 * account what it gives another, so all the balances add up to nothing, always). With `--money
 * tab` the accounts are a player's gold on the books, a player's stake on the table (escrow),
 * the house (what the table paid out, less what it took in) and the mint (the gold a player
 * new to the books starts with). With `--money purse` the mint is never used; money comes from
 * and goes back to the MUD (`mud`, so that what the dealer's purse holds is always minus that
 * account), payments in that could not be tied to a player wait as unclaimed (`unclaimed:<n>`),
 * a payment out waits until the purse shows it left (`pending:<n>`), and the house is the
 * bankroll: the dealer's own coins.
 */

export type Account =
  | { kind: 'player'; id: string }
  | { kind: 'escrow'; id: string }
  | { kind: 'unclaimed'; id: string }
  | { kind: 'pending'; id: string }
  | { kind: 'house' }
  | { kind: 'mint' }
  | { kind: 'mud' };

const KEYED = /^(player|escrow|unclaimed|pending):(.+)$/;

/** An account as the books key it: `player:#13`, `escrow:ana`, `unclaimed:3`, `house`, `mint`, `mud`. */
export function keyOf(a: Account): string {
  return 'id' in a ? `${a.kind}:${a.id}` : a.kind;
}

export function accountOf(key: string): Account | null {
  const m = KEYED.exec(key);
  if (m) return { kind: m[1] as 'player' | 'escrow' | 'unclaimed' | 'pending', id: m[2] };
  return key === 'house' || key === 'mint' || key === 'mud' ? { kind: key } : null;
}

/** Accounts that hold someone's money and so can never go below nothing (the house, the mint and the MUD are where money comes from). */
export function mustCover(a: Account): boolean {
  return 'id' in a;
}

/** One move of money between two accounts, by their keys. */
export interface Move {
  from: string;
  to: string;
  amount: number;
  why: string;
}

/** The balances, and the moves that change them as whole transfers or not at all. */
export class Ledger {
  private readonly balances = new Map<string, number>();

  constructor(balances: Record<string, number> = {}) {
    for (const [key, n] of Object.entries(balances)) this.balances.set(key, n);
  }

  balance(key: string): number {
    return this.balances.get(key) ?? 0;
  }

  /** The first account a transfer would overdraw (with what it has and would need), or null if it can be made. */
  shortfall(moves: readonly Move[]): { key: string; has: number; needs: number } | null {
    const change = new Map<string, number>();
    for (const m of moves) {
      change.set(m.from, (change.get(m.from) ?? 0) - m.amount);
      change.set(m.to, (change.get(m.to) ?? 0) + m.amount);
    }
    for (const [key, d] of change) {
      const account = accountOf(key)!;
      if (d < 0 && mustCover(account) && this.balance(key) + d < 0) return { key, has: this.balance(key), needs: -d };
    }
    return null;
  }

  apply(moves: readonly Move[]): void {
    for (const m of moves) {
      this.add(m.from, -m.amount);
      this.add(m.to, m.amount);
    }
  }

  /** Every balance that is not nothing. */
  all(): Record<string, number> {
    return Object.fromEntries(this.balances);
  }

  /** What is wrong with the books, or nothing: they add up to nothing and nobody's money is below nothing. */
  audit(): string[] {
    const problems: string[] = [];
    let sum = 0;
    for (const [key, n] of this.balances) {
      sum += n;
      const account = accountOf(key);
      if (!account) problems.push(`${key} is no kind of account`);
      else if (mustCover(account) && n < 0) problems.push(`${key} is below nothing (${n})`);
    }
    if (sum !== 0) problems.push(`the accounts add up to ${sum}, not to nothing`);
    return problems;
  }

  private add(key: string, d: number): void {
    const v = this.balance(key) + d;
    if (v === 0) this.balances.delete(key);
    else this.balances.set(key, v);
  }
}

/** What is wrong with a list of moves read back from the journal, or null. */
export function movesProblem(moves: unknown): string | null {
  if (!Array.isArray(moves)) return 'its moves are not a list';
  for (const m of moves as Record<string, unknown>[]) {
    if (!m || typeof m.from !== 'string' || typeof m.to !== 'string' || !accountOf(m.from) || !accountOf(m.to)) return 'a move names no account';
    if (!Number.isSafeInteger(m.amount) || (m.amount as number) <= 0) return 'a move is not a whole number of gold';
    if (typeof m.why !== 'string') return 'a move does not say why';
  }
  return null;
}
