import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { Timer } from '../../games/api.js';
import type { Scheduler } from '../clock.js';
import { LineReader } from './lines.js';

/**
 * The dealer's telnet connection to the MUD, through telnetlib (the project's telnet library) as
 * a client that agrees to no option: the MUD's text arrives as lines, the dealer's commands go
 * out as lines. When the connection drops (or cannot be made) it tries again, waiting a little
 * longer each time (1 s, 2 s, 4 s ... up to a minute, each with some jitter), until stopped.
 */

const require = createRequire(import.meta.url);
interface TelnetClient {
  write(data: string | Buffer): void;
  end(): void;
  destroy(): void;
  on(event: 'data', fn: (chunk: Buffer) => void): void;
  on(event: 'error', fn: (e: Error) => void): void;
  reader: { flushPolicy: { endOfChunk: boolean } };
  socket: Socket;
}
const telnetlib = require('telnetlib') as { createConnection(options: object, onConnect: () => void): TelnetClient };

export interface MudAddress {
  host: string;
  port: number;
}

export interface ConnectionEvents {
  /** Connected: the MUD's greeting follows. */
  up(): void;
  line(text: string): void;
  /** The connection is gone (`reason` in words); the next try comes after `retryMs` (null: stopped). */
  down(reason: string, retryMs: number | null): void;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;
/** A connection that lasted this long was a good one: the next drop starts the waits afresh. */
const STEADY_MS = 60_000;

export class MudConnection {
  private client: TelnetClient | null = null;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private retry: Timer | null = null;
  private upSince: number | null = null;

  constructor(
    private readonly address: MudAddress,
    private readonly charset: 'ascii' | 'utf-8',
    private readonly scheduler: Scheduler,
    private readonly events: ConnectionEvents,
  ) {}

  get connected(): boolean {
    return this.upSince !== null;
  }

  start(): void {
    if (this.stopped || this.client) return;
    const lines = new LineReader((line) => this.events.line(line), this.scheduler, this.charset);
    let gone = false;
    const client = telnetlib.createConnection({ host: this.address.host, port: this.address.port, receiveBufferMax: 1 << 20 }, () => {
      this.upSince = this.scheduler.now();
      this.events.up();
    });
    // Every read is handed on whole; the lines are cut here (a prompt has no end).
    client.reader.flushPolicy.endOfChunk = true;
    client.socket.setNoDelay(true);
    client.socket.setKeepAlive(true, 30_000);
    client.on('data', (chunk) => lines.feed(chunk));
    const lost = (reason: string) => {
      if (gone) return;
      gone = true;
      lines.flush();
      this.client = null;
      const steady = this.upSince !== null && this.scheduler.now() - this.upSince >= STEADY_MS;
      this.upSince = null;
      if (steady) this.retryMs = FIRST_RETRY_MS;
      if (this.stopped) return this.events.down(reason, null);
      const wait = Math.round(this.retryMs * (0.8 + Math.random() * 0.4));
      this.retryMs = Math.min(LAST_RETRY_MS, this.retryMs * 2);
      this.events.down(reason, wait);
      this.retry = this.scheduler.setTimer(wait, () => {
        this.retry = null;
        this.start();
      });
    };
    // The socket's own close comes last, after any error: the reason is the error's, when there was one.
    let error: string | null = null;
    client.on('error', (e) => (error ??= e.message));
    client.socket.on('close', () => lost(error ?? 'the MUD closed the connection'));
    this.client = client;
  }

  /** Sends one command line (the caller keeps it within the MUD's line length). */
  send(line: string): boolean {
    if (!this.client || this.upSince === null) return false;
    this.client.write(Buffer.from(`${line}\r\n`, this.charset === 'utf-8' ? 'utf8' : 'latin1'));
    return true;
  }

  /** Drops the connection now (it is tried again after the usual wait). */
  drop(): void {
    this.client?.destroy();
  }

  /** No more tries; the connection is closed once what was sent has gone out. */
  stop(): Promise<void> {
    this.stopped = true;
    this.retry?.cancel();
    const client = this.client;
    if (!client) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => resolve();
      client.socket.once('close', done);
      client.end();
      // A MUD that never closes its side is not waited for.
      this.scheduler.setTimer(2000, () => {
        client.destroy();
        done();
      });
    });
  }
}
