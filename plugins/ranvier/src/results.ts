import type { HostWords } from '../../../src/games/api.js';
import type { DrawRecord } from '../../../src/games/fair-source.js';
import { facesText } from '../../../src/games/fair-text.js';
import { resultText } from '../../../src/games/result-text.js';
import { together, whole } from '../../../src/text/markup.js';
import type { GameRecord } from './archive.js';
import type { Result } from './books.js';

/**
 * What came of the players' bets, in words: a player coming back (what the tables' journal says
 * happened while they were away), `history`, and a past game's record (`fair <table> <game>`).
 */

/** How the tables name a table and its game, by the table's id (a table no longer in the world by its id). */
export interface TableNamer {
  label(table: string): string;
  title(game: string, table: string): string;
}

/** One result in one line: `  Spice Run at the sand table, square 5: staked 100, paid 300, won 200`. */
export function resultLine(r: Result, names: TableNamer): string {
  return `  ${names.title(r.game, r.table)} at ${names.label(r.table)}, ${r.bet}: ${resultText(r)}`;
}

/** What a player coming back is told of the results settled while they were not at the table to hear them. */
export function awayText(results: readonly Result[], names: TableNamer, words: HostWords): string {
  const paid = results.reduce((n, r) => n + r.paid, 0);
  const staked = results.reduce((n, r) => n + r.stake, 0);
  // Hand-outs are results with nothing staked: paid, but no bet settled.
  const bets = results.filter((r) => r.stake > 0).length;
  const settled = bets === 0 ? '' : `settled ${bets === 1 ? 'a bet' : `${bets} bets`} of yours and `;
  return [`While you were away, the tables ${settled}paid you ${words.money(paid)}${staked ? ` (${words.money(staked)} had been staked)` : ''}:`, ...results.map((r) => resultLine(r, names))].join('\n');
}

/** `history [<n>]`: the player's last results, newest first. */
export function historyText(results: readonly Result[], names: TableNamer, kept: number, asked: number): string {
  if (!results.length) return 'You have no results at the tables yet. What comes of each bet you make is kept here.';
  const shown = results.slice(0, asked);
  const more = asked > kept ? ` (the tables keep your last ${kept})` : '';
  const title = shown.length === 1 ? 'Your last result at the tables:' : `Your last ${shown.length} results at the tables, newest first${more}:`;
  return [title, ...shown.map((r) => resultLine(r, names))].join('\n');
}

function drawText(d: DrawRecord): string {
  if (d.kind === 'dice') return `dice ${facesText(d.dice)}`;
  if (d.kind === 'die') return `die ${d.die}`;
  return `shuffle of ${d.cards.length} to ${d.order.join(' ')}`;
}

/**
 * A past game's record, every number in it needed to check it (docs/fairness.md): the seed and
 * its commitment, the client seed, each draw by its nonce, and what came of the bets.
 */
export function gameText(g: GameRecord, names: TableNamer): string {
  const when = `${g.at.slice(0, 16).replace('T', ' ')} UTC`;
  return [
    `${names.title(g.game, g.table)} at ${names.label(g.table)}, game ${g.number}: it ended ${when}${g.cutOff ? ', cut off by a stop of the world' : ''}.`,
    whole(`  revealed ${g.serverSeed} for commitment ${g.commitment}`),
    `  ${together(`client seed ${g.clientSeed}`)}, ${g.draws.length === 1 ? 'one draw' : `${g.draws.length} draws`}${g.draws.length ? ':' : '.'}`,
    ...g.draws.map((d) => `    nonce ${d.nonce}: ${drawText(d)}`),
    ...(g.results.length ? ['  What came of the bets:', ...g.results.map((r) => `    ${r.name}, ${r.bet}: ${resultText(r)}`)] : []),
  ].join('\n');
}

/** `fair <table> <game>` of a game that has no record: which games have. */
export function noRecordText(number: number, label: string, numbers: readonly number[], current: number): string {
  if (number === current) return `Game ${number} at ${label} is not over yet: its seed is revealed when it ends.`;
  if (!numbers.length) return `No game at ${label} has a record yet.`;
  const first = numbers[0];
  const last = numbers[numbers.length - 1];
  const which = numbers.length === last - first + 1 ? `games ${first} to ${last}` : `games ${numbers.join(', ')}`;
  return `There is no record of game ${number} at ${label}; it has records of ${first === last ? `game ${first}` : which}.`;
}
