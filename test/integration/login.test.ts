import { afterEach, describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_WORLD, startServer } from '../../src/server.js';
import { HOUR_MS } from '../../src/login/throttle.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { journalEntries } from '../support/journal.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** How long `connect` takes from the line sent to the room description, from one address. */
async function timedLogin(name: string, from: string): Promise<number> {
  const c = await ts.connect({ from });
  const start = performance.now();
  c.send(`connect ${name} secret123`);
  await c.expect(/Exits:/, 15_000);
  const ms = performance.now() - start;
  c.send('quit');
  await c.closedSoon();
  return ms;
}

describe('logging in safely over TCP', () => {
  it('lets a player from another address in within a second of the idle time while many connections guess at one account', async () => {
    ts = await startTestServer();
    await (await ts.login('Victim')).quit();
    await (await ts.login('Legit', 'secret123', { from: '127.0.0.2' })).quit();

    const idle: number[] = [];
    for (let i = 0; i < 3; i++) idle.push(await timedLogin('legit', '127.0.0.2'));

    // 100 connections from 127.0.0.1, each guessing at Victim (the old three-tries bypass).
    const flood: TestClient[] = await Promise.all(Array.from({ length: 100 }, () => ts.connect()));
    flood.forEach((c, i) => c.send(`connect victim wrong${i}xx`));
    const answered = () => flood.filter((c) => /Wrong password/.test(c.all)).length;
    const toldToWait = () => flood.filter((c) => /this attempt waits \d+ seconds?\./.test(c.all)).length;
    const deadline = Date.now() + 15_000;
    while ((answered() < 3 || toldToWait() === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(answered()).toBeGreaterThanOrEqual(3);

    const busy: number[] = [];
    for (let i = 0; i < 3; i++) {
      ts.clock.advance(5000); // lets the next waiting guesses go: the flood keeps hashing
      busy.push(await timedLogin('legit', '127.0.0.2'));
    }
    expect(median(busy)).toBeLessThan(median(idle) + 1000);
    // The flood was really there: told to wait on other connections than the ones that failed, and mostly still waiting.
    expect(toldToWait()).toBeGreaterThan(0);
    expect(answered()).toBeLessThan(50);
    expect(flood.every((c) => !c.closed)).toBe(true);
  });

  it('refuses a creation past the hour\'s limit from one address in one line, and only from that address', async () => {
    ts = await startTestServer({ settings: { createsPerHour: 2 } });
    await (await ts.login('Ana', 'secret123', { from: '127.0.0.3' })).quit();
    await (await ts.login('Bob', 'secret123', { from: '127.0.0.3' })).quit();
    const c = await ts.connect({ from: '127.0.0.3' });
    const refusal = await c.command('create Cyd secret123');
    expect(refusal.trim()).toBe('Only 2 new characters may be made from one address in an hour; try again in 60 minutes.');
    expect(await c.command('connect ana secret123')).toMatch(/Exits:/); // still welcome as an old character
    const elsewhere = await ts.connect({ from: '127.0.0.4' });
    expect(await elsewhere.command('create Dax secret123')).toMatch(/Exits:/);
    ts.clock.advance(HOUR_MS);
    const later = await ts.connect({ from: '127.0.0.3' });
    expect(await later.command('create Cyd secret123')).toMatch(/Exits:/);
  });

  it('upgrades a hash made at the old cost at the next good login, and saves it', async () => {
    ts = await startTestServer();
    await (await ts.login('Ana')).quit();
    const salt = randomBytes(16);
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64'), scryptSync('secret123', salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64')].join('$');
    const store = ts.server.tavern.store;
    store.record({ kind: 'password', key: 'ana', passwordHash: old }); // as an older server left it
    await store.flush();
    const wrong = await ts.connect();
    expect(await wrong.command('connect ana not-it')).toMatch(/Wrong password/);
    expect(store.character('ana')?.passwordHash).toBe(old);
    await ts.login('Ana');
    expect(store.character('ana')?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    await ts.stop();
    // Saved as a journal entry with that login's write, and in the checkpoint.
    const entries = (await journalEntries(ts.dataDir)) as { kind: string; key?: string; passwordHash?: string }[];
    expect(entries.filter((e) => e.kind === 'password' && e.key === 'ana').map((e) => e.passwordHash?.split('$')[1])).toEqual(['16384', '32768']);
    const saved = JSON.parse(await readFile(join(ts.dataDir, 'db.json'), 'utf8')).characters.ana.passwordHash;
    expect(saved).toMatch(/^scrypt\$32768\$8\$1\$/);
    ts = await ts.restart();
    await ts.login('Ana'); // the upgraded hash checks the same password
  });
});

describe('where the creation limit comes from', () => {
  it('is 5 by default, the world may set it, and the server option (--creates-per-hour) wins', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tavern-limit-'));
    try {
      const world = JSON.parse(await readFile(DEFAULT_WORLD, 'utf8'));
      const worldFile = join(dir, 'world.json');
      await writeFile(worldFile, JSON.stringify({ ...world, settings: { createsPerHour: 2 } }));
      let servers = 0;
      const limitOf = async (worldToUse: string, settings?: { createsPerHour: number }) => {
        const dataDir = join(dir, `data${++servers}`);
        const s = await startServer({ host: '127.0.0.1', port: 0, dataDir, worldFile: worldToUse, settings, checkpoints: 'inline', log: () => {} });
        await s.stop();
        return s.tavern.settings.createsPerHour;
      };
      expect(await limitOf(DEFAULT_WORLD)).toBe(5);
      expect(await limitOf(worldFile)).toBe(2);
      expect(await limitOf(worldFile, { createsPerHour: 0 })).toBe(0);
      await writeFile(worldFile, JSON.stringify({ ...world, settings: { createsPerHour: -1 } }));
      await expect(limitOf(worldFile)).rejects.toThrow(/createsPerHour must be a whole number/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
