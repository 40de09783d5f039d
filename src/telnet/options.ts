/**
 * Safe handlers for the telnet options we meet, installed into telnetlib's registry on import.
 * telnetlib's own NAWS throws on short input and reads signed sizes, its GMCP JSON.parses
 * whatever arrives, its MCCP builds zlib streams, and its SGA turns off the end-of-chunk flush
 * our line reading depends on. Ours never throw, never touch the reader, and refuse MCCP/GMCP.
 */
import { defineOption, TelnetOption, type Side, type TelnetSocket } from './telnetlib.js';

export const IAC = 255;
export const DONT = 254;
export const DO = 253;
export const WONT = 252;
export const WILL = 251;
export const SB = 250;
export const GA = 249;
export const SE = 240;
export const EOR = 239;

export const OptionCode = {
  ECHO: 1,
  SGA: 3,
  TTYPE: 24,
  EOR: 25,
  NAWS: 31,
  MCCP: 86,
  GMCP: 201,
} as const;

const TTYPE_IS = 0;
const TTYPE_SEND = 1;
/** Longer names are cut: real ones ("xterm-256color", "MUDLET") are short. */
export const MAX_TERMINAL_TYPE_LENGTH = 40;

/** Emitted on the TelnetSocket with ({ width, height }) when the client reports its window. */
export const WINDOW_SIZE_EVENT = 'window-size';
/** Emitted on the TelnetSocket with (name) when the client names its terminal. */
export const TERMINAL_TYPE_EVENT = 'terminal-type';

export interface WindowSize {
  width: number;
  height: number;
}

/** telnetlib's RFC 1143 machine with its two slips fixed; no subnegotiation. */
class NegotiatedOption extends TelnetOption {
  override handleWill(): void {
    // telnetlib answers an agreed WILL in state NO with DO but leaves him=NO, so the option
    // never counts as enabled and every repeated WILL is answered again.
    if (this.him === 'NO' && this.socket.remoteOptions.has(this.code)) {
      this.socket.writer.writeDo(this.code);
      this.him = 'YES';
      return;
    }
    super.handleWill();
  }

  override handleDo(): void {
    // telnetlib clears a misspelt `usp` here, leaving the queued request behind.
    if (this.us === 'WANTNO' && this.usq === 'OPPOSITE') {
      this.us = 'YES';
      this.usq = 'EMPTY';
      return;
    }
    super.handleDo();
  }
}

/** NAWS: exactly four bytes, two unsigned 16-bit sizes; zero means "unknown". */
class WindowSizeOption extends NegotiatedOption {
  override subnegotiation(data: Buffer): void {
    if (data.length !== 4) return;
    const size: WindowSize = { width: data.readUInt16BE(0), height: data.readUInt16BE(2) };
    this.socket.emit(WINDOW_SIZE_EVENT, size);
  }
}

/** TTYPE: ask once when the client agrees, keep the name from IS replies. */
class TerminalTypeOption extends NegotiatedOption {
  private asked = false;

  override enabled(at: Side): void {
    if (at !== 'REMOTE' || this.asked) return;
    // Asking once keeps a client that toggles WILL/WONT from making us repeat ourselves.
    this.asked = true;
    this.socket.writer.__writeRaw([IAC, SB, this.code, TTYPE_SEND, IAC, SE]);
  }

  override subnegotiation(data: Buffer): void {
    if (data[0] !== TTYPE_IS) return;
    const name = cleanTerminalType(data.subarray(1));
    if (name !== '') this.socket.emit(TERMINAL_TYPE_EVENT, name);
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

// The registry is process-wide: every TelnetSocket created after this import uses these.
defineOption('ECHO', OptionCode.ECHO, NegotiatedOption);
defineOption('SGA', OptionCode.SGA, NegotiatedOption);
defineOption('TTYPE', OptionCode.TTYPE, TerminalTypeOption);
defineOption('EOR', OptionCode.EOR, NegotiatedOption);
defineOption('NAWS', OptionCode.NAWS, WindowSizeOption);
// Never in our agreed sets, so always refused; plain handlers ignore their subnegotiations.
defineOption('MCCP', OptionCode.MCCP, NegotiatedOption);
defineOption('GMCP', OptionCode.GMCP, NegotiatedOption);

/**
 * Asks to turn an option on (or off) on our side, RFC 1143 style. Unlike telnetlib's
 * enableLocal/disableLocal there is no promise and no timer: the client's answer is handled
 * by the option's handleDo/handleDont whenever (if ever) it arrives.
 */
export function requestLocal(telnet: TelnetSocket, code: number, on: boolean): void {
  const option = telnet.getOption(code);
  if (on) telnet.localOptions.add(code);
  else telnet.localOptions.delete(code);
  switch (option.us) {
    case 'NO':
      if (on) {
        option.us = 'WANTYES';
        telnet.writer.writeWill(code);
      }
      break;
    case 'YES':
      if (!on) {
        option.us = 'WANTNO';
        telnet.writer.writeWont(code);
      }
      break;
    // Mid-negotiation: queue the opposite request, or cancel one already queued.
    case 'WANTNO':
      option.usq = on ? 'OPPOSITE' : 'EMPTY';
      break;
    case 'WANTYES':
      option.usq = on ? 'EMPTY' : 'OPPOSITE';
      break;
  }
}

/** Asks the client to turn an option on at its side (DO), RFC 1143 style, without timers. */
export function requestRemote(telnet: TelnetSocket, code: number): void {
  const option = telnet.getOption(code);
  telnet.remoteOptions.add(code);
  switch (option.him) {
    case 'NO':
      option.him = 'WANTYES';
      telnet.writer.writeDo(code);
      break;
    case 'YES':
      break;
    case 'WANTNO':
      option.himq = 'OPPOSITE';
      break;
    case 'WANTYES':
      option.himq = 'EMPTY';
      break;
  }
}
