import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync, appendFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient } from '../support/client.js';
import { listening, login, run, type Program } from '../support/program.js';
import { freshDatabase, noPostgres } from '../support/postgres.js';

/**
 * The store from outside, as a host sees it: real server processes over TCP, killed with
 * SIGKILL at random moments (on each engine); a read-only data folder; a full disk (files only).
 */

const programs: Program[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const c of cleanups.splice(0).reverse()) c();
});

function start(dir: string, extra: string[] = []): Program {
  const p = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--seed', '7', '--creates-per-hour', '0', ...extra]);
  programs.push(p);
  return p;
}

/**
 * Sends a line, then a probe: everything up to the probe's answer holds the line's reply (with
 * whatever else arrived meanwhile). Incomplete when the connection closed first.
 */
async function send(c: TestClient, line: string, token: string, timeoutMs = 5000): Promise<{ text: string; complete: boolean }> {
  const from = c.all.length;
  c.send(line);
  c.send(`look ${token}`);
  try {
    await c.expect(`"${token}"`, timeoutMs);
    return { text: c.all.slice(from), complete: true };
  } catch {
    return { text: c.all.slice(from), complete: false };
  }
}

const coinsOf = (reply: string) => Number(/([\d,]+) obsidian coins/.exec(reply)![1].replace(/,/g, ''));
/** The jugs of ale an inventory lists (none when it lists none), and what one costs at the bar. */
const jugsOf = (reply: string) => {
  const m = /^ {2}(a|\d+) jugs? of kank-milk ale\r?$/m.exec(reply);
  return m ? (m[1] === 'a' ? 1 : Number(m[1])) : 0;
};
const PRICE = 5;

/** Every file under a folder, byte for byte. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath ?? (e as unknown as { path: string }).path, e.name);
    if (e.isFile()) out[p] = readFileSync(p).toString('base64');
  }
  return out;
}

/** The mount command works here (root in a container that allows it), or null with why not. */
function canMount(): string | null {
  const probe = mkdtempSync(join(tmpdir(), 'mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return null;
  } catch {
    return 'this machine does not let the test mount a file system (needs root and mount rights)';
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const noMount = canMount();
if (noMount) console.warn(`SKIPPED: the read-only folder and full disk tests: ${noMount}`);

/** The store each kill test runs on: `--store` arguments for a fresh world, or why it cannot run here. */
const killEngines = [
  { name: 'file', skip: null, store: async () => [] as string[] },
  {
    name: 'postgres',
    skip: noPostgres,
    store: async () => {
      const db = await freshDatabase();
      cleanups.push(() => void db.drop());
      return ['--store', db.url];
    },
  },
];

describe.each(killEngines)('the store on $name, killed', (engine) => {
  it.skipIf(!!engine.skip)('loses nothing anyone was told across 25 kills with SIGKILL at random moments, and the coins and the jugs bought add up', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-kill-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = await engine.store();
    const NAMES = ['Ana', 'Bob', 'Cyd', 'Dee'];
    // What the players were told: each purse (counting wagers as returned, as a restart returns
    // them), the wagers on the sand table, and the jugs of ale each carries.
    const purse: Record<string, number> = Object.fromEntries(NAMES.map((n) => [n, 1000]));
    const ale: Record<string, number> = Object.fromEntries(NAMES.map((n) => [n, 0]));
    let escrow: Record<string, number> = {};
    /** Commands sent whose reply had not come when the server was killed: each may or may not have happened. */
    const inFlight = new Map<string, { line: string; amount: number; target?: string }>();
    let roundsWithWagersBack = 0;
    let giftsTold = 0;
    let jugsTold = 0;
    let random = 12345;
    const next = (n: number) => ((random = (random * 1103515245 + 12345) % 2 ** 31), random % n);

    for (let round = 1; round <= 25; round++) {
      const server = start(dir, store);
      const port = await listening(server);
      const returned: Record<string, number> = {};
      for (const m of server.output().matchAll(/restart: returned (\d+) coins from sand-table to (\w+)/g)) returned[m[2][0].toUpperCase() + m[2].slice(1)] = Number(m[1]);
      if (Object.keys(returned).length) roundsWithWagersBack++;
      const clients = await Promise.all(NAMES.map((n) => login(port, n)));
      const seen = await Promise.all(
        clients.map(async (c, i) => {
          const { text, complete } = await send(c, 'inventory', `r${round}i${i}x`, 20_000);
          if (!complete) throw new Error(`round ${round}: no answer to inventory`);
          return { coins: coinsOf(text), ale: jugsOf(text) };
        }),
      );
      const got = { purse: Object.fromEntries(NAMES.map((n, i) => [n, seen[i].coins])), ale: Object.fromEntries(NAMES.map((n, i) => [n, seen[i].ale])), escrow: returned };
      const what = `round ${round}: got ${JSON.stringify(got)}, told ${JSON.stringify({ purse, ale, escrow })}, in flight ${JSON.stringify([...inFlight])}`;
      // Every coin a jug was bought with went to the house, and every jug bought is in one pair of hands.
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      expect(sum(seen.map((s) => s.coins)) + PRICE * sum(seen.map((s) => s.ale)), what).toBe(NAMES.length * 1000);
      // Some of the commands in flight happened, in some order: one such outcome must be exactly what came back.
      const outcomes: string[] = [];
      const orders = <T,>(xs: T[]): T[][] => [[], ...xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]))];
      const clean = (e: Record<string, number>) => JSON.stringify(Object.entries(e).filter(([, v]) => v).sort());
      type World = { p: Record<string, number>; a: Record<string, number>; e: Record<string, number> };
      // A throw in play may be a 2 or 12, which settles at the throw: the whole board goes to one of the two players.
      const steps = ({ p, a, e }: World, rest: [string, { line: string; amount: number; target?: string }][]): void => {
        if (!rest.length) return void outcomes.push(`${JSON.stringify(p)} ${JSON.stringify(a)} ${clean(e)}`);
        const [[who, c], ...more] = rest;
        if (c.line.startsWith('give ale')) return steps({ p, a: { ...a, [who]: a[who] - 1, [c.target!]: a[c.target!] + 1 }, e }, more);
        if (c.line.startsWith('give')) return steps({ p: { ...p, [who]: p[who] - c.amount, [c.target!]: p[c.target!] + c.amount }, a, e }, more);
        if (c.line.startsWith('buy')) return steps({ p: { ...p, [who]: p[who] - PRICE * c.amount }, a: { ...a, [who]: a[who] + c.amount }, e }, more);
        if (c.line.startsWith('bet')) return steps({ p, a, e: { ...e, [who]: (e[who] ?? 0) + c.amount } }, more);
        if (c.line === 'withdraw') return steps({ p, a, e: {} }, more);
        if (c.line.startsWith('roll')) {
          for (const taker of ['Ana', 'Bob']) {
            const q = { ...p };
            for (const [owner, amount] of Object.entries(e)) (q[owner] -= amount), (q[taker] += amount);
            steps({ p: q, a, e: {} }, more);
          }
        }
        steps({ p, a, e }, more);
      };
      for (const order of orders([...inFlight.entries()])) steps({ p: { ...purse }, a: { ...ale }, e: { ...escrow } }, order);
      expect(outcomes, what).toContain(`${JSON.stringify(got.purse)} ${JSON.stringify(got.ale)} ${clean(got.escrow)}`);
      Object.assign(purse, got.purse);
      Object.assign(ale, got.ale);
      escrow = {};
      inFlight.clear();

      // Ana and Bob play Spice Run (placing wagers, now and then withdrawing); Cyd and Dee give coins around, buy jugs of ale and hand them across.
      const [ana, bob, cyd, dee] = clients;
      await send(ana, 'sit sand', `r${round}sa`, 20_000);
      await send(bob, 'sit sand', `r${round}sb`, 20_000);
      let killed = false;
      const overs: Record<string, number> = Object.fromEntries(NAMES.map((n) => [n, 0]));
      let oversCounted = 0;
      const act = async (c: TestClient, me: string, pick: () => string) => {
        for (let n = 0; !killed; n++) {
          const line = pick();
          const amount = Number(/\d+/.exec(line)?.[0] ?? 0);
          inFlight.set(me, { line, amount, target: /to (\w+)$/.exec(line)?.[1] });
          const { text: reply, complete } = await send(c, line, `r${round}n${n}x`);
          // A reply that arrived was told, even if the connection closed right after it.
          if (complete || /You give|You buy|You have only|You carry|You place \d+ obsidian|every wager goes back|Spice Run is over/.test(reply)) inFlight.delete(me);
          const gave = /You give ([\d,]+) obsidian coins? to (\w+)/.exec(reply);
          if (gave) (purse[me] -= amount), (purse[gave[2]] += amount), giftsTold++;
          const bought = /You buy (?:a|(\d+)) jugs? of kank-milk ale for ([\d,]+) obsidian coins/.exec(reply);
          if (bought) (ale[me] += Number(bought[1] ?? 1)), (purse[me] -= Number(bought[2])), jugsTold++;
          const handed = /You give a jug of kank-milk ale to (\w+)/.exec(reply);
          if (handed) (ale[me] -= 1), (ale[handed[1]] += 1), jugsTold++;
          // The table tells the bettor in the second person. The wager is on the game that this
          // player's stream was in (one per end they heard): a reply processed after another
          // player's counted the end of that game was settled by that end.
          const placed = new RegExp(`You place ${amount} obsidian coins? on square`).test(reply);
          if (placed && overs[me] >= oversCounted) escrow[me] = (escrow[me] ?? 0) + amount;
          // Every end of a game (a 2 or 12 at the throw, the board emptied, a withdrawal) says it
          // is over; everyone in the room hears it, and it counts once.
          for (const over of reply.matchAll(/The game of Spice Run is over: (.*)\./g)) {
            overs[me] += 1;
            if (overs[me] <= oversCounted) continue;
            oversCounted = overs[me];
            for (const [, name, how, amount] of over[1].matchAll(/(\w+) (won|lost|broke even) ?([\d,]*)/g)) {
              const owner = name === 'you' ? me : name;
              purse[owner] += how === 'won' ? Number(amount.replace(/,/g, '')) : how === 'lost' ? -Number(amount.replace(/,/g, '')) : 0;
            }
            escrow = {};
          }
          if (!complete) return;
        }
      };
      const gambler = () => {
        const r = next(12);
        return r < 4 ? 'roll dice sand' : r < 9 ? `bet ${1 + next(9)}` : r < 10 ? 'withdraw' : 'sit sand';
      };
      const giver = (me: string) => () => {
        const r = next(10);
        const someone = NAMES.filter((n) => n !== me)[next(3)];
        return r < 5 ? `give ${1 + next(30)} coins to ${someone}` : r < 7 ? `buy ${1 + next(3)} ale` : `give ale to ${someone}`;
      };
      const players = [act(ana, 'Ana', gambler), act(bob, 'Bob', gambler), act(cyd, 'Cyd', giver('Cyd')), act(dee, 'Dee', giver('Dee'))];
      await new Promise((r) => setTimeout(r, 100 + next(400)));
      server.child.kill('SIGKILL');
      await server.exited;
      killed = true;
      await Promise.all(players);
      for (const c of clients) c.close();
    }
    // The test did what it says: wagers were on the table at many of the kills, and many gifts and jugs were told.
    expect(roundsWithWagersBack).toBeGreaterThan(5);
    expect(giftsTold).toBeGreaterThan(100);
    expect(jugsTold).toBeGreaterThan(50);
  }, 240_000);
});

describe('the file store, starved', () => {

  it.skipIf(!!noMount)('refuses a read-only data folder with one line naming the path, and changes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-ro-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = start(dir);
    const c = await login(await listening(first), 'Ana');
    c.close();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const before = snapshot(dir);
    execFileSync('mount', ['--bind', dir, dir]);
    cleanups.push(() => execFileSync('umount', [dir]));
    execFileSync('mount', ['-o', 'remount,ro,bind', dir]);
    const refused = start(dir);
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(`The server could not start: cannot write ${join(dir, 'server.log')}: it is on a read-only file system (EROFS)`);
    expect(snapshot(dir)).toEqual(before);
  });

  it.skipIf(!!noMount)('refuses a journal folder it cannot write, naming it, and changes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-ro-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = start(dir);
    (await login(await listening(first), 'Ana')).close();
    first.child.kill('SIGKILL');
    await first.exited;
    const journal = join(dir, 'journal');
    execFileSync('mount', ['--bind', journal, journal]);
    cleanups.push(() => execFileSync('umount', [journal]));
    execFileSync('mount', ['-o', 'remount,ro,bind', journal]);
    const before = snapshot(journal);
    const refused = start(dir);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(new RegExp(`The server could not start: cannot write ${journal}: it is on a read-only file system \\(EROFS\\)\\n$`));
    expect(snapshot(journal)).toEqual(before);
  });

  it.skipIf(!!noMount)('on a full disk tells the players their change may not have happened, logs it, and exits 1 with one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', dir]);
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => execFileSync('umount', [dir]));
    const server = start(dir);
    const port = await listening(server);
    const ana = await login(port, 'Ana');
    const bob = await login(port, 'Bob');
    // Fill the disk to the last byte.
    const filler = join(dir, 'filler');
    const { bavail, bsize } = statfsSync(dir);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 4096)));
    try {
      for (;;) appendFileSync(filler, Buffer.alloc(512));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    let given = 0;
    let reply = '';
    for (let i = 0; i < 200; i++) {
      ana.send('give 1 coin to bob');
      reply = await ana.expect(/You give 1 obsidian coin to Bob|That may not have happened.*/);
      if (!/You give/.test(reply)) break;
      given++;
    }
    expect(reply).toMatch(/That may not have happened: the tavern could not make sure it was written down/);
    await ana.closedSoon();
    expect(await server.exited).toBe(1);
    const out = server.output();
    expect(out).toMatch(new RegExp(`fatal: cannot write ${dir}/journal/000000000001\\.jsonl: the disk is full \\(ENOSPC\\); closing every connection\\n`));
    expect(out, out).not.toMatch(/Unhandled|\n\s+at /);
    bob.close();

    // With room again, nothing that was told is lost and the failed gift is not there.
    rmSync(filler);
    const again = start(dir);
    const port2 = await listening(again);
    expect(coinsOf(await (await login(port2, 'Ana')).command('i'))).toBe(1000 - given);
    expect(coinsOf(await (await login(port2, 'Bob')).command('i'))).toBe(1000 + given);
    // The log filled the disk too: every line in it is whole, none glued to a piece of another.
    const lines = readFileSync(join(dir, 'server.log'), 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.filter((l) => !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z [^\n]+$/.test(l))).toEqual([]);
  });
});
