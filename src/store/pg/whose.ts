/**
 * Whose an entry is, with characters leased to one server at a time: the rules a PostgreSQL
 * store checks before it records anything, and the coins a stopped server left on its tables.
 * Pure, so that the store keeps only its bookkeeping.
 */
import { accountOwner, accountText, charAccount, escrowAccount, type EscrowAccount } from '../account.js';
import type { Balances } from '../balances.js';
import type { Entry, ThingMove } from '../entries.js';
import { placeOwner } from '../place.js';

/** Why an entry is not this server's to record: every character it touches must be in play here. */
export function whyNotHere(e: Entry, held: (key: string) => boolean, known: (key: string) => boolean): string | null {
  switch (e.kind) {
    case 'character':
      return 'a character is made with createCharacter, which claims it';
    case 'coins':
      for (const m of e.moves) {
        for (const account of [m.from, m.to]) {
          const owner = accountOwner(account);
          if (owner !== null && !held(owner)) return `${account} belongs to a character not in play on this server`;
        }
      }
      return thingsNotHere(e.things ?? [], held);
    case 'things':
      return thingsNotHere(e.things, held);
    case 'fair':
    case 'game':
      return null;
    case 'ban':
    case 'unban':
      return held(e.key) || known(e.key) ? null : `there is no character "${e.key}" (look it up with nameTaken first)`;
    default:
      return held(e.key) ? null : `"${e.key}" is not in play on this server`;
  }
}

/** Things may move only into and out of the hands of characters in play here (a floor is this server's own). */
function thingsNotHere(moves: readonly ThingMove[], held: (key: string) => boolean): string | null {
  for (const m of moves) {
    for (const place of [m.from, m.to]) {
      const owner = placeOwner(place);
      if (owner !== null && !held(owner)) return `${place} belongs to a character not in play on this server`;
    }
  }
  return null;
}

/** A character's coins on tables, among the given balances. */
export function escrowsOf(balances: Balances, key: string): { account: EscrowAccount; amount: number }[] {
  return [...balances.stakes(key)].map(([table, amount]) => ({ account: escrowAccount(table, key), amount }));
}

/** The entry that gives a character back the coins a stopped server left on its tables. */
export function strandedReturn(key: string, stranded: { account: EscrowAccount; amount: number }[]): Entry {
  const purse = accountText(charAccount(key));
  return {
    kind: 'coins',
    moves: stranded.map(({ account, amount }) => ({ from: accountText(account), to: purse, amount, why: `returned from ${account.table} after a restart` })),
    // The game is not known here (the table may be another server's): history names the table.
    results: stranded.map(({ account, amount }) => ({ key, table: account.table, game: 'unknown', bet: 'coins on the table after a restart', stake: amount, paid: amount, outcome: 'returned' })),
  };
}
