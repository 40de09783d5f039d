/** `look <table>` at Spice Run for one viewer, drawn from their view (view.ts). */
import { formatCoins } from '../../text/amount.js';
import { secondsLeft } from '../deadline.js';
import { Voice } from '../voice.js';
import { drawn, fitted, hanging, paint } from '../../text/markup.js';
import { VARIANT_NAMES } from './story.js';
import type { SpiceRunView } from './view.js';
import type { HostWords } from '../api.js';

export function renderTable(view: SpiceRunView, now: number, words: HostWords): string {
  const money = words.money;
  const v = new Voice(view.viewer);
  if (view.phase === 'waiting') {
    const [first] = view.players;
    return first
      ? `${v.Name(first)} ${v.verb(first, 'sit')} waiting for an opponent${v.is(first) ? '' : ' (sit at the table to play)'}.`
      : 'Nobody is playing. Two players sit down to start a game.';
  }
  const [p1, p2] = view.players;
  const lines = [drawn(renderBoard(view), boardInWords(view, v, money)), `Player 1: ${v.label(p1)};  Player 2: ${v.label(p2)}`];
  lines.push(`Variant: ${VARIANT_NAMES[view.variant]}.  On the board: ${money(view.boardTotal)} in ${view.wagerCount} wager${view.wagerCount === 1 ? '' : 's'}.`);
  const wagers = view.board.flatMap((sq) => sq.wagers.map((w) => hanging(`  square ${String(sq.square).padStart(2)}:`, `${money(w.amount)} of ${v.theirs(w.player)}`)));
  if (wagers.length) lines.push(paint('art', wagers.join('\n')));
  const last = view.lastRoll;
  if (last) lines.push(`Last roll: ${v.name(last.player)} threw ${last.dice[0]} and ${last.dice[1]} (${last.total}).`);
  lines.push(view.phase === 'placing' ? `Placing wagers (${view.wagersPlaced} of 4 down).` : 'Playing for the board.');
  if (view.next) lines.push(view.next);
  if (view.turn && view.deadline !== null) {
    lines.push(
      `${v.does(view.turn, 'have', 'has')} ${secondsLeft(view.deadline, now)} left for ${v.is(view.turn) ? 'your' : 'this'} turn; ` +
        `then ${view.lapse}.`,
    );
  }
  return lines.join('\n');
}

/** The board in one sentence, for a screen reader: each square with wagers, and what lies there. */
function boardInWords(view: SpiceRunView, v: Voice, money: HostWords['money']): string {
  const squares = view.board
    .filter((sq) => sq.wagers.length)
    .map((sq) => `square ${sq.square}, ${sq.wagers.map((w) => `${money(w.amount)} of ${v.theirs(w.player)}`).join(' and ')}`);
  return squares.length ? `On the sand grid: ${squares.join('; ')}.` : 'The sand grid of squares 3 to 11 is empty.';
}

/** The grid of the rule text, with each player's coins on every square; on a narrow screen the grid alone, with cells as wide as their text. */
function renderBoard(view: SpiceRunView): string {
  const [p1, p2] = view.players;
  const onSquare = (square: number, owner: string) =>
    view.board.find((sq) => sq.square === square)!.wagers.filter((w) => w.player === owner).reduce((n, w) => n + w.amount, 0);
  const cellsOf = (square: number) => [
    String(square),
    onSquare(square, p1) ? `P1 ${formatCoins(onSquare(square, p1))}` : '',
    onSquare(square, p2) ? `P2 ${formatCoins(onSquare(square, p2))}` : '',
  ];
  const squares = view.board.map((sq) => sq.square);
  const rows = [squares.slice(0, 3), squares.slice(3, 6), squares.slice(6, 9)].map((row) => row.map(cellsOf));
  const longest = Math.max(...rows.flat(2).map((t) => t.length));
  // Narrow: the grid alone, its cells as wide as their text; with amounts too long for that, a square a row.
  const cell = [longest + 2, longest].find((w) => 3 * (w + 1) + 1 <= NARROW);
  return fitted(grid(rows, 14, true), cell ? grid(rows, Math.max(cell, 8), false) : squareRows(rows.flat()));
}

/** The window a narrow layout is made for. */
const NARROW = 40;

/** One row a square: its number, then Player 1's and Player 2's coins on it. */
function squareRows(cells: string[][]): string {
  const widths = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i].length)));
  const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  const row = (c: string[]) => `|${c.map((t, i) => ` ${i === 0 ? t.padStart(widths[i]) : t.padEnd(widths[i])} `).join('|')}|`;
  return [rule, ...cells.map(row), rule].join('\n');
}

/** Three rows of three squares, each three lines of text centred in `W` columns; `sides`: the PLAYER 1 and PLAYER 2 columns either side. */
function grid(rows: string[][][], W: number, sides: boolean): string {
  const center = (t: string) => {
    const left = Math.floor((W - t.length) / 2);
    return ' '.repeat(Math.max(0, left)) + t + ' '.repeat(Math.max(0, W - t.length - left));
  };
  const rule = (cross: string) => [0, 1, 2].map(() => '-'.repeat(W)).join(cross);
  const left = ['P', 'L', 'A', 'Y', 'E', 'R', '', '', '#', '1', ''];
  const right = ['P', 'L', 'A', 'Y', 'E', 'R', '', '', '#', '2', ''];
  let side = 0;
  const line = (middle: string, edge: string) => {
    const out = sides ? `|  ${left[side] || ' '}  ${edge}${middle}${edge}  ${right[side] || ' '}  |` : `${edge}${middle}${edge}`;
    side++;
    return out;
  };
  const border = sides ? `+-----+${rule('+')}+-----+` : `+${rule('+')}+`;
  const out = [border];
  rows.forEach((row, r) => {
    for (let l = 0; l < 3; l++) out.push(line(row.map((cell) => center(cell[l])).join('|'), '|'));
    if (r < 2) out.push(line(rule('+'), '+'));
  });
  out.push(border);
  return out.join('\n');
}
