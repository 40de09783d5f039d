import { afterEach, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
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

  it('refuses a journal with one changed byte, naming the file and the entry, in one line', async () => {
    const data = await folder();
    await playedWorld(data);
    const segment = join(data, 'journal', '000000000001.jsonl');
    const journal = await readFile(segment, 'utf8');
    // Bob's starting purse, long before the checkpoint's position.
    const bob = journal.split('\n').findIndex((l) => l.includes('"name":"Bob"')) + 1;
    await writeFile(segment, journal.replace(/("name":"Bob".*?"purse":)1000/, '$19000'));
    const p = start(data);
    expect(await p.exited).toBe(1);
    expect(p.output()).toBe(`The server could not start: ${segment}: line ${bob} (entry ${bob}): its checksum does not match its bytes: a byte of it was changed; the server will not start, and no file was changed\n`);
    expect(await readFile(segment, 'utf8')).not.toBe(journal);
  }, 60_000);

  it.each([
    ['', (text: string) => text, 'its checksum does not match its content: a byte of it was changed'],
    [
      ', its checksum field deleted',
      (text: string) => text.replace(/,"crc":"[0-9a-f]{8}"\}$/, '}'),
      'it has no checksum, though the journal entry it stands at has one ([0-9a-f]{8}): its own was taken off',
    ],
  ])('rebuilds from the journal a db.json with 1,000,000 coins added to a purse%s, keeping the changed file aside', async (_how, change, why) => {
    const data = await folder();
    await playedWorld(data);
    const db = join(data, 'db.json');
    const good = await readFile(db, 'utf8');
    const forged = change(good.replace('"char:ana":900', '"char:ana":1000900').replace(/"mint":-(\d+)/, (_m, n) => `"mint":-${Number(n) + 1_000_000}`));
    expect(forged).not.toBe(good);
    await writeFile(db, forged);
    const entries = (await readFile(join(data, 'journal', '000000000001.jsonl'), 'utf8')).split('\n').filter(Boolean).length;
    const p = start(data);
    const port = await listening(p);
    const damaged = p.output().split('\n').filter((l) => l.includes('damaged'));
    expect(damaged).toHaveLength(1);
    expect(damaged[0]).toMatch(
      new RegExp(`^recovery: ${db.replace(/[.]/g, '\\.')} was damaged \\(${why.replace(/[()]/g, '\\$&')}\\); the state was rebuilt from the whole journal \\(${entries} entries\\) and a new checkpoint follows; the damaged file is kept as ${db.replace(/[.]/g, '\\.')}\\.damaged$`),
    );
    const ana = await TestClient.connect(port);
    await ana.nextPrompt(20_000);
    ana.send('connect Ana secret123');
    await ana.nextPrompt(20_000);
    ana.inGame = true;
    expect(await ana.command('inventory')).toMatch(/\b900 obsidian coins/);
    ana.close();
    await stop(p);
    expect(await readFile(`${db}.damaged`, 'utf8')).toBe(forged);
    expect(JSON.parse(await readFile(db, 'utf8')).balances['char:ana']).toBe(900);
  }, 60_000);

  it('refuses a journal whose last newline was overwritten after a kill -9: damage that would take back a told gift, never a torn write', async () => {
    const data = await folder();
    const p = start(data);
    const port = await listening(p);
    const ana = await enter(port, 'Ana');
    await enter(port, 'Bob');
    expect(await ana.command('give 100 to Bob')).toMatch(/You give/);
    p.child.kill('SIGKILL');
    await p.exited;
    const segment = join(data, 'journal', '000000000001.jsonl');
    const journal = await readFile(segment);
    expect(journal.toString().trimEnd().split('\n').at(-1)).toMatch(/"kind":"coins".*"amount":100/);
    journal[journal.length - 1] = 0x20;
    await writeFile(segment, journal);
    const again = start(data);
    expect(await again.exited).toBe(1);
    const entry = journal.toString().split('\n').length;
    expect(again.output()).toBe(
      `The server could not start: ${segment}: line ${entry} (entry ${entry}) is whole and its checksum is right, but byte ${journal.length - 1} after it is 0x20 (a space) where its newline should be: a byte was changed after it was written, which no crash does; put back a copy of the journal; the server will not start, and no file was changed\n`,
    );
    expect(await readFile(segment)).toEqual(journal);
    expect((await readdir(join(data, 'journal'))).filter((n) => n.includes('torn'))).toEqual([]);
  }, 60_000);

  it('refuses a journal whose end was cut after a clean stop: damage, never a crash', async () => {
    const data = await folder();
    await playedWorld(data);
    const segment = join(data, 'journal', '000000000001.jsonl');
    const size = (await stat(segment)).size;
    await truncate(segment, size - 30);
    const p = start(data);
    expect(await p.exited).toBe(1);
    const out = p.output();
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
    expect(out).toMatch(new RegExp(`^The server could not start: ${segment.replace(/[.]/g, '\\.')}: it ends at byte ${size - 30}, inside or before entry (\\d+), but the server stopped cleanly after entry \\1 at byte ${size} \\(db\\.json says so\\): its end was cut off after that stop, which no crash does`));
    expect(out).not.toMatch(/crash \(/);
    expect((await stat(segment)).size).toBe(size - 30);
  }, 60_000);
});
