/**
 * Running out of file descriptors, with the real program under `ulimit -n 256`: 400 idle
 * connections knock (ten from each of 40 loopback addresses, the limit per address) while two
 * players give coins back and forth across journal segments (TAVERN_TEST_SEGMENT_BYTES makes a
 * segment 2 KB). The server stays up and keeps answering, and every gift it told is there after
 * a restart. The greeting's own limit (200) is lifted, so that the descriptors are what runs out.
 * First as shipped (newcomers turned away before the last 32 descriptors); then with nothing
 * kept back, so that every descriptor is taken when the server stops: the last checkpoint meets
 * EMFILE and waits for one instead of failing. (A new journal segment takes no new descriptor:
 * the old segment's is closed first, and the folder's is kept from the start.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listening, login, run, type Program } from '../support/program.js';

const FD_LIMIT = 256;
const KNOCKS = 400;
const ADDRESSES = 40;

const programs: Program[] = [];
const idle: net.Socket[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const c of idle.splice(0)) c.destroy();
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const c of cleanups.splice(0)) c();
});

/** With `fdLimit`, under that ulimit, and without the greeting's own limit (200), so that the descriptors run out first. */
function start(dir: string, env: NodeJS.ProcessEnv = {}, fdLimit?: number): Program {
  const args = ['--port', '0', '--host', '127.0.0.1', '--data', dir, '--creates-per-hour', '0', ...(fdLimit ? ['--greeting-limit', '0'] : [])];
  const p = run(args, { TAVERN_TEST_SEGMENT_BYTES: '2048', ...env }, 'src/main.ts', fdLimit);
  programs.push(p);
  return p;
}

/**
 * One idle newcomer, as an attacker's: it never types, and never hangs up of itself (half-open).
 * Let in (at the greeting, kept open), told the tavern is full, or cut: closed without a word, or
 * not taken at all within `patienceMs` (left in the system's queue while no descriptor is free).
 */
function knock(port: number, from: string, patienceMs: number): Promise<'in' | 'full' | 'cut'> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from, allowHalfOpen: true });
    idle.push(socket);
    let text = '';
    const timer = setTimeout(() => resolve('cut'), patienceMs);
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (text.includes('The tavern is full right now; try again in a minute.')) resolve('full');
      else if (text.includes('create <name> <password>')) resolve('in');
      else return;
      clearTimeout(timer);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve('cut');
    });
  });
}

/** 400 knocks, 50 at a time, ten from each address. */
async function knockAll(port: number, patienceMs = 10_000): Promise<Record<'in' | 'full' | 'cut', number>> {
  const tally = { in: 0, full: 0, cut: 0 };
  for (let batch = 0; batch < KNOCKS; batch += 50) {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => knock(port, `127.0.0.${2 + ((batch + i) % ADDRESSES)}`, patienceMs)));
    for (const r of results) tally[r] += 1;
  }
  return tally;
}

const coinsOf = (reply: string) => Number(/([\d,]+) obsidian coins/.exec(reply)![1].replace(/,/g, ''));
const segments = (dir: string) => readdirSync(join(dir, 'journal')).filter((f) => /^\d{12}\.jsonl$/.test(f)).length;

describe('out of file descriptors', () => {
  it('as shipped: 400 idle newcomers are turned away before the last 32 descriptors, and gifts cross journal segments untouched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fd-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = start(dir, {}, FD_LIMIT);
    const port = await listening(server);
    expect(server.output()).toMatch(new RegExp(`newcomers turned away with 32 of ${FD_LIMIT} file descriptors left`));
    const ana = await login(port, 'Ana');
    const bob = await login(port, 'Bob');

    const tally = await knockAll(port);
    // Some were let in, the rest told the tavern is full; none cut without a word.
    expect(tally.in).toBeGreaterThan(100);
    expect(tally.full).toBeGreaterThan(100);
    expect(tally.cut).toBe(0);
    expect(tally.in + tally.full).toBe(KNOCKS);
    const out = () => server.output();
    // Logged when newcomers begin to be turned away, not once for each: again only after a
    // recount found descriptors freed (the turned-away ones' own, closed) and let one in.
    const turnedAway = out().match(/newcomers turned away: \d+ of the 256 file descriptors this process may open are in use, and the last 32 are kept for the store/g) ?? [];
    const letIn = out().match(/newcomers let in again: /g) ?? [];
    expect(turnedAway.length).toBeGreaterThanOrEqual(1);
    expect(turnedAway.length).toBe(letIn.length + 1);

    // Gifts back and forth across several segments, every one answered.
    const before = segments(dir);
    let anaCoins = 1000;
    for (let i = 1; i <= 40; i++) {
      const [giver, taker] = i % 2 ? [ana, 'bob'] : [bob, 'ana'];
      expect(await giver.command(`give ${i} coins to ${taker}`)).toMatch(new RegExp(`You give ${i} obsidian coins? to ${taker[0].toUpperCase()}${taker.slice(1)}`));
      anaCoins += i % 2 ? -i : i;
    }
    expect(segments(dir) - before).toBeGreaterThanOrEqual(3);
    expect(out()).not.toMatch(/fatal|yet: .*EMFILE/);

    // Still answering, and once some idle ones leave, newcomers come in again.
    for (const c of idle.splice(0, 60)) c.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const cyd = await login(port, 'Cyd');
    expect(await cyd.command('look')).toMatch(/Exits:/);
    expect(out()).toMatch(/newcomers let in again: \d+ of 256 file descriptors in use \(\d+ turned away meanwhile\)/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const again = start(dir);
    const port2 = await listening(again);
    expect(coinsOf(await (await login(port2, 'Ana')).command('i'))).toBe(anaCoins);
    expect(coinsOf(await (await login(port2, 'Bob')).command('i'))).toBe(2000 - anaCoins);
  }, 120_000);

  it('with nothing kept back: stopped while every descriptor is taken, the last checkpoint waits for one and is written; nothing is lost', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fd-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = start(dir, { TAVERN_TEST_FD_RESERVE: '0' }, FD_LIMIT);
    const port = await listening(server);
    const out = () => server.output();
    const ana = await login(port, 'Ana');
    const bob = await login(port, 'Bob');
    let anaCoins = 1000;
    for (let i = 1; i <= 20; i++) {
      expect(await ana.command(`give ${i} coins to bob`)).toMatch(/You give \d+ obsidian coins? to Bob/);
      anaCoins -= i;
    }

    // Every descriptor taken: the rest wait in the system's queue, untold (nothing can be said without a descriptor).
    const tally = await knockAll(port, 1000);
    expect(tally.in).toBeGreaterThan(100);
    expect(tally.cut).toBeGreaterThan(0);
    expect(readdirSync(`/proc/${server.child.pid}/fd`).length).toBe(FD_LIMIT);
    // Still answering, with no descriptor to spare.
    expect(await bob.command('look')).toMatch(/Exits:/);

    // The idle ones at the greeting are told goodbye at the stop, but hold their descriptors until
    // the server cuts them (5 s): the closing checkpoint waits for one meanwhile.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(out()).toMatch(/cannot open \S+\/db\.json\.tmp yet: the server has every file descriptor it may open in use \(EMFILE\); trying again until a descriptor is free/);
    expect(out()).toMatch(/open \S+\/db\.json\.tmp: done after waiting [\d.]+ s for a file descriptor \(\d+ tries\)/);
    expect(out()).not.toMatch(/fatal|checkpoint on closing failed/);
    expect(JSON.parse(readFileSync(join(dir, 'db.json'), 'utf8').replace(/\s*$/, '')).stopped).toBe(true);

    const again = start(dir);
    const port2 = await listening(again);
    expect(coinsOf(await (await login(port2, 'Ana')).command('i'))).toBe(anaCoins);
    expect(coinsOf(await (await login(port2, 'Bob')).command('i'))).toBe(2000 - anaCoins);
  }, 120_000);
});
