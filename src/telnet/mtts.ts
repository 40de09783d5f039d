/**
 * TTYPE (RFC 1091) with MTTS: the client names itself, then its terminal, then `MTTS <bits>`,
 * one answer per SEND. We ask until an answer repeats or an MTTS answer arrives, at most
 * MAX_ASKS times, and never wait for any of it: output goes on meanwhile (plain ASCII, no
 * colour) and improves once the answers are in.
 */
import { NegotiatedOption } from './options.js';
import type { Side } from './telnetlib.js';

const IS = 0;
const SEND = 1;
export const MAX_ASKS = 4;
/** Longer names are cut: real ones ("xterm-256color", "MUDLET", "MTTS 2825") are short. */
export const MAX_TERMINAL_TYPE_LENGTH = 40;

/** MTTS bits (https://tintin.mudhalla.net/protocols/mtts/) that change what we send. */
export const Mtts = {
  ANSI: 1,
  UTF8: 4,
  COLOURS_256: 8,
  SCREEN_READER: 64,
  TRUECOLOUR: 256,
} as const;

/** 0 no colour, 1 the 16 ANSI colours, 2 256 colours, 3 truecolour (chalk's levels). */
export type ColourLevel = 0 | 1 | 2 | 3;

export class TerminalTypeOption extends NegotiatedOption {
  /** Every distinct answer, in order: the client's name first. */
  readonly names: string[] = [];
  /** The MTTS bits, once the client has sent them. */
  bits: number | null = null;
  /** No more answers are expected (cycle done, refused, or asked enough). */
  settled = false;
  private asks = 0;

  override enabled(at: Side): void {
    if (at === 'REMOTE' && this.asks === 0) this.ask();
  }

  override handleWont(): void {
    super.handleWont();
    if (this.him === 'NO' && this.asks === 0) this.settled = true;
  }

  override subnegotiation(data: Buffer): void {
    if (data[0] !== IS || this.settled) return;
    const name = cleanTerminalType(data.subarray(1));
    if (name === '') return;
    const mtts = /^MTTS (\d{1,6})$/i.exec(name);
    if (mtts) {
      this.bits = Number(mtts[1]);
      this.settled = true;
    } else if (name === this.names.at(-1)) {
      this.settled = true;
    } else {
      this.names.push(name);
      if (this.asks < MAX_ASKS) this.ask();
      else this.settled = true;
    }
  }

  /** The client's own name (its first answer), or undefined. */
  get client(): string | undefined {
    return this.names[0];
  }

  /** The terminal's name: the second answer when there is one (TinTin++: `$TERM`). */
  get terminal(): string | undefined {
    return this.names[1] ?? this.names[0];
  }

  private ask(): void {
    this.asks++;
    this.sendSubnegotiation([SEND]);
  }
}

/** Printable ASCII only, trimmed, at most MAX_TERMINAL_TYPE_LENGTH characters. */
export function cleanTerminalType(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, MAX_TERMINAL_TYPE_LENGTH);
}

/** Terminals and MUD clients known to show the 16 ANSI colours (tf5 says `ANSI`). */
const COLOUR_NAMES =
  /^(ansi|xterm|linux|screen|tmux|rxvt|putty|konsole|cygwin|eterm|gnome|alacritty|kitty|vt220|mudlet|mushclient|tintin|kbtin|tinyfugue|zmud|cmud|atlantis|potato|blowtorch|mudrammer|beip|lociterm)/i;

/** How much colour the answers promise: MTTS bits when sent, else what the names say. */
export function colourLevelOf(names: readonly string[], bits: number | null): ColourLevel {
  if (bits !== null) {
    if (bits & Mtts.TRUECOLOUR) return 3;
    if (bits & Mtts.COLOURS_256) return 2;
    return bits & Mtts.ANSI ? 1 : 0;
  }
  if (names.some((n) => /truecolou?r|24bit|direct/i.test(n))) return 3;
  if (names.some((n) => /256colou?r/i.test(n))) return 2;
  return names.some((n) => COLOUR_NAMES.test(n)) ? 1 : 0;
}
