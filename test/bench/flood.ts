/**
 * The flood benchmark (issue 27): players looping `inventory` while one client floods the server
 * with lines for 3 s, first a client that never logs in (empty lines), then a logged-in one
 * (`look`). Each figure is printed with its target, against a no-flood loop of the same run.
 *
 *   npm run bench:flood [-- --players 4 --seconds 3]
 *
 * It builds nothing itself: `npm run bench:flood` builds what changed (scripts/run.mjs), then runs this file from dist/.
 */
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectAll, letters, type LoadClient } from './load/client.js';
import { cpuSeconds, percentiles, rssKb, serve, type Percentiles, type Served } from './load/process.js';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, '..', '..', 'src', 'start.cjs');

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${name} needs a whole number, not "${process.argv[at + 1]}"`);
    process.exit(2);
  }
  return n;
}

const PLAYERS = option('players', 4);
const FLOOD_SECONDS = option('seconds', 3);
/** How long after the flood the players keep looping, and when the server's CPU is read. */
const AFTER_MS = 10_000;
const CPU_AT_MS = 5000;
/** A player types a command, waits for its answer, then this long, like a quick human or a bot. */
const THINK_MS = 50;
const RUN = Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const ENTERED = /Exits:[^]*> $/;
const INVENTORY = /obsidian coins?[^]*> $/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function logIn(port: number, name: string): Promise<LoadClient> {
  const [client] = await connectAll(port, 1);
  if ((await client.timed(`create ${name} floodtest123`, ENTERED, 60_000)) === null) throw new Error(`create ${name} got no answer`);
  return client;
}

/** Every player loops `inventory` until `stop()`; each answer's time is kept with the moment it was asked. */
function loop(players: LoadClient[]) {
  const samples: { at: number; ms: number }[] = [];
  let going = true;
  const done = Promise.all(
    players.map(async (p) => {
      while (going) {
        const at = performance.now();
        samples.push({ at, ms: (await p.timed('inventory', INVENTORY, 60_000)) ?? 60_000 });
        await sleep(THINK_MS);
      }
    }),
  );
  return {
    samples,
    stop: async () => {
      going = false;
      await done;
    },
  };
}

const between = (samples: { at: number; ms: number }[], from: number, to: number) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);

/** Sends `chunk` as fast as the socket takes it for `seconds`, reading and dropping every reply; then hangs up. */
async function flood(socket: net.Socket, chunk: Buffer, seconds: number): Promise<number> {
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  socket.on('data', () => undefined);
  while (performance.now() < end && !socket.destroyed) {
    sent += chunk.length;
    if (!socket.write(chunk)) {
      await Promise.race([new Promise((r) => socket.once('drain', r)), sleep(Math.max(0, end - performance.now()))]);
    }
  }
  socket.destroy();
  return sent;
}

async function floodSocket(port: number, login: string | null): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  if (login) {
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.write(`create ${login} floodtest123\r\n`);
    for (let i = 0; i < 600 && !/Exits:/.test(text); i++) await sleep(100);
    if (!/Exits:/.test(text)) throw new Error(`the flooder ${login} could not log in`);
    socket.removeAllListeners('data');
  }
  return socket;
}

interface Phase {
  during: Percentiles;
  after: Percentiles;
  cpu: number;
  growthMb: number;
  sentMb: number;
}

/** One flood beside the players' loop: latency during and after, CPU 5 s after, memory growth. */
async function floodPhase(server: Served, players: LoadClient[], chunk: Buffer, login: string | null): Promise<Phase> {
  const pid = server.child.pid!;
  const socket = await floodSocket(server.port, login);
  await sleep(1000);
  const rss0 = rssKb(pid);
  let rssMax = rss0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssKb(pid))), 100);
  const looping = loop(players);
  const start = performance.now();
  const sent = await flood(socket, chunk, FLOOD_SECONDS);
  const left = performance.now();
  await sleep(CPU_AT_MS);
  const cpu0 = cpuSeconds(pid);
  await sleep(1000);
  const cpu = (cpuSeconds(pid) - cpu0) * 100;
  await sleep(AFTER_MS - CPU_AT_MS - 1000);
  await looping.stop();
  clearInterval(sampler);
  return {
    during: percentiles(between(looping.samples, start, left)),
    after: percentiles(between(looping.samples, left, left + AFTER_MS)),
    cpu,
    growthMb: (rssMax - rss0) / 1024,
    sentMb: sent / 1024 / 1024,
  };
}

async function main(): Promise<void> {
  console.log(`flood benchmark: ${PLAYERS} players looping inventory (${THINK_MS} ms between), a flood of ${FLOOD_SECONDS} s, run ${RUN}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-flood-'));
  const server = await serve([MAIN, '--port', '0', '--web-port', '0', '--host', '127.0.0.1', '--data', dataDir, '--creates-per-hour', '0']);
  let failed = 0;
  const report = (line: string) => {
    if (line.includes('FAIL')) failed++;
    console.log(line);
  };
  try {
    const players: LoadClient[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await logIn(server.port, `Fp${RUN}${letters(i)}`));
    const pid = server.child.pid!;
    // The no-flood loop, after a warm-up, and the CPU it costs.
    const warm = loop(players);
    await sleep(1000);
    await warm.stop();
    const quiet = loop(players);
    const cpu0 = cpuSeconds(pid);
    await sleep(FLOOD_SECONDS * 1000);
    const quietCpu = ((cpuSeconds(pid) - cpu0) / FLOOD_SECONDS) * 100;
    await quiet.stop();
    const base = percentiles(quiet.samples.map((s) => s.ms));
    console.log(`no flood: players' median ${ms(base.p50)}, worst ${ms(base.max)} (${base.n} commands); server CPU ${quietCpu.toFixed(1)} %`);
    // Idle: what the players' own loop costs, and a little (the measure is one second long).
    const idleCpu = Math.max(10, 2 * quietCpu);

    const floods: [string, Buffer, string | null][] = [
      ['a flooder who never logs in, empty lines', Buffer.alloc(64 * 1024, '\n'), null],
      ['a logged-in flooder, look', Buffer.from('look\r\n'.repeat(10_000)), `Ff${RUN}`],
    ];
    for (const [what, chunk, login] of floods) {
      const r = await floodPhase(server, players, chunk, login);
      console.log(`${what} (${r.sentMb.toFixed(1)} MB sent in ${FLOOD_SECONDS} s):`);
      report(`  players during: median ${ms(r.during.p50)}, worst ${ms(r.during.max)} (${r.during.n} commands) (target median <= 2 x ${ms(base.p50)} = ${ms(2 * base.p50)}) ${verdict(r.during.p50 <= 2 * base.p50)}`);
      report(`  players 10 s after: median ${ms(r.after.p50)}, worst ${ms(r.after.max)} (${r.after.n} commands) (target median <= ${ms(2 * base.p50)}) ${verdict(r.after.p50 <= 2 * base.p50)}`);
      report(`  server CPU 5 s after the flooder left: ${r.cpu.toFixed(1)} % (target idle: <= ${idleCpu.toFixed(0)} %, the players' loop still running) ${verdict(r.cpu <= idleCpu)}`);
      report(`  resident memory growth: ${r.growthMb.toFixed(1)} MB (target < 50 MB) ${verdict(r.growthMb < 50)}`);
    }
    for (const p of players) p.close();
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? `${failed} figure(s) missed their target` : 'every figure met its target');
}

main().then(
  () => process.exit(0),
  (e: Error) => {
    console.error(`bench:flood failed: ${e.message}`);
    process.exit(1);
  },
);
