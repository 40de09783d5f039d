/**
 * One player's browser connection: a WebSocket whose frames become clean input lines, with
 * the telnet connection's guarantees (bad input refused with a reason, an output cap, one
 * 'close' whatever ends it).
 */
import { EventEmitter } from 'node:events';
import type { RawData, WebSocket } from 'ws';
import type { ConnectionEvents, LineListener } from '../telnet/connection.js';
import { DEFAULT_MAX_LINE_BYTES } from '../telnet/lines.js';
import { readFrame, writeFrame } from './frames.js';
import type { ServerMessage } from './messages.js';

export interface WebConnectionOptions {
  /** Input lines longer than this many bytes are cut, as on telnet (default 1024). */
  maxLineBytes?: number;
  /** A page with more output waiting than this is dropped (default 256 KiB, as on telnet). */
  maxQueuedBytes?: number;
  /** A page that sends this many refused frames is dropped (default 10: the page itself never sends one). */
  maxBadFrames?: number;
}

const DEFAULT_MAX_QUEUED_BYTES = 256 * 1024;
const DEFAULT_MAX_BAD_FRAMES = 10;
/** How long close() waits for the page's closing handshake before cutting the socket. */
const CLOSE_GRACE_MS = 5000;
const REFUSAL_GRACE_MS = 1000;

let lastId = 0;

/** A page's events: its lines, its resume token (resume.ts), its end. */
export type WebConnectionEvents = ConnectionEvents & { resume: [token: string] };

export class WebConnection extends EventEmitter<WebConnectionEvents> {
  readonly id = `web-${++lastId}`;
  private readonly maxLineBytes: number;
  private readonly maxQueuedBytes: number;
  private readonly maxBadFrames: number;
  private badFrames = 0;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private graceTimer: NodeJS.Timeout | undefined;
  /** cork() calls not yet undone by uncork(). */
  private corks = 0;
  private hearLine: LineListener = () => undefined;

  constructor(
    private readonly socket: WebSocket,
    readonly remoteAddress: string,
    options: WebConnectionOptions = {},
    /** The TCP socket under the WebSocket, corked so that a delivery's frames leave in one write. */
    private readonly tcp?: { cork(): void; uncork(): void },
    /** The proxy the page came through, when its X-Forwarded-For named the player (for the log). */
    readonly via?: string,
  ) {
    super();
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.maxBadFrames = options.maxBadFrames ?? DEFAULT_MAX_BAD_FRAMES;
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    // Protocol errors (a frame over ws's hard cap, bad UTF-8) end this connection only.
    socket.on('error', () => this.drop());
    socket.on('close', () => this.finish());
  }

  get closed(): boolean {
    return this.state !== 'open';
  }

  /** For the log, as the telnet connection describes its client. */
  describe(): string {
    return 'web page';
  }

  /** Output bytes waiting for this page. */
  get queuedBytes(): number {
    return this.socket.bufferedAmount;
  }

  /** Who hears each line typed: one listener, as a telnet connection's (telnet/connection.ts). */
  onLine(listener: LineListener): void {
    this.hearLine = listener;
  }

  send(message: ServerMessage): void {
    if (this.state !== 'open') return;
    this.socket.send(writeFrame(message));
    if (this.queuedBytes > this.maxQueuedBytes) this.drop();
  }

  /** Holds frames back until uncork(), to leave in one write (the outbox corks a session told again in a turn, until the tick's end). */
  cork(): void {
    if (this.state === 'closed' || !this.tcp) return;
    this.corks++;
    this.tcp.cork();
  }

  uncork(): void {
    if (this.corks === 0) return;
    this.corks--;
    this.tcp?.uncork();
  }

  /** Stops reading frames while the page's lines wait (line-queue.ts), as the telnet connection does. */
  pauseInput(): void {
    if (this.state === 'open') this.socket.pause();
  }

  resumeInput(): void {
    if (this.state === 'open') this.socket.resume();
  }

  /** Tells the page the connection ends on purpose (it then does not reconnect by itself), and closes. */
  close(farewell?: string): void {
    this.closeWith(farewell, CLOSE_GRACE_MS);
  }

  /** As close(), but waits for the page's closing handshake a second at most: a newcomer turned away at a limit. */
  refuse(line: string): void {
    this.closeWith(line, REFUSAL_GRACE_MS);
  }

  private closeWith(farewell: string | undefined, graceMs: number): void {
    if (this.state !== 'open') return;
    this.send({ type: 'close', text: farewell ?? '' });
    if (this.state !== 'open') return;
    this.state = 'closing';
    this.socket.resume(); // the page's closing frame must be read
    this.socket.close(1000);
    this.graceTimer = setTimeout(() => this.socket.terminate(), graceMs);
    this.graceTimer.unref();
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state !== 'open') return;
    // With ws's default binaryType every message arrives as one Buffer.
    const frame = readFrame(data as Buffer, isBinary, this.maxLineBytes);
    if (frame.kind === 'refused') {
      if (++this.badFrames >= this.maxBadFrames) {
        this.close('Too many messages this server cannot read; goodbye.');
        return;
      }
      this.send({ type: 'text', text: frame.reason });
      this.send({ type: 'prompt', text: '> ' });
      return;
    }
    if (frame.kind === 'resume') return void this.emit('resume', frame.token);
    if (frame.notice) this.send({ type: 'text', text: frame.notice });
    if (this.state === 'open') this.hearLine(frame.text);
  }

  /** Cuts the connection at once, without a word (a page that broke the rules or stopped reading). */
  drop(): void {
    if (this.state === 'closed') return;
    this.state = 'closing';
    this.socket.terminate();
  }

  private finish(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.graceTimer);
    this.emit('close');
  }
}
