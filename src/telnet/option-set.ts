/**
 * The telnet options this server speaks, and the offers it makes at connect. Apart from the
 * connection so that adding an option touches this list, not the socket's handling.
 */
import { CharsetOption } from './charset.js';
import { GmcpOption, type GmcpAsked } from './gmcp.js';
import { Compress2Option, type Compressible } from './mccp.js';
import { MsspOption, type MsspProvider } from './mssp.js';
import { TerminalTypeOption } from './mtts.js';
import { NegotiatedOption, OptionCode, WindowSizeOption, type Negotiation } from './options.js';

const { ECHO, SGA, TTYPE, EOR, NAWS, CHARSET, MSSP, COMPRESS2, GMCP } = OptionCode;

/** The option object for a code, or undefined for one we refuse. */
export function createTelnetOption(host: Negotiation, code: number, mssp: MsspProvider, connection: Compressible & GmcpAsked): NegotiatedOption | undefined {
  switch (code) {
    case ECHO:
    case SGA:
    case EOR:
      return new NegotiatedOption(host, code);
    case TTYPE:
      return new TerminalTypeOption(host, code);
    case NAWS:
      return new WindowSizeOption(host, code);
    case CHARSET:
      return new CharsetOption(host, code);
    case GMCP:
      return new GmcpOption(host, code, connection);
    case MSSP:
      return new MsspOption(host, code, mssp);
    case COMPRESS2:
      return new Compress2Option(host, code, connection);
    default:
      return undefined;
  }
}

/**
 * The offers at connect. Line mode: no WILL ECHO, no WILL SGA. Nothing waits for the answers;
 * some clients never give them (TinTin++ ignores WILL MSSP).
 */
export function offerOptions(negotiator: Negotiation): void {
  for (const code of [EOR, GMCP, MSSP, COMPRESS2, CHARSET]) negotiator.requestLocal(code, true);
  for (const code of [TTYPE, NAWS]) negotiator.requestRemote(code);
  // A client may offer CHARSET itself (WILL) and send its own request: we agree to that too.
  negotiator.remoteOptions.add(CHARSET);
}
