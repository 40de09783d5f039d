/**
 * Connections that may come through a proxy speaking the PROXY protocol (HAProxy's
 * `send-proxy`/`send-proxy-v2`, nginx's `proxy_protocol on`). The header comes first on the TCP
 * stream, before any telnet byte or TLS handshake. From a proxy named in `--trust-proxy` it is
 * required, as the protocol says a receiver must not guess: it names the player, and nothing
 * of it reaches the telnet parser or TLS. From anyone else a header is refused: the connection
 * is closed, so nobody can name themselves.
 */
import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { proxySignature, readProxyHeader } from './proxy-header.js';
import { SharedReadSocket } from './shared-read.js';
import type { TrustedProxies } from './trusted-proxies.js';

/** How long a trusted proxy has to send its header (HAProxy sends it with the connection). */
export const HEADER_TIMEOUT_MS = 5000;

export interface ProxyOptions {
  trusted: TrustedProxies;
  headerTimeoutMs?: number;
  log: (line: string) => void;
}

/** A connection ready for the telnet or TLS layer, and whom it is from. */
export interface Arrival {
  socket: Socket;
  /** The player's address: from the proxy's header, else the peer's own. */
  address: string;
  /** The proxy it came through, or null for a direct connection (or the proxy's own, a health check). */
  via: string | null;
  /** Bytes that came after the header in its packet: the start of the client's own stream. */
  rest: Buffer;
  /** Whether the peer is a trusted proxy whose header was read (else nothing was read yet). */
  fromProxy: boolean;
}

/**
 * Takes a new socket: a trusted proxy's is handed to `ready` once its header is read (the
 * socket paused, to be resumed by its new owner), anyone else's at once. A trusted proxy that
 * sends no header within the time, or something else, or a broken one, is closed and logged.
 */
export function arrive(socket: Socket, options: ProxyOptions, ready: (arrival: Arrival) => void): void {
  const peer = socket.remoteAddress ?? 'unknown';
  if (!options.trusted.trusts(peer)) {
    ready({ socket, address: peer, via: null, rest: Buffer.alloc(0), fromProxy: false });
    return;
  }
  let head = Buffer.alloc(0);
  const refuse = (reason: string) => {
    finish();
    options.log(`connection from ${peer} (a trusted proxy) closed: ${reason}`);
    socket.destroy();
  };
  const timer = setTimeout(() => refuse(`no PROXY protocol header within ${(options.headerTimeoutMs ?? HEADER_TIMEOUT_MS) / 1000} s`), options.headerTimeoutMs ?? HEADER_TIMEOUT_MS);
  const finish = () => {
    clearTimeout(timer);
    socket.off('data', onData);
    socket.off('close', finish);
    socket.off('error', finish);
  };
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const read = readProxyHeader(head);
    if (read.kind === 'more') return;
    if (read.kind === 'bad') return refuse(read.reason);
    finish();
    socket.pause();
    ready({ socket, address: read.client?.address ?? peer, via: read.client ? peer : null, rest: head.subarray(read.length), fromProxy: true });
  };
  socket.on('data', onData);
  // An error before the header (a reset) is followed by 'close': nothing to hand on.
  socket.on('close', finish);
  socket.on('error', finish);
}

/**
 * On a connection from a peer that is not trusted, watches the first bytes for a PROXY header
 * and calls `refuse` (which must close the connection at once) if one comes. It runs before the
 * connection's own reader, so the header never reaches it as input.
 */
export function refuseProxyHeader(socket: Socket, refuse: () => void): void {
  let head = Buffer.alloc(0);
  /** Whether to go on watching: until the first bytes say whether they are a PROXY header. */
  const watch = (chunk: Buffer): boolean => {
    head = Buffer.concat([head, chunk.subarray(0, 16)]);
    const signature = proxySignature(head);
    if (signature === 'maybe') return true;
    if (signature === 'yes') refuse();
    return false;
  };
  if (socket instanceof SharedReadSocket) {
    socket.watch = watch;
    return;
  }
  const watching = (chunk: Buffer) => {
    if (!watch(chunk)) socket.off('data', watching);
  };
  socket.prependListener('data', watching);
}

/**
 * The socket with the bytes after the header put back, for a TLS server: node's TLS reads a
 * plain socket's handle directly and would lose bytes given back with unshift(), so when there
 * are any (a header and a ClientHello in one packet), TLS gets a stream that starts with them.
 */
export function withRest(socket: Socket, rest: Buffer): Socket | Duplex {
  if (rest.length === 0) return socket;
  const stream = new Duplex({
    read: () => socket.resume(),
    write: (chunk: Buffer, _encoding, done) => socket.write(chunk, done),
    final: (done) => socket.end(done),
    destroy: (error, done) => {
      socket.destroy();
      done(error);
    },
  });
  stream.push(rest);
  socket.on('data', (chunk: Buffer) => {
    if (!stream.push(chunk)) socket.pause();
  });
  socket.on('end', () => stream.push(null));
  socket.on('close', () => stream.destroy());
  socket.on('error', (e) => stream.destroy(e));
  return stream;
}
