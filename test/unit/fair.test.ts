import { createHash, createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  derivedSeed,
  drawStream,
  fairDice,
  fairDie,
  fairShuffle,
  seedFromHex,
  streamSource,
  uniform,
} from '../../src/games/fair.js';
import { rollDice, rollDie, shuffle } from '../../src/games/random.js';

const run = promisify(execFile);

/**
 * The scheme written again from the ruling, without the module: the whole byte stream made
 * up front, read through a DataView.
 */
function independent(seed: Buffer, clientSeed: string, nonce: number) {
  const blocks = Array.from({ length: 64 }, (_, b) => createHmac('sha256', seed).update(`${clientSeed}:${nonce}:${b}`).digest());
  const bytes = Buffer.concat(blocks);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const u32 = () => {
    const u = view.getUint32(at, false);
    at += 4;
    return u;
  };
  const uni = (k: number) => {
    const limit = Math.floor(4294967296 / k) * k;
    for (;;) {
      const u = u32();
      if (u < limit) return u % k;
    }
  };
  return {
    u32,
    uni,
    dice: () => [uni(6) + 1, uni(6) + 1],
    shuffle: (n: number) => {
      const cards = [...Array(n).keys()];
      for (let i = n - 1; i >= 1; i--) {
        const j = uni(i + 1);
        const t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
      }
      return cards;
    },
  };
}

/** Seed 00 01 02 ... 1f: docs/fairness.md's and the vectors' seed. */
const SEED_HEX = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED = Buffer.from(SEED_HEX, 'hex');
const CLIENT = 'bones-table:7';

/** Values also computed with Python's hmac and hashlib, so they do not rest on Node alone. */
const VECTORS = {
  commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
  diceAtNonce0: [6, 3],
  dieAtNonce3: 2,
  shuffle40AtNonce0: [
    16, 32, 15, 25, 3, 11, 31, 7, 2, 23, 14, 33, 28, 21, 24, 22, 9, 29, 35, 6, 27, 36, 18, 13, 0, 37, 12, 1, 17, 34, 4, 26, 19, 30,
    20, 39, 10, 8, 38, 5,
  ],
  derived42BonesTable1: '2b25d3f2637c0776bf43343c824f782498129689a778ca68edda168469407294',
};

/** A stream that hands out the given numbers, and counts how many were taken. */
function injected(values: number[]) {
  const stream = Object.assign(
    () => {
      if (stream.taken >= values.length) throw new Error('the injected stream ran out');
      return values[stream.taken++];
    },
    { taken: 0 },
  );
  return stream;
}

describe('the fixed vectors', () => {
  it('seed 00..1f, client seed bones-table:7, nonce 0 throws a 6 and a 3', () => {
    expect(independent(SEED, CLIENT, 0).dice()).toEqual(VECTORS.diceAtNonce0);
    expect(fairDice(SEED, CLIENT, 0)).toEqual(VECTORS.diceAtNonce0);
  });

  it('the treasure die at nonce 3 is a 2', () => {
    expect(independent(SEED, CLIENT, 3).uni(6) + 1).toBe(VECTORS.dieAtNonce3);
    expect(fairDie(SEED, CLIENT, 3)).toBe(VECTORS.dieAtNonce3);
  });

  it('a 40-card shuffle at nonce 0 (five HMAC blocks of the stream)', () => {
    expect(independent(SEED, CLIENT, 0).shuffle(40)).toEqual(VECTORS.shuffle40AtNonce0);
    expect(fairShuffle(SEED, CLIENT, 0, 40)).toEqual(VECTORS.shuffle40AtNonce0);
  });

  it('many other seeds, client seeds, nonces and sizes agree with the independent implementation', () => {
    for (let i = 0; i < 40; i++) {
      const seed = createHash('sha256').update(`seed ${i}`).digest();
      const client = i % 2 ? `lair-table:${i}` : 'ünïcode-ok';
      expect(fairDice(seed, client, i * 7)).toEqual(independent(seed, client, i * 7).dice());
      expect(fairDie(seed, client, i)).toBe(independent(seed, client, i).uni(6) + 1);
      expect(fairShuffle(seed, client, i, i + 12)).toEqual(independent(seed, client, i).shuffle(i + 12));
    }
  });

  it('the stream is block 0, then block 1, ... read as big-endian u32s', () => {
    const next = drawStream(SEED, CLIENT, 5);
    const mine = independent(SEED, CLIENT, 5);
    const words = Array.from({ length: 20 }, () => next());
    expect(words).toEqual(Array.from({ length: 20 }, () => mine.u32()));
    const block1 = createHmac('sha256', SEED).update(`${CLIENT}:5:1`).digest();
    expect(words[8]).toBe(block1.readUInt32BE(0));
  });
});

describe('uniform(k) rejects the top of the range', () => {
  it('skips u >= floor(2^32 / 6) * 6 = 4294967292 and returns the next u mod 6', () => {
    const stream = injected([0xffffffff, 4294967292, 4294967291]);
    expect(uniform(stream, 6)).toBe(4294967291 % 6);
    expect(stream.taken).toBe(3);
  });

  it('takes a u just under the limit at once', () => {
    const stream = injected([4294967291, 0xffffffff]);
    expect(uniform(stream, 6)).toBe(5);
    expect(stream.taken).toBe(1);
  });

  it('for 40 cards the limit is 4294967280', () => {
    const stream = injected([4294967280, 4294967295, 4294967279]);
    expect(uniform(stream, 40)).toBe(39);
    expect(stream.taken).toBe(3);
  });

  it('dice and shuffles drawn from a stream skip the rejected values too', () => {
    expect(rollDice(streamSource(injected([0xffffffff, 7, 0xfffffffd, 12])))).toEqual([2, 1]);
    expect(rollDie(streamSource(injected([4294967294, 4294967293, 3])))).toBe(4);
    // Three cards: i = 2 swaps with uniform(3) = 1 (4294967295 is the limit, so it is skipped; 4 % 3 = 1),
    // giving a c b; then i = 1 swaps with uniform(2) = 0, giving c a b.
    expect(shuffle(['a', 'b', 'c'], streamSource(injected([4294967295, 4, 0])))).toEqual(['c', 'a', 'b']);
  });

  it('on the real stream: a nonce whose first u32 is rejected for k = 2^31 + 1 gives the second u32 mod k', () => {
    const k = 2 ** 31 + 1;
    const firstTwo = (nonce: number) => {
      const mine = independent(SEED, CLIENT, nonce);
      return [mine.u32(), mine.u32()];
    };
    let nonce = 0;
    while (!(firstTwo(nonce)[0] >= k && firstTwo(nonce)[1] < k)) nonce++;
    expect(uniform(drawStream(SEED, CLIENT, nonce), k)).toBe(firstTwo(nonce)[1] % k);
  });

  it('refuses a k that is not a whole number from 1 to 2^32', () => {
    for (const k of [0, -1, 1.5, 2 ** 32 + 1, NaN]) expect(() => uniform(injected([1]), k)).toThrow(RangeError);
  });
});

describe('the commitment and the seeds', () => {
  it('is SHA-256 of the 32 seed bytes in lower-case hex', () => {
    expect(commitmentOf(SEED)).toBe(VECTORS.commitment);
    expect(commitmentOf(Buffer.alloc(32))).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
  });

  it('--seed N: HMAC-SHA256 keyed with the text of N over <table id>:<game>', () => {
    expect(derivedSeed(42, 'bones-table', 1).toString('hex')).toBe(VECTORS.derived42BonesTable1);
    expect(derivedSeed(42, 'bones-table', 1)).toEqual(createHmac('sha256', '42').update('bones-table:1').digest());
    expect(derivedSeed(42, 'bones-table', 2)).not.toEqual(derivedSeed(42, 'bones-table', 1));
    expect(derivedSeed(42, 'sand-table', 1)).not.toEqual(derivedSeed(42, 'bones-table', 1));
    expect(derivedSeed(43, 'bones-table', 1)).not.toEqual(derivedSeed(42, 'bones-table', 1));
  });

  it('reads a seed from 64 hex digits of either case, and says why anything else is not one', () => {
    const upper = seedFromHex(SEED_HEX.toUpperCase());
    expect(upper.ok && upper.seed.equals(SEED)).toBe(true);
    expect(seedFromHex('12zz')).toEqual({ ok: false, reason: expect.stringContaining('hex digits') });
    expect(seedFromHex(SEED_HEX.slice(2))).toEqual({ ok: false, reason: expect.stringContaining('not 62') });
    expect(seedFromHex('')).toEqual({ ok: false, reason: expect.stringContaining('not 0') });
  });
});

describe("docs/fairness.md's plain-Node check", () => {
  const page = readFileSync(new URL('../../docs/fairness.md', import.meta.url), 'utf8');
  const code = /```js\n(\/\/ check\.mjs[\s\S]*?)```/.exec(page)?.[1];

  it('is in docs/fairness.md, short, and uses node:crypto alone', () => {
    expect(code).toBeDefined();
    expect(code!.trim().split('\n').length).toBeLessThanOrEqual(18);
    expect([...code!.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['node:crypto']);
  });

  it('prints what the module computes', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fair-readme-')), 'check.mjs');
    writeFileSync(file, code!);
    const check = async (...args: string[]) => (await run(process.execPath, [file, ...args])).stdout.trim().split('\n');
    const commitment = `commitment ${VECTORS.commitment}`;
    expect(await check(SEED_HEX, CLIENT, '0')).toEqual([commitment, VECTORS.diceAtNonce0.join(' ')]);
    expect(await check(SEED_HEX, CLIENT, '3', 'die')).toEqual([commitment, String(VECTORS.dieAtNonce3)]);
    expect(await check(SEED_HEX, CLIENT, '4', 'dice', '3')).toEqual([commitment, fairDice(SEED, CLIENT, 4, 3).join(' ')]);
    expect(await check(SEED_HEX, CLIENT, '0', 'shuffle', '40')).toEqual([commitment, VECTORS.shuffle40AtNonce0.join(' ')]);
    expect(await check(SEED_HEX, 'lair-table:2', '1', 'shuffle', '12')).toEqual([commitment, fairShuffle(SEED, 'lair-table:2', 1, 12).join(' ')]);
  });
});

describe('npm run verify', () => {
  const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
  const verify = new URL('../../src/verify.ts', import.meta.url).pathname;

  it('prints the commitment and the outcome', async () => {
    const { stdout } = await run(tsx, [verify, SEED_HEX, CLIENT, '0', 'shuffle', '40']);
    expect(stdout).toContain(`commitment ${VECTORS.commitment}`);
    expect(stdout).toContain(`: ${VECTORS.shuffle40AtNonce0.join(' ')}\n`);
    expect((await run(tsx, [verify, SEED_HEX, CLIENT, '0'])).stdout).toContain('dice 6 and 3 (9)');
    // Any number of dice thrown together: the first two are the same draw's first two.
    const [a, b, c] = fairDice(SEED, CLIENT, 0, 3);
    expect([a, b]).toEqual([6, 3]);
    expect((await run(tsx, [verify, SEED_HEX, CLIENT, '0', 'dice', '3'])).stdout).toContain(`dice 6, 3 and ${c} (${9 + c})`);
  });

  it('refuses bad input with one line of reason and exit code 2', async () => {
    const failure = await run(tsx, [verify, SEED_HEX, CLIENT, '-1', 'die']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr.split('\n')[0]).toBe('verify: the nonce must be a whole number from 0 to 9,007,199,254,740,991, not "-1".');
  });
});
