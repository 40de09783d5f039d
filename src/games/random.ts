import { randomInt } from 'node:crypto';

/** Where dice and shuffles come from. Rules receive one; they never call Math.random. */
export interface RandomSource {
  /** A whole number in [0, n). */
  int(n: number): number;
  /**
   * Runs one draw (a throw of two dice, one die, one shuffle) on the source `run` is given.
   * Only the provably fair source has it (src/games/fair-source.ts): each draw is one nonce
   * of its stream. The helpers below mark their draws; a source without `draw` serves them
   * from `int` as any other choice.
   */
  draw?<T>(run: (random: RandomSource) => T, kind: DrawKind, items?: readonly string[]): T;
}

/** What a draw is: a throw of dice (any number of them), one die, or a shuffle. */
export type DrawKind = 'dice' | 'die' | 'shuffle';

/**
 * `items`: a shuffle's items by name, in their order before it, for the draw's record; the
 * shuffle's `run` returns their new order as positions in that list.
 */
function oneDraw<T>(random: RandomSource, kind: DrawKind, run: (random: RandomSource) => T, items?: readonly string[]): T {
  return random.draw ? random.draw(run, kind, items) : run(random);
}

/** The production source: node:crypto. */
export const cryptoRandom: RandomSource = { int: (n) => randomInt(n) };

/** A repeatable source for `--seed N` and tests (sfc32 seeded through splitmix32). */
export function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  return {
    int(n) {
      // Rejection sampling keeps every face equally likely.
      const limit = Math.floor(0x1_0000_0000 / n) * n;
      let x = next();
      while (x >= limit) x = next();
      return x % n;
    },
  };
}

/** A source that replays fixed values (each already in range), for rules tests. */
export function fixedRandom(values: number[]): RandomSource {
  let i = 0;
  return {
    int(n) {
      if (i >= values.length) throw new Error('fixedRandom: ran out of values');
      const v = values[i++];
      if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`fixedRandom: ${v} is not in [0, ${n})`);
      return v;
    },
  };
}

export type Dice = [number, number];

const face = (random: RandomSource) => random.int(6) + 1;

/** One die, one draw (Dragon's Lair's treasure). */
export function rollDie(random: RandomSource): number {
  return oneDraw(random, 'die', face);
}

/** Dice thrown together, one draw: the first die, then the second, and so on (two unless said). */
export function rollDice(random: RandomSource): Dice;
export function rollDice(random: RandomSource, count: number): number[];
export function rollDice(random: RandomSource, count = 2): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`rollDice: ${count} is not a number of dice`);
  return oneDraw(random, 'dice', (r) => Array.from({ length: count }, () => face(r)));
}

/** Dice as the fixed values fixedRandom wants: diceValues(3, 4) throws a 3 and a 4. */
export function diceValues(...faces: number[]): number[] {
  return faces.map((f) => f - 1);
}

/**
 * Fisher-Yates, returning a new array; one draw, whatever the number of items. `name`: how the
 * draw's record names an item (a card as `7h`).
 */
export function shuffle<T>(items: readonly T[], random: RandomSource, name: (item: T) => string = String): T[] {
  const order = oneDraw(
    random,
    'shuffle',
    (r) => {
      const out = items.map((_, i) => i);
      for (let i = out.length - 1; i > 0; i--) {
        const j = r.int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    items.map(name),
  );
  return order.map((i) => items[i]);
}
