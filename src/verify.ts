import { readFileSync } from 'node:fs';
import { commitmentOf, fairDice, fairDie, fairShuffle, seedFromHex } from './games/fair.js';
import { checkGame, type RecordedGame } from './games/fair-check.js';
import { facesText } from './games/fair-text.js';
import { games } from './games/index.js';

/**
 * `npm run verify -- <seed hex> <client seed> <nonce> [dice [N]|die|shuffle N]`: recomputes one
 * draw from a revealed seed (N dice thrown together: two unless said), as docs/fairness.md does in plain Node.
 * `npm run verify -- game <file>`: checks whole games from their records: a tavern's (the tavern
 * page's `/api/tables/<id>/games`) or a dealer's (`<data>/records/<table>-<n>.json`).
 */

const USAGE = 'Usage: npm run verify -- <seed hex> <client seed> <nonce> [dice [N]|die|shuffle N]\n       npm run verify -- game <file of game records (JSON)>';
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
if (seedHex === 'game') checkGames(process.argv[3], process.argv.slice(4));
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

interface GameFile {
  table?: string | { id?: string; freshDecks?: string[][] };
  game?: string;
  number?: number;
  games?: unknown[];
}

/** Checks every game in a file of records (one, a list, or the tavern page's answer); exits 1 if any does not check out. */
function checkGames(file: string | undefined, extra: string[]): never {
  if (!file) fail('the file of game records is missing.');
  if (extra.length) fail(`nothing follows "game ${file}", but "${extra[0]}" does.`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    fail(`${file} is not a file of JSON: ${(e as Error).message}`);
  }
  const answer = data as GameFile;
  const records = (Array.isArray(data) ? data : Array.isArray(answer.games) ? answer.games : [data]) as (RecordedGame & GameFile)[];
  const pageDecks = typeof answer.table === 'object' ? answer.table?.freshDecks : undefined;
  let bad = 0;
  for (const r of records) {
    if (!r || typeof r.serverSeed !== 'string' || typeof r.commitment !== 'string' || typeof r.clientSeed !== 'string' || !Array.isArray(r.draws)) {
      fail(`${file} holds something that is not a game record (a record has commitment, serverSeed, clientSeed and draws).`);
    }
    const decks = pageDecks ?? games.find((g) => g.id === r.game)?.freshDecks ?? [];
    const name = `game ${r.number ?? '?'}${typeof r.table === 'string' ? ` at ${r.table}` : ''}${r.game ? ` (${r.game})` : ''}`;
    const { problems, draws } = checkGame(r, decks);
    if (problems.length) {
      bad++;
      console.log(`${name} does not check out: ${problems.join('; ')}.`);
    } else {
      const matched = draws === 0 ? 'it made no draws' : draws === 1 ? 'its one draw matches' : draws === 2 ? 'both its draws match' : `all ${draws} draws match`;
      console.log(`${name} checks out: its seed hashes to the commitment ${r.commitment}, and ${matched} what the seed gives.`);
    }
  }
  process.exit(bad ? 1 : 0);
}
