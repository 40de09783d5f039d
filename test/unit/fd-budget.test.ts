import { describe, expect, it } from 'vitest';
import { openSync, closeSync } from 'node:fs';
import { FD_RESERVE, FdBudget, procDescriptors, type DescriptorCounts } from '../../src/telnet/fd-budget.js';

/**
 * Counts a test sets: the limit, and what /proc/self/fd would list now (or an error). A count is
 * made while a newcomer is decided, so it lists the newcomer's own descriptor.
 */
function fakeCounts(limit: number | null, open: number) {
  const state = { limit, open, reads: 0, fail: null as string | null };
  const counts: DescriptorCounts = {
    limit: () => state.limit,
    open: () => {
      state.reads += 1;
      if (state.fail) throw Object.assign(new Error(state.fail), { code: state.fail });
      return state.open;
    },
  };
  return { counts, state };
}

function budget(limit: number | null, open: number, reserve = 32) {
  const { counts, state } = fakeCounts(limit, open);
  let time = 0;
  const logs: string[] = [];
  const b = new FdBudget(counts, () => time, reserve, (l) => logs.push(l));
  return { b, state, logs, advance: (ms: number) => (time += ms) };
}

describe('the file descriptor budget', () => {
  it('lets newcomers in while the reserve stays free with them, and turns them away from there', () => {
    const { b } = budget(256, 200);
    // 256 - 32 = 224: the newcomer counted (the 200th) and the next 24 may stay.
    const admitted = Array.from({ length: 40 }, () => b.admit()).filter(Boolean).length;
    expect(admitted).toBe(25);
    expect(b.admit()).toBe(false);
  });

  it('counts the newcomers it let in since it last read the table, so a burst between two readings cannot take the reserve', () => {
    const { b, state } = budget(100, 60, 10);
    for (let i = 0; i < 31; i++) expect(b.admit()).toBe(true);
    expect(b.admit()).toBe(false);
    // One reading for the whole burst: /proc is read ten times a second at most.
    expect(state.reads).toBe(1);
  });

  it('with nothing kept back, lets newcomers take every descriptor', () => {
    const { b } = budget(256, 250, 0);
    expect(Array.from({ length: 10 }, () => b.admit()).filter(Boolean).length).toBe(7);
  });

  it('reads the table again after 100 ms, and lets newcomers in again once connections have closed', () => {
    const { b, state, logs, advance } = budget(256, 225);
    expect(b.admit()).toBe(false);
    expect(b.admit()).toBe(false);
    state.open = 150;
    advance(50);
    expect(b.admit()).toBe(false); // the count is 50 ms old: still full
    advance(50);
    expect(b.admit()).toBe(true);
    expect(state.reads).toBe(2);
    expect(logs).toEqual([
      'newcomers turned away: 225 of the 256 file descriptors this process may open are in use, and the last 32 are kept for the store; each is told the tavern is full and closed at once until some connections close (a higher ulimit -n lets more in)',
      'newcomers let in again: 150 of 256 file descriptors in use (3 turned away meanwhile)',
    ]);
  });

  it('logs one line however many are turned away', () => {
    const { b, logs, advance } = budget(64, 64);
    for (let i = 0; i < 1000; i++) {
      expect(b.admit()).toBe(false);
      advance(7);
    }
    expect(logs).toHaveLength(1);
  });

  it('takes a table too full even to be read (EMFILE) for a full one', () => {
    const { b, state, logs } = budget(256, 10);
    state.fail = 'EMFILE';
    expect(b.admit()).toBe(false);
    expect(logs[0]).toMatch(/^newcomers turned away: 256 of the 256 file descriptors/);
  });

  it('lets everyone in, reading nothing, where the limit is unknown or unlimited', () => {
    const { b, state } = budget(null, 1_000_000);
    for (let i = 0; i < 100; i++) expect(b.admit()).toBe(true);
    expect(state.reads).toBe(0);
  });

  it('lets everyone in where the descriptors cannot be counted', () => {
    const { counts } = fakeCounts(256, 0);
    const b = new FdBudget({ limit: counts.limit, open: () => null }, () => 0);
    for (let i = 0; i < 300; i++) expect(b.admit()).toBe(true);
  });

  it('keeps 32 back by default', () => {
    const { counts } = fakeCounts(100, 67);
    const b = new FdBudget(counts, () => 0);
    expect(b.reserve).toBe(FD_RESERVE);
    expect(FD_RESERVE).toBe(32);
    expect(b.admit()).toBe(true);
    expect(b.admit()).toBe(true);
    expect(b.admit()).toBe(false);
  });
});

describe('the descriptor figures from /proc', () => {
  it.skipIf(process.platform !== 'linux')('read the soft limit, and count a descriptor the process opens', () => {
    const limit = procDescriptors.limit();
    expect(limit === null || limit > 0).toBe(true);
    const before = procDescriptors.open()!;
    const fd = openSync(import.meta.filename, 'r');
    try {
      expect(procDescriptors.open()).toBe(before + 1);
    } finally {
      closeSync(fd);
    }
    expect(procDescriptors.open()).toBe(before);
  });
});
