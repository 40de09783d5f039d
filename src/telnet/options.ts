/**
 * Telnet option negotiation (RFC 1143) on telnetlib's TelnetOption, and the small options.
 * `Negotiation` is the host every option of one connection negotiates through; the options
 * with more to them live in their own files (mtts.ts, charset.ts, gmcp.ts, mssp.ts, mccp.ts).
 */
import { subnegotiationFrame } from './output.js';
import { commands, TelnetOption, type OptionHost } from './telnetlib.js';

export const IAC = commands.IAC;
export const DONT = commands.DONT;
export const DO = commands.DO;
export const WONT = commands.WONT;
export const WILL = commands.WILL;
export const SB = commands.SB;
export const GA = commands.GA;
export const EL = commands.EL;
export const EC = commands.EC;
export const AYT = commands.AYT;
export const SE = commands.SE;
export const EOR = commands.EOR;

export const OptionCode = {
  ECHO: 1,
  SGA: 3,
  TTYPE: 24,
  EOR: 25,
  NAWS: 31,
  CHARSET: 42,
  MSSP: 70,
  COMPRESS2: 86,
  GMCP: 201,
} as const;

/** What the options of one connection need from it. */
export interface OptionOwner {
  /** Bytes for the client, in order with all other output. */
  send(bytes: Buffer): void;
  /** The handler for an option code we support, or undefined to refuse the option. */
  createOption(host: Negotiation, code: number): NegotiatedOption | undefined;
}

/**
 * How many times a client may switch on an option whose start costs us something (a zlib
 * stream, the MSSP list): past that, a DO/DONT flood gets the RFC answers and nothing more.
 */
const MAX_STARTS = 3;

/** telnetlib's RFC 1143 machine with its two slips fixed. */
export class NegotiatedOption extends TelnetOption {
  declare readonly socket: Negotiation;
  private starts = 0;

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
    // telnetlib turns the option on before it answers WILL, so what enabled() sends (the
    // MCCP2 start, the CHARSET request) would reach the client before the WILL.
    if (this.us === 'NO' && this.socket.localOptions.has(this.code)) {
      this.socket.writer.writeWill(this.code);
      this.us = 'YES';
      return;
    }
    // telnetlib clears a misspelt `usp` here, leaving the queued request behind.
    if (this.us === 'WANTNO' && this.usq === 'OPPOSITE') {
      this.us = 'YES';
      this.usq = 'EMPTY';
      return;
    }
    super.handleDo();
  }

  /** True once the option is on at our side (we said WILL, the client DO). */
  get local(): boolean {
    return this.us === 'YES';
  }

  /** True once the option is on at the client's side (it said WILL, we DO). */
  get remote(): boolean {
    return this.him === 'YES';
  }

  /** For enabled(): true the first MAX_STARTS times only. */
  protected mayStart(): boolean {
    return ++this.starts <= MAX_STARTS;
  }

  protected sendSubnegotiation(payload: Buffer | number[]): void {
    this.socket.sendSubnegotiation(this.code, payload);
  }
}

/** NAWS (RFC 1073): exactly four bytes, two unsigned 16-bit sizes; zero means "unknown". */
export class WindowSizeOption extends NegotiatedOption {
  width = 0;
  height = 0;

  override subnegotiation(data: Buffer): void {
    if (data.length !== 4) return;
    const width = data.readUInt16BE(0);
    const height = data.readUInt16BE(2);
    if (width > 0) this.width = width;
    if (height > 0) this.height = height;
  }
}

/**
 * The OptionHost of one connection: the sets of what we agree to, the writer telnetlib's
 * machine answers through, and the option instances. An option code we have no handler for
 * is refused without keeping any state for it (its state is always NO).
 */
export class Negotiation implements OptionHost {
  readonly localOptions = new Set<number>();
  readonly remoteOptions = new Set<number>();
  private readonly options = new Map<number, NegotiatedOption>();

  constructor(private readonly owner: OptionOwner) {}

  /** telnetlib's machine answers through `socket.writer`: that is this object. */
  get writer(): this {
    return this;
  }

  writeWill(code: number): void {
    this.owner.send(Buffer.from([IAC, WILL, code]));
  }

  writeWont(code: number): void {
    this.owner.send(Buffer.from([IAC, WONT, code]));
  }

  writeDo(code: number): void {
    this.owner.send(Buffer.from([IAC, DO, code]));
  }

  writeDont(code: number): void {
    this.owner.send(Buffer.from([IAC, DONT, code]));
  }

  /** The handler for a code we support (created on first use), or undefined. */
  option(code: number): NegotiatedOption | undefined {
    let option = this.options.get(code);
    if (!option) {
      option = this.owner.createOption(this, code);
      if (!option) return undefined;
      this.options.set(code, option);
    }
    return option;
  }

  /** The client's WILL/WONT/DO/DONT for an option. */
  receive(verb: number, code: number): void {
    const option = this.option(code);
    if (!option) {
      if (verb === WILL) this.writeDont(code);
      else if (verb === DO) this.writeWont(code);
      return;
    }
    if (verb === WILL) option.handleWill();
    else if (verb === WONT) option.handleWont();
    else if (verb === DO) option.handleDo();
    else option.handleDont();
  }

  subnegotiation(code: number, payload: Buffer): void {
    this.options.get(code)?.subnegotiation(payload);
  }

  sendSubnegotiation(code: number, payload: Buffer | number[]): void {
    this.owner.send(subnegotiationFrame(code, payload));
  }

  /** telnetlib reports every enable/disable here; the options act in enabled()/disabled(). */
  emit(): boolean {
    return false;
  }

  /**
   * Asks to turn an option on (or off) on our side, RFC 1143 style. Unlike telnetlib's
   * enableLocal/disableLocal there is no promise and no timer: the client's answer is handled
   * by the option's handleDo/handleDont whenever (if ever) it arrives.
   */
  requestLocal(code: number, on: boolean): void {
    const option = this.option(code);
    if (!option) return;
    if (on) this.localOptions.add(code);
    else this.localOptions.delete(code);
    switch (option.us) {
      case 'NO':
        if (on) {
          option.us = 'WANTYES';
          this.writeWill(code);
        }
        break;
      case 'YES':
        if (!on) {
          option.us = 'WANTNO';
          this.writeWont(code);
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
  requestRemote(code: number): void {
    const option = this.option(code);
    if (!option) return;
    this.remoteOptions.add(code);
    switch (option.him) {
      case 'NO':
        option.him = 'WANTYES';
        this.writeDo(code);
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
}
