import type { Server } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { everyAddress, hostAndPort, listenTelnet, type TelnetPortOptions } from './telnet/server.js';
import { FD_RESERVE, FdBudget, procDescriptors, type DescriptorCounts } from './telnet/fd-budget.js';
import { TrustedProxies } from './telnet/trusted-proxies.js';
import { RatePerAddress } from './telnet/per-address.js';
import type { MsspVariables } from './telnet/mssp.js';
import { systemClock, type Clock } from './world/clock.js';
import { keepPrivate, Ledger, openStore, parseStoreSpec, type Store } from './store/index.js';
import { loadWorld, type World } from './world/world.js';
import { Tavern, defaultTavernSettings, type TavernSettings } from './world/tavern.js';
import { everydayCommands } from './commands/index.js';
import { banHere, throwOutBanned } from './commands/admin.js';
import { Door } from './login/door.js';
import { nameProblem } from './login/accounts.js';
import { hashSlots, threadPoolSize } from './threadpool.cjs';
import { sessionOf } from './telnet-session.js';
import { Connections } from './connections.js';
import { cryptoRandom, seededRandom } from './games/random.js';
import { cryptoSeeds, derivedSeeds } from './games/fair-source.js';
import { FairTable } from './tables/fair-table.js';
import { games as packageGames } from './games/index.js';
import type { GameDefinition } from './games/api.js';
import { Table } from './tables/game-table.js';
import { readSettings } from './games/settings.js';
import { handoutsInStore } from './tables/handouts.js';
import { listenWeb, type WebOptions, type WebPort } from './web/server.js';
import { CertificateInUse, describeCertificate, type Certificate } from './certificate.js';
import { coinsText } from './output/palette.js';
import { tavernWords } from './output/words.js';
import { webSession } from './web/session.js';
import { Listings } from './web/listings.js';

/** TLS handshakes one address may make a minute by default (each costs a signature): 10 at once, then one every second. */
export const TLS_HANDSHAKES_PER_MINUTE = 60;

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
  /** TLS handshakes one address may make a minute, a sixth of them at once (default 60); 0: no limit. */
  tlsHandshakesPerMinute?: number;
  /** How long a TLS handshake or a web request's headers may take (default 10 s); tests make it short. */
  comingInTimeoutMs?: number;
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

/** Opens the database, checks its books, loads the world and starts listening. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const clock = options.clock ?? systemClock;
  const world = await loadWorld(options.worldFile);
  const games = options.games ?? packageGames;
  checkTheAdmins(world, games, options);
  const { store, ledger, whenLost } = await openTheStore(options, log, clock);
  const tavern = buildTavern(world, store, ledger, clock, games, options, log);
  const slots = options.hashSlots ?? hashSlots();
  const connections = new Connections(tavern, new Door(clock, { hashSlots: slots, createsPerHour: tavern.settings.createsPerHour }), clock, log);
  followBansElsewhere(tavern, store, connections, log);
  await warnOfAdminsWithoutCharacters(tavern, store, log);
  const settings = checkTheTables(world, games, options.worldFile, tavern.settings.crowd);
  setTheTables(tavern, store, world, games, settings, options.seed, clock, log);
  tavern.life.start();
  whenLost((e) => tavern.onFatal(e));
  await returnWhatTheLastRunHeld(tavern, store, log);

  const ports = new Ports(options.port);
  closeOnFatal(tavern, store, connections, ports, log, options.onFatal);
  const mssp = msspOf(world, tavern, ports, clock);
  const trusted = options.trustProxy ?? TrustedProxies.none;
  // Near the process's descriptor limit newcomers are turned away at every port, before anything else.
  const budget = new FdBudget(options.descriptors?.counts ?? procDescriptors, () => performance.now(), options.descriptors?.reserve ?? FD_RESERVE, log);
  const admit = () => budget.admit();
  // Always watched: a PROXY header from anyone not trusted closes the connection.
  const telnet: TelnetPortOptions = { mssp, proxies: { trusted, log, headerTimeoutMs: options.proxyHeaderTimeoutMs }, admit };
  // A socket on its way in (a TLS handshake, a web request) counts for its address from accept.
  const handshakes = new RatePerAddress(options.tlsHandshakesPerMinute ?? TLS_HANDSHAKES_PER_MINUTE, 'tls handshakes', () => performance.now(), log);
  const comingIn = { onTheWay: connections.limits, handshakes, handshakeTimeoutMs: options.comingInTimeoutMs, comingInTimeoutMs: options.comingInTimeoutMs };
  const host = options.host ?? (await everyAddress());
  await listenPlainTelnet(ports, host, options.port, telnet, connections);
  logTheLimits(tavern, connections, budget, slots, handshakes, log);
  if (trusted.any) log(`trusting the proxies at ${trusted.entries.join(', ')} to name the player (X-Forwarded-For on the web port, the PROXY protocol on telnet and TLS)`);
  log(`listening on ${hostAndPort(host, ports.telnet)}`);
  const certificate = options.tls && new CertificateInUse(options.tls.certificate, log, () => clock.now());
  if (certificate) log(describeCertificate(certificate.certificate));
  if (certificate && options.tls?.port != null) await listenTls(ports, host, options.tls.port, { ...telnet, ...comingIn, secure: () => certificate.secure }, connections, log);
  const web = { root: DEFAULT_WEB_ROOT, trusted, listings: new Listings(tavern, () => clock.now()), admit, ...comingIn, ...options.web };
  await listenWebPorts(ports, host, options, certificate, web, connections, log);

  // Connections past so many a minute from one address are summed up in the log once a minute.
  const summing = setInterval(() => connections.sumUpTheLog(), 60_000);
  summing.unref();
  const stop = stopOnce(tavern, store, connections, ports, clock, log, () => clearInterval(summing));
  tavern.onShutdown = (by) => {
    void stop(`${by.name} closes the tavern for the night (the server is shutting down).`).then(() => options.onShutdown?.());
  };
  return { host, port: ports.telnet, webPort: ports.web, tlsPort: ports.tls, webTlsPort: ports.webTls, tavern, stop, reloadCertificate: () => certificate?.reload() };
}

/** The store first, its folders kept private; a database connection that breaks is reported once there is a tavern to stop. */
async function openTheStore(options: ServerOptions, log: (line: string) => void, clock: Clock) {
  const spec = parseStoreSpec(options.store, options.dataDir);
  if (typeof spec === 'string') throw new Error(spec);
  const repaired = await keepPrivate(spec.engine === 'file' && spec.dir !== options.dataDir ? [options.dataDir, spec.dir] : [options.dataDir]);
  if (repaired) log(repaired);
  // A database connection that breaks takes this server's characters with it: stop, as on a full disk.
  let lost: (e: Error) => void = () => undefined;
  const store = await openStore(spec, { dataDir: options.dataDir, log, now: () => clock.now(), checkpoints: options.checkpoints, segmentBytes: options.segmentBytes, onLost: (e) => lost(e) });
  return { store, ledger: new Ledger(store), whenLost: (then: (e: Error) => void) => (lost = then) };
}

/** The tavern with its everyday commands, its settings the defaults under the world's under the host's. */
function buildTavern(world: World, store: Store, ledger: Ledger, clock: Clock, games: readonly GameDefinition[], options: ServerOptions, log: (line: string) => void): Tavern {
  const settings = { ...defaultTavernSettings, ...world.settings, ...options.settings, admins: [...world.admins, ...(options.settings?.admins ?? [])] };
  // `--seed N` fixes the tavern's own chances too (which line a room hears, and when), apart from the tables' draws.
  const random = options.seed === undefined ? cryptoRandom : seededRandom(options.seed + 1);
  const tavern = new Tavern(world, store, ledger, clock, everydayCommands(games, world.socials), settings, random);
  tavern.log = log;
  return tavern;
}

/** A ban made on another server sharing the characters throws them out here too, at its commit. */
function followBansElsewhere(tavern: Tavern, store: Store, connections: Connections, log: (line: string) => void): void {
  store.onBan = (key, ban) => {
    if (connections.stopping) return; // everyone is being told goodbye already
    const here = banHere(tavern, key);
    if (here?.refusal === null) {
      log(`${ban.by} banned ${here.name} on another server: an admin here, so the ban does not apply here`);
      return;
    }
    const out = throwOutBanned(tavern, key, ban);
    if (out) log(`${ban.by} banned ${out.name} on another server: thrown out here`);
  };
}

/** An admin named as no player may name a character (a reserved word, a game's, one of the world's own people) stops the start. */
function checkTheAdmins(world: World, games: readonly GameDefinition[], options: ServerOptions): void {
  const npcs = [...world.rooms.values()].flatMap((r) => r.npcs.map((n) => n.name));
  const words = [tavernWords.dealer, ...games.flatMap((g) => g.reservedNames ?? [])];
  const problems = [...world.admins.map((name) => ['the world\'s admins', name]), ...(options.settings?.admins ?? []).map((name) => ['--admin', name])].flatMap(([from, name]) => {
    const problem = nameProblem(name, npcs, words);
    return problem ? [`${from}: ${name} names a character nobody can make: ${problem}`] : [];
  });
  if (problems.length) throw new Error(problems.join('; '));
}

/** An admin's name nobody has taken yet is anyone's: the host hears it at every start until it is made. */
async function warnOfAdminsWithoutCharacters(tavern: Tavern, store: Store, log: (line: string) => void): Promise<void> {
  for (const name of tavern.settings.admins) {
    if (!(await store.nameTaken(name.toLowerCase()))) log(`admin ${name} has no character yet: create it before anyone else takes the name`);
  }
}

/**
 * Each table's settings, read through its game's declaration (a game with a crowd of its own takes
 * the world's unless the table sets one). A table of a game this server does not host, or with
 * settings its game refuses, stops the start: every problem in one error, a line per table.
 */
function checkTheTables(world: World, games: readonly GameDefinition[], worldFile: string, crowd: number): Map<string, unknown> {
  const problems: string[] = [];
  const settings = new Map<string, unknown>();
  for (const room of world.rooms.values()) {
    for (const data of room.tables) {
      const def = games.find((g) => g.id === data.game);
      if (!def) {
        problems.push(`table ${data.id} hosts "${data.game}", which is not a game this server knows (${games.map((g) => g.id).join(', ')})`);
        continue;
      }
      const read = readSettings(def.settings, data.settings, { crowd });
      if (read.ok) settings.set(data.id, read.settings);
      else problems.push(`table ${data.id}: ${read.problem}`);
    }
  }
  if (problems.length) throw new Error(`${worldFile}:\n  ${problems.join('\n  ')}`);
  return settings;
}

/** Every table of the world in its room, each with its own provably fair source in the store. */
function setTheTables(tavern: Tavern, store: Store, world: World, games: readonly GameDefinition[], settings: Map<string, unknown>, seed: number | undefined, clock: Clock, log: (line: string) => void): void {
  // `--seed N`: the choices that are not draws, and every table's server seeds, follow from N.
  const ordinary = seed === undefined ? cryptoRandom : seededRandom(seed);
  const seeds = seed === undefined ? cryptoSeeds : derivedSeeds(seed);
  const handouts = handoutsInStore(store);
  for (const room of world.rooms.values()) {
    for (const data of room.tables) {
      // Each table its own seeds; one left by the last run is revealed now, before anyone is told anything.
      const { random, retired } = FairTable.open(store, data.id, { ordinary, seeds, game: data.game, now: () => clock.now() });
      if (retired) log(`restart: revealed the seed of ${data.id} (commitment ${retired.commitment}, ${retired.draws} draws); game ${random.data.game} has a new one`);
      tavern.addTable(new Table(tavern, room.id, data, games.find((g) => g.id === data.game)!, settings.get(data.id), random, handouts));
    }
  }
}

/** Wagers still on a table when the last run ended go back to their owners, on disk before anyone comes in. */
async function returnWhatTheLastRunHeld(tavern: Tavern, store: Store, log: (line: string) => void): Promise<void> {
  for (const r of tavern.returnEscrow('after a restart')) log(`restart: returned ${r.amount} coins from ${r.table} to ${r.key}`);
  await store.flush();
}

/** A failed store (a full disk, a lost database) can record nothing more: everyone is told goodbye and every port closes. */
function closeOnFatal(tavern: Tavern, store: Store, connections: Connections, ports: Ports, log: (line: string) => void, onFatal?: (e: Error) => void): void {
  let fatal = false;
  tavern.onFatal = (e) => {
    if (fatal) return;
    fatal = true;
    // Nothing more can be recorded: no leaving, no timers, only goodbyes.
    connections.stopping = true;
    for (const t of tavern.tables.values()) t.dispose();
    tavern.life.stop();
    tavern.reservations.stop();
    log(`fatal: ${e.message}; closing every connection`);
    connections.closeAll('The tavern has a problem and must close. Nothing you were told has been lost.');
    process.exitCode = 1;
    ports.closeAll();
    void store.close().catch(() => undefined).finally(() => onFatal?.(e));
  };
}

/** What a MUD list is told (MSSP), read at each asking: the ports as they are once listening. */
function msspOf(world: World, tavern: Tavern, ports: Ports, clock: Clock): () => MsspVariables {
  const startedAt = Math.floor(clock.now() / 1000);
  return () => ({
    NAME: world.name,
    PLAYERS: String([...tavern.players.values()].filter((p) => p.session).length),
    UPTIME: String(startedAt),
    CODEBASE: 'Obsidian Scorpion',
    PORT: String(ports.telnet),
    ROOMS: String(world.rooms.size),
    ...(ports.tls === null ? {} : { TLS: String(ports.tls), SSL: String(ports.tls) }),
    ...world.mssp,
  });
}

/** The listening ports, opened one after another; what a failed start, a failed store or a stop closes. */
class Ports {
  /** In the order they were opened. */
  readonly listening: (Server | HttpServer | HttpsServer)[] = [];
  tls: number | null = null;
  web: number | null = null;
  webTls: number | null = null;

  /** `telnet`: the port asked for, until it listens. */
  constructor(public telnet: number) {}

  closeAll(): void {
    for (const s of this.listening) s.close();
  }

  /** Anything that cannot listen closes what already does, so a failed start leaves no port open. */
  readonly abandon = (e: Error): never => {
    this.closeAll();
    throw e;
  };
}

/** The plain telnet port, first: a start that cannot have it has nothing to close. */
async function listenPlainTelnet(ports: Ports, host: string, port: number, telnet: TelnetPortOptions, connections: Connections): Promise<void> {
  const server = await listenTelnet(host, port, (c) => connections.arrive(c, sessionOf(c)), telnet);
  ports.listening.push(server);
  ports.telnet = portOf(server, port);
}

/** The limits every newcomer meets, in one line, so a host sees what the machine allows. */
function logTheLimits(tavern: Tavern, connections: Connections, budget: FdBudget, slots: number, handshakes: RatePerAddress, log: (line: string) => void): void {
  const perHour = tavern.settings.createsPerHour;
  const cores = availableParallelism();
  const fewer = slots < cores ? ` on ${cores} cores: start through dist/src/start.cjs (npm start) to size the pool for all of them` : '';
  const { perAddress, atTheGreeting } = connections.limits;
  const descriptors = budget.limit === null ? 'no file descriptor limit known' : `newcomers turned away with ${budget.reserve} of ${budget.limit} file descriptors left`;
  log(
    `password hashing: ${slots} at a time (thread pool of ${threadPoolSize()})${fewer}; new characters: ${perHour ? `${perHour} per address per hour` : 'no limit'}; ` +
      `connections: ${perAddress ? `${perAddress} per address` : 'no limit per address'}, ${atTheGreeting ? `${atTheGreeting} at the greeting` : 'no limit at the greeting'}, ${descriptors}; ` +
      `tls handshakes: ${handshakes.perMinute ? `${handshakes.perMinute} per address a minute` : 'no limit'} (docs/limits.md has every limit)`,
  );
}

/** Telnet over TLS, the same connections once the handshake is done. */
async function listenTls(ports: Ports, host: string, port: number, telnet: TelnetPortOptions, connections: Connections, log: (line: string) => void): Promise<void> {
  const server = await listenTelnet(host, port, (c) => connections.arrive(c, sessionOf(c)), telnet).catch(ports.abandon);
  ports.listening.push(server);
  ports.tls = portOf(server, port);
  log(`tls on ${hostAndPort(host, ports.tls)}`);
}

/** The web page and its socket over HTTP and HTTPS, when asked for: one more kind of session for the same tavern. */
async function listenWebPorts(ports: Ports, host: string, options: ServerOptions, certificate: CertificateInUse | undefined, web: WebOptions, connections: Connections, log: (line: string) => void): Promise<void> {
  const webPorts: WebPort[] = [];
  if (options.web) webPorts.push({ port: options.web.port });
  if (certificate && options.tls?.webPort != null) webPorts.push({ port: options.tls.webPort, tls: certificate.context });
  if (!webPorts.length) return;
  const servers = await listenWeb(host, webPorts, web, (c) => connections.arrive(c, webSession(c), c)).catch(ports.abandon);
  ports.listening.push(...servers);
  webPorts.forEach((p, i) => {
    const at = portOf(servers[i], p.port);
    if (p.tls) {
      certificate!.serves(servers[i] as HttpsServer);
      ports.webTls = at;
    } else ports.web = at;
    log(`web client on ${p.tls ? 'https' : 'http'}://${hostAndPort(host, at)}/`);
  });
}

/** One stop, however many ask (a signal during an admin's shutdown waits for the same one). */
function stopOnce(tavern: Tavern, store: Store, connections: Connections, ports: Ports, clock: Clock, log: (line: string) => void, done: () => void) {
  let stopped: Promise<void> | null = null;
  return (reason = 'The tavern is closing for the night (the server is shutting down).') =>
    (stopped ??= connections.stopping ? Promise.resolve() : closeTavern(reason, tavern, store, connections, ports, clock, log).finally(done));
}

/** Everyone told, every wager returned and everything written before the last connection and port close. */
async function closeTavern(reason: string, tavern: Tavern, store: Store, connections: Connections, ports: Ports, clock: Clock, log: (line: string) => void): Promise<void> {
  connections.stopping = true;
  for (const p of tavern.players.values()) tavern.tell(p, reason);
  connections.turnAwayAtTheDoor(reason);
  for (const t of tavern.tables.values()) t.dispose();
  tavern.life.stop();
  tavern.reservations.stop();
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
  connections.closeAll();
  connections.sumUpTheLog(true);
  await Promise.all(ports.listening.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
}

function portOf(server: Server | HttpServer | HttpsServer, asked: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : asked;
}
