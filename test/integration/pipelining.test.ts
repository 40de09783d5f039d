import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFiles } from '../../src/store/files.js';
import { MAYBE_NOT_WRITTEN } from '../../src/output/outbox.js';
import { PROMPT_END, type TestClient } from '../support/client.js';
import { watchWrites, type WriteWatch } from '../support/commits.js';
import { engines, type TestWorld } from '../support/engines.js';
import { freshDatabase, noPostgres } from '../support/postgres.js';
import { listening, login, run, type Program } from '../support/program.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A client that types ahead: twenty lines in one packet. The server handles each line once the
 * last one's command has run, without waiting for its write, so the lines share the store's
 * group writes; the replies still leave in order, each only once it is durable (a kill -9
 * after them loses none), and a write that fails is never followed by a reply claiming success.
 */

const AMOUNTS = Array.from({ length: 20 }, (_, i) => i + 1);
const GIVES = AMOUNTS.map((n) => `give ${n} coin${n === 1 ? '' : 's'} to bob`);
const TOTAL = AMOUNTS.reduce((a, b) => a + b, 0);

/** The gifts told to the giver, in the order told. */
const toldGifts = (text: string) => [...text.matchAll(/You give ([\d,]+) obsidian coins? to Bob/g)].map((m) => Number(m[1]));

/** Sends every line in one packet (one socket write). */
function typeAhead(c: TestClient, lines: string[]): void {
  c.sendBytes(Buffer.from(lines.map((l) => `${l}\r\n`).join('')));
}

const coinsOf = async (c: TestClient) => Number(/([\d,]+) obsidian coins/.exec(await c.command('inventory'))![1].replace(/,/g, ''));

describe.each(engines)('lines typed ahead ($name engine)', (engine) => {
  let world: TestWorld | undefined;
  let ts: TestServer | undefined;
  let watch: WriteWatch | undefined;
  afterEach(async () => {
    await ts?.destroy();
    await world?.destroy();
    watch?.stop();
  });

  it.skipIf(!!engine.skip)('answers 20 gifts in one packet in order, the coins adding up, in far fewer than 20 writes', async () => {
    watch = watchWrites();
    world = await engine.world();
    ts = await startTestServer(engine.name === 'file' ? { dataDir: world.where } : { store: world.where });
    const ana = await ts.login('Ana');
    const bob = await ts.login('Bob');
    await ana.command('look'); // everything of the logins is behind us
    const from = ana.all.length;
    const before = watch.commits;
    typeAhead(ana, GIVES);
    await ana.expect('You give 20 obsidian coins to Bob');
    await ana.nextPrompt();
    const writes = watch.commits - before;
    const text = ana.all.slice(from);
    expect(toldGifts(text)).toEqual(AMOUNTS);
    expect(text.split(PROMPT_END)).toHaveLength(GIVES.length + 1); // one prompt per line, the last after the last reply
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(4);
    expect(await coinsOf(ana)).toBe(1000 - TOTAL);
    expect(await coinsOf(bob)).toBe(1000 + TOTAL);
  });
});

describe('a write that fails under lines typed ahead', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('is never followed by a reply claiming success, and what was told is all that happened', async () => {
    // The journal's writes from the armed one on fail as on a full disk, before anything is written.
    let writes = 0;
    let failFrom = Infinity;
    const open = nodeFiles.open.bind(nodeFiles);
    const files = vi.spyOn(nodeFiles, 'open').mockImplementation(async (path, mode) => {
      const handle = await open(path, mode);
      if (!/[/\\]journal[/\\]/.test(path)) return handle;
      return {
        write: (data) => (++writes >= failFrom ? Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' })) : handle.write(data)),
        sync: () => handle.sync(),
        close: () => handle.close(),
      };
    });
    cleanups.push(() => files.mockRestore());
    const dataDir = await mkdtemp(join(tmpdir(), 'pipelining-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const ts = await startTestServer({ dataDir });
    cleanups.push(() => ts.stop());
    const ana = await ts.login('Ana');
    await ts.login('Bob');
    await ana.command('look');
    const from = ana.all.length;
    failFrom = writes + 2; // the first write after the packet goes through, the next fails
    typeAhead(ana, GIVES);
    await ana.closedSoon();
    const text = ana.all.slice(from);
    const failed = text.indexOf(MAYBE_NOT_WRITTEN);
    expect(failed).toBeGreaterThan(-1);
    expect(toldGifts(text.slice(failed))).toEqual([]);
    const told = toldGifts(text);
    expect(told).toEqual(AMOUNTS.slice(0, told.length));
    expect(told.length).toBeLessThan(GIVES.length);

    await ts.stop();
    failFrom = Infinity; // the disk has room again
    const again = await startTestServer({ dataDir });
    cleanups.push(() => again.stop());
    const paid = told.reduce((a, b) => a + b, 0);
    expect(await coinsOf(await again.login('Ana'))).toBe(1000 - paid);
    expect(await coinsOf(await again.login('Bob'))).toBe(1000 + paid);
  });
});

/** The store each kill test runs on: `--store` arguments for a fresh world, or why it cannot run here. */
const killEngines = [
  { name: 'file', skip: null, store: async () => ({ args: [] as string[], drop: async () => undefined }) },
  {
    name: 'postgres',
    skip: noPostgres,
    store: async () => {
      const db = await freshDatabase();
      return { args: ['--store', db.url], drop: () => db.drop() };
    },
  },
];

describe.each(killEngines)('lines typed ahead, then kill -9 ($name)', (engine) => {
  const programs: Program[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const p of programs.splice(0)) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it.skipIf(!!engine.skip)('loses none of the 20 gifts told before the kill', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pipelining-kill-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const store = await engine.store();
    cleanups.push(store.drop);
    const start = () => {
      const p = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--seed', '7', '--creates-per-hour', '0', ...store.args]);
      programs.push(p);
      return p;
    };
    const first = start();
    const port = await listening(first);
    const ana = await login(port, 'Ana');
    const bob = await login(port, 'Bob');
    await ana.command('look');
    const from = ana.all.length;
    typeAhead(ana, GIVES);
    await ana.expect('You give 20 obsidian coins to Bob', 20_000);
    expect(toldGifts(ana.all.slice(from))).toEqual(AMOUNTS);
    first.child.kill('SIGKILL');
    await first.exited;
    ana.close();
    bob.close();

    const second = start();
    const again = await listening(second);
    expect(await coinsOf(await login(again, 'Ana'))).toBe(1000 - TOTAL);
    expect(await coinsOf(await login(again, 'Bob'))).toBe(1000 + TOTAL);
  }, 120_000);
});
