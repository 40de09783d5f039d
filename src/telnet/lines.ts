/**
 * Input lines from raw telnet data bytes (negotiation already removed): line ends, length
 * cap, UTF-8 decoding and cleaning. Pure: no sockets, no timers.
 */

const CR = 0x0d;
const LF = 0x0a;
const NUL = 0x00;
const BS = 0x08;
const DEL = 0x7f;

export const DEFAULT_MAX_LINE_BYTES = 1024;
/** A line buffer grown past this is let go after its line: idle connections stay small. */
const KEPT_BUFFER_BYTES = 128;

/** Called with each line completed: its decoded and cleaned text, without its line end, and whether it was longer than the cap and its tail discarded. */
export type LineListener = (text: string, cut: boolean) => void;

/**
 * Cuts a byte stream into lines. A line ends at CR LF, CR NUL, LF, or a CR alone; a CR ends
 * the line at once and an LF or NUL right after it (even in the next chunk) is swallowed.
 * Backspace (8) and DEL (127) erase the last character typed, for clients in character mode
 * (in line mode the client edits the line itself and sends it whole).
 */
export class LineAssembler {
  private line: Buffer = Buffer.alloc(0);
  private length = 0;
  private overflowed = false;
  private afterCr = false;
  /** Every byte of the line so far is printable ASCII: nothing to decode or clean. */
  private printable = true;

  constructor(readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {}

  /** Feeds the next chunk; `line` hears each line it completes, in order (no list is made per chunk: most chunks are one line). */
  push(chunk: Buffer, line: LineListener): void {
    const whole = this.wholeLine(chunk);
    if (whole !== null) return line(whole, false);
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.afterCr) {
        this.afterCr = false;
        if (byte === LF || byte === NUL) continue;
      }
      if (byte === CR || byte === LF) {
        // Set before the line is heard, so that whatever hearing it does finds the state as it is.
        this.afterCr = byte === CR;
        this.takeLine(line);
      } else if (this.overflowed) {
        // The rest of a line past the cap goes unread up to its end, with native searches.
        i = lineEnd(chunk, i) - 1;
      } else if (byte === BS || byte === DEL) {
        this.eraseCharacter();
      } else if (this.length < this.maxLineBytes) {
        this.append(byte);
      } else {
        this.overflowed = true;
      }
    }
  }

  /** A line is being typed past the cap: it will be cut. */
  get overflowing(): boolean {
    return this.overflowed;
  }

  /** Nearly every chunk from a client in line mode is one line of printable ASCII and its CR LF, with nothing before it: its text, else null. */
  private wholeLine(chunk: Buffer): string | null {
    const end = chunk.length - 2;
    if (this.length || this.afterCr || end < 0 || end > this.maxLineBytes || chunk[end] !== CR || chunk[end + 1] !== LF) return null;
    for (let i = 0; i < end; i++) if (chunk[i] < 0x20 || chunk[i] >= 0x7f) return null;
    return chunk.toString('latin1', 0, end);
  }

  /** Erases the last character of the line being typed: all the bytes of a UTF-8 character. */
  eraseCharacter(): void {
    while (this.length > 0 && (this.line[this.length - 1] & 0xc0) === 0x80) this.length--;
    if (this.length > 0) this.length--;
  }

  /** Erases the whole line being typed (telnet's IAC EL). */
  eraseLine(): void {
    this.length = 0;
    this.overflowed = false;
    this.printable = true;
  }

  private append(byte: number): void {
    if (byte < 0x20 || byte >= 0x7f) this.printable = false;
    if (this.length === this.line.length) {
      const grown = Buffer.alloc(Math.min(this.maxLineBytes, Math.max(64, this.line.length * 2)));
      this.line.copy(grown, 0, 0, this.length);
      this.line = grown;
    }
    this.line[this.length++] = byte;
  }

  private takeLine(line: LineListener): void {
    const end = this.overflowed ? utf8SafeCut(this.line, this.length) : this.length;
    const text = this.printable ? this.line.toString('latin1', 0, end) : cleanLine(this.line.toString('utf8', 0, end));
    const cut = this.overflowed;
    this.length = 0;
    this.overflowed = false;
    this.printable = true;
    if (this.line.length > KEPT_BUFFER_BYTES) this.line = Buffer.alloc(0);
    line(text, cut);
  }
}

/** Where the next line end (CR or LF) is in `chunk` from `from`, or its length when there is none. */
function lineEnd(chunk: Buffer, from: number): number {
  const cr = chunk.indexOf(CR, from);
  const lf = chunk.indexOf(LF, from);
  if (cr < 0) return lf < 0 ? chunk.length : lf;
  return lf < 0 ? cr : Math.min(cr, lf);
}

/**
 * Where to cut bytes[0, end) so the last UTF-8 character is not split: `end`, or the start
 * of a character that would run past it.
 */
export function utf8SafeCut(bytes: Uint8Array, end: number): number {
  let start = end;
  // Step back over at most three continuation bytes (10xxxxxx) to the character's lead.
  while (start > 0 && end - start < 3 && (bytes[start - 1] & 0xc0) === 0x80) start--;
  if (start === 0) return end;
  const lead = bytes[start - 1];
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return end - (start - 1) < needed ? start - 1 : end;
}

/**
 * A terminal escape or control sequence, 7-bit or C1: CSI (`ESC [ ... m`), a string closed by
 * ST or BEL (OSC `ESC ] ... BEL`, DCS, SOS, PM, APC), or a short escape (`ESC ( B`). A string
 * never closed is not one: only its ESC goes (below), so a stray ESC costs no words after it.
 * A string's body stops at the next ESC or C1 introducer, so no input makes the search quadratic.
 */
const SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b\x90\x98\x9c-\x9f]*(?:\x07|\x1b\\|\x9c)|[\x90\x98\x9d-\x9f][^\x07\x1b\x90\x98\x9c-\x9f]*(?:\x07|\x1b\\|\x9c)|\x1b(?![\]PX^_])[ -/]*[0-~]/g;

/**
 * Characters no one sees: controls (C0, DEL, C1: Cc), format characters (Cf: bidi overrides such
 * as U+202E, zero-width ones), and the other default-ignorable code points, among them the
 * Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), letters that draw nothing. Variation
 * selectors stay: they only choose how the character before them looks (an emoji's colour form).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]|(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/gu;
/** Half of a UTF-16 surrogate pair without its other half (a web page can send one in JSON). */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * Makes decoded input safe to show to others, in the one place input is cleaned: TAB and the
 * Unicode line and paragraph separators (which many clients show as line breaks) become a space;
 * a terminal escape sequence goes whole, so no player can colour, retitle or move anything on
 * another's screen, nor leave its tail behind as junk; then every invisible character goes, so
 * no one can make text read backwards, hide words or speak as a blank; and a lone surrogate
 * becomes U+FFFD, as any invalid UTF-8 does, so that nothing stored is text no encoder accepts.
 */
export function cleanLine(text: string): string {
  const spaced = text.replace(/[\t\u2028\u2029]/g, ' ');
  return (/[\x1b\x90-\x9f]/.test(spaced) ? spaced.replace(SEQUENCE, '') : spaced).replace(INVISIBLE, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** The one-line notice a client gets when its line was cut. */
export function lineTooLongNotice(maxLineBytes: number): string {
  return `Your line was too long; it was cut to ${maxLineBytes.toLocaleString('en-US')} bytes.`;
}
