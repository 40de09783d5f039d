import { describe, expect, it } from 'vitest';
import { accountOwner, accountText, charAccount, escrowAccount, HOUSE, isOwned, keptAccount, mayOwe, MINT, readAccount, type Account } from '../../src/store/account.js';
import { carriedBy, floorOf, keptPlace, placeText } from '../../src/store/place.js';

/** Accounts: typed in the server, strings in the journal, db.json and PostgreSQL; one codec between. */
describe('accounts', () => {
  const stored: [Account, string][] = [
    [charAccount('ana'), 'char:ana'],
    [escrowAccount('bones-table', 'ana'), 'escrow:bones-table:ana'],
    [escrowAccount('Sand_Table-2', 'bex'), 'escrow:Sand_Table-2:bex'],
    [MINT, 'mint'],
    [HOUSE, 'house'],
  ];

  it('spells each kind as the journal always has, and reads it back the same', () => {
    for (const [account, text] of stored) {
      expect(accountText(account)).toBe(text);
      expect(readAccount(text)).toEqual({ ok: true, account });
      expect(readAccount(accountText(account))).toEqual({ ok: true, account });
    }
  });

  it('keeps a purse\'s and hands\' text on them, and they still compare and print as their kind and key', () => {
    const purse = keptAccount(charAccount('ana'));
    expect(accountText(purse)).toBe('char:ana');
    expect(purse).toStrictEqual(charAccount('ana'));
    expect(JSON.stringify(purse)).toBe('{"kind":"character","key":"ana"}');
    expect(Object.getOwnPropertySymbols(purse).every((s) => !Object.getOwnPropertyDescriptor(purse, s)!.enumerable)).toBe(true);
    const hands = keptPlace(carriedBy('ana'));
    expect(placeText(hands)).toBe('char:ana');
    expect(placeText(floorOf('bar'))).toBe('room:bar');
    expect(hands).toStrictEqual(carriedBy('ana'));
    expect(JSON.stringify(hands)).toBe('{"kind":"character","key":"ana"}');
  });

  it.each([
    ['', '"" is not an account: one is char:<key>, escrow:<table>:<key>, mint or house'],
    ['bank', '"bank" is not an account: one is char:<key>, escrow:<table>:<key>, mint or house'],
    ['House', '"House" is not an account: one is char:<key>, escrow:<table>:<key>, mint or house'],
    ['char:', '"char:" names no character: a key is 1 to 32 lower-case letters'],
    ['char:Ana', '"char:Ana" names no character: a key is 1 to 32 lower-case letters'],
    [`char:${'a'.repeat(33)}`, `"char:${'a'.repeat(33)}" names no character: a key is 1 to 32 lower-case letters`],
    ['char:ana:bob', '"char:ana:bob" is not an account: one is char:<key>, escrow:<table>:<key>, mint or house'],
    ['escrow:ana', '"escrow:ana" is not an account: one is char:<key>, escrow:<table>:<key>, mint or house'],
    ['escrow::ana', `"escrow::ana" names no table: a table's id is 1 to 64 letters, digits, _ or -`],
    ['escrow:sand table:ana', `"escrow:sand table:ana" names no table: a table's id is 1 to 64 letters, digits, _ or -`],
    ['escrow:t:ana:bob', '"escrow:t:ana:bob" is not an account: one is char:<key>, escrow:<table>:<key>, mint or house'],
    ['escrow:t:an4', '"escrow:t:an4" names no character: a key is 1 to 32 lower-case letters'],
  ])('refuses %j with a reason', (text, reason) => {
    expect(readAccount(text)).toEqual({ ok: false, reason });
  });

  it('keeps a reason one short line whatever the text', () => {
    const r = readAccount(`x${'y'.repeat(5000)}\nz`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/^"xy{79}\.\.\." is not an account/);
    if (!r.ok) expect(r.reason.length).toBeLessThan(160);
  });

  it('names the character whose purse or escrow an account is, and lets only the mint and the house owe', () => {
    expect(accountOwner('char:ana')).toBe('ana');
    expect(accountOwner('escrow:bones-table:ana')).toBe('ana');
    expect(accountOwner('escrow:spice-run-table:bex')).toBe('bex');
    expect(accountOwner('house')).toBeNull();
    expect(accountOwner('mint')).toBeNull();
    expect(accountOwner('char:Ana')).toBeNull();
    expect(stored.filter(([a]) => !isOwned(a)).map(([, text]) => text)).toEqual(['mint', 'house']);
    expect(stored.filter(([, text]) => mayOwe(text)).map(([, text]) => text)).toEqual(['mint', 'house']);
    expect(mayOwe('bank')).toBe(false);
  });
});
