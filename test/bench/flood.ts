/**
 * The flood benchmark: players looping `inventory` while the server is flooded, one kind of flood
 * at a time (floods.ts): lines at the greeting and from a player, letters with no line end,
 * IAC NOP, GMCP from several connections, ooc spammers against a slow reader, a TLS handshake
 * storm. Before each flood the players loop with no flood for as long, and every figure is a
 * ratio to that baseline of the same run, next to it in time: the machine is shared and noisy.
 *
 *   npm run bench:flood [-- --players 4 --seconds 3]
 *
 * It builds nothing itself: `npm run bench:flood` builds what changed (scripts/run.mjs), then runs this file from dist/.
 */
import net from 'node:net';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectAll, letters, type LoadClient } from './load/client.js';
import { cpuSeconds, option, percentiles, rssKb, serve, type Percentiles, type Served } from './load/process.js';
import { floods, type FloodResult } from './floods.js';
import { SERVER_NODE_FLAGS } from '../../src/node-flags.cjs';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = join(here, '..', '..', 'src', 'start.cjs');
const FLOODS = join(here, 'floods.js');

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
const x = (n: number) => `${n.toFixed(2)} x`;
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

/** The players' loop with no flood, for `seconds`: the baseline of the flood after it. */
async function baseline(pid: number, players: LoadClient[]): Promise<{ latency: Percentiles; cpu: number }> {
  const quiet = loop(players);
  const cpu0 = cpuSeconds(pid);
  await sleep(FLOOD_SECONDS * 1000);
  const cpu = ((cpuSeconds(pid) - cpu0) / FLOOD_SECONDS) * 100;
  await quiet.stop();
  return { latency: percentiles(quiet.samples.map((s) => s.ms)), cpu };
}

interface Phase {
  base: { latency: Percentiles; cpu: number };
  during: Percentiles;
  after: Percentiles;
  cpuDuring: number;
  cpuAfter: number;
  growthMb: number;
  flood: FloodResult;
}

/**
 * Flood `n` in its own process (floods.ts), set up and waiting for `go`: `start` floods for the
 * given seconds and resolves with what it did.
 */
async function flooder(n: number, port: number, tlsPort: number): Promise<(seconds: number) => Promise<FloodResult>> {
  const child = spawn(process.execPath, [FLOODS, String(n), String(port), String(tlsPort), RUN], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`flood ${n} ended before it was done`);
    return value as string;
  };
  if ((await next()) !== 'ready') throw new Error(`flood ${n} did not get ready`);
  return async (seconds) => {
    child.stdin!.write(`go ${seconds}\n`);
    return JSON.parse(await next()) as FloodResult;
  };
}

/** One flood beside the players' loop: its baseline, then latency during and after, CPU during and 5 s after, memory growth. */
async function floodPhase(server: Served, tlsPort: number, players: LoadClient[], n: number): Promise<Phase> {
  const pid = server.child.pid!;
  const start = await flooder(n, server.port, tlsPort);
  await sleep(1000);
  const base = await baseline(pid, players);
  const rss0 = rssKb(pid);
  let rssMax = rss0;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssKb(pid))), 100);
  const looping = loop(players);
  const begun = performance.now();
  const cpu0 = cpuSeconds(pid);
  const result = await start(FLOOD_SECONDS);
  const left = performance.now();
  const cpuDuring = ((cpuSeconds(pid) - cpu0) / ((left - begun) / 1000)) * 100;
  await sleep(CPU_AT_MS);
  const cpu1 = cpuSeconds(pid);
  await sleep(1000);
  const cpuAfter = (cpuSeconds(pid) - cpu1) * 100;
  await sleep(AFTER_MS - CPU_AT_MS - 1000);
  await looping.stop();
  clearInterval(sampler);
  return {
    base,
    during: percentiles(between(looping.samples, begun, left)),
    after: percentiles(between(looping.samples, left, left + AFTER_MS)),
    cpuDuring,
    cpuAfter,
    growthMb: (rssMax - rss0) / 1024,
    flood: result,
  };
}

/** A port nobody listens on now, for the TLS port (0 would mean none). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

function report(r: Phase, say: (line: string) => void): void {
  const { latency, cpu } = r.base;
  say(`  baseline just before: median ${ms(latency.p50)}, p99 ${ms(latency.p99)} (${latency.n} commands); server CPU ${cpu.toFixed(1)} %`);
  say(`  players during: median ${ms(r.during.p50)} = ${x(r.during.p50 / latency.p50)} the baseline (target <= 2 x) ${verdict(r.during.p50 <= 2 * latency.p50)}`);
  const p99Target = 2 * latency.p99 + 20;
  say(`  players during: p99 ${ms(r.during.p99)} = ${x(r.during.p99 / latency.p99)} the baseline, worst ${ms(r.during.max)} (${r.during.n} commands) (target <= 2 x + 20 ms = ${ms(p99Target)}) ${verdict(r.during.p99 <= p99Target)}`);
  say(`  players 10 s after: median ${ms(r.after.p50)} = ${x(r.after.p50 / latency.p50)} the baseline (target <= 2 x) ${verdict(r.after.p50 <= 2 * latency.p50)}`);
  const cpuTarget = cpu + 30;
  say(`  server CPU during: ${r.cpuDuring.toFixed(1)} %, ${(r.cpuDuring - cpu).toFixed(1)} points over the baseline's (target <= baseline + 30 points = ${cpuTarget.toFixed(0)} %) ${verdict(r.cpuDuring <= cpuTarget)}`);
  const idle = Math.max(10, 2 * cpu);
  say(`  server CPU 5 s after the flooders left: ${r.cpuAfter.toFixed(1)} % (target idle: <= ${idle.toFixed(0)} %, the players' loop still running) ${verdict(r.cpuAfter <= idle)}`);
  say(`  resident memory growth: ${r.growthMb.toFixed(1)} MB (target < 50 MB) ${verdict(r.growthMb < 50)}`);
  for (const note of r.flood.notes) say(`  ${note}`);
  for (const failure of r.flood.failed) say(`  ${failure} FAIL`);
}

async function main(): Promise<void> {
  console.log(`flood benchmark: ${PLAYERS} players looping inventory (${THINK_MS} ms between), each flood ${FLOOD_SECONDS} s after a baseline as long, run ${RUN}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-flood-'));
  const tlsPort = await freePort();
  const server = await serve([...SERVER_NODE_FLAGS, MAIN, '--port', '0', '--web-port', '0', '--tls-port', String(tlsPort), '--host', '127.0.0.1', '--data', dataDir, '--creates-per-hour', '0']);
  let failed = 0;
  const say = (line: string) => {
    if (line.includes('FAIL')) failed++;
    console.log(line);
  };
  try {
    const players: LoadClient[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await logIn(server.port, `Fp${RUN}${letters(i)}`));
    // A warm-up: the first commands compile the server's paths.
    const warm = loop(players);
    await sleep(1000);
    await warm.stop();
    for (const [n, flood] of floods(RUN).entries()) {
      const r = await floodPhase(server, tlsPort, players, n);
      console.log(`${flood.what}${r.flood.sentBytes ? ` (${(r.flood.sentBytes / 1024 / 1024).toFixed(1)} MB sent in ${FLOOD_SECONDS} s)` : ''}:`);
      report(r, say);
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
