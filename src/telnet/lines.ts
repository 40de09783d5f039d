/**
 * Input lines from raw telnet data bytes (negotiation already removed): line ends, length
 * cap, UTF-8 decoding and cleaning. Pure: no sockets, no timers.
 */

const CR = 0x0d;
const LF = 0x0a;
const NUL = 0x00;

export const DEFAULT_MAX_LINE_BYTES = 1024;

export interface AssembledLine {
  /** Decoded and cleaned text, without its line end. */
  text: string;
  /** True when the line was longer than the cap and its tail was discarded. */
  cut: boolean;
}

/**
 * Cuts a byte stream into lines. A line ends at CR LF, CR NUL, LF, or a CR alone; a CR ends
 * the line at once and an LF or NUL right after it (even in the next chunk) is swallowed.
 */
export class LineAssembler {
  private readonly line: Buffer;
  private length = 0;
  private overflowed = false;
  private afterCr = false;

  constructor(readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES) {
    this.line = Buffer.alloc(maxLineBytes);
  }

  /** Feeds the next chunk; returns the lines it completed, in order. */
  push(chunk: Buffer): AssembledLine[] {
    const lines: AssembledLine[] = [];
    for (const byte of chunk) {
      if (this.afterCr) {
        this.afterCr = false;
        if (byte === LF || byte === NUL) continue;
      }
      if (byte === CR || byte === LF) {
        lines.push(this.takeLine());
        this.afterCr = byte === CR;
      } else if (this.length < this.maxLineBytes) {
        this.line[this.length++] = byte;
      } else {
        this.overflowed = true;
      }
    }
    return lines;
  }

  private takeLine(): AssembledLine {
    const end = this.overflowed ? utf8SafeCut(this.line, this.length) : this.length;
    const line = { text: cleanLine(this.line.toString('utf8', 0, end)), cut: this.overflowed };
    this.length = 0;
    this.overflowed = false;
    return line;
  }
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
 * Makes decoded input safe to show to others: TAB becomes a space, and every control
 * character (C0, DEL, C1: Unicode category Cc) goes, ESC included, so no player can send
 * terminal escape sequences.
 */
export function cleanLine(text: string): string {
  return text.replace(/\t/g, ' ').replace(/\p{Cc}/gu, '');
}

/** The one-line notice a client gets when its line was cut. */
export function lineTooLongNotice(maxLineBytes: number): string {
  return `Your line was too long; it was cut to ${maxLineBytes.toLocaleString('en-US')} bytes.`;
}
