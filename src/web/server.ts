/**
 * The web port: the built page (dist/web) at `/` and the game's WebSocket at `/ws`, on one
 * HTTP server. Each accepted WebSocket is handed over as a WebConnection.
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { WebSocketServer } from 'ws';
import { WebConnection, type WebConnectionOptions } from './connection.js';
import { MAX_FRAME_BYTES } from './frames.js';
import { SOCKET_PATH } from './messages.js';
import { HANDSHAKE_TIMEOUT_MS, listening, type OnTheWay } from '../telnet/server.js';
import { addressGroup, OpenPerAddress, peerAddress, tooManyFrom, type RatePerAddress } from '../telnet/per-address.js';
import { TAVERN_FULL, turnAway } from '../telnet/fd-budget.js';
import { TrustedProxies } from '../telnet/trusted-proxies.js';
import { RateLimit, type Listings } from './listings.js';
import { tavernPage } from '../games/tables-page.js';
import { obsidianCoins } from '../output/words.js';

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
  /** The public tavern page and its API (`/tavern`, `/api/...`); without it, neither is served. */
  listings?: Listings;
  /** Requests to the tavern page and the API one address may make per window (default 30 per 10 s). */
  publicLimit?: { limit: number; windowMs: number; now?: () => number };
  /** Whether a newcomer may stay (the file descriptor budget, fd-budget.ts); by default, always. */
  admit?: () => boolean;
  /** Sockets counted per address from accept until they are the game's socket or close (a request, a handshake). */
  onTheWay?: OnTheWay;
  /** The HTTPS port's handshakes per address a minute. */
  handshakes?: RatePerAddress;
  /** How long a TLS handshake, and then a request's headers, may take (default 10 s each; tests make it short). */
  comingInTimeoutMs?: number;
}

const DEFAULT_MAX_PER_ADDRESS = 10;
/** ws closes the connection on a frame past this; frames between MAX_FRAME_BYTES and this get a reason instead. */
const HARD_FRAME_BYTES = 16 * MAX_FRAME_BYTES;
const KEEPALIVE_DELAY_MS = 60_000;
/** A request's headers (and a GET has nothing more) must come within this: a half-sent one holds a descriptor. */
const HEADERS_TIMEOUT_MS = 10_000;
/** Near the descriptor limit, a newcomer on the plain HTTP port gets this and is closed. */
const FULL_RESPONSE = `HTTP/1.1 503 Service Unavailable\r\nRetry-After: 60\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${TAVERN_FULL.length + 1}\r\nConnection: close\r\n\r\n${TAVERN_FULL}\n`;

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

/** One port of the web client: plain HTTP and WS, or with `tls` (the certificate) HTTPS and WSS. */
export interface WebPort {
  port: number;
  tls?: tls.SecureContextOptions;
}

/**
 * Serves the page and its socket on each of `ports` (together, so one address's open sockets are
 * counted across them); resolves with their servers in the same order, or rejects (none left open).
 */
export async function listenWeb(host: string, ports: readonly WebPort[], options: WebOptions, onConnection: (c: WebConnection) => void): Promise<(http.Server | https.Server)[]> {
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

  const servePublic = options.listings ? publicRoutes(options.listings, options) : () => false;

  /** Connections turned away near the descriptor limit: whatever they sent meanwhile is not served. */
  const turnedAway = new WeakSet<object>();
  /** Sockets on their way in, by `address:port` (the same for a TLS socket and the TCP socket under it): each one's count to let go. */
  const comingIn = new Map<string, () => void>();
  const arrived = (socket: { remoteAddress?: string; remotePort?: number }) => comingIn.get(`${socket.remoteAddress}:${socket.remotePort}`)?.();

  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (turnedAway.has(req.socket)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET and HEAD are served here.\n');
      return;
    }
    if (servePublic(req, res)) return;
    if (!files) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The web page has not been built: run npm run build, then start the server again.\n');
      return;
    }
    // sirv pipes a file it could not open (EMFILE near the descriptor limit) without an error
    // listener, which would stop the server: that response is cut instead.
    res.once('pipe', (file) => file.once('error', () => res.destroy()));
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
    });
  };

  const sockets = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  const perAddress = new OpenPerAddress(options.maxPerAddress ?? DEFAULT_MAX_PER_ADDRESS);

  const upgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    if (turnedAway.has(socket)) return;
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== SOCKET_PATH) return refuseUpgrade(socket, 404, 'Not Found');
    if (!originAllowed(req.headers.origin, req.headers.host, options.origins)) return refuseUpgrade(socket, 403, 'Forbidden');
    sockets.handleUpgrade(req, socket, head, (ws) => {
      // The player's address, from X-Forwarded-For when a trusted proxy sent the upgrade.
      const peer = peerAddress(req.socket.remoteAddress);
      const address = peerAddress((options.trusted ?? TrustedProxies.none).clientOf(req));
      req.socket.setNoDelay(true);
      req.socket.setKeepAlive(true, KEEPALIVE_DELAY_MS);
      // The game's socket from now on: counted as a connection, no longer as one on its way in.
      arrived(req.socket);
      const c = new WebConnection(ws, address, options.connection, req.socket, address === peer ? undefined : peer);
      if (!perAddress.admit(address)) {
        // Accepted only to say why: a refused upgrade reaches the page as a bare failure.
        c.refuse(tooManyFrom(perAddress.limit));
        return;
      }
      c.on('close', () => perAddress.release(address));
      onConnection(c);
    });
  };

  const started = await Promise.allSettled(
    ports.map(({ port, tls }) => {
      // Short deadlines: a request's headers within 10 s, checked every second (Node's defaults are 60 s, every 30 s).
      const deadline = options.comingInTimeoutMs ?? HEADERS_TIMEOUT_MS;
      const timeouts = { headersTimeout: deadline, requestTimeout: deadline, connectionsCheckingInterval: Math.min(1000, deadline) };
      const server: http.Server | https.Server = tls
        ? https.createServer({ ...tls, ...timeouts, handshakeTimeout: options.comingInTimeoutMs ?? HANDSHAKE_TIMEOUT_MS }, serve)
        : http.createServer(timeouts, serve);
      server.on('upgrade', upgrade);
      // Before HTTP or TLS sees the socket: near the descriptor limit a 503 in plain HTTP, and past
      // the address's sockets on their way in a 429; over TLS, where nothing can be said before a
      // handshake, closed without a word.
      server.prependListener('connection', (socket: net.Socket) => {
        const refusal = admitSocket(socket, !!tls, options);
        if (refusal === null) return countComing(socket);
        turnedAway.add(socket);
        if (tls) socket.destroy();
        else turnAway(socket, refusal);
      });
      // A failed handshake (a scanner, a plain request on the HTTPS port) loses that client only.
      if (tls) server.on('tlsClientError', (_e, socket) => socket.destroy());
      return listening(server, host, port);
    }),
  );
  function countComing(socket: net.Socket): void {
    const peer = peerAddress(socket.remoteAddress);
    // Through a trusted proxy the player is known only from the request: counted as a connection then.
    if (!options.onTheWay || (options.trusted ?? TrustedProxies.none).trusts(peer)) return;
    const key = `${socket.remoteAddress}:${socket.remotePort}`;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      comingIn.delete(key);
      options.onTheWay!.arrived(peer);
    };
    comingIn.set(key, done);
    socket.once('close', done);
  }

  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const server of servers) server.close();
    throw failed.reason;
  }
  return servers;
}

/**
 * Null when a socket just accepted may go on, else what a plain HTTP one is told: near the
 * descriptor limit a 503, past its address's handshakes or sockets on their way in a 429. A
 * trusted proxy's sockets are not counted here (the player is known only from the request).
 */
function admitSocket(socket: net.Socket, secure: boolean, options: WebOptions): string | null {
  if (options.admit && !options.admit()) return FULL_RESPONSE;
  const peer = peerAddress(socket.remoteAddress);
  if ((options.trusted ?? TrustedProxies.none).trusts(peer)) return null;
  const refusal = options.onTheWay?.coming(peer);
  if (!refusal && secure && options.handshakes && !options.handshakes.take(peer)) {
    options.onTheWay?.arrived(peer);
    return '';
  }
  if (!refusal) return null;
  return `HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(refusal) + 1}\r\nConnection: close\r\n\r\n${refusal}\n`;
}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'public, max-age=2',
  // For MUD lists and chat bots on other sites: the answers are public and carry no cookie.
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
};

/** Other addresses of the tavern page, each with the relative way to `/tavern` from it. */
const TAVERN_ALIASES: Record<string, string> = { '/tavern/': '../tavern', '/tavern.html': 'tavern', '/tavern/index.html': '../tavern' };

/**
 * `/tavern` and `/api/{who,top,wins,tables,tables/<id>/games}`, rate-limited per address (a 429
 * with Retry-After past the limit). Returns false for any other path.
 */
function publicRoutes(listings: Listings, options: WebOptions): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const { limit, windowMs, now } = options.publicLimit ?? { limit: 30, windowMs: 10_000 };
  const limiter = new RateLimit(limit, windowMs, now ?? Date.now);
  const templateFile = join(options.root, 'tavern.html');
  const template = existsSync(templateFile) ? readFileSync(templateFile, 'utf8') : null;
  const answers: Record<string, () => unknown> = {
    '/api/who': () => listings.who(),
    '/api/top': () => listings.top(),
    '/api/wins': () => listings.wins(),
    '/api/tables': () => ({ tables: listings.tables() }),
  };
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    // The built template would be served bare at these (no lists, and from /tavern/ no script or
    // style either): they lead to /tavern, relative so that a proxy's path prefix is kept.
    const toTavern = TAVERN_ALIASES[path];
    if (toTavern) {
      res.writeHead(301, { Location: toTavern, 'Content-Type': 'text/plain; charset=utf-8' }).end('The tavern page is at /tavern.\n');
      return true;
    }
    const games = /^\/api\/tables\/([\w-]{1,64})\/games$/.exec(path);
    if (path !== '/tavern' && !answers[path] && !games) return false;
    const wait = limiter.take(addressGroup(peerAddress((options.trusted ?? TrustedProxies.none).clientOf(req))));
    if (wait !== null) {
      const why = `Too many requests from your address: at most ${limit} every ${windowMs / 1000} seconds. Try again in ${wait} seconds.`;
      // A person at /tavern reads the refusal in their browser; a program at /api/ parses it.
      if (path === '/tavern') res.writeHead(429, { 'Retry-After': String(wait), 'Content-Type': 'text/plain; charset=utf-8' }).end(`${why}\n`);
      else res.writeHead(429, { 'Retry-After': String(wait), 'Content-Type': 'application/json; charset=utf-8' }).end(`${JSON.stringify({ error: why })}\n`);
      return true;
    }
    if (path === '/tavern') {
      if (!template) res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The tavern page has not been built: run npm run build, then start the server again.\n');
      else res.writeHead(200, { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(tavernPage(template, listings, { money: obsidianCoins, where: 'the tavern' }));
      return true;
    }
    const body = games ? listings.games(games[1]) : answers[path]();
    if (body === null) res.writeHead(404, JSON_HEADERS).end(`${JSON.stringify({ error: `There is no table "${games![1]}" here.` })}\n`);
    else res.writeHead(200, JSON_HEADERS).end(`${JSON.stringify(body)}\n`);
    return true;
  };
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
