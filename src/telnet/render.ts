/**
 * Marked-up text (text/markup.ts) to the text one client gets, in stages that know nothing of each
 * other: clean -> content (screen reader or not) -> colour -> charset -> wrap. Framing,
 * compression and the socket come after, in the connection. Pure.
 *
 * The content choice comes before colour so that the colour stage meets only colour styles.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { toAscii } from './charset.js';
import stringWidth from 'string-width';
import { MARK_CLOSE, MARK_OPEN, paint, styleOfCode, unbound, unmarked, type Style } from '../text/markup.js';
import type { ColourLevel } from './mtts.js';
import { MIN_WIDTH, wrapLines } from './wrap.js';

/** How one client wants its text. */
export interface RenderProfile {
  colour: ColourLevel;
  screenReader: boolean;
  /** Bytes above 127 are never sent: text is transliterated to ASCII. */
  ascii: boolean;
  width: number;
}

export function render(text: string, profile: RenderProfile): string {
  // Most deliveries are a few short lines of printable ASCII and colour marks: then cleaning,
  // the content choice, the charset and wrapping change nothing, and only the colour stage works.
  if (takesShortCut(text, profile)) return unbound(colourise(text, profile.colour));
  if (text.length < RENDERED_FROM || text.length > RENDERED_UP_TO) return renderNow(text, profile);
  // A long block is mostly one many people get (a crowded room's look, help): rendered once per profile.
  const key = `${profile.colour}${profile.screenReader ? 1 : 0}${profile.ascii ? 1 : 0}${profile.width}\0${text}`;
  let out = rendered.get(key);
  if (out === undefined) {
    out = renderNow(text, profile);
    if (rendered.size >= RENDERED_KEPT) rendered.clear(); // a crude bound: refilled from the blocks in use
    rendered.set(key, out);
  }
  return out;
}

/** Whether `text` takes render's short cut for this client (delivery.ts frames such text in one pass). */
export function takesShortCut(text: string, profile: RenderProfile): boolean {
  return isPlainShort(text, Math.max(profile.width, MIN_WIDTH));
}

/** Blocks this long are kept once rendered: shorter ones cost little, longer ones (a full `who`) are rarely the same twice. */
const RENDERED_FROM = 400;
const RENDERED_UP_TO = 8192;
export const RENDERED_KEPT = 200;
const rendered = new Map<string, string>();

function renderNow(text: string, profile: RenderProfile): string {
  const content = chooseContent(clean(text), profile.screenReader, profile.width);
  const coloured = colourise(content, profile.colour);
  return wrapLines(profile.ascii ? toAscii(coloured) : coloured, profile.width);
}

/**
 * True when `text` holds only printable ASCII, bound spaces, line ends and colour marks (no
 * `art` or `spoken`, no HANG or WHOLE), and no line is wider than `width` columns without its marks.
 */
export function isPlainShort(text: string, width: number): boolean {
  let column = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x10) {
      // A printable character, or a bound space (markup's BOUND), sent as a space.
      if (++column > width) return false;
    } else if (c === 0x0a) {
      column = 0;
    } else if (c === 0x0e) {
      const code = text.charCodeAt(++i);
      if (!(code >= 0x20 && code < 0x7f) || CHOICE_CODES.includes(code)) return false;
    } else if (c !== 0x0f) {
      return false;
    }
  }
  return true;
}

/** The marks that choose content rather than colour: the content stage takes them all away. */
const CHOICE_STYLES = new Set<Style | undefined>(['art', 'spoken', 'wide', 'narrow']);
const CHOICE_CODES = [...CHOICE_STYLES].map((style) => paint(style!, '').charCodeAt(1));

/**
 * Control characters have no business in text (world data, a game's message): only line ends,
 * the marks, the hang mark, the whole-line mark and bound spaces stay. A tab becomes a space. So
 * no ESC byte reaches the colour stage, which alone may add one.
 */
export function clean(text: string): string {
  return text.replace(/\t/g, ' ').replace(/[\x00-\x09\x0d\x11-\x1f\x7f-\x9f]/g, '');
}

/**
 * Keeps `spoken` and drops `art` for a screen reader, the reverse for everyone else; keeps a
 * `wide` layout where it fits `width` columns and its `narrow` twin where it does not. The
 * marks themselves go. A dropped block that filled whole lines takes its line end along, so
 * no blank line is left where it was.
 */
export function chooseContent(text: string, screenReader: boolean, width = Infinity): string {
  if (!text.includes(MARK_OPEN)) return text;
  const drop = screenReader ? 'art' : 'spoken';
  let out = '';
  const closers: boolean[] = []; // for each open mark: is its SI kept?
  let wideFits = true; // the last `wide` block's choice, for the `narrow` twin right after it
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === MARK_OPEN) {
      const style = styleOfCode(text[i + 1] ?? '');
      if (style === 'wide') wideFits = fits(chooseContent(text.slice(i + 2, closingOf(text, i)), screenReader), width);
      if (style === drop || (style === 'wide' && !wideFits) || (style === 'narrow' && wideFits)) {
        const end = closingOf(text, i);
        const atLineStart = out === '' || out.endsWith('\n');
        i = end + 1;
        if (atLineStart && text[i] === '\n') i++;
        else if (atLineStart && i >= text.length && out.endsWith('\n')) out = out.slice(0, -1);
        continue;
      }
      const kept = !CHOICE_STYLES.has(style);
      closers.push(kept);
      if (kept) out += text.slice(i, i + 2);
      i += 2;
    } else if (c === MARK_CLOSE) {
      if (closers.pop()) out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Whether every line of marked text is at most `width` columns (the narrowest screen wrapped for counts as MIN_WIDTH). */
function fits(text: string, width: number): boolean {
  const columns = Math.max(width, MIN_WIDTH);
  return unmarked(text)
    .split('\n')
    .every((line) => stringWidth(line) <= columns);
}

/** The index of the SI that closes the mark opened at `open` (or the last index). */
function closingOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === MARK_OPEN) depth++;
    else if (text[i] === MARK_CLOSE && --depth === 0) return i;
  }
  return text.length - 1;
}

/** Marks to ANSI colour at the client's level; at level 0 the marks go and nothing is added. */
export function colourise(text: string, level: ColourLevel): string {
  if (!text.includes(MARK_OPEN) && !text.includes(MARK_CLOSE)) return text;
  const palette = PALETTES[level];
  if (!palette) return text.replace(MARKS, '');
  const stack: { style: Style | undefined; text: string }[] = [{ style: undefined, text: '' }];
  const close = () => {
    const node = stack.pop()!;
    stack[stack.length - 1].text += node.style && palette ? palette[node.style](node.text) : node.text;
  };
  let from = 0;
  const marks = /[\x0e\x0f]/g;
  for (let m = marks.exec(text); m; m = marks.exec(text)) {
    stack[stack.length - 1].text += text.slice(from, m.index);
    if (m[0] === MARK_OPEN) {
      stack.push({ style: styleOfCode(text[m.index + 1] ?? ''), text: '' });
      marks.lastIndex = m.index + 2;
    } else if (stack.length > 1) {
      close();
    }
    from = marks.lastIndex;
  }
  stack[stack.length - 1].text += text.slice(from);
  while (stack.length > 1) close();
  return stack[0].text;
}

/** A mark with its style letter, or a close: all that colour level 0 removes. */
const MARKS = /\x0e[^]?|\x0f/g;

type Paint = (text: string) => string;

/**
 * The palette: a desert at dusk. Each style has a 16-colour form and a richer one (hex, which
 * chalk sends as the nearest of 256 colours at level 2 and exactly at level 3).
 */
function palette(chalk: ChalkInstance, rich: boolean): Record<Style, Paint> {
  const pick = (basic: Paint, hex: Paint): Paint => (rich ? hex : basic);
  const same: Paint = (text) => text;
  return {
    room: pick(chalk.bold.yellowBright, chalk.bold.hex('#f2c14e')),
    exit: pick(chalk.cyan, chalk.hex('#6ec6c6')),
    speech: pick(chalk.whiteBright, chalk.hex('#f5e6c8')),
    name: pick(chalk.bold, chalk.bold.hex('#e8c39e')),
    coins: pick(chalk.yellow, chalk.hex('#d4af37')),
    won: pick(chalk.bold.greenBright, chalk.bold.hex('#7bc950')),
    lost: pick(chalk.redBright, chalk.hex('#e4572e')),
    turn: pick(chalk.bold.magentaBright, chalk.bold.hex('#c678dd')),
    deadline: pick(chalk.bold.yellow, chalk.bold.hex('#ff8c42')),
    heading: pick(chalk.bold.underline, chalk.bold.underline.hex('#f2c14e')),
    hint: pick(chalk.dim, chalk.hex('#9a8f80')),
    channel: pick(chalk.blueBright, chalk.hex('#61afef')),
    warning: pick(chalk.bold.redBright, chalk.bold.hex('#ff5f5f')),
    art: same,
    spoken: same,
    wide: same,
    narrow: same,
  };
}

const PALETTES: Record<ColourLevel, Record<Style, Paint> | null> = {
  0: null,
  1: palette(new Chalk({ level: 1 }), false),
  2: palette(new Chalk({ level: 2 }), true),
  3: palette(new Chalk({ level: 3 }), true),
};
