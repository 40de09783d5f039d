import { describe, expect, it } from 'vitest';
import { Balances } from '../../src/store/balances.js';
import { apply, emptyState } from '../../src/store/entries.js';
import { cloneState } from '../../src/store/checkpoint.js';

/** The balances and, kept beside them, each character's coins on tables (what `inventory` asks at every line). */
describe('balances', () => {
  /** A character's stakes the slow way: every escrow account scanned. */
  const scanned = (b: Balances, key: string) =>
    new Map([...b].flatMap(([text, n]) => {
      const m = /^escrow:([\w-]+):([a-z]+)$/.exec(text);
      return m && m[2] === key ? [[m[1], n] as const] : [];
    }));

  it('knows which tables a character has coins on as balances are set and deleted', () => {
    const b = new Balances();
    b.set('char:ana', 900).set('escrow:bones-table:ana', 50).set('escrow:sand-table:ana', 50).set('escrow:bones-table:bex', 7).set('house', -7);
    expect(b.stakes('ana')).toEqual(new Map([['bones-table', 50], ['sand-table', 50]]));
    expect(b.stakes('bex')).toEqual(new Map([['bones-table', 7]]));
    b.set('escrow:bones-table:ana', 20);
    b.delete('escrow:sand-table:ana');
    expect(b.stakes('ana')).toEqual(new Map([['bones-table', 20]]));
    b.delete('escrow:bones-table:ana');
    expect(b.stakes('ana').size).toBe(0);
    expect(b.delete('escrow:bones-table:ana')).toBe(false);
    b.clear();
    expect(b.stakes('bex').size).toBe(0);
  });

  it('agrees with a scan of every account after a thousand random moves', () => {
    const b = new Balances();
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const keys = ['ana', 'bex', 'cy'];
    const accounts = [...keys.map((k) => `char:${k}`), ...['bones-table', 'sand-table', 'lair'].flatMap((t) => keys.map((k) => `escrow:${t}:${k}`)), 'house'];
    for (let i = 0; i < 1000; i++) {
      const account = accounts[next(accounts.length)];
      if (next(3) === 0) b.delete(account);
      else b.set(account, 1 + next(100));
      for (const key of keys) expect(b.stakes(key)).toEqual(scanned(b, key));
    }
  });

  it('has them from the journal and through a checkpoint', () => {
    const s = emptyState();
    expect(apply(s, { kind: 'character', name: 'Ana', passwordHash: 'h', room: 'common-room', created: 't0', purse: 1000 })).toBeNull();
    expect(apply(s, { kind: 'coins', moves: [{ from: 'char:ana', to: 'escrow:bones-table:ana', amount: 30, why: 'bet' }] })).toBeNull();
    expect(s.balances.stakes('ana')).toEqual(new Map([['bones-table', 30]]));
    const copy = cloneState(s);
    expect(copy.balances.stakes('ana')).toEqual(new Map([['bones-table', 30]]));
    expect(apply(s, { kind: 'coins', moves: [{ from: 'escrow:bones-table:ana', to: 'char:ana', amount: 30, why: 'returned' }] })).toBeNull();
    expect(s.balances.stakes('ana').size).toBe(0);
    expect(copy.balances.stakes('ana').size).toBe(1);
  });
});
