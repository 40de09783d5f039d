import type { Socket } from 'node:net';
import type { InputBudget } from './input-budget.js';
import { IAC } from './options.js';
import type { TelnetParser } from './parser.js';
import { kept, SharedReadSocket } from './shared-read.js';

/** How much input is parsed before looking again whether the input was paused: 512 empty lines at most. */
const READ_SLICE = 512;

/**
 * A connection's socket read into its parser a slice at a time, so that a pause (a flood of short
 * lines waits in the line queue) or a spent budget (a flood of anything, input-budget.ts) stops
 * the work within a slice instead of at the end of a 64 KiB read: the rest of the chunk is held,
 * unparsed, and the client's TCP window holds what follows.
 */
export class SocketReader {
  /** Input is paused (pause()), or waits for its budget; `held` is the unparsed rest of the chunk it came in. */
  private paused = false;
  private held: Buffer | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly parser: TelnetParser,
    private readonly budget: InputBudget,
    /** Whether the connection still reads: once it is closing, what comes is not parsed. */
    private readonly open: () => boolean,
    /** After each chunk parsed: its answers may have taken the client's output past its cap. */
    private readonly afterChunk: () => void,
  ) {
    const arrived = (chunk: Buffer) => {
      if (!this.open()) return;
      this.read(this.held ? Buffer.concat([this.held, chunk]) : chunk);
    };
    if (socket instanceof SharedReadSocket) socket.hear = arrived;
    else socket.on('data', arrived);
  }

  /** Stops reading while the client's lines wait (line-queue.ts). */
  pause(): void {
    this.paused = true;
    this.socket.pause();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.readOn();
  }

  private readonly pauseSocket = (): void => void this.socket.pause();

  /** Reads on from where a pause or the budget stopped it, unless one of them still holds it. */
  private readonly readOn = (): void => {
    if (!this.open() || this.paused || this.budget.waiting) return;
    const held = this.held;
    this.held = null;
    if (held) this.read(held);
    if (!this.paused && !this.budget.waiting && this.open()) this.socket.resume();
  };

  private read(chunk: Buffer): void {
    // Corked around a chunk with commands in it, the answers to its negotiation leave in one
    // write instead of one syscall per 3-byte command. Typed text is not: its reply goes at
    // once (the outbox corks a socket told again in a turn, until the tick's end).
    const commands = holdsIac(chunk);
    if (commands) this.socket.cork();
    this.budget.arrived();
    try {
      for (let at = 0; at < chunk.length && this.open(); at += READ_SLICE) {
        if (this.paused || this.budget.waiting) {
          // Copied once, if it is still the buffer every connection reads into (shared-read.ts).
          this.held = kept(chunk.subarray(at));
          return;
        }
        // Most chunks are one line: parsed as they are, with the search for IAC above not made again.
        const slice = at === 0 && chunk.length <= READ_SLICE ? chunk : chunk.subarray(at, at + READ_SLICE);
        this.parser.push(slice, commands);
        this.budget.read(slice.length);
        this.budget.throttle(this.pauseSocket, this.readOn);
      }
    } finally {
      if (commands) this.socket.uncork();
      this.afterChunk();
    }
  }
}

/** Whether a chunk holds an IAC: a short one (a typed line) by a loop here, cheaper than a call into node's native search. */
function holdsIac(chunk: Buffer): boolean {
  if (chunk.length > 256) return chunk.indexOf(IAC) >= 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === IAC) return true;
  return false;
}
