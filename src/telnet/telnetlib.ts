/**
 * Typed access to the parts of telnetlib 1.0.2 (CommonJS) that the connection uses.
 * Only what is declared here is relied on; see options.ts and connection.ts for the
 * library's sharp edges and how each one is avoided.
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import type { Transform } from 'node:stream';

const require = createRequire(import.meta.url);

/** RFC 1143 option states, spelt as telnetlib spells them. */
export type OptionState = 'NO' | 'YES' | 'WANTNO' | 'WANTYES';
export type OptionQueue = 'EMPTY' | 'OPPOSITE';
/** LOCAL: the option on our side (WILL/WONT); REMOTE: on the client's side (DO/DONT). */
export type Side = 'LOCAL' | 'REMOTE';

export interface TelnetReader extends Transform {
  /** When buffered data bytes are pushed out besides at CR LF. */
  flushPolicy: { endOfChunk: boolean; goAhead: boolean; endOfRecord: boolean };
}

export interface TelnetWriter extends Transform {
  /** Queues bytes exactly as given, in order with every negotiation command. */
  __writeRaw(data: Buffer | number[]): void;
  writeWill(code: number): void;
  writeWont(code: number): void;
  writeDo(code: number): void;
  writeDont(code: number): void;
}

export interface TelnetSocket extends EventEmitter {
  readonly socket: Socket;
  readonly reader: TelnetReader;
  readonly writer: TelnetWriter;
  /** Options we agree to enable on our side when asked (or have asked for). */
  readonly localOptions: Set<number>;
  /** Options we agree the client may enable (or have asked it to). */
  readonly remoteOptions: Set<number>;
  /** The handler instance for an option code, created on first use from the registry. */
  getOption(code: number): TelnetOption;
}

export interface TelnetSocketOptions {
  /** Data bytes one TCP chunk may hold before the reader gives up on the connection. */
  receiveBufferMax?: number;
  /** Bytes one subnegotiation may hold before the reader gives up on the connection. */
  subnegotiationBufferMax?: number;
}

export interface TelnetOption extends EventEmitter {
  readonly code: number;
  readonly socket: TelnetSocket;
  /** Setting us/him to YES or NO calls enabled()/disabled() on the change. */
  us: OptionState;
  usq: OptionQueue;
  him: OptionState;
  himq: OptionQueue;
  enabled(at: Side): void;
  disabled(at: Side): void;
  subnegotiation(data: Buffer): void;
  handleWill(): void;
  handleWont(): void;
  handleDo(): void;
  handleDont(): void;
}

export type TelnetOptionClass = new (socket: TelnetSocket, code: number) => TelnetOption;

interface TelnetlibModule {
  TelnetOption: TelnetOptionClass;
  /** Replaces the handler class for an option code in telnetlib's process-wide registry. */
  defineOption(name: string, code: number, handler: TelnetOptionClass): void;
}

const telnetlib = require('telnetlib') as TelnetlibModule;

export const TelnetOption: TelnetOptionClass = telnetlib.TelnetOption;
export const defineOption = telnetlib.defineOption;
export const TelnetSocket = require('telnetlib/src/TelnetSocket/TelnetSocket') as new (
  socket: Socket,
  options?: TelnetSocketOptions,
) => TelnetSocket;
