import { describe, expect, it } from 'vitest';
import { CreationLimit, GuessThrottle, MAX_GUESSERS, HOUR_MS, OWNER_ADDRESSES } from '../../src/login/throttle.js';
import { FakeClock } from '../support/fakeClock.js';

describe('the wrong-password throttle', () => {
  it('lets three wrong guesses go, then makes the next wait 1 s, doubling up to 60 s', () => {
    const clock = new FakeClock();
    const t = new GuessThrottle(clock);
    const waits: number[] = [];
    for (let guess = 1; guess <= 12; guess++) {
      const wait = t.waitFor('ana', '10.0.0.1')?.ms ?? 0;
      waits.push(wait);
      clock.advance(wait);
      t.wrong('ana', '10.0.0.1');
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it('counts the wait from the last wrong guess', () => {
    const clock = new FakeClock();
    const t = new GuessThrottle(clock);
    for (let i = 0; i < 3; i++) t.wrong('ana', '10.0.0.1');
    clock.advance(400);
    expect(t.waitFor('ana', '10.0.0.1')).toEqual({ ms: 600, because: 'account' });
    clock.advance(600);
    expect(t.waitFor('ana', '10.0.0.1')).toBeNull();
  });

  it('throttles an account for every address that guessed wrong at it, whichever made the guesses, and no one else', () => {
    const t = new GuessThrottle(new FakeClock());
    t.wrong('ana', '10.0.0.1');
    t.wrong('ana', '10.0.0.2');
    t.wrong('ana', '10.0.0.3');
    expect(t.waitFor('ana', '10.0.0.1')).toEqual({ ms: 1000, because: 'account' });
    expect(t.guessedAt('ana', '10.0.0.1')).toBe(true);
    // The owner, from an address of their own, is not held by the others' guessing.
    expect(t.waitFor('ana', '10.0.0.4')).toBeNull();
    expect(t.guessedAt('ana', '10.0.0.4')).toBe(false);
    expect(t.waitFor('bob', '10.0.0.4')).toBeNull();
    expect(t.waitFor('bob', '10.0.0.1')).toBeNull();
  });

  it('holds every address at an account guessed at from more than MAX_GUESSERS addresses, but for those its owner logged in from', () => {
    const t = new GuessThrottle(new FakeClock());
    t.right('ana', '192.0.2.7');
    for (let a = 1; a <= 5; a++) t.right('bob', `192.0.2.${a}`);
    for (let i = 0; i <= MAX_GUESSERS; i++) t.wrong('ana', `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(t.waitFor('ana', '192.0.2.1')?.because).toBe('account');
    expect(t.guessedAt('ana', '192.0.2.1')).toBe(true);
    // The owner, from the address of their last login, is held by nobody's guesses.
    expect(t.waitFor('ana', '192.0.2.7')).toBeNull();
    expect(t.guessedAt('ana', '192.0.2.7')).toBe(false);
    // An owner's last OWNER_ADDRESSES addresses are kept, not more.
    for (let i = 0; i <= MAX_GUESSERS; i++) t.wrong('bob', `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(Array.from({ length: 5 }, (_, a) => t.guessedAt('bob', `192.0.2.${a + 1}`))).toEqual([true, ...Array(OWNER_ADDRESSES).fill(false)]);
  });

  it('throttles an address whatever accounts it guesses at, and no one else', () => {
    const t = new GuessThrottle(new FakeClock());
    t.wrong('ana', '10.0.0.1');
    t.wrong('bob', '10.0.0.1');
    t.wrong('cyd', '10.0.0.1');
    expect(t.waitFor('dax', '10.0.0.1')).toEqual({ ms: 1000, because: 'address' });
    expect(t.waitFor('dax', '10.0.0.2')).toBeNull();
    expect(t.waitFor('ana', '10.0.0.2')).toBeNull();
  });

  it('tells the longer of the two waits', () => {
    const t = new GuessThrottle(new FakeClock());
    for (let i = 0; i < 3; i++) t.wrong('ana', `10.0.0.${i}`);
    t.wrong('ana', '10.9.9.9'); // ana: 4 wrong, 2 s
    for (let i = 0; i < 2; i++) t.wrong(`x${i}`, '10.9.9.9'); // the address: 3 wrong, 1 s
    expect(t.waitFor('ana', '10.9.9.9')).toEqual({ ms: 2000, because: 'account' });
    t.wrong('y', '10.9.9.9');
    t.wrong('z', '10.9.9.9'); // the address: 5 wrong, 4 s
    expect(t.waitFor('ana', '10.9.9.9')).toEqual({ ms: 4000, because: 'address' });
  });

  it('forgives an account at its next good login, but an address only after a quiet period', () => {
    const clock = new FakeClock();
    const t = new GuessThrottle(clock);
    for (let i = 0; i < 5; i++) t.wrong('ana', '10.0.0.1');
    t.right('ana', '10.0.0.9');
    expect(t.waitFor('ana', '10.0.0.2')).toBeNull();
    expect(t.waitFor('bob', '10.0.0.1')).toEqual({ ms: 4000, because: 'address' });
    clock.advance(15 * 60_000 - 1);
    expect(t.waitFor('bob', '10.0.0.1')).toBeNull(); // the 4 s wait is over...
    t.wrong('bob', '10.0.0.1');
    expect(t.waitFor('cyd', '10.0.0.1')?.ms).toBe(8000); // ...but the count went on: 6 wrong
    clock.advance(15 * 60_000);
    expect(t.waitFor('cyd', '10.0.0.1')).toBeNull();
    t.wrong('cyd', '10.0.0.1');
    expect(t.waitFor('cyd', '10.0.0.1')).toBeNull(); // counting from one again
  });

  it('forgets quiet accounts and addresses, so a long flood of names does not pile up', () => {
    const clock = new FakeClock();
    const t = new GuessThrottle(clock);
    for (let i = 0; i < 1000; i++) t.wrong(`name${i}`, `10.0.${i >> 8}.${i & 255}`);
    expect(t.remembered).toBe(2000);
    clock.advance(15 * 60_000);
    t.wrong('late', '10.9.9.9');
    expect(t.remembered).toBe(2);
  });
});

describe('the creation limit', () => {
  it('allows so many new characters per address per hour, then refuses in one line with the minutes to wait', () => {
    const clock = new FakeClock();
    const limit = new CreationLimit(clock, 5);
    for (let i = 0; i < 5; i++) {
      const r = limit.reserve('10.0.0.1');
      if (!r.ok) throw new Error(r.reason);
      r.reservation.confirm();
      clock.advance(60_000);
    }
    const refused = limit.reserve('10.0.0.1');
    expect(refused).toEqual({ ok: false, reason: 'Only 5 new characters may be made from one address in an hour; try again in 55 minutes.' });
    expect(limit.reserve('10.0.0.2').ok).toBe(true);
    clock.advance(HOUR_MS - 5 * 60_000 - 1);
    expect(limit.reserve('10.0.0.1').ok).toBe(false);
    clock.advance(1);
    expect(limit.reserve('10.0.0.1').ok).toBe(true); // the first one is an hour old
  });

  it('counts creations under way, and gives the place back when one is not made', () => {
    const limit = new CreationLimit(new FakeClock(), 2);
    const first = limit.reserve('10.0.0.1');
    const second = limit.reserve('10.0.0.1');
    expect(limit.reserve('10.0.0.1')).toEqual({ ok: false, reason: 'Only 2 new characters may be made from one address in an hour; try again in 60 minutes.' });
    if (!first.ok || !second.ok) throw new Error('refused');
    second.reservation.cancel();
    second.reservation.cancel(); // twice gives back no more
    first.reservation.confirm();
    expect(limit.reserve('10.0.0.1').ok).toBe(true);
    expect(limit.reserve('10.0.0.1').ok).toBe(false);
  });

  it('has no limit at 0', () => {
    const limit = new CreationLimit(new FakeClock(), 0);
    for (let i = 0; i < 100; i++) {
      const r = limit.reserve('10.0.0.1');
      expect(r.ok).toBe(true);
      if (r.ok) r.reservation.confirm();
    }
  });

  it('says "one new character" for a limit of 1', () => {
    const limit = new CreationLimit(new FakeClock(), 1);
    const r = limit.reserve('10.0.0.1');
    if (r.ok) r.reservation.confirm();
    expect(limit.reserve('10.0.0.1')).toEqual({ ok: false, reason: 'One new character may be made from one address in an hour; try again in 60 minutes.' });
  });
});
