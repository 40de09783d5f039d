/**
 * Styled text as the rest of the server writes it: what a piece of text *is* (a room name, a
 * win, a deadline), never which colour it gets. Each connection's output path turns the marks
 * into ANSI colour, CSS classes on the web page, or nothing at all.
 *
 * A mark is SO + one letter for the style, the text, then SI. Player text can never hold SO or
 * SI (input cleaning removes every control character), so no player can forge or break a mark.
 * Marks nest.
 *
 * Two styles choose content rather than colour: `art` is decoration and layout (rules, boxes,
 * column layouts, a board drawn as a grid) that a screen reader skips, and `spoken` is the
 * sentence form of the same thing, shown only to screen readers. A view that draws a board
 * writes both, side by side, and the output path keeps one. Likewise `wide` and `narrow`: a
 * drawing in two sizes (`fitted`), of which the output path keeps the wide one where every line
 * of it fits the client's screen, and the narrow one elsewhere (a 40-column window).
 *
 * Every line is wrapped to the client's width by the output path. A wrapped line's
 * continuation lines hang under its first non-blank column, or under HANG where a line holds
 * one: `hanging('  look [<thing>]', 'Look at the room...')` keeps a description's wrapped
 * lines under the description column, however narrow the screen.
 */

export const MARK_OPEN = '\x0e';
export const MARK_CLOSE = '\x0f';
/** Where a line's wrapped continuation lines start (vertical tab: no player can type it). */
export const HANG = '\x0b';
/**
 * At the start of a line: never wrap it, however wide (form feed: no player can type it). For
 * the few lines scripts read whole, like `revealed <64 hex> for commitment <64 hex>`.
 */
export const WHOLE = '\x0c';
/**
 * Between the words of a phrase that scripts match whole (`Ana is the HERO`, `5,000 obsidian
 * coins`, `commitment <64 hex>`): a space the output path never breaks a line at, sent as a
 * space (DLE: no player can type it).
 */
export const BOUND = '\x10';

const CODES = {
  room: 'r',
  exit: 'x',
  speech: 's',
  name: 'n',
  coins: 'c',
  won: 'w',
  lost: 'l',
  turn: 't',
  deadline: 'd',
  heading: 'h',
  hint: 'i',
  channel: 'o',
  warning: 'a',
  art: 'g',
  spoken: 'p',
  wide: 'W',
  narrow: 'N',
} as const;

export type Style = keyof typeof CODES;

const STYLE_OF = new Map<string, Style>(Object.entries(CODES).map(([style, code]) => [code, style as Style]));

/** `text` marked as `style`. */
export function paint(style: Style, text: string): string {
  return `${MARK_OPEN}${CODES[style]}${text}${MARK_CLOSE}`;
}

/**
 * A two-column line: `head` padded to `column` characters, then `body`, whose wrapped lines
 * hang under the body's first column. A head that reaches into the body's column has a line
 * of its own, and the body starts under the column on the next; with no column, the body
 * starts a space after the head.
 */
export function hanging(head: string, body: string, column = 0): string {
  if (column > 0 && head.length >= column) return `${head}\n${' '.repeat(column)}${HANG}${body}`;
  return `${head.padEnd(Math.max(column, head.length + 1))}${HANG}${body}`;
}

/** The style a mark's letter stands for, or undefined for a letter that is none. */
export function styleOfCode(code: string): Style | undefined {
  return STYLE_OF.get(code);
}

/** `text` with its spaces bound: a wrapped line never breaks inside it (it may overflow instead). */
export function together(text: string): string {
  return text.replaceAll(' ', BOUND);
}

/** Bound spaces as the spaces they are sent as. */
export function unbound(text: string): string {
  return text.includes(BOUND) ? text.replaceAll(BOUND, ' ') : text;
}

/** A line the output path never wraps. */
export function whole(line: string): string {
  return `${WHOLE}${line}`;
}

/** The text with every mark removed (both `art` and `spoken` kept): for logs and tests. */
export function unmarked(text: string): string {
  return unbound(text.replace(/\x0e./gs, '').replace(/[\x0f\x0b]/g, ''));
}

/**
 * A board or a table of numbers as it is drawn (`art`) and the same in sentences (`spoken`),
 * side by side: the output path keeps the one its reader wants.
 */
export function drawn(art: string, spoken: string): string {
  return paint('art', art) + paint('spoken', spoken);
}

/**
 * A layout in two sizes, side by side: the output path keeps `wide` where every line of it fits
 * the client's screen, else `narrow`, which must say the same (the same numbers and names).
 */
export function fitted(wide: string, narrow: string): string {
  return paint('wide', wide) + paint('narrow', narrow);
}
