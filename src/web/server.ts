/**
 * The web port: the built page (dist/web) at `/` and the game's WebSocket at `/ws`, on one
 * HTTP server. Each accepted WebSocket is handed over as a WebConnection.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { WebSocketServer } from 'ws';
import { WebConnection, type WebConnectionOptions } from './connection.js';
import { MAX_FRAME_BYTES } from './frames.js';
import { SOCKET_PATH } from './messages.js';
import { listening } from '../telnet/server.js';
import { OpenPerAddress, tooManyFrom } from '../telnet/per-address.js';
import { TrustedProxies } from '../telnet/trusted-proxies.js';

export interface WebOptions {
  /** The folder of the built page (index.html and its assets). */
  root: string;
  /** Origins allowed besides the page's own host, as `https://mud.example.org`. */
  origins?: string[];
  /** Open WebSockets one address may hold at once (default 10). */
  maxPerAddress?: number;
  /** The proxies whose X-Forwarded-For names the player (`--trust-proxy`); default none. */
  trusted?: TrustedProxies;
  connection?: WebConnectionOptions;
}

const DEFAULT_MAX_PER_ADDRESS = 10;
/** ws closes the connection on a frame past this; frames between MAX_FRAME_BYTES and this get a reason instead. */
const HARD_FRAME_BYTES = 16 * MAX_FRAME_BYTES;
const KEEPALIVE_DELAY_MS = 60_000;

/** The page may only be loaded from itself: no inline script, no other host. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Whether a WebSocket request may proceed: a browser always sends Origin, so a request from a
 * page on another site (which could drive a player's session) is refused; a client without
 * Origin is no browser and may connect.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[] = []): boolean {
  if (origin === undefined) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  if (host !== undefined && from.host === hostOf(host)) return true;
  return allowed.some((entry) => {
    try {
      return new URL(entry).origin === from.origin;
    } catch {
      return false;
    }
  });
}

/** A Host header as URL.host writes it (lower case, default port dropped). */
function hostOf(header: string): string | undefined {
  try {
    return new URL(`http://${header}`).host;
  } catch {
    return undefined;
  }
}

export function listenWeb(host: string, port: number, options: WebOptions, onConnection: (c: WebConnection) => void): Promise<http.Server> {
  const built = existsSync(join(options.root, 'index.html'));
  const files = built
    ? sirv(options.root, {
        etag: true,
        setHeaders: (res, pathname) => {
          for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
          // Vite names assets by their content, so they never change; the page itself may.
          res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      })
    : null;

  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET and HEAD are served here.\n');
      return;
    }
    if (!files) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The web page has not been built: run npm run build, then start the server again.\n');
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  const perAddress = new OpenPerAddress(options.maxPerAddress ?? DEFAULT_MAX_PER_ADDRESS);

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!originAllowed(req.headers.origin, req.headers.host, options.origins)) return refuseUpgrade(socket, 403, 'Forbidden');
    sockets.handleUpgrade(req, socket, head, (ws) => {
      // The player's address, from X-Forwarded-For when a trusted proxy sent the upgrade.
      const peer = req.socket.remoteAddress ?? 'unknown';
      const address = (options.trusted ?? TrustedProxies.none).clientOf(req);
      req.socket.setNoDelay(true);
      req.socket.setKeepAlive(true, KEEPALIVE_DELAY_MS);
      const c = new WebConnection(ws, address, options.connection, req.socket, address === peer ? undefined : peer);
      if (!perAddress.admit(address)) {
        // Accepted only to say why: a refused upgrade reaches the page as a bare failure.
        c.close(tooManyFrom(perAddress.limit));
        return;
      }
      c.on('close', () => perAddress.release(address));
      onConnection(c);
    });
  });

  return listening(server, host, port);
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
