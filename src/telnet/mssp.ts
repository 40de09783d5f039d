/**
 * MSSP (option 70, https://tintin.mudhalla.net/protocols/mssp/): what MUD lists crawl. On the
 * client's DO MSSP we send every variable in one subnegotiation; at the greeting the plain line
 * `MSSP-REQUEST` gets the same variables as text (see plainMssp).
 */
import { NegotiatedOption } from './options.js';
import type { Side } from './telnetlib.js';

const MSSP_VAR = 1;
const MSSP_VAL = 2;

/** Variable name -> value(s); a list sends the variable once with several values. */
export type MsspVariables = Record<string, string | readonly string[]>;
export type MsspProvider = () => MsspVariables;

/** What this connection layer speaks, as MSSP's protocol flags put it. */
export const PROTOCOL_FLAGS: MsspVariables = {
  ANSI: '1',
  'UTF-8': '1',
  'XTERM 256 COLORS': '1',
  'XTERM TRUE COLORS': '1',
  GMCP: '1',
  MCCP: '1',
  MSDP: '0',
  MXP: '0',
  MSP: '0',
  PUEBLO: '0',
  VT100: '0',
};

export class MsspOption extends NegotiatedOption {
  constructor(
    host: ConstructorParameters<typeof NegotiatedOption>[0],
    code: number,
    private readonly provider: MsspProvider,
  ) {
    super(host, code);
  }

  override enabled(at: Side): void {
    if (at === 'LOCAL' && this.mayStart()) this.sendSubnegotiation(encodeMssp(allVariables(this.provider)));
  }
}

/** The server's variables after the protocol flags, so a host's world data can override them. */
export function allVariables(provider: MsspProvider): [string, string[]][] {
  const merged = { ...PROTOCOL_FLAGS, ...provider() };
  return Object.entries(merged).map(([name, value]) => [clean(name), (typeof value === 'string' ? [value] : [...value]).map(clean)]);
}

export function encodeMssp(variables: [string, string[]][]): Buffer {
  const parts: Buffer[] = [];
  for (const [name, values] of variables) {
    parts.push(Buffer.from([MSSP_VAR]), Buffer.from(name, 'utf8'));
    for (const value of values) parts.push(Buffer.from([MSSP_VAL]), Buffer.from(value, 'utf8'));
  }
  return Buffer.concat(parts);
}

/** The plain-text reply to `MSSP-REQUEST`: one `VARIABLE<TAB>VALUE` line each, between markers. */
export function plainMssp(variables: [string, string[]][]): string[] {
  return ['MSSP-REPLY-START', ...variables.map(([name, values]) => [name, ...values].join('\t')), 'MSSP-REPLY-END'];
}

/** No control characters (MSSP_VAR and MSSP_VAL are bytes 1 and 2), no tabs, no line ends. */
function clean(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim();
}
