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

const ESCAPED_IAC = Buffer.from([IAC]);

/**
 * A subnegotiation broken by IAC <command> (anything but IAC IAC or IAC SE) ends there, as
 * RFC 854 implementations commonly treat it, and the command is read normally. Waiting for an
 * SE that never comes would swallow every line the client types afterwards.
 */
export class TelnetParser {
  private state: State = 'data';
  private verb: Verb = WILL;
  /** The subnegotiation being read, in runs of bytes (copied: a chunk is valid only while it is parsed), and its length. */
  private sub: Buffer[] = [];
  private subLength = 0;
  private stopped = false;

  constructor(
    private readonly handler: ParserHandler,
    private readonly maxSubnegotiation: number,
  ) {}

  /** The next bytes; `mayHoldIac` false when the caller has already searched them and found no IAC. */
  push(chunk: Buffer, mayHoldIac = true): void {
    // Nearly every chunk is typed text with no command in it: one native search says so.
    if (this.state === 'data' && !this.stopped && (!mayHoldIac || chunk.indexOf(IAC) < 0)) {
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
        case 'sb': {
          // The run up to the next IAC in one native search and one copy, not byte by byte.
          const iac = chunk.indexOf(IAC, i);
          const end = iac < 0 ? chunk.length : iac;
          this.collect(chunk.subarray(i, end));
          if (iac >= 0) this.state = 'sb-iac';
          i = end; // the loop's i++ steps over the IAC
          break;
        }
        case 'sb-iac':
          if (byte === IAC) {
            this.state = 'sb';
            this.collect(ESCAPED_IAC);
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
        this.subLength = 0;
        this.state = 'sb';
        break;
      default:
        this.state = 'data';
        this.handler.command(byte);
    }
  }

  private collect(run: Buffer): void {
    if (!run.length) return;
    // The option's code and at most maxSubnegotiation bytes of payload.
    if (this.subLength + run.length > this.maxSubnegotiation + 1) {
      this.stopped = true;
      this.handler.overflow();
      return;
    }
    this.sub.push(run === ESCAPED_IAC ? run : Buffer.from(run));
    this.subLength += run.length;
  }

  private endSubnegotiation(): void {
    this.state = 'data';
    const all = this.sub.length === 1 ? this.sub[0] : Buffer.concat(this.sub, this.subLength);
    this.sub = [];
    this.subLength = 0;
    if (all.length) this.handler.subnegotiation(all[0], all.subarray(1));
  }
}
