/**
 * One player's telnet connection. In: bytes, a slice at a time (reader.ts) -> parser ->
 * negotiation or clean lines. Out: one path per delivery, render (render.ts) -> framing
 * (output.ts) -> MCCP2 -> one socket write. It guarantees one 'close' whatever ends it.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describeClient, optionOf, profileOf, terminalOf, type Setting, type Terminal } from './client-profile.js';
import { deliveryBytes, type DeliveryContext, type OutputBatch } from './delivery.js';
import type { GmcpAsked, GmcpOption, GmcpRequest } from './gmcp.js';
import { DEFAULT_MAX_LINE_BYTES, LineAssembler, lineTooLongNotice } from './lines.js';
import { DEFAULT_INPUT_LIMITS, InputBudget, type InputLimits } from './input-budget.js';
import { OrderedOutput, type Compressible } from './mccp.js';
import { allVariables, plainMssp, type MsspProvider } from './mssp.js';
import { createTelnetOption, offerOptions } from './option-set.js';
import { AYT, EC, EL, Negotiation, NegotiatedOption, OptionCode, type OptionOwner } from './options.js';
import { encodeText, subnegotiationFrame } from './output.js';
import { peerAddress } from './per-address.js';
import { TelnetParser, type ParserHandler, type Verb } from './parser.js';
import { SocketReader } from './reader.js';
import type { RenderProfile } from './render.js';

const { ECHO, SGA, EOR, COMPRESS2, GMCP } = OptionCode;

export interface ConnectionOptions {
  /** Input lines longer than this many raw bytes are cut (default 1024). */
  maxLineBytes?: number;
  /** A client with more output waiting than this is dropped (default 256 KiB). */
  maxQueuedBytes?: number;
  /** The MSSP variables, asked for each time a client wants them. */
  mssp?: MsspProvider;
  /** From a trusted proxy (proxied.ts): the player's address and the proxy's; via null: the proxy's own (a health check). */
  proxied?: { address: string; via: string | null };
  /** What the client may make the server read and parse (default DEFAULT_INPUT_LIMITS). */
  inputLimits?: InputLimits;
}

export interface ConnectionEvents {
  close: [];
}

/** Who hears the lines a connection's player types (`onLine`). */
export type LineListener = (text: string) => void;
const nobodyListens: LineListener = () => undefined;

export const DEFAULT_MAX_QUEUED_BYTES = 256 * 1024;
/** Longest subnegotiation we read: GMCP's Core.Supports lists are the longest real ones. */
const SUBNEGOTIATION_MAX = 4096;
/** How long close() waits for the client to hang up before cutting the socket. */
const CLOSE_GRACE_MS = 5000;
const KEEPALIVE_DELAY_MS = 60_000;
const MCCP2_START = subnegotiationFrame(COMPRESS2, []);
const AYT_ANSWER = encodeText('\n[Yes, the tavern is still here.]\n');
const noMssp: MsspProvider = () => ({});

let lastId = 0;

export class TelnetConnection extends EventEmitter<ConnectionEvents> implements OptionOwner, Compressible, GmcpAsked, ParserHandler, DeliveryContext {
  readonly id = ++lastId;
  readonly remoteAddress: string;
  /** For the log: the proxy that named the player, or whether this is a proxy's own connection. */
  readonly via: string | undefined;
  readonly proxyOwn: boolean;
  private readonly negotiator: Negotiation;
  private readonly parser: TelnetParser;
  private readonly lines: LineAssembler;
  private readonly maxQueuedBytes: number;
  private readonly mssp: MsspProvider;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private colourSetting: Setting = 'auto';
  private screenReaderSetting: Setting = 'auto';
  /** What `profile` and `eorEnabled` last came to (asked at every delivery): they change only with a negotiation or a setting. */
  private renderProfile: RenderProfile | null = null;
  private eor: boolean | null = null;
  /** cork() calls not yet undone by uncork(). */
  private corks = 0;
  /** The player has typed a line: SGA may be agreed to from now on. */
  private typedALine = false;
  /**
   * The last thing written ends in a prompt, so the client's cursor waits after `> ` on that
   * line until the player presses Enter; delivery.ts keeps it (a screen reader's next message
   * then starts a line of its own).
   */
  promptOpen = false;
  private graceTimer: NodeJS.Timeout | undefined;
  private readonly budget: InputBudget;
  private readonly reader: SocketReader;
  /** The line being typed was cut, and the client told so. */
  private cutTold = false;
  /** Every byte for the client, in order, compressed while MCCP2 is on. */
  private readonly output: OrderedOutput;
  private hearLine = nobodyListens;
  private hearRequest: (request: GmcpRequest) => void = () => undefined;

  constructor(
    private readonly socket: Socket,
    options: ConnectionOptions = {},
  ) {
    super();
    this.remoteAddress = peerAddress(options.proxied?.address ?? socket.remoteAddress);
    this.via = options.proxied?.via ?? undefined;
    this.proxyOwn = options.proxied?.via === null;
    this.lines = new LineAssembler(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    this.maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.mssp = options.mssp ?? noMssp;
    this.output = new OrderedOutput(socket, () => this.drop());
    this.negotiator = new Negotiation(this);
    this.parser = new TelnetParser(this, SUBNEGOTIATION_MAX);
    this.budget = new InputBudget(options.inputLimits ?? DEFAULT_INPUT_LIMITS);

    socket.setNoDelay(true);
    socket.setKeepAlive(true, KEEPALIVE_DELAY_MS);
    this.reader = new SocketReader(socket, this.parser, this.budget, () => this.state === 'open', () => this.enforceOutputCap());
    socket.on('error', () => this.drop());
    socket.on('close', () => this.finish());

    // The offers, in one packet.
    socket.cork();
    offerOptions(this.negotiator);
    socket.uncork();
  }

  get closed(): boolean {
    return this.state !== 'open';
  }

  /** True once the client answered DO EOR to our WILL EOR: prompts then end in IAC EOR. */
  get eorEnabled(): boolean {
    return (this.eor ??= this.option(EOR).local);
  }

  /** What the client told us about itself: window, terminal names, MTTS bits, GMCP hello. */
  get terminal(): Terminal {
    return terminalOf(this.negotiator);
  }

  /** The player's colour choice; `auto` gives colour to clients whose TTYPE/MTTS has it. */
  get colour(): Setting {
    return this.colourSetting;
  }

  set colour(setting: Setting) {
    this.colourSetting = setting;
    this.renderProfile = null;
  }

  /** The player's screen-reader choice; `auto` follows the MTTS screen-reader bit. */
  get screenReader(): Setting {
    return this.screenReaderSetting;
  }

  set screenReader(setting: Setting) {
    this.screenReaderSetting = setting;
    this.renderProfile = null;
  }

  /** How text is rendered for this client now: its answers so far and the player's choices. */
  get profile(): RenderProfile {
    return (this.renderProfile ??= profileOf(this.negotiator, this.colourSetting, this.screenReaderSetting));
  }

  /** One line for the server log: what the client is and what it agreed to. */
  describe(): string {
    return describeClient(this.terminal, this.profile, { compressing: this.output.compressing, gmcp: this.option(GMCP).local, eor: this.eorEnabled });
  }

  /** Output bytes waiting for this client: in the compressor, held back, in the socket. */
  get queuedBytes(): number {
    return this.output.queuedBytes;
  }

  /** Whether a GMCP message of this package would reach the client. */
  wantsGmcp(name: string): boolean {
    return this.option<GmcpOption>(GMCP).wants(name);
  }

  /** One batch of output: GMCP, text and prompt rendered for this client, in one write. */
  deliver(batch: OutputBatch): void {
    if (this.state !== 'open') return;
    const bytes = deliveryBytes(batch, this);
    if (bytes) this.send(bytes);
  }

  /**
   * Who hears each line typed, whole: one listener, called directly rather than emitted (the
   * hottest event there is; an emit looks its listeners up by name at every line).
   */
  onLine(listener: LineListener): void {
    this.hearLine = listener;
  }

  /** Who hears what the client asks for over GMCP (Char.Items.Inv), in its place among the lines. */
  onRequest(listener: (request: GmcpRequest) => void): void {
    this.hearRequest = listener;
  }

  asked(request: GmcpRequest): void {
    if (this.state === 'open') this.hearRequest(request);
  }

  /** Holds writes back until uncork(), to leave in one (the outbox corks a session told again in a turn, until the tick's end). */
  cork(): void {
    if (this.state === 'closed') return;
    this.corks++;
    this.socket.cork();
  }

  uncork(): void {
    if (this.corks === 0) return;
    this.corks--;
    this.socket.uncork();
  }

  /** Sends one GMCP message now, if the client wants it. */
  gmcp(name: string, data?: unknown): void {
    this.deliver({ gmcp: [{ name, data }], prompt: false });
  }

  /** WILL ECHO: the client stops echoing, and we echo nothing (for passwords); WONT ECHO: it echoes again. */
  hideInput(): void {
    this.setServerEcho(true);
  }
  showInput(): void {
    this.setServerEcho(false);
  }

  /** Stops reading from the client while its lines wait (reader.ts). */
  pauseInput(): void {
    if (this.state === 'open') this.reader.pause();
  }

  resumeInput(): void {
    if (this.state === 'open') this.reader.resume();
  }

  /** The plain-text MSSP reply to `MSSP-REQUEST` at the greeting, then the connection closes. */
  closeWithMssp(): void {
    if (this.state !== 'open') return;
    this.send(encodeText(`${plainMssp(allVariables(this.mssp)).join('\n')}\n`));
    this.close();
  }

  close(farewell?: string): void {
    this.closeWith(farewell, false);
  }

  /**
   * Closes with one line, as close() does, but cuts the socket once the line is written rather
   * than waiting for the client to hang up: a newcomer turned away at a limit holds its file
   * descriptor no longer than that.
   */
  refuse(line: string): void {
    this.closeWith(line, true);
  }

  private closeWith(farewell: string | undefined, promptly: boolean): void {
    if (this.state !== 'open') return;
    if (farewell !== undefined) this.deliver({ text: [farewell], prompt: false });
    if (this.state !== 'open') return;
    this.state = 'closing';
    // Nothing read from now on is parsed (the data listener checks the state); resume() keeps
    // reading (and discarding) so the client's hang-up is noticed.
    this.socket.resume();
    this.output.stopCompression();
    this.output.afterDrained(() => this.socket.end(promptly ? () => this.socket.destroy() : undefined));
    this.graceTimer = setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS);
    this.graceTimer.unref();
  }

  // --- OptionOwner and Compressible: what the options call -----------------------------------

  /** Every byte for the client goes through here, in order. */
  send(bytes: Buffer): void {
    if (this.state === 'closed') return;
    this.output.write(bytes);
    this.enforceOutputCap();
  }

  createOption(host: Negotiation, code: number): NegotiatedOption | undefined {
    return createTelnetOption(host, code, this.mssp, this);
  }

  startCompression(): void {
    if (this.state === 'closed' || this.output.compressing) return;
    this.send(MCCP2_START);
    this.output.startCompression();
  }

  stopCompression(): void {
    this.output.stopCompression();
  }

  // --- ParserHandler: what the client sent ---------------------------------------------------

  data(bytes: Buffer): void {
    this.lines.push(bytes, this.typed);
    // A line still being typed past the cap: told now, not when (or whether) it ends.
    if (this.lines.overflowing && !this.cutTold && this.state === 'open') {
      this.cutTold = true;
      this.deliver({ text: [lineTooLongNotice(this.lines.maxLineBytes)], prompt: false });
    }
  }

  /** A line the player typed, whole. */
  private readonly typed = (text: string, cut: boolean): void => {
    if (cut && !this.cutTold) this.deliver({ text: [lineTooLongNotice(this.lines.maxLineBytes)], prompt: false });
    this.cutTold = false;
    // Delivering the line-too-long notice may have closed us (the output cap): the rest is ignored.
    if (this.state !== 'open') return;
    // The player's Enter ended the prompt's line on their screen.
    this.promptOpen = false;
    // PuTTY asks DO SGA by reflex at connect, and agreeing would take it out of line mode;
    // once the player has typed a line, a DO SGA is their own (telnet's `mode character`).
    if (!this.typedALine) {
      this.typedALine = true;
      this.negotiator.localOptions.add(SGA);
    }
    this.hearLine(text);
  };

  // Negotiation, commands and GMCP past their budgets are ignored (input-budget.ts).
  command(code: number): void {
    if (this.state !== 'open' || !this.budget.option()) return;
    if (code === AYT) this.send(AYT_ANSWER);
    else if (code === EC) this.lines.eraseCharacter();
    else if (code === EL) {
      this.lines.eraseLine();
      this.cutTold = false;
    }
  }

  // What the client says of itself may change the render profile and EOR: they are worked out again.
  negotiation(verb: Verb, option: number): void {
    if (this.state !== 'open' || !this.budget.option()) return;
    this.renderProfile = null;
    this.eor = null;
    this.negotiator.receive(verb, option);
  }

  subnegotiation(option: number, payload: Buffer): void {
    if (this.state !== 'open' || !(option === GMCP ? this.budget.gmcpMessage() : this.budget.option())) return;
    this.renderProfile = null;
    this.negotiator.subnegotiation(option, payload);
  }

  overflow(): void {
    this.drop();
  }

  // --- the rest ---------------------------------------------------------------------------

  private option<T extends NegotiatedOption = NegotiatedOption>(code: number): T {
    return optionOf<T>(this.negotiator, code);
  }

  private setServerEcho(on: boolean): void {
    if (this.state === 'open') this.negotiator.requestLocal(ECHO, on);
  }

  private enforceOutputCap(): void {
    if (this.queuedBytes > this.maxQueuedBytes) this.drop();
  }

  /** Cuts the connection at once, without a word; input already on its way is not read. */
  drop(): void {
    if (this.state === 'closed') return;
    this.state = 'closing';
    this.socket.destroy();
  }

  private finish(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.graceTimer);
    this.budget.stop();
    // Frees the zlib memory, and whatever output was still waiting for a client that stopped reading.
    this.output.destroy();
    this.emit('close');
  }
}
