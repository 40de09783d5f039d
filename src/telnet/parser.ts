/**
 * The telnet byte stream from the client, cut into data, commands, negotiation and
 * subnegotiations (RFC 854/855). Pure: no sockets, no timers; it calls its handler as it goes.
 */
import { DO, DONT, IAC, SB, SE, WILL, WONT } from './options.js';

export type Verb = typeof WILL | typeof WONT | typeof DO | typeof DONT;

export interface ParserHandler {
  /** A run of data bytes (IAC IAC already turned into one 0xFF). Valid only during the call. */
  data(bytes: Buffer): void;
  /** IAC followed by a command byte that is not negotiation (GA, AYT, EC, NOP...). */
  command(code: number): void;
  negotiation(verb: Verb, option: number): void;
  subnegotiation(option: number, payload: Buffer): void;
  /** A subnegotiation grew past the cap: the client is abusive; the parser stops. */
  overflow(): void;
}

type State = 'data' | 'iac' | 'verb' | 'sb' | 'sb-iac';

const NO_SUB: number[] = Object.freeze([]) as unknown as number[];

/**
 * A subnegotiation broken by IAC <command> (anything but IAC IAC or IAC SE) ends there, as
 * RFC 854 implementations commonly treat it, and the command is read normally. Waiting for an
 * SE that never comes would swallow every line the client types afterwards.
 */
export class TelnetParser {
  private state: State = 'data';
  private verb: Verb = WILL;
  /** The subnegotiation being read; a fresh array at each IAC SB, a shared empty one between. */
  private sub: number[] = NO_SUB;
  private stopped = false;

  constructor(
    private readonly handler: ParserHandler,
    private readonly maxSubnegotiation: number,
  ) {}

  push(chunk: Buffer): void {
    // Nearly every chunk is typed text with no command in it: one native search says so.
    if (this.state === 'data' && !this.stopped && chunk.indexOf(IAC) < 0) {
      if (chunk.length) this.handler.data(chunk);
      return;
    }
    let runStart = -1; // start of the current run of plain data bytes in `chunk`
    const flush = (end: number) => {
      if (runStart >= 0 && end > runStart) this.handler.data(chunk.subarray(runStart, end));
      runStart = -1;
    };
    for (let i = 0; i < chunk.length && !this.stopped; i++) {
      const byte = chunk[i];
      switch (this.state) {
        case 'data':
          if (byte === IAC) {
            flush(i);
            this.state = 'iac';
          } else if (runStart < 0) {
            runStart = i;
          }
          break;
        case 'iac':
          this.afterIac(byte);
          break;
        case 'verb':
          this.state = 'data';
          this.handler.negotiation(this.verb, byte);
          break;
        case 'sb':
          if (byte === IAC) this.state = 'sb-iac';
          else this.collect(byte);
          break;
        case 'sb-iac':
          if (byte === IAC) {
            this.state = 'sb';
            this.collect(IAC);
          } else {
            this.endSubnegotiation();
            // IAC SE ends it as it should; IAC <anything else> ends it and is read anew.
            if (byte !== SE) this.afterIac(byte);
          }
          break;
      }
    }
    if (this.state === 'data') flush(chunk.length);
  }

  private afterIac(byte: number): void {
    switch (byte) {
      case IAC:
        this.state = 'data';
        this.handler.data(Buffer.from([IAC]));
        break;
      case WILL:
      case WONT:
      case DO:
      case DONT:
        this.verb = byte;
        this.state = 'verb';
        break;
      case SB:
        this.sub = [];
        this.state = 'sb';
        break;
      default:
        this.state = 'data';
        this.handler.command(byte);
    }
  }

  private collect(byte: number): void {
    if (this.sub.length >= this.maxSubnegotiation + 1) {
      this.stopped = true;
      this.handler.overflow();
      return;
    }
    this.sub.push(byte);
  }

  private endSubnegotiation(): void {
    this.state = 'data';
    const [option, ...payload] = this.sub;
    this.sub = NO_SUB;
    if (option !== undefined) this.handler.subnegotiation(option, Buffer.from(payload));
  }
}
