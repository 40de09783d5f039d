import { readAccount } from './account.js';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * Every account's balance, by the account as stored (account.ts), and beside it, kept as the
 * balances change, the tables each character has coins on: `inventory` asks that of a player at
 * every line, and one look-up of the character is cheaper than one per table.
 */
export class Balances extends Map<string, number> {
  /** Per character key, their coins on each table (by table id) that holds some. */
  private readonly staked = new Map<string, Map<string, number>>();

  /** Empty: Map's own constructor would call `set` with its entries before `staked` exists. */
  constructor() {
    super();
  }

  override set(account: string, n: number): this {
    super.set(account, n);
    const escrow = escrowOf(account);
    if (escrow) {
      let tables = this.staked.get(escrow.key);
      if (!tables) this.staked.set(escrow.key, (tables = new Map()));
      tables.set(escrow.table, n);
    }
    return this;
  }

  override delete(account: string): boolean {
    if (!super.delete(account)) return false;
    const escrow = escrowOf(account);
    const tables = escrow && this.staked.get(escrow.key);
    if (escrow && tables) {
      tables.delete(escrow.table);
      if (tables.size === 0) this.staked.delete(escrow.key);
    }
    return true;
  }

  override clear(): void {
    super.clear();
    this.staked.clear();
  }

  /** A character's coins on each table (by table id) that holds some: none for most. */
  stakes(key: string): ReadonlyMap<string, number> {
    return this.staked.get(key) ?? NONE;
  }
}

/** The table and the character of an escrow account as stored, or null for any other account. */
function escrowOf(text: string): { table: string; key: string } | null {
  if (!text.startsWith('escrow:')) return null;
  const r = readAccount(text);
  return r.ok && r.account.kind === 'escrow' ? r.account : null;
}
