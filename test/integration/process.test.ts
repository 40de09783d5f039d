import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { TestClient } from '../support/client.js';
import { listening, login, run } from '../support/program.js';
import { WebTestClient } from '../support/webClient.js';

/** A port nobody is listening on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

let dir: string;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the server program', () => {
  // Nearly twenty programs start at once, each compiling the server with tsx: on a loaded
  // machine that alone can take longer than a minute.
  it('refuses unknown flags and bad values with exit code 2', async () => {
    const bad = [
      ['--bogus'],
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--seed', '-1'],
      ['stray'],
      ['--help', 'extra'],
      ['--host', '999.1.1.1'],
      ['--world', '/nonexistent/world.json'],
      ['--web-port', 'abc'],
      ['--port', '4000', '--web-port', '4000'],
      ['--web-origins', 'ftp://files.example'],
      ['--creates-per-hour', '-1'],
      ['--connections-per-address', 'ten'],
      ['--greeting-limit', '-5'],
      ['--tls-handshakes-per-minute', 'many'],
      ['--talk-per-second', '2.5'],
      ['--log-max-bytes', '10MB'],
      ['--log-files', '-1'],
      ['--admin', 'Ana1'],
      ['--admin', 'Ana', '--admin', ''],
      ['--trust-proxy', 'nginx.local'],
      ['--trust-proxy', ''],
    ].map((args) => run(args));
    for (const p of bad) {
      expect(await p.exited).toBe(2);
      expect(p.output()).toMatch(/Usage: npm start/);
    }
    const help = run(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toMatch(/--data DIR/);
    expect(help.output()).toMatch(/--web-port N/);
    expect(help.output()).toMatch(/--tls-port N/);
    expect(help.output()).toMatch(/--web-tls-port N/);
    expect(help.output()).toMatch(/--creates-per-hour N/);
    expect(help.output()).toMatch(/--connections-per-address N[^]*\(default 10,/);
    expect(help.output()).toMatch(/--greeting-limit N[^]*\(default 200,/);
    expect(help.output()).toMatch(/--admin NAME/);
    expect(help.output()).toMatch(/--tls-handshakes-per-minute N[^]*\(default 60;/);
    expect(help.output()).toMatch(/--talk-per-second N[^]*\(default 3, or the world's talkPerSecond; 0: no limit\)/);
    expect(help.output()).toMatch(/--log-max-bytes N[^]*\(default 10485760/);
    expect(help.output()).toMatch(/--log-files N[^]*\(default 5;/);
    expect(help.output()).toMatch(/--trust-proxy ADDR,\.\.\./);
    expect(help.output()).toMatch(/--seed N +for testing: every table's server seeds/);
  }, 120_000);

  it('refuses --admin with a name no player can take, with the reason and exit code 2', async () => {
    const reserved = [
      [['--admin', 'Admin'], '--admin Admin names a character nobody can make: "Admin" is reserved; pick another name.'],
      [['--admin', 'Ana', '--admin', 'hero'], '--admin hero names a character nobody can make: "hero" is reserved; pick another name.'],
    ] as const;
    const programs = reserved.map(([args]) => run([...args]));
    for (const [i, p] of programs.entries()) {
      expect(await p.exited).toBe(2);
      expect(p.output().split('\n')[0]).toBe(reserved[i][1]);
    }
  }, 60_000);

  it('serves the web client on --web-port, and says where', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tavern-proc-'));
    const webPort = await freePort();
    const p = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--web-port', String(webPort)]);
    children.push(p.child);
    await listening(p);
    const deadline = Date.now() + 15_000;
    while (!p.output().includes(`web client on http://127.0.0.1:${webPort}/`)) {
      if (Date.now() > deadline) throw new Error(`no web client line:\n${p.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // Started with no limits of its own: the defaults.
    expect(p.output()).toMatch(/connections: 10 per address, 200 at the greeting, newcomers turned away with 32 of \d+ file descriptors left/);
    const web = await WebTestClient.connect(webPort);
    expect(await web.nextPrompt()).toMatch(/create <name> <password>/);
    web.close();
  });

  it('limits new characters per address as --creates-per-hour says, and reports --connections-per-address and --greeting-limit at the start', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tavern-proc-'));
    const p = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--creates-per-hour', '1', '--connections-per-address', '5', '--greeting-limit', '50']);
    children.push(p.child);
    const port = await listening(p);
    expect(p.output()).toMatch(/new characters: 1 per address per hour; connections: 5 per address, 50 at the greeting, newcomers turned away with 32 of \d+ file descriptors left/);
    await login(port, 'Ana');
    const c = await TestClient.connect(port);
    await c.nextPrompt();
    expect(await c.command('create Bob secret123')).toMatch(/^One new character may be made from one address in an hour; try again in 60 minutes\.$/m);
  });

  it('loses nothing a player was told when killed with SIGKILL, and stops cleanly on SIGTERM', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tavern-proc-'));
    const first = run(['--port', '0', '--host', '127.0.0.1', '--data', dir, '--creates-per-hour', '0']);
    children.push(first.child);
    const port = await listening(first);
    const a = await login(port, 'Ana');
    await login(port, 'Bob');
    expect(await a.command('give 123 coins to bob')).toMatch(/You give 123/);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = run(['--host', '127.0.0.1', '--data', dir, '--creates-per-hour', '0'], { PORT: '0' });
    children.push(second.child);
    const port2 = await listening(second);
    const b = await login(port2, 'Bob');
    expect(await b.command('i')).toMatch(/1,123 obsidian coins/);
    const log = await readFile(join(dir, 'server.log'), 'utf8');
    expect(log).toMatch(/listening on 127\.0\.0\.1:\d+[^]*connection \d+ is Ana[^]*listening on/);
    expect(log).not.toContain('secret123');
    second.child.kill('SIGTERM');
    await b.expect('shutting down');
    expect(await second.exited).toBe(0);
  });
});
