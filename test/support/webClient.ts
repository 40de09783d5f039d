import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/web/messages.js';
import { plainFor } from './plain.js';
import { Transcript } from './transcript.js';

/** Stands in the recorded text where a prompt message arrived. */
export const PROMPT_MARK = '\u241e';

/**
 * A browser stand-in for integration tests: a `ws` client that records every message, and
 * keeps the text and prompts as one transcript to wait on, like the telnet TestClient (the
 * text as a sighted reader of the page sees it: marks read, `messages` keeps them).
 */
export class WebTestClient extends Transcript {
  readonly messages: ServerMessage[] = [];

  private constructor(readonly socket: WebSocket) {
    super();
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

  /** `from` binds the client's own end to that address (all of 127/8 is loopback); `headers` go with the upgrade. */
  static connect(port: number, opts: { origin?: string; path?: string; from?: string; headers?: Record<string, string> } = {}): Promise<WebTestClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}${opts.path ?? '/ws'}`, { origin: opts.origin, localAddress: opts.from, headers: opts.headers });
      socket.once('open', () => resolve(new WebTestClient(socket)));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with HTTP ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** The GMCP messages received of one package. */
  gmcp(pkg: string): unknown[] {
    return this.messages.flatMap((m) => (m.type === 'gmcp' && m.package === pkg ? [m.data] : []));
  }

  send(line: string): void {
    this.raw(JSON.stringify({ type: 'line', text: line }));
  }

  /** Every line in one write, as a flooding client's frames come (its socket corked): the server reads them in one go. */
  sendAll(lines: string[]): void {
    const tcp = (this.socket as unknown as { _socket: Socket })._socket;
    tcp.cork();
    for (const line of lines) this.send(line);
    tcp.uncork();
  }

  raw(data: string | Buffer, binary = false): void {
    this.socket.send(data, { binary });
  }

  /** The text up to the next prompt, without it. */
  async nextPrompt(timeoutMs = 5000): Promise<string> {
    return (await this.expect(PROMPT_MARK, timeoutMs)).slice(0, -PROMPT_MARK.length).replace(/\n$/, '');
  }

  close(): void {
    this.socket.terminate();
  }
}
