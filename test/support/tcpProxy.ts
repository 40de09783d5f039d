import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a port, whose connections a test can cut all at once, as a network
 * that goes away does (a phone asleep, a changed network): both ends see their socket reset,
 * and new connections through the relay work again at once.
 */
export class TcpProxy {
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  /** While true, a new connection is reset at once, as by a network that is gone. */
  refusing = false;

  private constructor(private readonly server: Server) {}

  static async start(targetPort: number, host = '127.0.0.1'): Promise<TcpProxy> {
    const server = createServer();
    const proxy = new TcpProxy(server);
    server.on('connection', (client) => {
      if (proxy.refusing) return client.resetAndDestroy();
      const upstream = createConnection({ port: targetPort, host });
      const pair = { client, upstream };
      proxy.pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      const end = () => {
        proxy.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      for (const s of [client, upstream]) {
        s.on('close', end);
        s.on('error', () => undefined);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** Connections open through the relay now. */
  get open(): number {
    return this.pairs.size;
  }

  /** Resets every connection through the relay. */
  cut(): void {
    for (const { client, upstream } of this.pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
