/**
 * One player's telnet connection: telnetlib parses the protocol, this class turns it into
 * clean input lines and safe output, and guarantees one 'close' whatever ends it.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { DEFAULT_MAX_LINE_BYTES, LineAssembler, lineTooLongNotice } from './lines.js';
import {
  EOR,
  GA,
  IAC,
  OptionCode,
  requestLocal,
  requestRemote,
  TERMINAL_TYPE_EVENT,
  WINDOW_SIZE_EVENT,
  type WindowSize,
} from './options.js';
import { encodeText } from './output.js';
import { SubnegotiationRepair } from './subnegotiation.js';
import { TelnetSocket } from './telnetlib.js';

export interface TerminalInfo {
  width: number;
  height: number;
  type: string;
}

export interface ConnectionOptions {
  /** Input lines longer than this many raw bytes are cut (default 1024). */
  maxLineBytes?: number;
  /** A client with more output waiting than this is dropped (default 256 KiB). */
  maxQueuedBytes?: number;
}

export interface ConnectionEvents {
  line: [text: string];
  close: [];
}

export const DEFAULT_MAX_QUEUED_BYTES = 256 * 1024;
/** telnetlib ends a connection whose single TCP chunk holds more data bytes than this. */
const RECEIVE_CHUNK_MAX = 1024 * 1024;
/** Our subnegotiations (NAWS, TTYPE) are tiny; anything this long is abuse. */
const SUBNEGOTIATION_MAX = 1024;
/** How long close() waits for the client to hang up before cutting the socket. */
const CLOSE_GRACE_MS = 5000;
const KEEPALIVE_DELAY_MS = 60_000;

let lastId = 0;

export class TelnetConnection extends EventEmitter<ConnectionEvents> {
  readonly id = ++lastId;
  readonly remoteAddress: string;
  readonly terminal: TerminalInfo = { width: 80, height: 24, type: 'unknown' };
  private readonly telnet: TelnetSocket;
  private readonly lines: LineAssembler;
  private readonly maxQueuedBytes: number;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private graceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: Socket,
    options: ConnectionOptions = {},
  ) {
    super();
    this.remoteAddress = socket.remoteAddress ?? 'unknown';
    this.lines = new LineAssembler(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    this.maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;

    socket.setNoDelay(true);
    socket.setKeepAlive(true, KEEPALIVE_DELAY_MS);
    this.telnet = new TelnetSocket(socket, {
      receiveBufferMax: RECEIVE_CHUNK_MAX,
      subnegotiationBufferMax: SUBNEGOTIATION_MAX,
    });
    // We cut lines ourselves, so every data byte must come out at the end of its chunk,
    // not only at CR LF.
    this.telnet.reader.flushPolicy.endOfChunk = true;
    // Input reaches telnetlib through the subnegotiation repair instead of its own pipe.
    // Registered here, it runs between the cork and uncork listeners added below.
    socket.unpipe(this.telnet.reader);
    const repair = new SubnegotiationRepair();
    socket.on('data', (chunk: Buffer) => {
      if (this.state === 'open') this.telnet.reader.write(repair.push(chunk));
    });
    socket.resume(); // unpipe() paused it

    // Socket, reader and writer errors all arrive here (ECONNRESET, telnetlib's buffer
    // overflows): each one ends this connection only.
    this.telnet.on('error', () => this.drop());
    this.telnet.on('data', (data: Buffer) => this.receive(data));
    this.telnet.on(WINDOW_SIZE_EVENT, (size: WindowSize) => {
      if (size.width > 0) this.terminal.width = size.width;
      if (size.height > 0) this.terminal.height = size.height;
    });
    this.telnet.on(TERMINAL_TYPE_EVENT, (name: string) => {
      this.terminal.type = name;
    });
    // Corked around each inbound chunk, the answers to its negotiation leave in one write
    // instead of one syscall per 3-byte command. The second listener runs after telnetlib's
    // pipe, once the reader has answered the chunk: those answers count against the cap too.
    socket.prependListener('data', () => socket.cork());
    socket.on('data', () => {
      socket.uncork();
      this.enforceOutputCap();
    });
    socket.on('close', () => this.finish());

    requestLocal(this.telnet, OptionCode.SGA, true);
    requestLocal(this.telnet, OptionCode.EOR, true);
    requestRemote(this.telnet, OptionCode.NAWS);
    requestRemote(this.telnet, OptionCode.TTYPE);
  }

  get closed(): boolean {
    return this.state !== 'open';
  }

  /** True once the client answered DO EOR to our WILL EOR: prompts then end in IAC EOR. */
  get eorEnabled(): boolean {
    return this.telnet.getOption(OptionCode.EOR).us === 'YES';
  }

  /** Output bytes waiting for this client: telnetlib's writer plus the socket's buffer. */
  get queuedBytes(): number {
    const writer = this.telnet.writer;
    return writer.readableLength + writer.writableLength + this.socket.writableLength;
  }

  send(text: string): void {
    if (this.state !== 'open') return;
    this.writeBytes(encodeText(text));
  }

  prompt(text = '> '): void {
    if (this.state !== 'open') return;
    const marker = Buffer.from([IAC, this.eorEnabled ? EOR : GA]);
    this.writeBytes(Buffer.concat([encodeText(text), marker]));
  }

  /** WILL ECHO: the client stops echoing, and we echo nothing (for passwords). */
  hideInput(): void {
    this.setServerEcho(true);
  }

  /** WONT ECHO: the client echoes its own typing again. */
  showInput(): void {
    this.setServerEcho(false);
  }

  close(farewell?: string): void {
    if (this.state !== 'open') return;
    if (farewell !== undefined) this.send(`${farewell}\n`);
    if (this.state !== 'open') return;
    this.state = 'closing';
    // Nothing read from now on reaches telnetlib (the data listener checks the state);
    // resume() keeps reading (and discarding) so the client's hang-up is noticed.
    this.socket.resume();
    // Detach the writer and hand over what it holds: answers the reader may still write for
    // the rest of the current chunk stay in the detached writer (ending the writer instead
    // would turn them into push-after-EOF errors that cut the farewell off).
    const writer = this.telnet.writer;
    writer.unpipe(this.socket);
    for (let queued = writer.read(); queued !== null; queued = writer.read()) this.socket.write(queued);
    this.socket.end();
    this.graceTimer = setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS);
    this.graceTimer.unref();
  }

  private receive(data: Buffer): void {
    for (const line of this.lines.push(data)) {
      if (line.cut) this.send(`${lineTooLongNotice(this.lines.maxLineBytes)}\n`);
      // A 'line' listener (or the output cap) may have closed us: ignore the rest.
      if (this.state !== 'open') return;
      this.emit('line', line.text);
    }
  }

  private setServerEcho(on: boolean): void {
    if (this.state !== 'open') return;
    requestLocal(this.telnet, OptionCode.ECHO, on);
    this.enforceOutputCap();
  }

  /** Every byte goes through __writeRaw (telnetlib's write escapes 0xFF wrongly), in order. */
  private writeBytes(bytes: Buffer): void {
    this.telnet.writer.__writeRaw(bytes);
    this.enforceOutputCap();
  }

  private enforceOutputCap(): void {
    if (this.queuedBytes > this.maxQueuedBytes) this.drop();
  }

  private drop(): void {
    if (this.state === 'closed') return;
    this.state = 'closing';
    this.socket.destroy();
  }

  private finish(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.graceTimer);
    // Frees whatever output was still waiting for a client that stopped reading.
    this.telnet.writer.destroy();
    this.emit('close');
  }
}
