import { createConnection, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';

/**
 * A TCP proxy between a store and PostgreSQL that dies as the store's process would: at the
 * chosen message from the store (a query, a whole transaction, a COMMIT...), it hands that one
 * on, whole or only its first half (a process killed in the middle of a write), then closes
 * every connection at once. PostgreSQL sees the client gone; the store sees its connections drop.
 */
export class CutProxy {
  /** Messages (socket writes) from the store handed on so far. */
  steps = 0;
  /** Die right after handing on this step; null: never. */
  cutAt: number | null = null;
  /** Hand on only the first half of the last step. */
  half = false;
  dead = false;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();

  private constructor(
    private readonly server: Server,
    private readonly target: { path: string } | { host: string; port: number },
  ) {}

  /** A proxy in front of the PostgreSQL that `url` leads to. */
  static async start(url: string): Promise<CutProxy> {
    const c = new pg.Client({ connectionString: url });
    const target = c.host.startsWith('/') ? { path: `${c.host}/.s.PGSQL.${c.port}` } : { host: c.host, port: c.port };
    const server = createServer();
    const proxy = new CutProxy(server, target);
    server.on('connection', (client) => proxy.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** The URL of a database through this proxy. */
  url(database: string, user = 'postgres'): string {
    return `postgresql://${user}@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts over: alive, counting from zero, dying at `cutAt` (in the middle of it, with `half`). */
  arm(cutAt: number | null, half = false): void {
    this.steps = 0;
    this.cutAt = cutAt;
    this.half = half;
    this.dead = false;
  }

  async close(): Promise<void> {
    this.die();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.dead) {
      client.destroy();
      return;
    }
    const upstream = createConnection(this.target);
    const pair = { client, upstream };
    this.pairs.add(pair);
    client.on('data', (chunk) => {
      if (this.dead) return;
      this.steps += 1;
      const last = this.steps === this.cutAt;
      upstream.write(last && this.half ? chunk.subarray(0, Math.ceil(chunk.length / 2)) : chunk);
      if (last) this.die();
    });
    upstream.on('data', (chunk) => {
      if (!this.dead) client.write(chunk);
    });
    const end = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.end();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  }

  /** The store's process is gone: what was handed on reaches PostgreSQL (then the end of the connection); nothing comes back. */
  private die(): void {
    this.dead = true;
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.end();
    }
    this.pairs.clear();
  }
}
