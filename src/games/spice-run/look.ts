/** `look <table>` at Spice Run for one viewer, drawn from their view (view.ts). */
import { formatCoins } from '../../rooms/amount.js';
import { secondsLeft } from '../deadline.js';
import { Voice } from '../voice.js';
import { drawn, paint } from '../../telnet/markup.js';
import { VARIANT_NAMES } from './story.js';
import { obsidianCoins } from '../../rooms/amount.js';
import type { SpiceRunView } from './view.js';

export function renderTable(view: SpiceRunView, now: number): string {
  const v = new Voice(view.viewer);
  if (view.phase === 'waiting') {
    const [first] = view.players;
    return first
      ? `${v.Name(first)} ${v.verb(first, 'sit')} waiting for an opponent${v.is(first) ? '' : ' (sit at the table to play)'}.`
      : 'Nobody is playing. Two players sit down to start a game.';
  }
  const [p1, p2] = view.players;
  const lines = [drawn(renderBoard(view), boardInWords(view, v)), `Player 1: ${v.label(p1)}    Player 2: ${v.label(p2)}`];
  lines.push(`Variant: ${VARIANT_NAMES[view.variant]}.  On the board: ${obsidianCoins(view.boardTotal)} in ${view.wagerCount} wager${view.wagerCount === 1 ? '' : 's'}.`);
  const wagers = view.board.flatMap((sq) => sq.wagers.map((w) => `  square ${String(sq.square).padStart(2)}: ${obsidianCoins(w.amount)} of ${v.theirs(w.player)}`));
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
function boardInWords(view: SpiceRunView, v: Voice): string {
  const squares = view.board
    .filter((sq) => sq.wagers.length)
    .map((sq) => `square ${sq.square}, ${sq.wagers.map((w) => `${obsidianCoins(w.amount)} of ${v.theirs(w.player)}`).join(' and ')}`);
  return squares.length ? `On the sand grid: ${squares.join('; ')}.` : 'The sand grid of squares 3 to 11 is empty.';
}

/** The grid of the rule text, with each player's coins on every square. */
function renderBoard(view: SpiceRunView): string {
  const W = 14;
  const center = (t: string) => {
    const left = Math.floor((W - t.length) / 2);
    return ' '.repeat(Math.max(0, left)) + t + ' '.repeat(Math.max(0, W - t.length - left));
  };
  const onSquare = (square: number, owner: string) =>
    view.board.find((sq) => sq.square === square)!.wagers.filter((w) => w.player === owner).reduce((n, w) => n + w.amount, 0);
  const [p1, p2] = view.players;
  const border = `+-----+${[0, 1, 2].map(() => '-'.repeat(W)).join('+')}+-----+`;
  const left = ['P', 'L', 'A', 'Y', 'E', 'R', '', '', '#', '1', ''];
  const right = ['P', 'L', 'A', 'Y', 'E', 'R', '', '', '#', '2', ''];
  const out = [border];
  const squares = view.board.map((sq) => sq.square);
  const rows = [squares.slice(0, 3), squares.slice(3, 6), squares.slice(6, 9)];
  let side = 0;
  rows.forEach((row, r) => {
    const cells = [
      row.map((sq) => center(String(sq))),
      row.map((sq) => center(onSquare(sq, p1) ? `P1 ${formatCoins(onSquare(sq, p1))}` : '')),
      row.map((sq) => center(onSquare(sq, p2) ? `P2 ${formatCoins(onSquare(sq, p2))}` : '')),
    ];
    for (const cell of cells) {
      out.push(`|  ${left[side] || ' '}  |${cell.join('|')}|  ${right[side] || ' '}  |`);
      side++;
    }
    if (r < 2) {
      out.push(`|  ${left[side] || ' '}  +${[0, 1, 2].map(() => '-'.repeat(W)).join('+')}+  ${right[side] || ' '}  |`);
      side++;
    }
  });
  out.push(border);
  return out.join('\n');
}
