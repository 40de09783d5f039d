/**
 * The wrapping stage: every line no wider than the client's screen, ANSI colour kept intact
 * (wrap-ansi closes and reopens styles across the break; string-width counts columns, not
 * code units, so wide characters and escape codes are measured right), with hanging indents:
 * continuation lines start under the line's first non-blank column, or under its HANG mark.
 */
import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';
import { BOUND, HANG, unbound, WHOLE } from '../text/markup.js';

/** Below this many columns left for the text, a hanging column is given up (see wrapLine). */
const MIN_BODY_WIDTH = 20;
/** How far continuation lines are indented when the hanging column is given up. */
const FALLBACK_INDENT = 4;
/** Narrower screens than this are treated as this wide: one word a line helps nobody. */
export const MIN_WIDTH = 20;

/**
 * A bound space while a line is measured and wrapped: one column wide, and not a space to
 * wrap-ansi, so a bound phrase is one word (a private-use character: a player's own, in a line
 * that holds a bound phrase, is sent as a space).
 */
const KEPT = '\ue000';

/** Wraps every line of `text` to `width` columns; a bound phrase (markup's `together`) is never broken. */
export function wrapLines(text: string, width: number): string {
  const columns = Math.max(width, MIN_WIDTH);
  // Most deliveries are a few short ASCII lines: nothing to measure.
  if (!text.includes(HANG) && !text.includes(WHOLE) && /^[\x00-\x7f]*$/.test(text) && text.split('\n').every((l) => l.length <= columns)) return unbound(text);
  return text
    .split('\n')
    .map((line) => wrapLine(line, columns))
    .join('\n');
}

/**
 * Lines that need wrapping are mostly the same few (a room's description, help), wrapped again
 * for every look: their wrapped form is kept, per width, up to WRAPPED_KEPT lines.
 */
const wrapped = new Map<string, string>();
export const WRAPPED_KEPT = 1000;

function wrapLine(line: string, width: number): string {
  if (line.startsWith(WHOLE)) return unbound(line.slice(WHOLE.length));
  const key = `${width}\0${line}`;
  const known = wrapped.get(key);
  if (known !== undefined) return known;
  const out = line.includes(BOUND) ? wrapLineNow(line.replaceAll(BOUND, KEPT), width).replaceAll(KEPT, ' ') : wrapLineNow(line, width);
  if (out !== line) {
    if (wrapped.size >= WRAPPED_KEPT) wrapped.clear(); // a crude bound: refilled from the lines in use
    wrapped.set(key, out);
  }
  return out;
}

function wrapLineNow(line: string, width: number): string {
  const mark = line.indexOf(HANG);
  if (mark < 0 && stringWidth(line) <= width) return line;
  let head: string;
  let body: string;
  if (mark >= 0) {
    head = line.slice(0, mark);
    body = line.slice(mark + 1).replaceAll(HANG, '');
  } else {
    head = /^\s*/.exec(line)![0];
    body = line.slice(head.length);
  }
  const indent = stringWidth(head);
  if (indent + stringWidth(body) <= width) return head + body;
  if (width - indent >= MIN_BODY_WIDTH) {
    const lines = wrapAnsi(body, width - indent, { hard: mayCut(body, width - indent) }).split('\n');
    return lines.map((l, i) => (i === 0 ? head : ' '.repeat(indent)) + l).join('\n');
  }
  // Too narrow for the column: the head on a line of its own, the body indented under it.
  const pad = ' '.repeat(FALLBACK_INDENT);
  const shortHead = head.trimEnd();
  // A head too long for the screen wraps as a line of its own (hanging under its first non-blank).
  const heads = shortHead.trim() ? [wrapLine(shortHead, width)] : [];
  const rest = wrapAnsi(body, width - FALLBACK_INDENT, { hard: mayCut(body, width - FALLBACK_INDENT) }).split('\n').map((l) => pad + l);
  return [...heads, ...rest].join('\n');
}

/**
 * Whether a word wider than the line may be cut: always, but where a bound phrase is itself
 * wider than the line, which must overflow it whole (wrap-ansi cuts every long word or none).
 */
function mayCut(body: string, width: number): boolean {
  if (!body.includes(KEPT)) return true;
  return !body.split(' ').some((word) => word.includes(KEPT) && stringWidth(word) > width);
}
