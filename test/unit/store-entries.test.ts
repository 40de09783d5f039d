import { describe, expect, it } from 'vitest';
import { apply, balanceProblems, charactersIn, emptyState, shapeProblem, type Entry, type State } from '../../src/store/entries.js';

/** The journal's vocabulary: what each entry does to the state, and what it refuses. */

function withAna(): State {
  const s = emptyState();
  expect(apply(s, { kind: 'character', name: 'Ana', passwordHash: 'h', room: 'common-room', created: 't0', purse: 1000 })).toBeNull();
  return s;
}

const SEED_A = 'a'.repeat(64);
const SEED_B = 'b'.repeat(64);
const COMMIT = 'c'.repeat(64);

describe('journal entries', () => {
  it('names the characters whose purses or escrow an entry moves coins in', () => {
    const bet: Entry = { kind: 'coins', moves: [{ from: 'char:ana', to: 'escrow:bones-table:ana', amount: 5, why: 'bet' }, { from: 'house', to: 'char:bex', amount: 5, why: 'won' }] };
    expect(charactersIn(bet)).toEqual(['ana', 'ana', 'bex']);
  });

  it('makes a character with its starting purse from the mint, in one entry', () => {
    const s = withAna();
    expect(s.characters.get('ana')).toEqual({ name: 'Ana', passwordHash: 'h', room: 'common-room', created: 't0', lastSeen: 't0', prefs: {} });
    expect(s.balances.get('char:ana')).toBe(1000);
    expect(s.balances.get('mint')).toBe(-1000);
    expect(balanceProblems(s)).toEqual([]);
    expect(apply(s, { kind: 'character', name: 'ANA', passwordHash: 'x', room: 'r', created: 't1', purse: 1000 })).toMatch(/exists already/);
  });

  it('applies a coin transaction whole or not at all', () => {
    const s = withAna();
    const before = new Map(s.balances);
    const overdraw: Entry = {
      kind: 'coins',
      moves: [
        { from: 'house', to: 'char:ana', amount: 5, why: 'win' },
        { from: 'char:ana', to: 'escrow:t:ana', amount: 2000, why: 'wager' },
      ],
    };
    expect(apply(s, overdraw)).toBe('char:ana would hold -995 coins');
    expect(new Map(s.balances)).toEqual(before);
    expect(s.balances.stakes('ana').size).toBe(0);
    expect(apply(s, { kind: 'coins', moves: [{ from: 'char:ana', to: 'char:bob', amount: 1, why: 'gift' }] })).toBe('char:bob belongs to no character');
    expect(apply(s, { kind: 'coins', moves: [{ from: 'char:ana', to: 'escrow:t:ana', amount: 1000, why: 'wager' }] })).toBeNull();
    expect(s.balances.has('char:ana')).toBe(false); // an empty account is not kept
    expect(s.balances.get('escrow:t:ana')).toBe(1000);
  });

  it('keeps preferences, bans and hand-out times', () => {
    const s = withAna();
    apply(s, { kind: 'prefs', key: 'ana', prefs: { colour: false, description: 'tall' } });
    apply(s, { kind: 'prefs', key: 'ana', prefs: { colour: null, screenReader: true } });
    expect(s.characters.get('ana')!.prefs).toEqual({ description: 'tall', screenReader: true });
    expect(apply(s, { kind: 'ban', key: 'ana', by: 'Root', reason: 'cheating', at: 't' })).toBeNull();
    expect(s.bans.get('ana')).toEqual({ by: 'Root', reason: 'cheating', at: 't' });
    expect(apply(s, { kind: 'unban', key: 'ana' })).toBeNull();
    expect(apply(s, { kind: 'unban', key: 'ana' })).toMatch(/not banned/);
    apply(s, { kind: 'handout', key: 'ana', handout: 'start', at: 100 });
    apply(s, { kind: 'handout', key: 'ana', handout: 'end', at: 200 });
    expect(s.handouts.get('ana')).toEqual({ start: 100, end: 200 });
  });

  it('holds each table seed until it is revealed, never lets its nonce go back, and never takes one twice', () => {
    const s = emptyState();
    const first = { table: 't', game: 1, serverSeed: SEED_A, commitment: COMMIT, clientSeed: 't:1', nonce: 0, revealed: null };
    expect(apply(s, { kind: 'fair', fair: first })).toBeNull();
    expect(apply(s, { kind: 'fair', fair: { ...first, nonce: 3 } })).toBeNull();
    expect(apply(s, { kind: 'fair', fair: { ...first, nonce: 2 } })).toMatch(/nonce would go back from 3 to 2/);
    const second = { ...first, game: 2, serverSeed: SEED_B, clientSeed: 't:2', nonce: 0 };
    expect(apply(s, { kind: 'fair', fair: { ...second, revealed: null } })).toMatch(/does not reveal the one it replaces/);
    expect(apply(s, { kind: 'fair', fair: { ...second, revealed: { serverSeed: SEED_A, commitment: COMMIT, clientSeed: 't:1', draws: 2 } } })).toMatch(/does not reveal/);
    // Retired and the next committed in one entry; after a crash the next start does the same.
    const revealed = { serverSeed: SEED_A, commitment: COMMIT, clientSeed: 't:1', draws: 3 };
    expect(apply(s, { kind: 'fair', fair: { ...second, revealed } })).toBeNull();
    expect(s.tables.get('t')).toEqual({ ...second, revealed });
    expect(apply(s, { kind: 'fair', fair: { ...first, game: 3, revealed: { ...revealed, serverSeed: SEED_B, draws: 0 } } })).toMatch(/used this seed before/);
    expect(apply(s, { kind: 'fair', fair: { ...first, game: 1, serverSeed: 'c'.repeat(64) } })).toMatch(/game would go back from 2 to 1/);
  });

  it.each([
    [{ kind: 'coins', moves: [] }, /without moves/],
    [{ kind: 'coins', moves: [{ from: 'house', to: 'char:ana', amount: 0, why: 'x' }] }, /a move of 0 coins/],
    [{ kind: 'coins', moves: [{ from: 'bank', to: 'char:ana', amount: 1, why: 'x' }] }, /unknown account/],
    [{ kind: 'room', key: 'Ana!', room: 'r' }, /names no character/],
    [{ kind: 'prefs', key: 'ana', prefs: { volume: 3 } }, /"volume" is not a preference/],
    [{ kind: 'fair', fair: { table: 't', game: 1, serverSeed: 'short', commitment: 'c', clientSeed: 'c', nonce: 0, revealed: null } }, /malformed fairness data/],
    [{ kind: 'teleport' }, /"teleport" is not a kind of entry/],
  ])('refuses a malformed entry: %j', (entry, reason) => {
    expect(shapeProblem(entry)).toMatch(reason);
  });
});
