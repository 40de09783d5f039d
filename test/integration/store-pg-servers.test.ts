import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient } from '../support/client.js';
import { listening, run, type Program } from '../support/program.js';
import { freshDatabase, noPostgres, type TestDatabase } from '../support/postgres.js';
import { journalDisagreements } from '../../src/store/pg/queries.js';
import pg from 'pg';
import { rollToPlace } from '../support/spiceRun.js';

/**
 * Two real server processes on one PostgreSQL database, as a host runs them (a second world, a
 * test server beside the live one), each with its own data folder, played over telnet.
 */

const programs: Program[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function server(db: TestDatabase, admins = ['Ana']): Promise<{ program: Program; port: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'pg-server-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const program = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--seed', '7', '--store', db.url, ...admins.flatMap((a) => ['--admin', a])]);
  programs.push(program);
  return { program, port: await listening(program) };
}

/** Connects as the character (making it the first time); resolves to the client and the reply. */
async function login(port: number, name: string): Promise<{ c: TestClient; reply: string }> {
  const c = await TestClient.connect(port);
  await c.nextPrompt(20_000);
  c.send(`connect ${name} secret123`);
  let reply = await c.nextPrompt(20_000).catch(() => c.all);
  if (/There is no character/.test(reply)) reply = await c.command(`create ${name} secret123`);
  c.inGame = /Exits:/.test(reply);
  return { c, reply };
}

const coins = async (c: TestClient) => Number(/([\d,]+) obsidian coins/.exec(await c.command('i'))![1].replace(/,/g, ''));

/** The books as the database keeps them: every account's sum, and where the balances disagree with the journal. */
async function books(db: TestDatabase): Promise<{ total: number; problems: string[] }> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const total = Number((await c.query('SELECT coalesce(sum(balance), 0) AS n FROM balances')).rows[0].n);
    return { total, problems: await journalDisagreements(c) };
  } finally {
    await c.end();
  }
}

describe.skipIf(!!noPostgres)('two servers on one PostgreSQL database', () => {
  it('plays a character on one server at a time (the other refuses with one line), and shows coins given on one at the next login on the other', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const [a, b] = [await server(db), await server(db)];
    const ana = (await login(a.port, 'Ana')).c;
    const bob = (await login(a.port, 'Bob')).c;
    expect(await ana.command('give 100 coins to bob')).toMatch(/You give 100 obsidian coins to Bob/);

    const refused = await login(b.port, 'Ana');
    expect(refused.reply).toMatch(/Ana is in play on another server that shares this tavern's characters; quit there first/);
    await refused.c.closedSoon();
    expect(await coins(ana)).toBe(900); // the first connection plays on

    expect(await bob.quit()).toMatch(/Farewell/);
    const bobOnB = await login(b.port, 'Bob');
    expect(bobOnB.reply).toMatch(/Exits:/);
    expect(await coins(bobOnB.c)).toBe(1100);
    // And back: a gift on the second server is seen on the first.
    expect(await ana.quit()).toMatch(/Farewell/);
    const anaOnB = (await login(b.port, 'Ana')).c;
    expect(await bobOnB.c.command('give 40 coins to ana')).toMatch(/You give 40 obsidian coins to Ana/);
    // A ban on one server keeps the character out of the other too; the audit counts both.
    expect(await anaOnB.command('ban bob farming')).toMatch(/Bob is banned \(farming\), and thrown out/);
    expect(await anaOnB.quit()).toMatch(/Farewell/);
    const anaOnA = (await login(a.port, 'Ana')).c;
    expect(await coins(anaOnA)).toBe(940);
    expect((await login(a.port, 'Bob')).reply).toMatch(/Bob is banned from the tavern \(farming\)/);
    // A ban on the other server throws out a character playing here, at once.
    const cyr = (await login(a.port, 'Cyr')).c;
    expect(await anaOnA.quit()).toMatch(/Farewell/);
    const anaOnB2 = (await login(b.port, 'Ana')).c;
    expect(await anaOnB2.command('ban cyr cheating')).toMatch(/Cyr is banned \(cheating\)\.$/m);
    await cyr.closedSoon();
    expect(cyr.all).toMatch(/Ana has banned you from the tavern \(cheating\)\.\s*$/);
    expect(a.program.output()).toMatch(/Ana banned Cyr on another server: thrown out here/);
    expect((await login(a.port, 'Cyr')).reply).toMatch(/Cyr is banned from the tavern \(cheating\)/);
    expect(await anaOnB2.quit()).toMatch(/Farewell/);
    const anaAgain = (await login(a.port, 'Ana')).c;
    expect(await anaAgain.command('audit')).toMatch(/The books add up[^]*The mint has put 3,000 obsidian coins into the world/);
    expect(await books(db)).toEqual({ total: 0, problems: [] });
  }, 60_000);

  it("keeps a server's own admin in play and lets them in when another server bans them: its admins list outranks the ban there", async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const [a, b] = [await server(db, ['Ana', 'Dov']), await server(db)];
    const dov = (await login(a.port, 'Dov')).c;
    const ana = (await login(b.port, 'Ana')).c;
    expect(await ana.command('ban dov rude')).toMatch(/Dov is banned \(rude\)\.$/m);
    await expect.poll(() => a.program.output(), { timeout: 10_000 }).toMatch(/Ana banned Dov on another server: an admin here, so the ban does not apply here/);
    expect(await dov.command('audit')).toMatch(/The books add up/); // still here, still an admin
    expect(await dov.quit()).toMatch(/Farewell/);
    const dovAgain = await login(a.port, 'Dov');
    expect(dovAgain.reply).toMatch(/Exits:/);
    expect(a.program.output()).toMatch(/login: dov is banned \(by Ana\) but an admin here, so let in/);
    expect(await dovAgain.c.quit()).toMatch(/Farewell/);
    // Where Dov is no admin, the ban holds.
    expect((await login(b.port, 'Dov')).reply).toMatch(/Dov is banned from the tavern \(rude\)/);
  }, 60_000);

  it('frees the characters of a server killed with SIGKILL at once, and the other gives back what it left on a table', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const [a, b] = [await server(db), await server(db)];
    const ana = (await login(a.port, 'Ana')).c;
    const bob = (await login(a.port, 'Bob')).c;
    await ana.command('sit sand');
    expect(await bob.command('sit sand')).toMatch(/A game of Spice Run begins/);
    await rollToPlace(ana);
    expect(await ana.command('bet 30')).toMatch(/You place 30 obsidian coins on square/);
    a.program.child.kill('SIGKILL');
    await a.program.exited;

    const back = await login(b.port, 'Ana');
    expect(back.reply).toMatch(/Exits:/);
    expect(await coins(back.c)).toBe(1000);
    expect(b.program.output()).toMatch(/returned 30 coins from sand-table to ana: a server that stopped had left them on its table/);
    expect(await books(db)).toEqual({ total: 0, problems: [] });
  }, 60_000);
});
