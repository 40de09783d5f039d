import { ID, KEY } from './shapes.js';

/**
 * Who holds coins. In the server an account is a typed value; in the journal, a checkpoint
 * (db.json) and the database it is a string, and this module alone turns one into the other:
 *   char:<key>                  a character's purse
 *   escrow:<table>:<key>        coins a character has on a table
 *   mint                        where starting purses come from
 *   house                       the tavern; it pays hand-outs and winnings
 * The strings are the storage format and never change, so old journals, checkpoints and
 * databases open as they are. (The SQL of src/store/pg spells them too, for the database to
 * check and index them.)
 */
export type Account = CharacterAccount | EscrowAccount | { readonly kind: 'mint' } | { readonly kind: 'house' };

/** A character's purse, by the character's key (their name in lower case). */
export interface CharacterAccount {
  readonly kind: 'character';
  readonly key: string;
}

/** Coins a character has on a table. */
export interface EscrowAccount {
  readonly kind: 'escrow';
  readonly table: string;
  readonly key: string;
}

/** An account that belongs to a character: it may never go below zero. */
export type OwnedAccount = CharacterAccount | EscrowAccount;

/**
 * The two accounts that create coins, and so may go below zero (docs/rulings.md, "Where coins
 * come from"): every account starts at zero, so all sum to zero.
 */
export const MINT: Account = { kind: 'mint' };
export const HOUSE: Account = { kind: 'house' };
export const charAccount = (key: string): CharacterAccount => ({ kind: 'character', key });
export const escrowAccount = (table: string, key: string): EscrowAccount => ({ kind: 'escrow', table, key });

/** Whether an account belongs to a character (and so may not owe), rather than being the mint or the house. */
export const isOwned = (a: Account): a is OwnedAccount => a.kind === 'character' || a.kind === 'escrow';

/**
 * The text of an account kept for long (a player's purse), spelt once and held by the account
 * itself: a purse is asked for at every `inventory`, and a property is read without a look-up in
 * a table of a thousand players. Not enumerable, so the account still compares and prints as its
 * kind and key. An account made for one transaction (a bet's escrow, a returned stake) is spelt
 * when asked.
 */
const TEXT = Symbol('account text');
type Kept = Account & { readonly [TEXT]?: string };

/** `account`, its text spelt once and kept on it. */
export function keptAccount<A extends Account>(account: A): A {
  Object.defineProperty(account, TEXT, { value: spell(account) });
  return account;
}

/** An account as the journal, checkpoints and the database spell it. */
export function accountText(a: Account): string {
  return (a as Kept)[TEXT] ?? spell(a);
}

function spell(a: Account): string {
  return a.kind === 'character' ? `char:${a.key}` : a.kind === 'escrow' ? `escrow:${a.table}:${a.key}` : a.kind;
}

export type AccountResult = { ok: true; account: Account } | { ok: false; reason: string };

/**
 * A purse or an escrow as stored: the table (escrow only), then the key. Both kinds take the
 * same path through it, so that the first escrow after a start (a server's first bet) runs
 * nothing a purse has not run before (docs/performance.md).
 */
const OWNED = /^(?:char|escrow:([\w-]{1,64})):([a-z]{1,32})$/;

/** Reads an account as stored, or says why the text names none. */
export function readAccount(text: string): AccountResult {
  if (text === 'mint') return { ok: true, account: MINT };
  if (text === 'house') return { ok: true, account: HOUSE };
  const m = OWNED.exec(text);
  if (m) return { ok: true, account: m[1] === undefined ? charAccount(m[2]) : escrowAccount(m[1], m[2]) };
  return { ok: false, reason: whyNoAccount(text) };
}

/** A stored text in a reason: quoted, and cut short when it is long. */
const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

function whyNoAccount(text: string): string {
  const parts = text.split(':');
  const kind = parts[0] === 'char' && parts.length === 2 ? 'char' : parts[0] === 'escrow' && parts.length === 3 ? 'escrow' : null;
  if (kind === 'escrow' && !ID.test(parts[1])) return `${quoted(text)} names no table: a table's id is 1 to 64 letters, digits, _ or -`;
  if (kind && !KEY.test(parts[parts.length - 1])) return `${quoted(text)} names no character: a key is 1 to 32 lower-case letters`;
  return `${quoted(text)} is not an account: one is char:<key>, escrow:<table>:<key>, mint or house`;
}

/** Whether a stored account may go below zero: the mint's and the house's alone may. */
export const mayOwe = (text: string): boolean => text === 'mint' || text === 'house';

/** The character whose purse or escrow a stored account is, or null for the mint and the house (and for a text that is no account). */
export function accountOwner(text: string): string | null {
  const m = OWNED.exec(text);
  return m ? m[2] : null;
}

/** One coin movement inside a transaction, its accounts as stored. */
export interface Move {
  from: string;
  to: string;
  amount: number;
  why: string;
}
