/**
 * What a telnet client has told us about itself (window, terminal names, MTTS bits, GMCP hello,
 * charset), and the render profile that comes of it with the player's own choices. Kept apart
 * from the connection: these are reads of the negotiated options, with no socket in them.
 */
import type { CharsetOption } from './charset.js';
import type { GmcpOption } from './gmcp.js';
import { colourLevelOf, Mtts, type TerminalTypeOption } from './mtts.js';
import { OptionCode, type Negotiation, type NegotiatedOption, type WindowSizeOption } from './options.js';
import type { RenderProfile } from './render.js';

const { TTYPE, NAWS, CHARSET, GMCP } = OptionCode;

/** A player's choice for colour or screen-reader output: `auto` follows what the client says. */
export type Setting = 'on' | 'off' | 'auto';

export interface Terminal {
  width: number;
  height: number;
  type: string;
  client: string;
  mtts: number | null;
}

const DEFAULT_WIDTH = 80;

export function optionOf<T extends NegotiatedOption = NegotiatedOption>(negotiator: Negotiation, code: number): T {
  return negotiator.option(code) as T;
}

export function terminalOf(negotiator: Negotiation): Terminal {
  const ttype = optionOf<TerminalTypeOption>(negotiator, TTYPE);
  const naws = optionOf<WindowSizeOption>(negotiator, NAWS);
  const hello = optionOf<GmcpOption>(negotiator, GMCP).hello;
  return {
    width: naws.width || DEFAULT_WIDTH,
    height: naws.height || 24,
    type: ttype.terminal ?? 'unknown',
    client: hello ? `${hello.client} ${hello.version}`.trim() : ttype.client ?? 'unknown',
    mtts: ttype.bits,
  };
}

/** How text is rendered for a client now: its answers so far and the player's choices. */
export function profileOf(negotiator: Negotiation, colour: Setting, screenReader: Setting): RenderProfile {
  const ttype = optionOf<TerminalTypeOption>(negotiator, TTYPE);
  const bits = ttype.bits ?? 0;
  const detected = colourLevelOf(ttype.names, ttype.bits);
  return {
    colour: colour === 'off' ? 0 : colour === 'on' ? Math.max(detected, 1) as 1 | 2 | 3 : detected,
    screenReader: screenReader === 'auto' ? (bits & Mtts.SCREEN_READER) !== 0 : screenReader === 'on',
    ascii: !(optionOf<CharsetOption>(negotiator, CHARSET).utf8 || (bits & Mtts.UTF8) !== 0),
    width: optionOf<WindowSizeOption>(negotiator, NAWS).width || DEFAULT_WIDTH,
  };
}

/** One line for the server log: what the client is and what it agreed to. */
export function describeClient(terminal: Terminal, profile: RenderProfile, agreed: { compressing: boolean; gmcp: boolean; eor: boolean }): string {
  const { width, height, type, client, mtts } = terminal;
  const names = [
    profile.ascii ? 'ASCII' : 'UTF-8',
    ['no colour', '16 colours', '256 colours', 'truecolour'][profile.colour],
    profile.screenReader ? 'screen reader' : '',
    agreed.compressing ? 'MCCP2' : '',
    agreed.gmcp ? 'GMCP' : '',
    agreed.eor ? 'EOR' : '',
  ].filter(Boolean);
  return `${client}${type !== client ? ` ${type}` : ''}${mtts !== null ? ` MTTS ${mtts}` : ''}, ${width}x${height}, ${names.join(', ')}`;
}
