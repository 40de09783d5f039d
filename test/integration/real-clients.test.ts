/**
 * The real clients players use (TinTin++, TinyFugue 5, KBtin, inetutils telnet, PuTTY's plink),
 * driven headlessly by the scripts in test/support/clients against the real server: each logs in,
 * plays a command and quits, with MCCP2 on where the client accepts it. A client that is not
 * installed is skipped, and says so (.ci/run installs them with apt-get).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The drivers kept in the repo (test/support/clients), or others named by CLIENT_DRIVERS. */
const DRIVERS = [process.env.CLIENT_DRIVERS, join(repo, 'test/support/clients')].find(
  (dir): dir is string => !!dir && existsSync(join(dir, 'client.sh')),
);

interface RealClient {
  /** client.sh's name for it. */
  name: string;
  binary: string;
  /** Whether it accepts MCCP2 (as the client itself documents). */
  mccp: boolean;
}

const CLIENTS: RealClient[] = [
  { name: 'tintin', binary: '/usr/games/tt++', mccp: true },
  { name: 'tf5', binary: '/usr/bin/tf5', mccp: true },
  { name: 'kbtin', binary: '/usr/bin/KBtin', mccp: true },
  { name: 'telnet', binary: '/usr/bin/inetutils-telnet', mccp: false },
  { name: 'plink', binary: '/usr/bin/plink', mccp: false },
];

/** Why a client cannot run here, or null. */
function missing(client: RealClient): string | null {
  if (!DRIVERS) return 'the client drivers (test/support/clients) are not here';
  if (!existsSync(client.binary)) return `${client.binary} is not installed`;
  if (client.name !== 'tintin' && !existsSync('/usr/bin/expect')) return 'expect is not installed';
  return null;
}

for (const client of CLIENTS) {
  const why = missing(client);
  if (why) console.warn(`SKIPPED real-client test for ${client.name}: ${why} (apt-get install -y tintin++ tf5 kbtin inetutils-telnet putty-tools expect, as .ci/run does)`);
}

let ts: TestServer;
let work: string;

beforeAll(async () => {
  ts = await startTestServer();
  work = await mkdtemp(join(tmpdir(), 'real-clients-'));
});

afterAll(async () => {
  await ts?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs one client through a steps file; resolves with its exit code and what it showed. */
async function drive(client: RealClient, steps: string[], tag: string): Promise<{ code: number; output: string }> {
  const stepsFile = join(work, `${tag}.steps`);
  const out = join(work, `${tag}.out`);
  await writeFile(stepsFile, `${steps.join('\n')}\n`, 'latin1');
  const code = await new Promise<number>((done) => {
    execFile(
      join(DRIVERS!, 'client.sh'),
      [client.name, '-s', '127.0.0.1', String(ts.port), stepsFile, out],
      { env: { ...process.env, TIMEOUT: '10', TERM: 'xterm', HOME: work }, timeout: 60_000 },
      (error) => done(error ? (typeof error.code === 'number' ? error.code : 1) : 0),
    );
  });
  const output = existsSync(out) ? await readFile(out, 'latin1') : '';
  return { code, output };
}

/** The server's log line for a character's login: `connection N is Name (client, ..., MCCP2, ...)`. */
function loginLine(name: string): string {
  return ts.logs.find((l) => l.includes(` is ${name} (`)) ?? '';
}

describe.concurrent('real clients log in and play', () => {
  for (const client of CLIENTS) {
    const why = missing(client);
    it.skipIf(why !== null)(`${client.name}${why ? ` (skipped: ${why})` : ''}: create, inventory, quit${client.mccp ? ', over MCCP2' : ''}`, async () => {
      const name = `Real${client.name.replace(/[^a-z]/g, '')}`;
      const { code, output } = await drive(
        client,
        [
          'expect type a name',
          `send create ${name} secret123`,
          'expect Exits:',
          'send inventory',
          'expect You are carrying',
          'send quit',
          'expect Farewell',
        ],
        client.name,
      );
      expect(code, output).toBe(0);
      expect(output).toMatch(/You are carrying 1,000 obsidian coins\./);
      expect(output).not.toMatch(/Unknown command/);
      const login = loginLine(name);
      expect(login).not.toBe('');
      if (client.mccp) expect(login).toContain('MCCP2');
      else expect(login).not.toContain('MCCP2');
    });
  }

  const telnet = CLIENTS.find((c) => c.name === 'telnet')!;
  const why = missing(telnet);
  it.skipIf(why !== null)(`telnet in character mode edits a line with Backspace${why ? ` (skipped: ${why})` : ''}`, async () => {
    const { code, output } = await drive(
      telnet,
      [
        'expect type a name',
        'send create Charmode secret123',
        'expect Exits:',
        // telnet's escape (^]) and its `mode character`: it asks DO SGA and goes key by key.
        'send \x1dmode character',
        'sleep 1',
        'send inventorz\x7fy',
        'expect You are carrying',
        'send quit',
        'expect Farewell',
      ],
      'telnet-charmode',
    );
    expect(code, output).toBe(0);
    // The client's own echo shows the DEL it sent; the server read the line as edited.
    expect(output).toMatch(/inventorz\^\?y/);
    expect(output).toMatch(/You are carrying 1,000 obsidian coins/);
    expect(output).not.toMatch(/Unknown command/);
  });
});
