import { createHash, createHmac } from 'node:crypto';
import { rollDice, rollDie, shuffle, type RandomSource } from './random.js';

/**
 * The provably fair scheme (docs/rulings.md, "Provably fair draws"), as pure
 * functions of the revealed inputs, so the tables, the `verify` tool and the tests compute a
 * draw the same way. A table's live source, with its nonce and seeds, is fair-source.ts.
 */

/** A server seed is this many random bytes. */
export const SEED_BYTES = 32;

/** Gives the next number of a draw's stream: an unsigned 32-bit integer. */
export type U32Stream = () => number;

/**
 * Draw `nonce`'s stream: HMAC-SHA256 keyed with the seed bytes over the UTF-8 text
 * `<client seed>:<nonce>:<block>` for block = 0, 1, 2 ..., concatenated and read as
 * big-endian u32s (eight per block, made only when needed).
 */
export function drawStream(seed: Uint8Array, clientSeed: string, nonce: number): U32Stream {
  let block = 0;
  let bytes = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at === bytes.length) {
      bytes = createHmac('sha256', seed).update(`${clientSeed}:${nonce}:${block++}`).digest();
      at = 0;
    }
    const u = bytes.readUInt32BE(at);
    at += 4;
    return u;
  };
}

/** A whole number in [0, k): the next u, skipped while u >= floor(2^32 / k) * k, mod k. */
export function uniform(next: U32Stream, k: number): number {
  if (!Number.isInteger(k) || k < 1 || k > 2 ** 32) throw new RangeError(`uniform: ${k} is not a whole number from 1 to 2^32`);
  const limit = Math.floor(2 ** 32 / k) * k;
  let u = next();
  while (u >= limit) u = next();
  return u % k;
}

/** The stream as a RandomSource, so a draw runs through the games' own helpers (random.ts). */
export function streamSource(next: U32Stream): RandomSource {
  return { int: (k) => uniform(next, k) };
}

const drawSource = (seed: Uint8Array, clientSeed: string, nonce: number) => streamSource(drawStream(seed, clientSeed, nonce));

/** A throw of dice (two unless said): uniform(6) + 1 for each die in turn. */
export function fairDice(seed: Uint8Array, clientSeed: string, nonce: number, count = 2): number[] {
  return rollDice(drawSource(seed, clientSeed, nonce), count);
}

/** Dragon's Lair's treasure die: uniform(6) + 1. */
export function fairDie(seed: Uint8Array, clientSeed: string, nonce: number): number {
  return rollDie(drawSource(seed, clientSeed, nonce));
}

/**
 * A Fisher-Yates shuffle of n cards: for i from n - 1 down to 1, swap i with uniform(i + 1).
 * Returns the cards' positions before the shuffle, in their new order: element 0 is the
 * position of the card now on top.
 */
export function fairShuffle(seed: Uint8Array, clientSeed: string, nonce: number, n: number): number[] {
  return shuffle(
    Array.from({ length: n }, (_, i) => i),
    drawSource(seed, clientSeed, nonce),
  );
}

/** What a table shows before using a seed: SHA-256 of the seed bytes, lower-case hex. */
export function commitmentOf(seed: Uint8Array): string {
  return createHash('sha256').update(seed).digest('hex');
}

/**
 * The server seed of game `game` at `table` under `--seed N`: HMAC-SHA256 keyed with the
 * decimal text of N over `<table id>:<game>`. Repeatable, so never secret: for tests only.
 */
export function derivedSeed(n: number, table: string, game: number): Buffer {
  return createHmac('sha256', String(n)).update(`${table}:${game}`).digest();
}

/** A seed written as 64 hex digits (either case), or the reason it is not one. */
export function seedFromHex(text: string): { ok: true; seed: Buffer } | { ok: false; reason: string } {
  if (!/^[0-9a-fA-F]*$/.test(text)) return { ok: false, reason: `a seed is written in hex digits (0-9, a-f), and "${text}" is not` };
  if (text.length !== SEED_BYTES * 2) return { ok: false, reason: `a seed is ${SEED_BYTES * 2} hex digits (${SEED_BYTES} bytes), not ${text.length}` };
  return { ok: true, seed: Buffer.from(text, 'hex') };
}
