/**
 * The page's WebSocket to the server: JSON messages both ways (docs/web.md), and a new
 * connection after one that dropped, waiting longer after each failure. A connection the
 * server closed on purpose (its `close` message) is not reopened until the player asks.
 */
import type { ClientMessage, ServerMessage } from '../../src/web/messages.js';

export interface LinkHandlers {
  open(): void;
  message(message: ServerMessage): void;
  /** `retryInMs` is null when the server ended the connection on purpose. */
  down(retryInMs: number | null): void;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export class Link {
  private socket: WebSocket | null = null;
  private failures = 0;
  private retryTimer: number | undefined;
  private closedOnPurpose = false;

  constructor(
    private readonly url: string,
    private readonly handlers: LinkHandlers,
  ) {
    // Back on the network, or a phone woken up: no need to wait out the delay.
    window.addEventListener('online', () => {
      if (this.retryTimer !== undefined) this.connect();
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && this.retryTimer !== undefined) this.connect();
    });
  }

  get open(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the connection now (a pending retry is brought forward). */
  connect(): void {
    window.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.socket) return;
    this.closedOnPurpose = false;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.handlers.open();
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'close') this.closedOnPurpose = true;
      this.handlers.message(message);
    };
    socket.onclose = () => {
      this.socket = null;
      if (this.closedOnPurpose) {
        this.handlers.down(null);
        return;
      }
      const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures++);
      this.retryTimer = window.setTimeout(() => this.connect(), delay);
      this.handlers.down(delay);
    };
  }

  /** Sends if connected; returns whether it did. */
  send(message: ClientMessage): boolean {
    if (!this.socket || !this.open) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}

/** The WebSocket beside the page, wherever the page is served from (a proxy's sub-path included). */
export function socketUrl(location: Location): string {
  const url = new URL('ws', location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}
