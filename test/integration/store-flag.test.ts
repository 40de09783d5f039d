import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TestClient } from '../support/client.js';
import { listening, run, type Program } from '../support/program.js';
import { freshDatabase, noPostgres } from '../support/postgres.js';

/** `--store`, as a host types it: a file store somewhere else, PostgreSQL by address or by the libpq variables. */

const programs: Program[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const c of cleanups.splice(0)) await c();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'store-flag-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): Program {
  const p = run(['--port', '0', '--host', '127.0.0.1', ...args], env);
  programs.push(p);
  return p;
}

async function enter(port: number, name: string): Promise<TestClient> {
  const c = await TestClient.connect(port);
  await c.nextPrompt(20_000);
  expect(await c.command(`create ${name} secret123`)).toMatch(/Exits:/);
  c.inGame = true;
  return c;
}

describe('the --store flag', () => {
  it('refuses what names no store, with exit code 2 and one line', async () => {
    const bad = [
      [['--store', 'mysql://db/tavern'], /--store: "mysql:\/\/db\/tavern" is neither a file nor a postgres:\/\/ address\./],
      [['--store', '/srv/tavern/world.sqlite'], /--store: the file store is a folder holding db\.json \(its checkpoint\) and journal\/ \(the truth\); give <folder>\/db\.json or the folder, not "\/srv\/tavern\/world\.sqlite"\./],
      [['--store', 'postgres://ana:hunter2@db:port/tavern'], /--store: "postgres:\/\/ana:\*\*\*@db:port\/tavern" is not a postgres:\/\/ address/],
      [['--store'], /--store needs a value\./],
    ] as const;
    const refused = bad.map(([args]) => run([...args]));
    for (const [i, p] of refused.entries()) {
      expect(await p.exited).toBe(2);
      expect(p.output()).toMatch(bad[i][1]);
      expect(p.output()).not.toContain('hunter2');
    }
  }, 60_000);

  it('keeps a file store where --store FILE says, the journal beside its db.json, and the log in --data', async () => {
    const data = await folder();
    const elsewhere = join(await folder(), 'world');
    const p = start(['--data', data, '--store', join(elsewhere, 'db.json')]);
    (await enter(await listening(p), 'Ana')).close();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(existsSync(join(elsewhere, 'journal', '000000000001.jsonl'))).toBe(true);
    expect(existsSync(join(elsewhere, 'db.json'))).toBe(true);
    expect(existsSync(join(data, 'server.log'))).toBe(true);
    expect(existsSync(join(data, 'journal'))).toBe(false);
  }, 60_000);

  it('says in one line, without the password, when PostgreSQL cannot be reached', async () => {
    const p = start(['--data', await folder(), '--store', 'postgres://ana:hunter2@127.0.0.1:1/tavern']);
    expect(await p.exited).toBe(1);
    expect(p.output()).toBe('The server could not start: cannot connect to PostgreSQL at ana@127.0.0.1:1/tavern: connection refused (is PostgreSQL running and listening there?) (ECONNREFUSED)\n');
  });

  it.skipIf(!!noPostgres)('finds PostgreSQL by the libpq variables with --store postgres, and names itself there after its data folder', async () => {
    const db = await freshDatabase();
    cleanups.push(() => db.drop());
    const c = new pg.Client({ connectionString: db.url });
    const env = { PGHOST: c.host, PGPORT: String(c.port), PGUSER: c.user, PGDATABASE: c.database, PGPASSWORD: '' };
    const data = await folder();
    const p = start(['--data', data, '--store', 'postgres'], env);
    const port = await listening(p);
    expect(p.output()).toMatch(new RegExp(`postgres: postgres@${c.host}:${c.port}/${c.database}, this server's name there "[^"]+"`));
    (await enter(port, 'Ana')).close();
    expect(await db.query(`SELECT name FROM characters`)).toEqual([{ name: 'Ana' }]);
    expect(existsSync(join(data, 'server-name'))).toBe(true);
  }, 60_000);
});
