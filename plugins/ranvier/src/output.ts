/**
 * What the tables say (marked text, src/text/markup.ts) as a Ranvier player's socket gets it:
 * the drawn form of a board (Ranvier knows nothing of screen readers), the wide layout where it
 * fits the width and the narrow one elsewhere, the marks as ANSI colour (or nothing), every line
 * wrapped to the width with its hanging indent, and CR LF line ends.
 *
 * The text is written to the socket as it is: not through Broadcast, whose colour tags (sty's
 * `<red>`, `<b>`, `<5>`) would eat a player's client seed or name that looked like one. The
 * prompt after it is Broadcast's (world.ts).
 */
import { BOUND, HANG, MARK_CLOSE, MARK_OPEN, styleOfCode, WHOLE, type Style } from '../../../src/text/markup.js';
import type { RanvierPlayer } from './ranvier.js';

export interface OutputStyle {
  colour: boolean;
  width: number;
}

/** SGR codes per style: bright where the tavern's palette is bright, on any 16-colour client. */
const SGR: Partial<Record<Style, string>> = {
  room: '1;93',
  exit: '36',
  speech: '97',
  name: '1',
  coins: '33',
  won: '1;92',
  lost: '91',
  turn: '1;95',
  deadline: '1;33',
  heading: '1;4',
  hint: '2',
  channel: '94',
  warning: '1;91',
};

/** The styles that choose what is shown rather than how. */
const CHOICES = new Set<Style | undefined>(['art', 'spoken', 'wide', 'narrow']);

/** A piece of marked text, parsed: plain text, or a style around more pieces. */
type Piece = string | { style: Style | undefined; inner: Piece[] };

function parse(text: string): Piece[] {
  const root: Piece[] = [];
  const stack: Piece[][] = [root];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== MARK_OPEN && c !== MARK_CLOSE) continue;
    if (i > from) stack[stack.length - 1].push(text.slice(from, i));
    if (c === MARK_OPEN) {
      const node = { style: styleOfCode(text[i + 1] ?? ''), inner: [] as Piece[] };
      stack[stack.length - 1].push(node);
      stack.push(node.inner);
      i++;
    } else if (stack.length > 1) {
      stack.pop();
    }
    from = i + 1;
  }
  if (from < text.length) stack[stack.length - 1].push(text.slice(from));
  return root;
}

/** The text without marks, for measuring. */
function plain(pieces: Piece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : plain(p.inner))).join('');
}

/** Keeps what a sighted reader at `width` columns gets, with colour codes where `colour`. */
function flatten(pieces: Piece[], style: OutputStyle, open: string[]): string {
  let out = '';
  let wideFits = true;
  for (const p of pieces) {
    if (typeof p === 'string') {
      out += p;
      continue;
    }
    if (p.style === 'wide') wideFits = plain(p.inner).replace(/[\x0b\x0c]/g, '').split('\n').every((l) => l.length <= style.width);
    if (p.style === 'spoken' || (p.style === 'wide' && !wideFits) || (p.style === 'narrow' && wideFits)) continue;
    const code = style.colour && !CHOICES.has(p.style) && p.style ? SGR[p.style] : undefined;
    if (!code) {
      out += flatten(p.inner, style, open);
      continue;
    }
    const inside = [...open, code];
    // A style's end restores the styles around it.
    out += `\x1b[${code}m${flatten(p.inner, style, inside)}\x1b[0m${open.map((c) => `\x1b[${c}m`).join('')}`;
  }
  return out;
}

const ESCAPES = /\x1b\[[\d;]*m/g;
const visible = (s: string) => s.replace(ESCAPES, '').length;

/** Below this many columns left for the text, a hanging column is given up for a small indent. */
const MIN_BODY = 20;

/** One line wrapped at spaces (not bound ones) to `width`, continuation lines under its hanging column. */
function wrapLine(line: string, width: number): string {
  if (line.startsWith(WHOLE)) return line.slice(1);
  const mark = line.indexOf(HANG);
  const text = line.replace(HANG, '');
  if (visible(text) <= width) return text;
  const head = /^ */.exec(text)![0];
  const hang = mark >= 0 ? visible(line.slice(0, mark)) : head.length;
  const indent = ' '.repeat(width - hang >= MIN_BODY ? hang : 4);
  const [first, ...words] = text.slice(head.length).split(' ');
  const lines: string[] = [];
  let current = head + first;
  for (const word of words) {
    const candidate = `${current} ${word}`;
    if (visible(candidate) <= width) current = candidate;
    else if (word !== '') {
      lines.push(current.trimEnd());
      current = indent + word;
    }
  }
  lines.push(current);
  return lines.join('\n');
}

/** Marked text as one player's socket gets it. */
export function render(text: string, style: OutputStyle): string {
  return flatten(parse(text), style, [])
    .split('\n')
    .map((line) => wrapLine(line, style.width))
    .join('\n')
    .replaceAll(BOUND, ' ')
    .replace(/\r?\n/g, '\r\n');
}

/** Writes a message on a line of its own to the player's socket, if it is open. */
export function deliver(player: RanvierPlayer, text: string, style: OutputStyle): void {
  const socket = player.socket;
  if (!socket || !socket.writable) return;
  // As Broadcast does: a line after a prompt starts on a line of its own.
  if (socket._prompted) {
    socket.write('\r\n');
    socket._prompted = false;
  }
  socket.write(`${render(text, style)}\r\n`);
}
