import net from 'node:net';
import { TelnetConnection, type ConnectionOptions } from './connection.js';
import { arrive, refuseProxyHeader, type ProxyOptions } from './proxied.js';

/**
 * Listens for telnet clients and hands each one over as a TelnetConnection, named by its
 * proxy's PROXY header when it comes through a trusted one (proxied.ts).
 */
export function listenTelnet(
  host: string,
  port: number,
  onConnection: (connection: TelnetConnection) => void,
  options: ConnectionOptions & { proxies?: ProxyOptions } = {},
): Promise<net.Server> {
  const { proxies, ...connectionOptions } = options;
  const accept = (socket: net.Socket) => {
    // Gone before it was taken (a proxy's health check resets at once): there is nobody to serve.
    if (socket.remoteAddress === undefined) return socket.destroy();
    if (!proxies) return onConnection(new TelnetConnection(socket, connectionOptions));
    arrive(socket, proxies, ({ address, via, rest, fromProxy }) => {
      if (!fromProxy) {
        // Straight from the player: the offers go out at once, and a PROXY header is refused.
        const c = new TelnetConnection(socket, connectionOptions);
        refuseProxyHeader(socket, () => {
          proxies.log(`connection ${c.id} from ${c.remoteAddress} closed: it sent a PROXY protocol header, but ${c.remoteAddress} is not in --trust-proxy`);
          c.drop();
        });
        return onConnection(c);
      }
      if (rest.length) socket.unshift(rest);
      const c = new TelnetConnection(socket, { ...connectionOptions, proxied: { address, via } });
      onConnection(c);
      socket.resume();
    });
  };
  return listening(net.createServer(accept), host, port);
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
