/**
 * One simulated player for the load benchmark: a raw TCP client that refuses every telnet
 * option, strips telnet commands and ANSI from what it receives, and waits for a pattern in
 * the text that arrived since its last line.
 */
import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { percentiles, type Percentiles } from './process.js';

const IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240, ESC = 0x1b;

type ParseState = 'data' | 'iac' | 'option' | 'sb' | 'sb-iac' | 'esc' | 'csi';

export class LoadClient {
  private socket!: net.Socket;
  private state: ParseState = 'data';
  private command = 0;
  private readonly decoder = new StringDecoder('utf8');
  /** Text received since the last send. */
  private text = '';
  private waiting: { pattern: RegExp; resolve: (ok: boolean) => void; timer: NodeJS.Timeout } | null = null;
  closed = false;
  /** Called with every piece of clean text as it arrives (for watchers that count messages). */
  onText: ((text: string) => void) | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly localAddress?: string,
  ) {}

  connect(timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ host: this.host, port: this.port, localAddress: this.localAddress });
      this.socket = s;
      s.setNoDelay(true);
      const timer = setTimeout(() => {
        s.destroy();
        reject(new Error('connect timed out'));
      }, timeoutMs);
      s.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      s.on('data', (chunk) => this.receive(chunk));
      s.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      s.on('close', () => {
        this.closed = true;
        this.finishWait(false);
      });
    });
  }

  /** The text received since the last line was sent. */
  get received(): string {
    return this.text;
  }

  send(line: string): void {
    this.text = '';
    this.socket.write(`${line}\r\n`);
  }

  /** Resolves true when the text since the last send matches, false on timeout or close. */
  expect(pattern: RegExp, timeoutMs = 10_000): Promise<boolean> {
    if (pattern.test(this.text)) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.finishWait(false), timeoutMs);
      this.waiting = { pattern, resolve, timer };
    });
  }

  /** Sends a line and waits for its answer; the time it took in ms, or null if it never came. */
  async timed(line: string, pattern: RegExp, timeoutMs = 10_000): Promise<number | null> {
    const start = performance.now();
    this.send(line);
    return (await this.expect(pattern, timeoutMs)) ? performance.now() - start : null;
  }

  close(): void {
    this.socket?.destroy();
  }

  private finishWait(ok: boolean): void {
    const w = this.waiting;
    if (!w) return;
    this.waiting = null;
    clearTimeout(w.timer);
    w.resolve(ok);
  }

  private receive(chunk: Buffer): void {
    const clean = Buffer.allocUnsafe(chunk.length);
    let n = 0;
    const answers: number[] = [];
    for (const b of chunk) {
      switch (this.state) {
        case 'data':
          if (b === IAC) this.state = 'iac';
          else if (b === ESC) this.state = 'esc';
          else if (b !== 13 && b !== 0) clean[n++] = b;
          break;
        case 'iac':
          if (b === IAC) {
            clean[n++] = b;
            this.state = 'data';
          } else if (b === WILL || b === WONT || b === DO || b === DONT) {
            this.command = b;
            this.state = 'option';
          } else this.state = b === SB ? 'sb' : 'data';
          break;
        case 'option':
          // Refuse everything: a plain client, like the cheapest real one.
          if (this.command === WILL) answers.push(IAC, DONT, b);
          if (this.command === DO) answers.push(IAC, WONT, b);
          this.state = 'data';
          break;
        case 'sb':
          if (b === IAC) this.state = 'sb-iac';
          break;
        case 'sb-iac':
          this.state = b === SE ? 'data' : 'sb';
          break;
        case 'esc':
          this.state = b === 0x5b ? 'csi' : 'data';
          break;
        case 'csi':
          if (b >= 0x40 && b <= 0x7e) this.state = 'data';
          break;
      }
    }
    if (answers.length && !this.closed) this.socket.write(Buffer.from(answers));
    const text = this.decoder.write(clean.subarray(0, n));
    if (!text) return;
    this.onText?.(text);
    this.text += text;
    if (this.text.length > 65_536) this.text = this.text.slice(-32_768);
    if (this.waiting && this.waiting.pattern.test(this.text)) this.finishWait(true);
  }
}

/** Client number i as letters (a, b, ... z, ba, ...): names take no digits. */
export function letters(i: number): string {
  let s = '';
  do {
    s = String.fromCharCode(97 + (i % 26)) + s;
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
}

/** Spreads clients over many loopback addresses, so no per-address limit or port range binds. */
export function loopbackAddress(i: number): string {
  return `127.0.${1 + Math.floor(i / 250) % 250}.${2 + (i % 250)}`;
}

/** `n` clients connected (spread over `spreadMs`), each from its own loopback address, each greeted. */
export async function connectAll(port: number, n: number, spreadMs = 0): Promise<LoadClient[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * spreadMs) / n));
      const c = new LoadClient('127.0.0.1', port, loopbackAddress(i));
      await c.connect();
      if (!(await c.expect(/> $/))) throw new Error(`client ${i} got no greeting`);
      return c;
    }),
  );
}

/** What ends the answer to a create (the room it puts the character in) and to `inventory`. */
export const ENTERED = /Exits:[^]*> $/;
export const INVENTORY = /obsidian coins?[^]*> $/;

export interface LoopResult {
  perSecond: number;
  latency: Percentiles;
  failures: number;
}

/** Every client sends `line` and waits for `pattern`, again and again, all starting together. */
export async function closedLoop(clients: LoadClient[], line: string, pattern: RegExp, seconds: number): Promise<LoopResult> {
  const samples: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < end && !c.closed) {
        const ms = await c.timed(line, pattern);
        if (ms === null) failures++;
        else if (performance.now() <= end) samples.push(ms);
      }
    }),
  );
  return { perSecond: samples.length / seconds, latency: percentiles(samples), failures };
}
