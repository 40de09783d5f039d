import type { Server } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { everyAddress, hostAndPort, listenTelnet } from './telnet/server.js';
import { NewcomerLimits } from './telnet/per-address.js';
import { FD_RESERVE, FdBudget, procDescriptors, type DescriptorCounts } from './telnet/fd-budget.js';
import { TrustedProxies } from './telnet/trusted-proxies.js';
import type { MsspVariables } from './telnet/mssp.js';
import { systemClock, type Clock } from './world/clock.js';
import { keepPrivate, Ledger, openStore, parseStoreSpec } from './store/index.js';
import { loadWorld } from './world/world.js';
import { Tavern, defaultTavernSettings, type TavernSettings } from './world/tavern.js';
import type { Player } from './world/player.js';
import { everydayCommands } from './commands/index.js';
import { banHere, throwOutBanned } from './commands/admin.js';
import { Login } from './login/login.js';
import { Door } from './login/door.js';
import { droppedLinesNotice, LineQueue } from './line-queue.js';
import { hashSlots, threadPoolSize } from './threadpool.cjs';
import type { Session } from './output/outbox.js';
import { sessionOf } from './telnet-session.js';
import { cryptoRandom, seededRandom } from './games/random.js';
import { cryptoSeeds, derivedSeeds } from './games/fair-source.js';
import { FairTable } from './tables/fair-table.js';
import { games as packageGames } from './games/index.js';
import type { GameDefinition } from './games/api.js';
import { Table, type TableServices } from './tables/game-table.js';
import { settingsProblems } from './games/settings.js';
import { handoutsInStore } from './tables/handouts.js';
import { listenWeb, type WebOptions, type WebPort } from './web/server.js';
import { CertificateInUse, describeCertificate, type Certificate } from './certificate.js';
import { coinsText } from './output/palette.js';
import { webSession } from './web/session.js';
import { Listings } from './web/listings.js';
import { PageResume, ResumeRequest, ResumeTokens } from './web/resume.js';
import type { WebConnection } from './web/connection.js';

/** The project's folder, whether run from src/ or dist/src/. */
const PROJECT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

/** The shipped world: data/world.json in the project. */
export const DEFAULT_WORLD = join(PROJECT, 'data', 'world.json');
/** The web page as `npm run build` makes it. */
export const DEFAULT_WEB_ROOT = join(PROJECT, 'dist', 'web');

export interface ServerOptions {
  /** Default: every IPv6 and IPv4 address (`::`), or every IPv4 one where there is no IPv6. */
  host?: string;
  port: number;
  dataDir: string;
  /** `--store`: a file store's db.json or folder, or a postgres:// address (default: files in dataDir). */
  store?: string;
  worldFile: string;
  /** The games a table of the world may host (default: the game package's, src/games/index.ts). */
  games?: readonly GameDefinition[];
  seed?: number;
  clock?: Clock;
  /** Over the world's own settings, which are over the defaults. */
  settings?: Partial<TavernSettings>;
  /** `--trust-proxy`: the proxies whose X-Forwarded-For and PROXY header name the player (default none). */
  trustProxy?: TrustedProxies;
  /** How long a trusted proxy has to send its PROXY header (default proxied.ts's). */
  proxyHeaderTimeoutMs?: number;
  /** Password hashes at once (default: as threadpool.cts allows). */
  hashSlots?: number;
  log?: (line: string) => void;
  /** The web client's port (0: any free one) and settings; without it, no web port. */
  web?: Partial<WebOptions> & { port: number };
  /** The secure ports (0: any free one; null: none) and their certificate, as certificate.ts reads it. */
  tls?: { port: number | null; webPort: number | null; certificate: Certificate };
  /** Where checkpoints are written: a worker thread (the default), or this thread (in-process tests). */
  checkpoints?: 'worker' | 'inline';
  /** The file store's journal segment size (default 16 MB); tests make it small to cross segments. */
  segmentBytes?: number;
  /** The file descriptor budget (fd-budget.ts): where its figures come from (default /proc), and how many to keep back. */
  descriptors?: { counts?: DescriptorCounts; reserve?: number };
  /** The store failed (a full disk): every connection is closed; the program should exit 1. */
  onFatal?: (e: Error) => void;
  /** An admin's `shutdown` has stopped the server (as stop() does); the program should exit 0. */
  onShutdown?: () => void;
}

export interface RunningServer {
  readonly host: string;
  readonly port: number;
  /** The web client's port, or null when it is off. */
  readonly webPort: number | null;
  /** The telnet port over TLS and the web client's over HTTPS, or null when off. */
  readonly tlsPort: number | null;
  readonly webTlsPort: number | null;
  readonly tavern: Tavern;
  /** Tells everyone, writes everything, closes every connection. */
  stop(reason?: string): Promise<void>;
  /** SIGHUP: reads the certificate's files again, keeping every connection (a bad file keeps the old one). */
  reloadCertificate(): void;
}

/** What the server needs of a connection, telnet or web. */
interface Connection {
  readonly id: number | string;
  /** The player's address (a trusted proxy's word for it, else the peer's). */
  readonly remoteAddress: string;
  /** The trusted proxy it came through, when one named the player. */
  readonly via?: string;
  /** The connection is a trusted proxy's own (PROXY LOCAL or UNKNOWN: a health check). */
  readonly proxyOwn?: boolean;
  readonly closed: boolean;
  close(farewell?: string): void;
  on(event: 'line', listener: (line: string) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  /** How the client describes itself, for the log. */
  describe(): string;
  /** Closes with one line, freeing the socket as soon as the line is written (a newcomer past a limit). */
  refuse(line: string): void;
  /** Stops and starts reading from the client (the line queue's backpressure). */
  pauseInput(): void;
  resumeInput(): void;
  /** Answers a MUD list's plain-text MSSP-REQUEST and closes (telnet only). */
  closeWithMssp?(): void;
}

/** Opens the database, checks its books, loads the world and starts listening. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const clock = options.clock ?? systemClock;
  const spec = parseStoreSpec(options.store, options.dataDir);
  if (typeof spec === 'string') throw new Error(spec);
  const repaired = await keepPrivate(spec.engine === 'file' && spec.dir !== options.dataDir ? [options.dataDir, spec.dir] : [options.dataDir]);
  if (repaired) log(repaired);
  // A database connection that breaks takes this server's characters with it: stop, as on a full disk.
  let lost: (e: Error) => void = () => undefined;
  const store = await openStore(spec, { dataDir: options.dataDir, log, now: () => clock.now(), checkpoints: options.checkpoints, segmentBytes: options.segmentBytes, onLost: (e) => lost(e) });
  const ledger = new Ledger(store);
  const world = await loadWorld(options.worldFile);
  const games = options.games ?? packageGames;
  // `--seed N`: the choices that are not draws, and every table's server seeds, follow from N.
  const ordinary = options.seed === undefined ? cryptoRandom : seededRandom(options.seed);
  const seeds = options.seed === undefined ? cryptoSeeds : derivedSeeds(options.seed);
  const tavern = new Tavern(world, store, ledger, clock, everydayCommands(games, world.socials), {
    ...defaultTavernSettings,
    ...world.settings,
    ...options.settings,
    admins: [...world.admins, ...(options.settings?.admins ?? [])],
  });
  tavern.log = log;
  // A ban made on another server sharing the characters throws them out here too, at its commit.
  store.onBan = (key, ban) => {
    if (stopping) return; // everyone is being told goodbye already
    const here = banHere(tavern, key);
    if (here?.refusal === null) {
      log(`${ban.by} banned ${here.name} on another server: an admin here, so the ban does not apply here`);
      return;
    }
    const out = throwOutBanned(tavern, key, ban);
    if (out) log(`${ban.by} banned ${out.name} on another server: thrown out here`);
  };
  for (const name of tavern.settings.admins) {
    if (!(await store.nameTaken(name.toLowerCase()))) log(`admin ${name} has no character yet: create it before anyone else takes the name`);
  }
  const slots = options.hashSlots ?? hashSlots();
  const door = new Door(clock, { hashSlots: slots, createsPerHour: tavern.settings.createsPerHour });
  const worldProblems: string[] = [];
  for (const room of world.rooms.values()) {
    for (const data of room.tables) {
      const def = games.find((g) => g.id === data.game);
      if (!def) worldProblems.push(`table ${data.id} hosts "${data.game}", which is not a game this server knows (${games.map((g) => g.id).join(', ')})`);
      else worldProblems.push(...settingsProblems(def.settings, data.settings).map((p) => `table ${data.id}: ${p}`));
    }
  }
  if (worldProblems.length) throw new Error(`${options.worldFile}:\n  ${worldProblems.join('\n  ')}`);
  const handouts = handoutsInStore(store);
  for (const room of world.rooms.values()) {
    for (const data of room.tables) {
      // Each table its own seeds; one left by the last run is revealed now, before anyone is told anything.
      const { random, retired } = FairTable.open(store, data.id, { ordinary, seeds, game: data.game, now: () => clock.now() });
      if (retired) log(`restart: revealed the seed of ${data.id} (commitment ${retired.commitment}, ${retired.draws} draws); game ${random.data.game} has a new one`);
      const services: TableServices = { random, handouts };
      tavern.addTable(new Table(tavern, room.id, data, games.find((g) => g.id === data.game)!, services));
    }
  }
  lost = (e) => tavern.onFatal(e);
  for (const r of tavern.returnEscrow('after a restart')) log(`restart: returned ${r.amount} coins from ${r.table} to ${r.key}`);
  await store.flush();

  const connections = new Set<Connection>();
  /** Connections still at the door, not yet in the game. */
  const atTheDoor = new Set<Login>();
  let stopping = false;
  const limits = new NewcomerLimits(tavern.settings.connectionsPerAddress, tavern.settings.greetingLimit, log);
  // Near the process's descriptor limit newcomers are turned away at every port, before anything else.
  const budget = new FdBudget(options.descriptors?.counts ?? procDescriptors, () => performance.now(), options.descriptors?.reserve ?? FD_RESERVE, log);
  const admit = () => budget.admit();
  const tokens = new ResumeTokens(clock);
  /** `page`: the same connection when it is a web page, which may resume a session (web/resume.ts). */
  const onConnection = (c: Connection, session: Session, page?: WebConnection) => {
    if (stopping) {
      c.close('The tavern is closing; come back soon.');
      return;
    }
    const refusal = limits.admit(c.id, c.remoteAddress, atTheDoor.size);
    if (refusal !== null) return c.refuse(refusal);
    connections.add(c);
    // A proxy's own connection (its health check, every few seconds) is logged once it says something.
    let logged = false;
    const logOpen = () => {
      if (!logged) log(`connection ${c.id} from ${c.remoteAddress}${c.via ? ` through the proxy at ${c.via}` : c.proxyOwn ? ' (the proxy itself)' : ''}`);
      logged = true;
    };
    if (!c.proxyOwn) logOpen();
    let player: Player | null = null;
    const resume = page ? new PageResume(tokens, page, log) : null;
    // Let go of once the player is in: a connection keeps nothing of the door for its lifetime.
    let login: Login | null = new Login(tavern, session, c.remoteAddress, door, clock, (p) => {
      player = p;
      if (login) atTheDoor.delete(login);
      login = null;
      log(`connection ${c.id} is ${p.name} (${c.describe()})`);
      // A new token for a page; a login anywhere ends the session a page might have come back to.
      if (resume) resume.entered(p.key);
      else tokens.loggedIn(p.key);
    });
    atTheDoor.add(login);
    // In order; a player's next line once the last one's command has run, not its write (line-queue.ts).
    const lines = new LineQueue<string | ResumeRequest>(
      (line) => {
        if (c.closed || stopping) return;
        if (line instanceof ResumeRequest) return resume?.resume(line.token, player ? null : login);
        // A MUD list's crawler at the greeting: the MSSP variables as text, then goodbye.
        if (!player && line.trim() === 'MSSP-REQUEST' && c.closeWithMssp) return c.closeWithMssp();
        // The reply follows from the outbox, once on disk; the next line waits only for a command that waits.
        if (player && player.session === session) return tavern.runLine(player, line).ran;
        if (!player) return login?.handleLine(line);
      },
      (e) => log(`error on connection ${c.id}: ${e.stack ?? e.message}`),
      {
        pause: () => c.pauseInput(),
        resume: () => c.resumeInput(),
        overflow: (limits) => session.deliver({ text: [droppedLinesNotice(limits)], prompt: false }),
      },
    );
    c.on('line', (line) => {
      logOpen();
      lines.push(line);
    });
    page?.on('resume', (token) => lines.push(new ResumeRequest(token)));
    c.on('close', () => {
      lines.stop();
      connections.delete(c);
      limits.release(c.remoteAddress);
      if (logged) log(`connection ${c.id} closed`);
      if (login) {
        atTheDoor.delete(login);
        login.dispose();
      }
      // Still the player's session: it dropped rather than ended (quit, a takeover), and may come back.
      const dropped = !stopping && player !== null && player.session === session;
      resume?.closed(dropped);
      if (dropped && player) tavern.connectionLost(player);
    });
  };

  let webServers: (HttpServer | HttpsServer)[] = [];
  let secureTelnet: Server | null = null;
  let fatal = false;
  tavern.onFatal = (e) => {
    if (fatal) return;
    fatal = true;
    // Nothing more can be recorded: no leaving, no timers, only goodbyes.
    stopping = true;
    for (const t of tavern.tables.values()) t.dispose();
    log(`fatal: ${e.message}; closing every connection`);
    for (const c of connections) c.close('The tavern has a problem and must close. Nothing you were told has been lost.');
    process.exitCode = 1;
    for (const s of [server, secureTelnet, ...webServers]) s?.close();
    void store.close().catch(() => undefined).finally(() => options.onFatal?.(e));
  };

  let port = options.port;
  let tlsPort: number | null = null;
  const startedAt = Math.floor(clock.now() / 1000);
  const mssp = (): MsspVariables => ({
    NAME: world.name,
    PLAYERS: String([...tavern.players.values()].filter((p) => p.session).length),
    UPTIME: String(startedAt),
    CODEBASE: 'Obsidian Scorpion',
    PORT: String(port),
    ROOMS: String(world.rooms.size),
    ...(tlsPort === null ? {} : { TLS: String(tlsPort), SSL: String(tlsPort) }),
    ...world.mssp,
  });
  const trusted = options.trustProxy ?? TrustedProxies.none;
  // Always watched: a PROXY header from anyone not trusted closes the connection.
  const proxies = { trusted, log, headerTimeoutMs: options.proxyHeaderTimeoutMs };
  const host = options.host ?? (await everyAddress());
  const server: Server = await listenTelnet(host, options.port, (c) => onConnection(c, sessionOf(c)), { mssp, proxies, admit });
  port = portOf(server, options.port);
  const perHour = tavern.settings.createsPerHour;
  const cores = availableParallelism();
  const fewer = slots < cores ? ` on ${cores} cores: start through dist/src/start.cjs (npm start) to size the pool for all of them` : '';
  const { perAddress, atTheGreeting } = limits;
  const descriptors = budget.limit === null ? 'no file descriptor limit known' : `newcomers turned away with ${budget.reserve} of ${budget.limit} file descriptors left`;
  log(
    `password hashing: ${slots} at a time (thread pool of ${threadPoolSize()})${fewer}; new characters: ${perHour ? `${perHour} per address per hour` : 'no limit'}; ` +
      `connections: ${perAddress ? `${perAddress} per address` : 'no limit per address'}, ${atTheGreeting ? `${atTheGreeting} at the greeting` : 'no limit at the greeting'}, ${descriptors}`,
  );
  if (trusted.any) log(`trusting the proxies at ${trusted.entries.join(', ')} to name the player (X-Forwarded-For on the web port, the PROXY protocol on telnet and TLS)`);
  log(`listening on ${hostAndPort(host, port)}`);
  const certificate = options.tls && new CertificateInUse(options.tls.certificate, log, () => clock.now());
  // Anything that cannot listen closes what already does, so a failed start leaves no port open.
  const abandon = (e: Error) => {
    for (const s of [server, secureTelnet, ...webServers]) s?.close();
    throw e;
  };
  if (certificate) log(describeCertificate(certificate.certificate));
  if (certificate && options.tls?.port != null) {
    const secure = () => certificate.secure;
    secureTelnet = await listenTelnet(host, options.tls.port, (c) => onConnection(c, sessionOf(c)), { mssp, proxies, secure, admit }).catch(abandon);
    tlsPort = portOf(secureTelnet, options.tls.port);
    log(`tls on ${hostAndPort(host, tlsPort)}`);
  }
  const webPorts: WebPort[] = [];
  if (options.web) webPorts.push({ port: options.web.port });
  if (certificate && options.tls?.webPort != null) webPorts.push({ port: options.tls.webPort, tls: certificate.context });
  let webPort: number | null = null;
  let webTlsPort: number | null = null;
  if (webPorts.length) {
    const webOptions = { root: DEFAULT_WEB_ROOT, trusted, listings: new Listings(tavern, () => clock.now()), admit, ...options.web };
    webServers = await listenWeb(host, webPorts, webOptions, (c) => onConnection(c, webSession(c), c)).catch(abandon);
    webPorts.forEach((p, i) => {
      const at = portOf(webServers[i], p.port);
      if (p.tls) {
        certificate!.serves(webServers[i] as HttpsServer);
        webTlsPort = at;
      } else webPort = at;
      log(`web client on ${p.tls ? 'https' : 'http'}://${hostAndPort(host, at)}/`);
    });
  }

  const closeTavern = async (reason: string): Promise<void> => {
    stopping = true;
    for (const p of tavern.players.values()) tavern.tell(p, reason);
    for (const login of atTheDoor) login.turnAway(reason);
    for (const t of tavern.tables.values()) t.dispose();
    // Every wager goes back now, not at the next start: the players hear it before the door closes.
    for (const r of tavern.returnEscrow('at closing')) {
      const owner = tavern.players.get(r.key);
      if (owner) tavern.tell(owner, `Your ${coinsText(r.amount)} on ${tavern.tables.get(r.table)?.data.name ?? r.table} ${r.amount === 1 ? 'comes' : 'come'} back to you.`);
      log(`closing: returned ${r.amount} coins from ${r.table} to ${r.key}`);
    }
    const at = new Date(clock.now()).toISOString();
    for (const p of tavern.players.values()) store.record({ kind: 'seen', key: p.key, at });
    await tavern.release();
    await store.close();
    for (const c of connections) c.close();
    await Promise.all([server, secureTelnet, ...webServers].map((s) => new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()))));
  };
  // One stop, however many ask (a signal during an admin's shutdown waits for the same one).
  let stopped: Promise<void> | null = null;
  const stop = (reason = 'The tavern is closing for the night (the server is shutting down).') =>
    (stopped ??= stopping ? Promise.resolve() : closeTavern(reason));
  tavern.onShutdown = (by) => {
    void stop(`${by.name} closes the tavern for the night (the server is shutting down).`).then(() => options.onShutdown?.());
  };

  return { host, port, webPort, tlsPort, webTlsPort, tavern, stop, reloadCertificate: () => certificate?.reload() };
}

function portOf(server: Server | HttpServer | HttpsServer, asked: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : asked;
}
