import { describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { HASH_COST, hashPassword, needsUpgrade, verifyPassword } from '../../src/login/accounts.js';
import { Door } from '../../src/login/door.js';
import { hashSlots, IO_THREADS, threadPoolSize, wantedThreadPool } from '../../src/threadpool.cjs';
import { FakeClock } from '../support/fakeClock.js';

/** A hash as the server made them before N = 2^15. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
}

describe('password hashes', () => {
  it('are salted scrypt at N = 2^15, r = 8, p = 1, and check the password', async () => {
    expect(HASH_COST).toEqual({ N: 32768, r: 8, p: 1 });
    const [a, b] = await Promise.all([hashPassword('hunter22'), hashPassword('hunter22')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('hunter22', a)).toBe(true);
    expect(await verifyPassword('hunter23', a)).toBe(false);
    expect(needsUpgrade(a)).toBe(false);
  });

  it('made at the old N = 2^14 still check, and are marked for an upgrade', async () => {
    const stored = oldHash('hunter22');
    expect(await verifyPassword('hunter22', stored)).toBe(true);
    expect(await verifyPassword('hunter23', stored)).toBe(false);
    expect(needsUpgrade(stored)).toBe(true);
  });

  it('that are damaged are simply wrong, and are never run at an absurd cost', async () => {
    const good = await hashPassword('hunter22');
    const [, , r, p, salt, hash] = good.split('$');
    for (const bad of ['', 'plain', `scrypt$1000$${r}$${p}$${salt}$${hash}`, `scrypt$${2 ** 24}$${r}$${p}$${salt}$${hash}`, `scrypt$32768$${r}$${p}$${salt}$`, `${good}$extra`, `bcrypt$32768$${r}$${p}$${salt}$${hash}`]) {
      expect(await verifyPassword('hunter22', bad)).toBe(false);
    }
  });

  it('are upgraded by the door at a good login: the new hash is at today\'s cost and checks the same password', async () => {
    const door = new Door(new FakeClock(), { hashSlots: 1, createsPerHour: 0 });
    const stored = oldHash('hunter22');
    const signal = new AbortController().signal;
    const verdict = await door.checkPassword({ address: '10.0.0.1', account: 'ana', password: 'hunter22', stored }, signal, () => {});
    if (verdict.kind !== 'right' || !verdict.newHash) throw new Error(`no upgrade: ${JSON.stringify(verdict)}`);
    expect(verdict.newHash).toMatch(/^scrypt\$32768\$/);
    expect(needsUpgrade(verdict.newHash)).toBe(false);
    expect(await verifyPassword('hunter22', verdict.newHash)).toBe(true);
    const today = await door.checkPassword({ address: '10.0.0.1', account: 'ana', password: 'hunter22', stored: verdict.newHash }, signal, () => {});
    expect(today).toEqual({ kind: 'right', newHash: null });
  });
});

describe('the thread pool', () => {
  it('is sized one thread per core plus the file threads, and hashing never takes those', () => {
    expect(IO_THREADS).toBe(4);
    expect(wantedThreadPool(2)).toBe(6);
    expect(hashSlots(wantedThreadPool(2), 2)).toBe(2);
    expect(hashSlots(wantedThreadPool(16), 16)).toBe(16);
    expect(hashSlots(12, 16)).toBe(8); // a smaller pool of the host's own: hashing takes what is left
    expect(hashSlots(4, 2)).toBe(1); // a pool left at libuv's default: always at least one
  });

  it('reads UV_THREADPOOL_SIZE as libuv does', () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '10' })).toBe(10);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'lots' })).toBe(1);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '5000' })).toBe(1024);
  });
});
