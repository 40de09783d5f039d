import { commitmentOf, fairDice, fairDie, fairShuffle, seedFromHex } from './games/fair.js';
import { facesText } from './games/fair-text.js';

/**
 * `npm run verify -- <seed hex> <client seed> <nonce> [dice [N]|die|shuffle N]`: recomputes one
 * draw from a revealed seed (N dice thrown together: two unless said), as docs/fairness.md does in plain Node.
 */

const USAGE = 'Usage: npm run verify -- <seed hex> <client seed> <nonce> [dice [N]|die|shuffle N]';
const MAX_DICE = 100;
const MAX_CARDS = 10_000;

function fail(reason: string): never {
  console.error(`verify: ${reason}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(what: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined) fail(`${what} is missing.`);
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    fail(`${what} must be a whole number from ${min} to ${max.toLocaleString('en-US')}, not "${text}".`);
  }
  return Number(text);
}

const [seedHex, clientSeed, nonceText, kind = 'dice', ...rest] = process.argv.slice(2);
if (seedHex === '--help') {
  console.log(USAGE);
  process.exit(0);
}
if (seedHex === undefined) fail('the seed is missing.');
const parsed = seedFromHex(seedHex);
if (!parsed.ok) fail(`${parsed.reason}.`);
if (clientSeed === undefined || clientSeed === '') fail('the client seed is missing.');
const nonce = wholeNumber('the nonce', nonceText, 0, Number.MAX_SAFE_INTEGER);
const seed = parsed.seed;

let outcome: string;
if (kind === 'die') {
  if (rest.length) fail(`nothing follows "die", but "${rest[0]}" does.`);
  outcome = `die ${fairDie(seed, clientSeed, nonce)}`;
} else if (kind === 'dice') {
  const count = rest.length ? wholeNumber('the number of dice', rest[0], 1, MAX_DICE) : 2;
  if (rest.length > 1) fail(`nothing follows "dice ${count}", but "${rest[1]}" does.`);
  const dice = fairDice(seed, clientSeed, nonce, count);
  outcome = `dice ${facesText(dice)} (${dice.reduce((a, b) => a + b, 0)})`;
} else if (kind === 'shuffle') {
  const n = wholeNumber('the number of cards', rest[0], 1, MAX_CARDS);
  if (rest.length > 1) fail(`nothing follows "shuffle ${n}", but "${rest[1]}" does.`);
  outcome = `shuffle of ${n}, top card first, each card named by its place before the shuffle: ${fairShuffle(seed, clientSeed, nonce, n).join(' ')}`;
} else {
  fail(`the draw is dice [N], die or shuffle N, not "${kind}".`);
}

console.log(`commitment ${commitmentOf(seed)}`);
console.log(`client seed ${clientSeed} nonce ${nonce}`);
console.log(outcome);
