/**
 * Typed access to telnetlib 1.0.2 (CommonJS), through its public exports only: the RFC 1143
 * option state machine (`TelnetOption`) and the command constants.
 *
 * We do not use its TelnetSocket (what `createServer` wraps every socket in): it puts two
 * Transform streams and a pipe between the socket and us, which cost memory per connection
 * and a stream hop per write, and it offers no way to put MCCP2 compression or one write per
 * delivery in the path. Reading bytes (parser.ts) and writing them (connection.ts) are ours;
 * a TelnetOption only needs a small host object (OptionHost) to negotiate through.
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

const require = createRequire(import.meta.url);

/** RFC 1143 option states, spelt as telnetlib spells them. */
export type OptionState = 'NO' | 'YES' | 'WANTNO' | 'WANTYES';
export type OptionQueue = 'EMPTY' | 'OPPOSITE';
/** LOCAL: the option on our side (WILL/WONT); REMOTE: on the client's side (DO/DONT). */
export type Side = 'LOCAL' | 'REMOTE';

/** What a TelnetOption reads and calls on the `socket` it is given. */
export interface OptionHost {
  /** Options we agree to enable on our side when asked (or have asked for). */
  readonly localOptions: Set<number>;
  /** Options we agree the client may enable (or have asked it to). */
  readonly remoteOptions: Set<number>;
  readonly writer: {
    writeWill(code: number): void;
    writeWont(code: number): void;
    writeDo(code: number): void;
    writeDont(code: number): void;
  };
  /** telnetlib emits ('enable' | 'disable', code, side) here on every change. */
  emit(event: string, ...args: unknown[]): boolean;
}

export interface TelnetOption extends EventEmitter {
  readonly code: number;
  readonly socket: OptionHost;
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

export type TelnetOptionClass = new (host: OptionHost, code: number) => TelnetOption;

interface TelnetlibModule {
  TelnetOption: TelnetOptionClass;
  constants: { commands: Record<string, number> };
}

const telnetlib = require('telnetlib') as TelnetlibModule;

export const TelnetOption: TelnetOptionClass = telnetlib.TelnetOption;
export const commands = telnetlib.constants.commands;
