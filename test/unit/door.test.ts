import { describe, expect, it } from 'vitest';
import { Door, MAX_QUEUED_GUESSES, type PasswordHasher, type Verdict } from '../../src/login/door.js';
import { addressGroup } from '../../src/telnet/per-address.js';
import { MAX_GUESSERS } from '../../src/login/throttle.js';
import { FakeClock } from '../support/fakeClock.js';

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/** Hashes are `fake$<password>` (today's) or `old$<password>`; each check waits until the test finishes it. */
class FakeHasher implements PasswordHasher {
  /** Checks started and not yet finished, oldest first. */
  readonly checking: { stored: string; finish: () => void }[] = [];
  started = 0;

  verify(password: string, stored: string): Promise<boolean> {
    this.started++;
    return new Promise((resolve) => {
      const entry = {
        stored,
        finish: () => {
          this.checking.splice(this.checking.indexOf(entry), 1);
          resolve(stored === `fake$${password}` || stored === `old$${password}`);
        },
      };
      this.checking.push(entry);
    });
  }

  hash(password: string): Promise<string> {
    return Promise.resolve(`fake$${password}`);
  }

  needsUpgrade(stored: string): boolean {
    return stored.startsWith('old$');
  }

  async finishAll(): Promise<void> {
    while (this.checking.length) {
      this.checking[0].finish();
      await settle();
    }
  }
}

function setUp(hashSlots = 2) {
  const clock = new FakeClock();
  const hasher = new FakeHasher();
  const door = new Door(clock, { hashSlots, createsPerHour: 5 }, hasher);
  const told: string[] = [];
  const attempt = (account: string, address: string, password: string, signal = new AbortController().signal) => {
    const result: { verdict?: Verdict } = {};
    void door.checkPassword({ address, account, password, stored: 'fake$right' }, signal, (line) => told.push(line)).then((v) => (result.verdict = v));
    return result;
  };
  return { clock, hasher, door, told, attempt };
}

describe('the door: password checks', () => {
  it('tells a guessing address its wait in one line and holds it on the clock, not in a hashing slot', async () => {
    const { clock, hasher, door, told, attempt } = setUp();
    for (let i = 0; i < 3; i++) door.throttle.wrong('ana', `10.0.0.${i}`);
    const a = attempt('ana', '10.0.0.1', 'right');
    await settle();
    expect(told).toEqual(['Too many wrong passwords for Ana lately: this attempt waits 1 second.']);
    expect(hasher.started).toBe(0);
    expect(door.hashing.inFlight).toBe(0);
    clock.advance(999);
    await settle();
    expect(hasher.started).toBe(0);
    clock.advance(1);
    await settle();
    expect(hasher.started).toBe(1);
    await hasher.finishAll();
    expect(a.verdict).toEqual({ kind: 'right', newHash: null });
    expect(door.throttle.waitFor('ana', '10.0.0.1')).toBeNull(); // the good login cleared the account
  });

  it("checks a guesser's attempts at an account one at a time, refuses those past MAX_QUEUED_GUESSES at once, and lets the owner from another address straight in", async () => {
    const { hasher, door, told, attempt } = setUp(2);
    door.throttle.wrong('ana', '10.0.0.1');
    const flood = Array.from({ length: 20 }, () => attempt('ana', '10.0.0.1', 'guess'));
    await settle();
    expect(hasher.started).toBe(1);
    const refused = flood.filter((f) => f.verdict?.kind === 'refused');
    expect(refused).toHaveLength(20 - MAX_QUEUED_GUESSES);
    expect(refused[0].verdict).toEqual({
      kind: 'refused',
      line: 'Too many attempts at Ana are waiting already: this one is refused, and not counted. Try again in a minute.',
    });
    const owner = attempt('ana', '10.0.0.2', 'right');
    await settle();
    expect(hasher.started).toBe(2);
    hasher.checking[1].finish(); // the owner's
    await settle();
    expect(owner.verdict).toEqual({ kind: 'right', newHash: null });
    expect(told).toEqual([]);
    expect(flood.filter((f) => f.verdict && f.verdict.kind !== 'refused')).toHaveLength(0);
  });

  it('lets the owner in at once behind ten queued wrong guesses from another address, each one wrong, with a growing wait', async () => {
    const { clock, hasher, attempt } = setUp(2);
    const guesses: { verdict?: Verdict }[] = [];
    for (let i = 0; i < 10; i++) {
      clock.advance(60_000); // each guess after the last one's wait
      guesses.push(attempt('ana', '10.0.0.1', `guess${i}`));
      await settle();
      await hasher.finishAll();
    }
    // Ten wrong guesses counted: the account's wait for its guessers is at its cap.
    expect(guesses.filter((g) => g.verdict?.kind === 'wrong')).toHaveLength(10);
    const more = Array.from({ length: 10 }, (_, i) => attempt('ana', '10.0.0.1', `more${i}`));
    await settle();
    const owner = attempt('ana', '10.0.0.2', 'right');
    await settle();
    expect(hasher.started).toBe(11);
    await hasher.finishAll();
    expect(owner.verdict).toEqual({ kind: 'right', newHash: null });
    expect(more.filter((g) => g.verdict?.kind === 'refused')).toHaveLength(10 - MAX_QUEUED_GUESSES);
  });

  it('lets the owner in at once after 1,001 addresses each guessed wrong once and more wait: from the address it was made or last logged in from', async () => {
    const { hasher, door, told, attempt } = setUp(2);
    door.madeFrom('owner', '198.51.100.7');
    for (let i = 0; i <= MAX_GUESSERS; i++) door.throttle.wrong('owner', `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    // Every attempt at the account from anywhere else now waits its turn: the queue is full.
    const waiting = Array.from({ length: 10 }, (_, i) => attempt('owner', `172.16.0.${i}`, 'guess'));
    await settle();
    expect(waiting.filter((w) => w.verdict?.kind === 'refused')).toHaveLength(10 - MAX_QUEUED_GUESSES);
    const started = hasher.started;
    const toldBefore = told.length;
    const owner = attempt('owner', '198.51.100.7', 'right');
    await settle();
    expect(hasher.started).toBe(started + 1);
    hasher.checking.at(-1)!.finish();
    await settle();
    expect(owner.verdict).toEqual({ kind: 'right', newHash: null });
    // Told no wait, held by nothing.
    expect(told.slice(toldBefore)).toEqual([]);
  });

  it('looks at the address again when its turn comes: guesses queued before the third wrong one wait too', async () => {
    const { clock, hasher, told, attempt } = setUp(1);
    const guesses = Array.from({ length: 10 }, (_, i) => attempt(`name${i}`, '10.0.0.1', 'guess'));
    await settle();
    await hasher.finishAll();
    expect(hasher.started).toBe(3);
    expect(guesses.filter((g) => g.verdict?.kind === 'wrong')).toHaveLength(3);
    expect(told).toHaveLength(7);
    expect(new Set(told)).toEqual(new Set(['Too many wrong passwords from your address lately: this attempt waits 1 second.']));
    clock.advance(1000);
    await settle();
    expect(hasher.started).toBe(4);
    hasher.checking[0].finish();
    await settle();
    expect(told.at(-1)).toBe('Too many wrong passwords from your address lately: this attempt waits 2 seconds.');
    expect(hasher.started).toBe(4);
  });

  it('drops a check whose connection goes while it waits, and still counts a wrong one that was already hashing', async () => {
    const { door, hasher, attempt } = setUp(1);
    const hashing = new AbortController();
    const first = attempt('ana', '10.0.0.1', 'guess', hashing.signal);
    const waiting = new AbortController();
    const second = attempt('bob', '10.0.0.1', 'guess', waiting.signal);
    await settle();
    expect(hasher.started).toBe(1);
    waiting.abort();
    hashing.abort();
    await settle();
    expect(second.verdict).toEqual({ kind: 'gone' });
    expect(door.hashing.waiting).toBe(0);
    await hasher.finishAll();
    expect(first.verdict).toEqual({ kind: 'gone' });
    expect(hasher.started).toBe(1);
    door.throttle.wrong('ana', '10.0.0.1');
    door.throttle.wrong('ana', '10.0.0.1');
    expect(door.throttle.waitFor('ana', '10.0.0.1')?.ms).toBe(1000); // the abandoned guess was the first of three
  });

  it('hands back an old-cost hash made again at today\'s cost, after a right password only', async () => {
    const { hasher, door } = setUp();
    const signal = new AbortController().signal;
    const right = door.checkPassword({ address: '10.0.0.1', account: 'ana', password: 'pw', stored: 'old$pw' }, signal, () => {});
    const wrong = door.checkPassword({ address: '10.0.0.1', account: 'bob', password: 'no', stored: 'old$pw' }, signal, () => {});
    await settle();
    await hasher.finishAll();
    expect(await right).toEqual({ kind: 'right', newHash: 'fake$pw' });
    expect(await wrong).toEqual({ kind: 'wrong' });
  });
});

describe('the door: creations and addresses', () => {
  it('counts an IPv4 address the same whether it comes plain or IPv4-mapped', () => {
    const { door } = setUp();
    for (let i = 0; i < 5; i++) {
      const r = door.reserveCreation(i % 2 ? '::ffff:10.0.0.1' : '10.0.0.1');
      if (r.ok) r.reservation.confirm();
    }
    expect(door.reserveCreation('::FFFF:10.0.0.1').ok).toBe(false);
  });

  it('keys addresses: IPv4 as they are, IPv6 by their /64', () => {
    expect(addressGroup('10.1.2.3')).toBe('10.1.2.3');
    expect(addressGroup('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('64:ff9b::10.0.0.1')).toBe('64:ff9b:0:0::/64');
  });
});
