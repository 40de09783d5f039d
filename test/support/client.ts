import net from 'node:net';
import type { Duplex } from 'node:stream';
import { Transcript } from './transcript.js';

const IAC = 255;
const NAWS = 31;
/** Stands in the recorded text where the server sent IAC GA or IAC EOR (the end of a prompt). */
export const PROMPT_END = '\u241e';
const PROMPT_END_BYTES = [...Buffer.from(PROMPT_END, 'utf8')];

/**
 * A plain telnet client for integration tests: it records the text the server sends
 * (telnet commands removed, kept apart in `commands`) and waits for patterns.
 */
export class TestClient extends Transcript {
  readonly raw: Buffer[] = [];
  /** Telnet commands received, as byte arrays starting with IAC. */
  readonly commands: number[][] = [];
  private pending: number[] = [];

  private constructor(
    private readonly socket: Duplex,
    /** Answer negotiation like a MUD client: DO ECHO/SGA/EOR, and WONT to everything else. */
    private readonly agree: boolean,
    /** The screen width reported by NAWS (0: none, so the server wraps at 80 columns). */
    private readonly width: number,
  ) {
    super();
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('close', () => {
      this.closedFlag = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  /**
   * By default the client reports a screen 10,000 columns wide, so the server's wrapping never
   * splits the lines tests look for; `width: 0` reports none. `from` binds the client's own end
   * to that address (all of 127/8 is loopback); `host`: the server's address (default 127.0.0.1).
   */
  static connect(port: number, opts: { agree?: boolean; width?: number; from?: string; host?: string } = {}): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ port, host: opts.host ?? '127.0.0.1', localAddress: opts.from }, () => resolve(new TestClient(s, opts.agree ?? false, opts.width ?? 10_000)));
      s.once('error', reject);
    });
  }

  /** A client over a stream that is not a plain TCP socket (TLS: test/support/secureClient.ts). */
  static over(stream: Duplex, opts: { agree?: boolean; width?: number } = {}): TestClient {
    return new TestClient(stream, opts.agree ?? false, opts.width ?? 10_000);
  }

  /** Everything received so far, as text. */
  get all(): string {
    return this.text;
  }

  send(line: string, ending = '\r\n'): void {
    this.socket.write(Buffer.concat([Buffer.from(line, 'utf8'), Buffer.from(ending, 'binary')]));
  }

  sendBytes(bytes: number[] | Buffer): void {
    this.socket.write(Buffer.from(bytes));
  }

  /** Waits until `check` holds; it is tried again whenever bytes arrive. */
  async until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (this.closedFlag) throw new Error(`connection closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await this.more(left);
    }
  }

  /** Leaves (from the game or any login prompt): the farewell is a last word, with no prompt after it. */
  async quit(): Promise<string> {
    this.consumed = this.text.length;
    this.send('quit');
    await this.closedSoon();
    const farewell = this.text.slice(this.consumed);
    if (!/Farewell!/.test(farewell)) throw new Error(`quit did not say farewell: ${farewell}`);
    return farewell;
  }

  /** The text up to the next prompt, without the prompt (on a line of its own, or a screen reader's on the text's last line). */
  async nextPrompt(timeoutMs = 5000): Promise<string> {
    const text = await this.expect(PROMPT_END, timeoutMs);
    // Ranvier's Broadcast.prompt ends a prompt with a colour reset.
    return text.slice(0, -PROMPT_END.length).replace(/(?:\r?\n| )?> {1,2}(?:\x1b\[0m)?$/, '');
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.raw.push(chunk);
    const bytes = [...this.pending, ...chunk];
    this.pending = [];
    const out: number[] = [];
    let i = 0;
    while (i < bytes.length) {
      const b = bytes[i];
      if (b !== IAC) {
        out.push(b);
        i++;
        continue;
      }
      if (i + 1 >= bytes.length) {
        this.pending = bytes.slice(i);
        break;
      }
      const cmd = bytes[i + 1];
      if (cmd === IAC) {
        out.push(IAC);
        i += 2;
      } else if (cmd >= 251 && cmd <= 254) {
        if (i + 2 >= bytes.length) {
          this.pending = bytes.slice(i);
          break;
        }
        this.commands.push([IAC, cmd, bytes[i + 2]]);
        if (cmd === 253 && bytes[i + 2] === NAWS && this.width) this.reportWidth();
        else if (this.agree) this.answer(cmd, bytes[i + 2]);
        i += 3;
      } else if (cmd === 250) {
        const end = findSE(bytes, i + 2);
        if (end < 0) {
          this.pending = bytes.slice(i);
          break;
        }
        this.commands.push(bytes.slice(i, end + 2));
        i = end + 2;
      } else {
        this.commands.push([IAC, cmd]);
        if (cmd === 249 || cmd === 239) out.push(...PROMPT_END_BYTES);
        i += 2;
      }
    }
    this.text += Buffer.from(out).toString('utf8');
    this.wake();
  }

  private reportWidth(): void {
    const size = Buffer.alloc(4);
    size.writeUInt16BE(this.width, 0);
    size.writeUInt16BE(24, 2);
    this.sendBytes([IAC, 251, NAWS, IAC, 250, NAWS, ...size, IAC, 240]);
  }

  private answer(cmd: number, option: number): void {
    const WILL = 251, WONT = 252, DO = 253, DONT = 254;
    if (cmd === WILL) this.sendBytes([IAC, [1, 3, 25].includes(option) ? DO : DONT, option]);
    else if (cmd === DO) this.sendBytes([IAC, WONT, option]);
  }

}

function findSE(bytes: number[], from: number): number {
  for (let j = from; j + 1 < bytes.length; j++) {
    if (bytes[j] === IAC && bytes[j + 1] === IAC) {
      j++;
      continue;
    }
    if (bytes[j] === IAC && bytes[j + 1] === 240) return j;
  }
  return -1;
}
