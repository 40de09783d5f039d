import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Door, type PasswordHasher } from '../../src/login/door.js';
import { Login, LOGIN_TIMEOUT_MS } from '../../src/login/login.js';
import type { Delivery, Session } from '../../src/output/outbox.js';
import { watchWrites, type WriteWatch } from '../support/commits.js';
import { engines, type TestWorld } from '../support/engines.js';
import { listening, run } from '../support/program.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { plainClient } from '../support/tavern.js';

/**
 * A storm of new characters on each engine: the real server's tavern and store, with logins
 * at a door whose hashes the test finishes (all at once, as a storm's do on many cores). Each
 * create is on disk before its player is welcomed, and creates that arrive together share the
 * store's group writes (journal fsyncs, PostgreSQL COMMITs) instead of one each.
 */

/** Hashes that wait until the test lets them all finish. */
class GatedHasher implements PasswordHasher {
  private waiting: (() => void)[] = [];
  get started(): number {
    return this.waiting.length;
  }
  hash(password: string): Promise<string> {
    return new Promise((resolve) => this.waiting.push(() => resolve(`fake$${password}`)));
  }
  verify(): Promise<boolean> {
    return Promise.resolve(false);
  }
  needsUpgrade(): boolean {
    return false;
  }
  finishAll(): void {
    for (const finish of this.waiting.splice(0)) finish();
  }
}

/** A connection at the door that notes, at each welcome, whether its character was durable then. */
function recorder(name: string, watch: WriteWatch) {
  const welcomes: { durable: boolean }[] = [];
  const closed: (string | undefined)[] = [];
  const session: Session = {
    deliver: (d: Delivery) => {
      if (d.text?.some((t) => t.includes('Welcome to the Obsidian Scorpion'))) welcomes.push({ durable: watch.durable(name) });
    },
    wants: () => false,
    close: (farewell) => void closed.push(farewell),
    ...plainClient,
  };
  return { session, welcomes, closed };
}

/** Waits until `check` holds (a database read or two may come first), patient with a busy machine. */
async function until(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 20_000; !check() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** `create` lines at the door from `names`, each on a connection of its own; resolves once all are answered and told. */
async function createAll(ts: TestServer, door: Door, hasher: GatedHasher, watch: WriteWatch, names: string[]) {
  const { tavern } = ts.server;
  const connections = names.map((name, i) => {
    const r = recorder(name, watch);
    const login = new Login(tavern, r.session, `10.0.${i >> 8}.${i & 255}`, door, ts.clock, () => undefined);
    return { ...r, answered: login.handleLine(`create ${name} secret123`) };
  });
  await until(() => hasher.started === names.length);
  expect(hasher.started).toBe(names.length);
  const before = watch.commits;
  hasher.finishAll();
  await Promise.all(connections.map((c) => c.answered));
  await tavern.release(); // after every delivery queued before it
  return { commits: watch.commits - before, welcomes: connections.map((c) => c.welcomes) };
}

describe.each(engines)('a storm of creates ($name engine)', (engine) => {
  let world: TestWorld | undefined;
  let ts: TestServer | undefined;
  let watch: WriteWatch | undefined;
  afterEach(async () => {
    await ts?.destroy();
    await world?.destroy();
    watch?.stop();
  });

  async function start() {
    watch = watchWrites();
    world = await engine.world();
    ts = await startTestServer(engine.name === 'file' ? { dataDir: world.where } : { store: world.where });
    const hasher = new GatedHasher();
    const door = new Door(ts.clock, { hashSlots: 64, createsPerHour: 0 }, hasher);
    return { ts, door, hasher, watch };
  }

  it.skipIf(!!engine.skip)('writes 20 creates that arrive together in a group or two, each welcomed only once it is durable', async () => {
    const { ts, door, hasher, watch } = await start();
    const names = Array.from({ length: 20 }, (_, i) => `Storm${String.fromCharCode(97 + i)}`);
    const { commits, welcomes } = await createAll(ts, door, hasher, watch, names);
    expect(welcomes).toEqual(names.map(() => [{ durable: true }]));
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(3);
    for (const name of names) expect(ts.server.tavern.players.get(name.toLowerCase())?.name).toBe(name);
  });

  it.skipIf(!!engine.skip)('keeps a create waiting for its hash past the two minutes to log in, and still turns away one that types nothing', async () => {
    const { ts, door, hasher, watch } = await start();
    const { tavern } = ts.server;
    const waiting = recorder('Patient', watch);
    const idle = recorder('Idle', watch);
    const answered = new Login(tavern, waiting.session, '10.1.0.1', door, ts.clock, () => undefined).handleLine('create Patient secret123');
    new Login(tavern, idle.session, '10.1.0.2', door, ts.clock, () => undefined);
    await until(() => hasher.started === 1);
    ts.clock.advance(LOGIN_TIMEOUT_MS * 2);
    expect(idle.closed).toEqual(['You took too long to log in. Come back when you are ready.']);
    expect(waiting.closed).toEqual([]); // the time was the server's
    hasher.finishAll();
    await answered;
    await tavern.release();
    expect(waiting.welcomes).toEqual([{ durable: true }]);
  });

  it.skipIf(!!engine.skip)('counts a write for each create that arrives alone (the count above is of real writes)', async () => {
    const { ts, door, hasher, watch } = await start();
    let total = 0;
    for (const name of ['Lonea', 'Loneb', 'Lonec']) {
      const { commits, welcomes } = await createAll(ts, door, hasher, watch, [name]);
      expect(welcomes).toEqual([[{ durable: true }]]);
      total += commits;
    }
    expect(total).toBeGreaterThanOrEqual(3);
  });
});

describe('hashing in a storm', () => {
  it('takes one hash per core at once when the program starts through its entry, which sizes the thread pool for them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storm-entry-'));
    // As a host that sets nothing (an undefined variable is left out of the child's environment).
    const p = run(['--port', '0', '--host', '127.0.0.1', '--data', dir], { UV_THREADPOOL_SIZE: undefined }, 'src/start.cts');
    try {
      await listening(p);
      const cores = availableParallelism();
      expect(p.output()).toContain(`password hashing: ${cores} at a time (thread pool of ${cores + 4});`);
    } finally {
      p.child.kill('SIGKILL');
      await p.exited;
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
