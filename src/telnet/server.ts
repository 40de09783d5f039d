import net from 'node:net';
import { TelnetConnection, type ConnectionOptions } from './connection.js';

/** Listens for telnet clients and hands each one over as a TelnetConnection. */
export function listenTelnet(
  host: string,
  port: number,
  onConnection: (connection: TelnetConnection) => void,
  options?: ConnectionOptions,
): Promise<net.Server> {
  return listening(net.createServer((socket) => onConnection(new TelnetConnection(socket, options))), host, port);
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
