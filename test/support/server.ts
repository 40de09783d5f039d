import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, DEFAULT_WORLD, type RunningServer, type ServerOptions } from '../../src/server.js';
import type { TavernSettings } from '../../src/world/tavern.js';
import { FakeClock } from './fakeClock.js';
import { TestClient } from './client.js';
import { WebTestClient } from './webClient.js';
import type { WebOptions } from '../../src/web/server.js';
import { TrustedProxies } from '../../src/telnet/trusted-proxies.js';
import { games } from '../../src/games/index.js';
import type { GameDefinition } from '../../src/games/api.js';

export interface TestServer {
  server: RunningServer;
  port: number;
  dataDir: string;
  clock: FakeClock;
  logs: string[];
  /** `from`: the client's own address (any of 127/8), for the per-address limits. */
  connect(opts?: { agree?: boolean; width?: number; from?: string }): Promise<TestClient>;
  /** Creates the character (or connects to it) and waits for the first room description. */
  login(name: string, password?: string, opts?: { from?: string; width?: number }): Promise<TestClient>;
  /** The web port, when the server was started with `web`. */
  webPort: number;
  /** A WebSocket client at the greeting (the server must have been started with `web`). */
  connectWeb(opts?: { origin?: string; from?: string; headers?: Record<string, string> }): Promise<WebTestClient>;
  /** As login(), over the WebSocket. */
  loginWeb(name: string, password?: string): Promise<WebTestClient>;
  /** Stops the server, keeping the data folder. */
  stop(): Promise<void>;
  /** A new server on the same data folder. */
  restart(): Promise<TestServer>;
  /** Stops and removes the data folder. */
  destroy(): Promise<void>;
}

export interface TestServerOptions {
  dataDir?: string;
  /** As `--store` (a postgres:// URL); default: the file engine in dataDir. */
  store?: string;
  seed?: number;
  clock?: FakeClock;
  worldFile?: string;
  /** A world of the test's own (the data of a world file): written to a file beside the data folder, removed with it. */
  world?: unknown;
  /** Games besides the package's own (a fixture game, test/fixtures/), for tables of the world to host. */
  moreGames?: readonly GameDefinition[];
  web?: Partial<WebOptions>;
  /** The secure ports (their numbers in `server.tlsPort` and `server.webTlsPort`). */
  tls?: ServerOptions['tls'];
  /**
   * Over the test defaults: tests make many characters and connections from 127.0.0.1, so no
   * creation limit, no limit per address and none at the greeting (tests of those limits set them).
   */
  settings?: Partial<TavernSettings>;
  /** As `--trust-proxy`. */
  trustProxy?: string;
  proxyHeaderTimeoutMs?: number;
  /** The file descriptor budget's figures and reserve (default: this process's, from /proc). */
  descriptors?: ServerOptions['descriptors'];
  /** As `--tls-handshakes-per-minute` (default here 0: tests make many handshakes from 127.0.0.1). */
  tlsHandshakesPerMinute?: number;
  /** How long a TLS handshake or a request's headers may take (default 10 s). */
  comingInTimeoutMs?: number;
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'tavern-test-')));
  const clock = opts.clock ?? new FakeClock();
  const logs: string[] = [];
  const worldDir = opts.world === undefined ? null : await mkdtemp(join(tmpdir(), 'tavern-world-'));
  if (worldDir) await writeFile(join(worldDir, 'world.json'), JSON.stringify(opts.world));
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    store: opts.store,
    worldFile: worldDir ? join(worldDir, 'world.json') : (opts.worldFile ?? DEFAULT_WORLD),
    games: opts.moreGames && [...games, ...opts.moreGames],
    seed: opts.seed ?? 1,
    clock,
    // Test clients type faster than people, on a clock that stands still: the talk limits are tested on the fake clock of talk-limits.test.ts.
    // No timed lines unless a test asks for them: they would come between a test's lines.
    settings: { createsPerHour: 0, connectionsPerAddress: 0, greetingLimit: 0, talkPerSecond: 0, linesEverySeconds: 0, ...opts.settings },
    log: (l) => logs.push(l),
    web: opts.web && { port: 0, ...opts.web },
    trustProxy: opts.trustProxy === undefined ? undefined : (TrustedProxies.parse(opts.trustProxy) as TrustedProxies),
    proxyHeaderTimeoutMs: opts.proxyHeaderTimeoutMs,
    tls: opts.tls,
    descriptors: opts.descriptors,
    tlsHandshakesPerMinute: opts.tlsHandshakesPerMinute ?? 0,
    comingInTimeoutMs: opts.comingInTimeoutMs,
    // The checkpoint thread is tested with the real program (process and store-crash tests).
    checkpoints: 'inline',
  });
  const clients: (TestClient | WebTestClient)[] = [];
  const self: TestServer = {
    server,
    port: server.port,
    dataDir,
    clock,
    logs,
    async connect(connectOpts) {
      const c = await TestClient.connect(server.port, connectOpts);
      clients.push(c);
      await c.nextPrompt();
      return c;
    },
    async login(name, password = 'secret123', loginOpts) {
      const c = await self.connect(loginOpts);
      c.send(`connect ${name} ${password}`);
      let reply = await c.nextPrompt();
      if (/There is no character/.test(reply)) reply = await c.command(`create ${name} ${password}`);
      if (!/Exits:/.test(reply)) throw new Error(`login as ${name} failed: ${reply}`);
      c.inGame = true;
      return c;
    },
    webPort: server.webPort ?? 0,
    async connectWeb(connectOpts) {
      if (server.webPort === null) throw new Error('this test server has no web port');
      const c = await WebTestClient.connect(server.webPort, connectOpts);
      clients.push(c);
      await c.nextPrompt();
      return c;
    },
    async loginWeb(name, password = 'secret123') {
      const c = await self.connectWeb();
      c.send(`connect ${name} ${password}`);
      let reply = await c.nextPrompt();
      if (/There is no character/.test(reply)) reply = await c.command(`create ${name} ${password}`);
      if (!/Exits:/.test(reply)) throw new Error(`login as ${name} failed: ${reply}`);
      c.inGame = true;
      return c;
    },
    async stop() {
      await server.stop();
      for (const c of clients) c.close();
    },
    async restart() {
      await self.stop();
      if (worldDir) await rm(worldDir, { recursive: true, force: true });
      return startTestServer({ ...opts, dataDir, clock });
    },
    async destroy() {
      await self.stop();
      await rm(dataDir, { recursive: true, force: true });
      if (worldDir) await rm(worldDir, { recursive: true, force: true });
    },
  };
  return self;
}
