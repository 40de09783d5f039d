import { afterEach, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient } from '../support/client.js';
import { listening, run, type Program } from '../support/program.js';

/**
 * The data folder as a host finds it, with the real program over TCP: who may read it, and what
 * the server says of a folder damaged while it was stopped.
 */

const programs: Program[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const p of programs.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function folder(): Promise<string> {
  const dir = join(await mkdtemp(join(tmpdir(), 'data-folder-')), 'data');
  dirs.push(join(dir, '..'));
  return dir;
}

function start(data: string): Program {
  const p = run(['--port', '0', '--host', '127.0.0.1', '--data', data]);
  programs.push(p);
  return p;
}

async function stop(p: Program): Promise<void> {
  p.child.kill('SIGTERM');
  expect(await p.exited).toBe(0);
}

/** A world with Ana and Bob, Ana's gift to Bob, stopped cleanly. */
async function playedWorld(data: string): Promise<void> {
  const p = start(data);
  const port = await listening(p);
  const ana = await enter(port, 'Ana');
  const bob = await enter(port, 'Bob');
  expect(await ana.command('give 100 to Bob')).toMatch(/You give/);
  ana.close();
  bob.close();
  await stop(p);
}

async function enter(port: number, name: string): Promise<TestClient> {
  const c = await TestClient.connect(port);
  await c.nextPrompt(20_000);
  expect(await c.command(`create ${name} secret123`)).toMatch(/Exits:/);
  c.inGame = true;
  return c;
}

/** Every file and folder under `dir` (itself included) with its permission bits. */
async function modes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = { '.': ((await stat(dir)).mode & 0o777).toString(8) };
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(e.parentPath, e.name);
    out[path.slice(dir.length + 1)] = ((await stat(path)).mode & 0o777).toString(8);
  }
  return out;
}

describe('the data folder', () => {
  it('is made readable by the server alone: folders 0700, files 0600', async () => {
    const data = await folder();
    await playedWorld(data);
    const got = await modes(data);
    expect(Object.keys(got).sort()).toEqual(['.', 'db.json', 'journal', 'journal/000000000001.jsonl', 'server.log']);
    for (const [path, mode] of Object.entries(got)) expect(`${path} ${mode}`).toBe(`${path} ${path === '.' || path === 'journal' ? '700' : '600'}`);
  }, 60_000);

  it('repairs looser modes at start, and says so in one line', async () => {
    const data = await folder();
    await playedWorld(data);
    await chmod(data, 0o755);
    await chmod(join(data, 'journal'), 0o755);
    for (const f of ['db.json', 'server.log', 'journal/000000000001.jsonl']) await chmod(join(data, f), 0o644);
    const p = start(data);
    await listening(p);
    const said = p.output().split('\n').filter((l) => l.startsWith('private:'));
    expect(said).toEqual([
      `private: ${data}, ${join(data, 'db.json')}, ${join(data, 'journal')} and 2 more could be read by other users of this machine; now only by this one (the journal and db.json hold unrevealed table seeds and password hashes)`,
    ]);
    for (const [path, mode] of Object.entries(await modes(data))) expect(`${path} ${mode}`).toBe(`${path} ${path === '.' || path === 'journal' ? '700' : '600'}`);
    await stop(p);
    // Nothing to repair the next time: nothing said.
    const again = start(data);
    await listening(again);
    expect(again.output()).not.toMatch(/private:/);
    await stop(again);
  }, 60_000);
});
