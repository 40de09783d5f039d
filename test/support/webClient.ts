import WebSocket from 'ws';
import type { ServerMessage } from '../../src/web/messages.js';
import { plainFor } from './plain.js';

/** Stands in the recorded text where a prompt message arrived. */
export const PROMPT_MARK = '\u241e';

/**
 * A browser stand-in for integration tests: a `ws` client that records every message, and
 * keeps the text and prompts as one transcript to wait on, like the telnet TestClient (the
 * text as a sighted reader of the page sees it: marks read, `messages` keeps them).
 */
export class WebTestClient {
  readonly messages: ServerMessage[] = [];
  private text = '';
  private consumed = 0;
  private waiters: (() => void)[] = [];
  private closedFlag = false;
  private syncs = 0;
  /** Set once logged in: commands first sync with the server (see command()). */
  inGame = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the server sent a binary frame');
      const message = JSON.parse(data.toString()) as ServerMessage;
      this.messages.push(message);
      if (message.type === 'text' || message.type === 'close') this.text += `${plainFor(message.text, 'sight')}\n`;
      if (message.type === 'prompt') this.text += PROMPT_MARK;
      this.wake();
    });
    socket.on('close', () => {
      this.closedFlag = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number, opts: { origin?: string; path?: string } = {}): Promise<WebTestClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${opts.path ?? '/ws'}`, { origin: opts.origin });
      socket.once('open', () => resolve(new WebTestClient(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  /** The GMCP messages received of one package. */
  gmcp(pkg: string): unknown[] {
    return this.messages.flatMap((m) => (m.type === 'gmcp' && m.package === pkg ? [m.data] : []));
  }

  send(line: string): void {
    this.raw(JSON.stringify({ type: 'line', text: line }));
  }

  raw(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  async expect(pattern: RegExp | string, timeoutMs = 5000): Promise<string> {
    const re = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rest = this.text.slice(this.consumed);
      const m = re.exec(rest);
      if (m) {
        const upto = rest.slice(0, m.index + m[0].length);
        this.consumed += upto.length;
        return upto;
      }
      if (this.closedFlag) throw new Error(`connection closed while waiting for ${re}; got:\n${rest}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${re}; got:\n${rest}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The text up to the next prompt, without it. */
  async nextPrompt(timeoutMs = 5000): Promise<string> {
    return (await this.expect(PROMPT_MARK, timeoutMs)).slice(0, -PROMPT_MARK.length).replace(/\n$/, '');
  }

  /** Sends a line and returns its reply, up to the prompt that ends it. */
  async command(line: string): Promise<string> {
    if (this.inGame) {
      // As the telnet TestClient: once a unique probe is answered, the next prompt ends our own reply.
      const token = `sync${++this.syncs}x`;
      this.send(`look ${token}`);
      await this.expect(`"${token}"`);
      await this.nextPrompt();
    }
    this.consumed = this.text.length;
    this.send(line);
    return this.nextPrompt();
  }

  async closedSoon(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closedFlag) {
      if (Date.now() > deadline) throw new Error('connection did not close');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.socket.terminate();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
