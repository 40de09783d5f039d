/** Coins on the tables (escrow): whose are where, and giving them all back. */
import { charAccount } from '../store/account.js';
import type { TableResult } from '../store/index.js';
import type { TavernCore } from './tavern-core.js';
import type { Player } from './player.js';
import type { TavernTable } from './table.js';

/** The tables where the player has coins staked, with how many (`inventory`, `score`, coming back). */
export function stakesOf(tavern: TavernCore, actor: Player): { table: TavernTable; coins: number }[] {
  const staked = tavern.ledger.stakes(actor.key);
  const stakes = [];
  // In the tables' order, whatever order the coins went on them in.
  if (staked.size) {
    for (const table of tavern.tables.values()) {
      const coins = staked.get(table.id) ?? 0;
      if (coins > 0) stakes.push({ table, coins });
    }
  }
  return stakes;
}

/** Coins that went back from a table to their owner. */
export interface ReturnedCoins {
  table: string;
  key: string;
  amount: number;
}

/**
 * Every coin on a table goes back to its owner, in one transaction: at start after a crash
 * (`after a restart`), and when the server stops (`at closing`). History shows each as returned.
 */
export function returnEscrow(tavern: Pick<TavernCore, 'ledger' | 'tables'>, when: string): ReturnedCoins[] {
  const returned = tavern.ledger.escrows().map(({ account, amount }) => {
    const { table, key } = account;
    return { table, key, amount, move: { from: account, to: charAccount(key), amount, why: `returned from ${table} ${when}` } };
  });
  const results: TableResult[] = returned.map(({ table, key, amount }) => ({
    key,
    table,
    game: tavern.tables.get(table)?.definition.id ?? 'unknown',
    bet: `coins on the table ${when}`,
    stake: amount,
    paid: amount,
    outcome: 'returned',
  }));
  tavern.ledger.transfer(returned.map((r) => r.move), results);
  return returned.map(({ table, key, amount }) => ({ table, key, amount }));
}
