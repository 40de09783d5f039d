/**
 * Builds of this server side by side: the echo server, this checkout's telnet layer alone
 * (telnet-floor.ts), and the server of each checkout given, each with its own clients logged in,
 * one closed `inventory` loop each in every round. The machine's speed drifts by tens of per cent
 * over minutes (docs/performance.md), so two commits compare only within a round; the builds take
 * turns at going first, and each is also read as CPU time a line, which the drift moves less
 * than the ratio when the server is the one at 100 %.
 *
 *   npm run bench:compare -- [--clients 1000 --duration 10 --rounds 6] DIR...
 *
 * Each DIR is a checkout with its dist/ built (a git worktree of the commit; any npm script that
 * starts something builds it). Each client is held to the server's 100 lines a second
 * (line-queue.ts), so with fewer than about 500 clients the loops measure that limit, not a build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { closedLoop, connectAll, ENTERED, INVENTORY, LoadClient, letters, loopbackAddress } from './client.js';
import { cpuSeconds, ECHO_SERVER, option, serve, serverFlags, TELNET_FLOOR, type Served } from './process.js';
import { SERVER_NODE_FLAGS } from '../../../src/node-flags.cjs';

function fail(reason: string): never {
  console.error(reason);
  process.exit(2);
}

const CLIENTS = option('clients', 1000);
const SECONDS = option('duration', 10);
const ROUNDS = option('rounds', 6);
const DIRS = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const RUN = Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Contender {
  label: string;
  served: Served;
  clients: LoadClient[];
  /** Line for the loop, and what ends its answer. */
  line: string;
  answer: RegExp;
  ratios: number[];
  usPerLine: number[];
}

/** One closed loop of a contender's clients: lines answered a second, and the server's CPU µs a line; refused if a line went unanswered or a client was lost. */
async function loop(c: Contender): Promise<{ perSecond: number; usPerLine: number }> {
  const pid = c.served.child.pid!;
  const cpuBefore = cpuSeconds(pid);
  const result = await closedLoop(c.clients, c.line, c.answer, SECONDS);
  const lost = c.clients.filter((client) => client.closed).length;
  if (result.failures || lost) throw new Error(`${c.label}: ${result.failures} lines went unanswered, ${lost} clients closed`);
  return { perSecond: result.perSecond, usPerLine: ((cpuSeconds(pid) - cpuBefore) * 1e6) / (result.perSecond * SECONDS) };
}

/** A checkout's server, started on a fresh data folder, with every client's character created and in. */
async function startBuild(dir: string, k: number, dataDirs: string[]): Promise<Contender> {
  const start = join(dir, 'dist', 'src', 'start.cjs');
  const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const data = await mkdtemp(join(tmpdir(), 'bench-compare-'));
  dataDirs.push(data);
  const served = await serve([...SERVER_NODE_FLAGS, start, ...serverFlags(start, data)]);
  try {
    return { label: `${basename(dir)} ${commit}`, served, clients: await createAll(dir, served, k), line: 'inventory', answer: INVENTORY, ratios: [], usPerLine: [] };
  } catch (e) {
    await served.stop();
    throw e;
  }
}

async function createAll(dir: string, served: Served, k: number): Promise<LoadClient[]> {
  const clients: LoadClient[] = [];
  // Fifty creates at a time: the password hash bounds them, and a thousand at once only queue.
  for (let i = 0; i < CLIENTS; i += 50) {
    const batch = Array.from({ length: Math.min(50, CLIENTS - i) }, async (_, j) => {
      const client = new LoadClient('127.0.0.1', served.port, loopbackAddress(i + j));
      await client.connect(60_000);
      if (!(await client.expect(/> $/, 60_000))) throw new Error(`${dir}: no greeting`);
      if ((await client.timed(`create Cm${RUN}${letters(k)}${letters(i + j)} loadtest123`, ENTERED, 180_000)) === null) {
        throw new Error(`${dir}: a create was not let in:\n${served.output().slice(-1000)}`);
      }
      return client;
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const rate = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

async function main(): Promise<void> {
  if (!DIRS.length) fail('usage: npm run bench:compare -- [--clients 1000 --duration 10 --rounds 6] DIR...');
  for (const dir of DIRS) if (!existsSync(join(dir, 'dist', 'src', 'start.cjs'))) fail(`${dir} has no dist/src/start.cjs: build it first (npm run build there)`);
  console.log(`builds side by side: ${CLIENTS} clients each, ${SECONDS} s a loop, ${ROUNDS} rounds, run ${RUN}`);
  const started: Contender[] = [];
  const dataDirs: string[] = [];
  try {
    const echo = await serve([ECHO_SERVER]);
    started.push({ label: 'echo', served: echo, clients: await connectAll(echo.port, CLIENTS, 2000), line: 'look', answer: /ok\n> $/, ratios: [], usPerLine: [] });
    const floor = await serve([TELNET_FLOOR]);
    started.push({ label: 'telnet layer', served: floor, clients: await connectAll(floor.port, CLIENTS, 2000), line: 'inventory', answer: INVENTORY, ratios: [], usPerLine: [] });
    for (const [k, dir] of DIRS.entries()) started.push(await startBuild(resolve(dir), k, dataDirs));
    const [echoer, ...others] = started;
    for (let r = 0; r < ROUNDS; r++) {
      const baseline = await loop(echoer);
      const cells = [`echo ${rate(baseline.perSecond)}`];
      // The telnet layer first, then the builds, each round starting one further along.
      const builds = others.slice(1);
      const order = [others[0], ...builds.slice(r % builds.length), ...builds.slice(0, r % builds.length)];
      for (const c of order) {
        const { perSecond, usPerLine } = await loop(c);
        c.ratios.push(perSecond / baseline.perSecond);
        c.usPerLine.push(usPerLine);
        cells.push(`${c.label} ${rate(perSecond)} = ${(perSecond / baseline.perSecond).toFixed(2)} (${usPerLine.toFixed(1)} µs a line)`);
      }
      console.log(`round ${r + 1}: ${cells.join(' | ')}`);
    }
    for (const c of others) {
      console.log(`${c.label}: the middle ratio ${middle(c.ratios).toFixed(2)} of echo, ${middle(c.usPerLine).toFixed(1)} µs of the server's CPU a line (rounds: ${c.ratios.map((x) => x.toFixed(2)).join(', ')})`);
    }
  } finally {
    for (const c of started) for (const client of c.clients) client.close();
    await Promise.all(started.map((c) => c.served.stop()));
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}

main().catch((e: Error) => {
  console.error(e.stack ?? e.message);
  process.exitCode = 1;
});
