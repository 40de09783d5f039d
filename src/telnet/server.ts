import net from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { TelnetConnection, type ConnectionOptions } from './connection.js';
import { arrive, refuseProxyHeader, withRest, type ProxyOptions } from './proxied.js';
import { TAVERN_FULL, turnAway } from './fd-budget.js';
import { peerAddress, type RatePerAddress } from './per-address.js';
import { readingIntoSharedBuffer } from './shared-read.js';

/** How long a client of a TLS port has to finish its handshake: a stalled one holds a descriptor. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/** Sockets on their way in (a TLS handshake), counted for their address until they are connections or close (NewcomerLimits). */
export interface OnTheWay {
  /** Null when the socket may go on, else why not. */
  coming(address: string): string | null;
  arrived(address: string): void;
}

export interface TelnetPortOptions extends ConnectionOptions {
  proxies?: ProxyOptions;
  /** The TLS port: the certificate's context, asked for at each connection (SIGHUP may change it). */
  secure?: () => tls.SecureContext;
  /** Whether a newcomer may stay (the file descriptor budget, fd-budget.ts); by default, always. */
  admit?: () => boolean;
  /** The TLS port: sockets counted per address during their handshake, and handshakes per address a minute. */
  onTheWay?: OnTheWay;
  handshakes?: RatePerAddress;
  /** How long a handshake may take (default HANDSHAKE_TIMEOUT_MS; tests make it short). */
  handshakeTimeoutMs?: number;
}

/**
 * Listens for telnet clients and hands each one over as a TelnetConnection, named by its
 * proxy's PROXY header when it comes through a trusted one (proxied.ts). With `secure`, the port
 * speaks TLS: after any PROXY header comes the handshake, then the same connection code runs
 * on the decrypted socket.
 */
export function listenTelnet(
  host: string,
  port: number,
  onConnection: (connection: TelnetConnection) => void,
  options: TelnetPortOptions = {},
): Promise<net.Server> {
  const { proxies, secure, admit, onTheWay, handshakes, handshakeTimeoutMs = HANDSHAKE_TIMEOUT_MS, ...connectionOptions } = options;
  /** The connection on `stream`, once its handshake is done on the TLS port; `ready` takes it. */
  const open = (stream: net.Socket | Duplex, proxied: ConnectionOptions['proxied'], ready: (c: TelnetConnection) => void) => {
    if (!secure) return ready(new TelnetConnection(stream as net.Socket, { ...connectionOptions, proxied }));
    // A handshake costs a signature and holds a descriptor until done: limited per address, counted while it lasts.
    const address = proxied?.address ?? peerAddress((stream as net.Socket).remoteAddress);
    if (onTheWay?.coming(address)) return void stream.destroy();
    if (handshakes && !handshakes.take(address)) {
      onTheWay?.arrived(address);
      return void stream.destroy();
    }
    handshake(stream, secure(), handshakeTimeoutMs, (encrypted) => {
      onTheWay?.arrived(address);
      if (encrypted) ready(new TelnetConnection(encrypted, { ...connectionOptions, proxied }));
    });
  };
  const accept = (socket: net.Socket) => {
    // Gone before it was taken (a proxy's health check resets at once): there is nobody to serve.
    if (socket.remoteAddress === undefined) return socket.destroy();
    // Near the descriptor limit: told so and closed before anything else (on the TLS port, where
    // nothing can be told before a handshake, closed without a word).
    if (admit && !admit()) return secure ? void socket.destroy() : turnAway(socket, `${TAVERN_FULL}\r\n`);
    // A plain connection straight from the player reads into the shared buffer (shared-read.ts);
    // one through a proxy was read as a stream for its header, and stays one.
    const direct = () => (secure ? socket : readingIntoSharedBuffer(socket));
    if (!proxies) return open(direct(), undefined, onConnection);
    arrive(socket, proxies, ({ address, via, rest, fromProxy }) => {
      if (!fromProxy) {
        // Straight from the player: a PROXY header is refused (on the TLS port it fails the handshake).
        const stream = direct();
        return open(stream, undefined, (c) => {
          if (!secure) {
            refuseProxyHeader(stream, () => {
              proxies.log(`connection ${c.id} from ${c.remoteAddress} closed: it sent a PROXY protocol header, but ${c.remoteAddress} is not in --trust-proxy`);
              c.drop();
            });
          }
          onConnection(c);
        });
      }
      if (secure) return open(withRest(socket, rest), { address, via }, onConnection);
      if (rest.length) socket.unshift(rest);
      open(socket, { address, via }, onConnection);
      socket.resume();
    });
  };
  return listening(net.createServer(accept), host, port);
}

/**
 * The server's side of a TLS handshake on `stream`: `done` once, with the encrypted socket, or
 * null when the client failed it or took too long (then it is dropped).
 */
function handshake(stream: net.Socket | Duplex, secureContext: tls.SecureContext, timeoutMs: number, done: (encrypted: tls.TLSSocket | null) => void): void {
  const encrypted = new tls.TLSSocket(stream as net.Socket, { isServer: true, secureContext });
  let settled = false;
  const settle = (result: tls.TLSSocket | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    done(result);
  };
  // A plain telnet client on the TLS port, a scanner, a reset, a stall: that client only is lost.
  const fail = () => {
    encrypted.destroy();
    settle(null);
  };
  const timer = setTimeout(fail, timeoutMs);
  encrypted.once('error', fail);
  encrypted.once('close', () => settle(null));
  encrypted.once('secure', () => {
    encrypted.off('error', fail);
    settle(encrypted);
  });
}

/** Starts `server` listening (the telnet port and the web port alike); rejects if it cannot. */
export function listening<S extends net.Server>(server: S, host: string, port: number): Promise<S> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // Once listening, errors come from accepting one client (EMFILE, ECONNABORTED):
      // that client is lost, the server carries on.
      server.on('error', () => {});
      resolve(server);
    });
  });
}

/** What listening on `::` fails with on a machine without IPv6. */
const NO_IPV6 = new Set(['EAFNOSUPPORT', 'EADDRNOTAVAIL', 'EPROTONOSUPPORT']);

/**
 * The host to listen on when none is named: `::`, every IPv6 and IPv4 address (dual-stack), or
 * `0.0.0.0` where the machine has no IPv6. `tryListen` opens a listener on a host (tests fake it).
 */
export async function everyAddress(tryListen = (host: string) => listening(net.createServer(), host, 0)): Promise<string> {
  try {
    const probe = await tryListen('::');
    probe.close();
    return '::';
  } catch (e) {
    if (NO_IPV6.has((e as NodeJS.ErrnoException).code ?? '')) return '0.0.0.0';
    throw e;
  }
}

/** `host:port` as written in a URL: an IPv6 address in brackets (`[::]:4000`). */
export function hostAndPort(host: string, port: number): string {
  return net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
}
