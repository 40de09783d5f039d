import { existsSync, mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import yargsParser from 'yargs-parser';
import { DEFAULT_WORLD, startServer } from './server.js';
import type { GameDefinition } from './games/api.js';
import { games } from './games/index.js';
import { gamesWith, loadGameModule } from './games/modules.js';
import { describeError } from './store/files.js';
import { PRIVATE_DIR } from './store/private.js';
import { DEFAULT_ROTATION, openLogFile, type LogFile, type Rotation } from './log-file.js';
import { ADMIN_NAME } from './world/world.js';
import { nameProblem } from './login/accounts.js';
import { tavernWords } from './output/words.js';
import { parseStoreSpec } from './store/open.js';
import { TrustedProxies } from './telnet/trusted-proxies.js';
import { CertificateProblem, readCertificate, selfSignedCertificate, type Certificate } from './certificate.js';

const USAGE = `Usage: npm start -- [options]
  --port N       port to listen on (default 4000, or the PORT environment variable)
  --host ADDR    address to listen on (default :: for every IPv6 and IPv4 address, or 0.0.0.0 without IPv6)
  --data DIR     where the database and the log are kept (default ./data/runtime; created if missing)
  --store WHERE  the database: FILE (a file store's db.json, default <data>/db.json, or its folder),
                 postgres://user:password@host:port/database, or postgres (the PGHOST... variables)
  --world FILE   the world to serve (default the shipped tavern, data/world.json)
  --seed N       for testing: every table's server seeds (and the HERO, a wizard's pick) follow from N,
                 so the same commands give the same dice; such seeds are never secret
  --web-port N   port of the web client (default 4080, or the WEB_PORT environment variable; 0 turns it off)
  --tls-port N   port of the same telnet game over TLS (default 0: none)
  --web-tls-port N  port of the web client over HTTPS and WSS (default 0: none)
  --tls-cert FILE, --tls-key FILE  the TLS certificate (its chain after it) and its key, PEM
                 (default: a self-signed one made in <data>/tls/ on the first start); SIGHUP reads them again
  --web-origins LIST  comma-separated origins whose pages may also use the web client's socket
  --creates-per-hour N  new characters one address may make per hour (default 5, or the world's createsPerHour; 0: no limit)
  --connections-per-address N  connections one address may hold open, telnet and web together
                 (default 10, or the world's connectionsPerAddress; 0: no limit)
  --greeting-limit N  connections that may be at the greeting (not logged in) at once, every port together
                 (default 200, or the world's greetingLimit; 0: no limit)
  --talk-per-second N  lines a second each player may say on each channel (say, tell, ooc, shout), after a
                 burst of 10 (default 3, or the world's talkPerSecond; 0: no limit)
  --tls-handshakes-per-minute N  TLS handshakes one address may make a minute, a sixth of them at once, on the
                 TLS and HTTPS ports (default 60; 0: no limit)
  --log-max-bytes N  server.log is begun anew past N bytes (default 10485760, 10 MiB; 0: never)
  --log-files N  rotated logs kept beside it, server.log.1 (the newest) to .N (default 5; 0: none)
  --admin NAME   this character may use the admin commands, besides the world's admins (repeat for more)
  --game-module FILE  adds the game this module exports (a GameDefinition, src/games/README.md), for the
                 world's tables to name by its id (repeat for more; a .ts module is loaded with tsx)
  --trust-proxy ADDR,...  the reverse proxies (addresses, CIDR ranges, or loopback) whose X-Forwarded-For
                 (web) and PROXY protocol header (telnet, required from them) name the player
  --help         show this help`;

const VALUED = ['port', 'host', 'data', 'store', 'world', 'seed', 'web-port', 'tls-port', 'web-tls-port', 'tls-cert', 'tls-key', 'web-origins', 'creates-per-hour', 'connections-per-address', 'greeting-limit', 'talk-per-second', 'tls-handshakes-per-minute', 'log-max-bytes', 'log-files'];
/** Options that may be given more than once. */
const REPEATABLE = ['admin', 'trust-proxy', 'game-module'];
const KNOWN = new Set([...VALUED, ...REPEATABLE, 'help', '_']);

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(name: string, value: unknown, max: number): number {
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) > max) fail(`--${name} must be a whole number from 0 to ${max}, not "${text}".`);
  return Number(text);
}

const argv = yargsParser(process.argv.slice(2), {
  string: [...VALUED, ...REPEATABLE],
  boolean: ['help'],
  configuration: { 'camel-case-expansion': false, 'dot-notation': false, 'strip-dashed': false },
});

for (const key of Object.keys(argv)) if (!KNOWN.has(key)) fail(`Unknown option --${key}.`);
if (argv._.length) fail(`Unexpected argument "${argv._[0]}".`);
if (argv.help) {
  console.log(USAGE);
  process.exit(0);
}
for (const key of VALUED) {
  if (Array.isArray(argv[key])) fail(`--${key} was given more than once.`);
  if (key in argv && argv[key] === '') fail(`--${key} needs a value.`);
}

// An empty PORT is as good as none.
const port = wholeNumber('port', argv.port ?? (process.env.PORT || '4000'), 65535);
// No --host: every address (server.ts finds whether the machine has IPv6).
const host: string | undefined = argv.host;
if (host !== undefined && !isIP(host) && (/^[\d.]+$/.test(host) || !/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(host))) {
  fail(`--host must be an IP address or a host name, not "${host}".`);
}
if (argv.world !== undefined && !existsSync(argv.world)) fail(`--world: there is no file "${argv.world}".`);
const seed = argv.seed === undefined ? undefined : wholeNumber('seed', argv.seed, 0xffffffff);
const webPort = wholeNumber('web-port', argv['web-port'] ?? (process.env.WEB_PORT || '4080'), 65535);
const tlsPort = wholeNumber('tls-port', argv['tls-port'] ?? '0', 65535);
const webTlsPort = wholeNumber('web-tls-port', argv['web-tls-port'] ?? '0', 65535);
const ports: [string, number][] = [['--port', port], ['--web-port', webPort], ['--tls-port', tlsPort], ['--web-tls-port', webTlsPort]];
for (const [i, [name, n]] of ports.entries()) {
  const same = ports.slice(0, i).find(([, m]) => n !== 0 && m === n);
  if (same) fail(`${name} must differ from ${same[0]} (both are ${n}).`);
}
const secure = tlsPort !== 0 || webTlsPort !== 0;
const certFile: string | undefined = argv['tls-cert'];
const keyFile: string | undefined = argv['tls-key'];
if ((certFile === undefined) !== (keyFile === undefined)) fail('--tls-cert and --tls-key go together: the certificate and its key.');
if (certFile !== undefined && !secure) fail('--tls-cert needs --tls-port or --web-tls-port: without a secure port it would not be used.');
const webOrigins = argv['web-origins'] === undefined ? [] : String(argv['web-origins']).split(',').map((o) => o.trim());
for (const origin of webOrigins) {
  if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol)) fail(`--web-origins: "${origin}" is not an http:// or https:// origin.`);
}
const createsPerHour = argv['creates-per-hour'] === undefined ? undefined : wholeNumber('creates-per-hour', argv['creates-per-hour'], 1_000_000);
const perAddress = argv['connections-per-address'];
const connectionsPerAddress = perAddress === undefined ? undefined : wholeNumber('connections-per-address', perAddress, 1_000_000);
const greeting = argv['greeting-limit'];
const greetingLimit = greeting === undefined ? undefined : wholeNumber('greeting-limit', greeting, 1_000_000);
const talk = argv['talk-per-second'];
const talkPerSecond = talk === undefined ? undefined : wholeNumber('talk-per-second', talk, 1_000_000);
const handshakesFlag = argv['tls-handshakes-per-minute'];
const tlsHandshakesPerMinute = handshakesFlag === undefined ? undefined : wholeNumber('tls-handshakes-per-minute', handshakesFlag, 1_000_000);
// --admin may be repeated: one name each time.
const admins = [argv.admin ?? []].flat().map(String);
for (const name of admins) if (!ADMIN_NAME.test(name)) fail(`--admin needs a character's name (3 to 16 letters), not "${name}".`);
// A name no player may take (a reserved word, a game's own) would make an admin nobody can be.
const gameWords = [tavernWords.dealer, ...games.flatMap((g) => g.reservedNames ?? [])];
for (const name of admins) {
  const problem = nameProblem(name, [], gameWords);
  if (problem) fail(`--admin ${name} names a character nobody can make: ${problem}`);
}

// --trust-proxy may be repeated, or list several at once.
const trustList = [argv['trust-proxy'] ?? []].flat().map(String);
if (trustList.some((entry) => entry.trim() === '')) fail('--trust-proxy needs a value.');
const trustProxy = TrustedProxies.parse(trustList.join(','));
if (typeof trustProxy === 'string') fail(`--trust-proxy: ${trustProxy}.`);

// --game-module may be repeated: one file each time.
const gameModules = [argv['game-module'] ?? []].flat().map(String);
if (gameModules.some((file) => file.trim() === '')) fail('--game-module needs a file.');
for (const file of gameModules) if (!existsSync(file)) fail(`--game-module: there is no file "${file}".`);

const rotation: Rotation = {
  maxBytes: argv['log-max-bytes'] === undefined ? DEFAULT_ROTATION.maxBytes : wholeNumber('log-max-bytes', argv['log-max-bytes'], Number.MAX_SAFE_INTEGER),
  keep: argv['log-files'] === undefined ? DEFAULT_ROTATION.keep : wholeNumber('log-files', argv['log-files'], 1000),
};

const dataDir = argv.data ?? 'data/runtime';
// For tests, not a flag: a small journal segment, so that a test crosses a segment boundary in a few writes.
const testSegment = process.env.TAVERN_TEST_SEGMENT_BYTES || undefined;
if (testSegment !== undefined && !/^[1-9]\d{0,9}$/.test(testSegment)) fail(`TAVERN_TEST_SEGMENT_BYTES must be a whole number of bytes, not "${testSegment}".`);
const segmentBytes = testSegment === undefined ? undefined : Number(testSegment);
// For tests, not a flag: descriptors kept back for the store (default 32); 0 lets connections take the last one.
const testReserve = process.env.TAVERN_TEST_FD_RESERVE || undefined;
if (testReserve !== undefined && !/^\d{1,6}$/.test(testReserve)) fail(`TAVERN_TEST_FD_RESERVE must be a whole number of descriptors, not "${testReserve}".`);
const storeProblem = parseStoreSpec(argv.store, dataDir);
if (typeof storeProblem === 'string') fail(`${storeProblem}.`);

/** Opens server.log, or exits with one line naming what cannot be written. */
function openLog(): (line: string) => void {
  const path = join(dataDir, 'server.log');
  let file: LogFile;
  try {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
    // The log is not worth stopping for: trouble writing it is said on standard error.
    file = openLogFile(path, (message) => console.error(message), undefined, undefined, rotation);
  } catch (e) {
    console.error(`The server could not start: cannot write ${(e as NodeJS.ErrnoException).path ?? path}: ${describeError(e)}`);
    process.exit(1);
  }
  return (line: string) => {
    console.log(line);
    file.write(line);
  };
}

/** The package's games and the modules' (loadGameModule); a module that is no game is one line and exit 2. */
async function loadGames(): Promise<GameDefinition[]> {
  try {
    return gamesWith(games, await Promise.all(gameModules.map(loadGameModule)));
  } catch (e) {
    console.error(`The server could not start: ${(e as Error).message}`);
    process.exit(2);
  }
}

/** The secure ports' certificate: the host's files, or the server's own; a problem is one line and exit 2. */
async function loadCertificate(log: (line: string) => void): Promise<Certificate> {
  try {
    if (certFile !== undefined && keyFile !== undefined) return readCertificate(certFile, keyFile, Date.now());
    const { certificate, made } = await selfSignedCertificate(dataDir, Date.now());
    log(`tls: ${made ? 'made a new' : 'using the'} self-signed certificate in ${certificate.certFile} (players pin its fingerprint, below; --tls-cert and --tls-key give a real one)`);
    return certificate;
  } catch (e) {
    console.error(`The server could not start: ${e instanceof CertificateProblem ? e.message : (e as Error).message}`);
    process.exit(2);
  }
}

try {
  // The log goes to standard output and to server.log beside the database.
  const log = openLog();
  const certificate = secure ? await loadCertificate(log) : undefined;
  const server = await startServer({
    games: await loadGames(),
    host,
    port,
    dataDir,
    store: argv.store,
    worldFile: argv.world ?? DEFAULT_WORLD,
    seed,
    segmentBytes,
    descriptors: testReserve === undefined ? undefined : { reserve: Number(testReserve) },
    settings: {
      ...(createsPerHour === undefined ? {} : { createsPerHour }),
      ...(connectionsPerAddress === undefined ? {} : { connectionsPerAddress }),
      ...(greetingLimit === undefined ? {} : { greetingLimit }),
      ...(talkPerSecond === undefined ? {} : { talkPerSecond }),
      admins,
    },
    log,
    web: webPort === 0 ? undefined : { port: webPort, origins: webOrigins },
    trustProxy,
    tlsHandshakesPerMinute,
    tls: certificate && { port: tlsPort || null, webPort: webTlsPort || null, certificate },
    // A full disk or a failing one: the players were told, the log says why; exit with one line.
    onFatal: () => process.exit(1),
    // An admin's shutdown has stopped everything as SIGTERM does: exit as cleanly.
    onShutdown: () => process.exit(0),
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: closing the tavern`);
    server.stop().then(
      () => process.exit(0),
      (e: Error) => {
        console.error(`error while stopping: ${e.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A renewed certificate (certbot's deploy hook, systemctl reload): read again, nobody disconnected.
  if (certificate) process.on('SIGHUP', () => server.reloadCertificate());
} catch (e) {
  // An expected condition (a damaged or unwritable folder) is one line, without a stack.
  console.error(`The server could not start: ${(e as Error).message}`);
  process.exit(1);
}
