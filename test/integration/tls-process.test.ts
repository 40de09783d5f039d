/**
 * The real program's secure ports and addresses: a self-signed certificate made once in
 * `<data>/tls/` and kept; SIGHUP taking renewed files without closing anyone; a certificate that
 * will not do refused in one line with exit 2; `::` by default, reached over IPv6 and IPv4.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient } from '../support/client.js';
import { listening, login, run, type Program } from '../support/program.js';
import { certificateFiles, pins, type CertificateFiles } from '../support/certificates.js';
import { connectTls } from '../support/secureClient.js';

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

/** Waits until the program has printed a line matching `pattern`; returns the match. */
async function printed(p: Program, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = pattern.exec(p.output());
    if (m) return m;
    if (p.child.exitCode !== null || Date.now() > deadline) throw new Error(`never printed ${pattern}:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let work: string;
let first: CertificateFiles;
let second: CertificateFiles;
let expired: CertificateFiles;
const children: ChildProcess[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tls-process-'));
  [first, second, expired] = await Promise.all([certificateFiles(work, 'first'), certificateFiles(work, 'second'), certificateFiles(work, 'expired', 'expired')]);
}, 60_000);

afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

function start(args: string[]): Program {
  const p = run(args);
  children.push(p.child);
  return p;
}

describe('the program over TLS', () => {
  it('makes a self-signed certificate in <data>/tls on the first start, prints its fingerprint, and keeps it', async () => {
    const data = join(work, 'self-signed');
    const [port, tlsPort] = [await freePort(), await freePort()];
    const args = ['--port', String(port), '--host', '127.0.0.1', '--tls-port', String(tlsPort), '--data', data];
    const once = start(args);
    await printed(once, new RegExp(`tls on 127\\.0\\.0\\.1:${tlsPort}`));
    const fingerprint = (await printed(once, /SHA-256 fingerprint ([0-9A-F:]{95})/))[1];
    expect(once.output()).toMatch(/made a new self-signed certificate/);
    const cert = await readFile(join(data, 'tls', 'cert.pem'), 'utf8');
    expect(pins(cert).fingerprint).toBe(fingerprint);
    // Only the server's user may read the key.
    expect((await stat(join(data, 'tls', 'key.pem'))).mode & 0o777).toBe(0o600);
    const seen = await connectTls(tlsPort, fingerprint);
    seen.client.close();
    once.child.kill('SIGTERM');
    expect(await once.exited).toBe(0);

    const again = start(args);
    await printed(again, /tls on /);
    expect(again.output()).toContain(`SHA-256 fingerprint ${fingerprint}`);
    expect(again.output()).not.toMatch(/made a new/);
  }, 60_000);

  it('takes renewed files on SIGHUP: a connection made before keeps playing, a new one gets the new certificate', async () => {
    const live = { certFile: join(work, 'live.crt'), keyFile: join(work, 'live.key') };
    await copyFile(first.certFile, live.certFile);
    await copyFile(first.keyFile, live.keyFile);
    const tlsPort = await freePort();
    const p = start(['--port', '0', '--host', '127.0.0.1', '--tls-port', String(tlsPort), '--tls-cert', live.certFile, '--tls-key', live.keyFile, '--data', join(work, 'sighup')]);
    await printed(p, /tls on /);
    expect(p.output()).toContain(`SHA-256 fingerprint ${first.fingerprint}`);
    const plainPort = await listening(p);
    const before = (await connectTls(tlsPort, first.fingerprint)).client;
    clients.push(before);
    await before.nextPrompt(20_000);
    before.send('create Hupert secret123');
    expect(await before.nextPrompt(20_000)).toMatch(/Exits:/);
    const plain = await login(plainPort, 'Plainer');
    clients.push(plain);

    await copyFile(second.certFile, live.certFile);
    await copyFile(second.keyFile, live.keyFile);
    p.child.kill('SIGHUP');
    await printed(p, new RegExp(`SIGHUP: tls certificate .*SHA-256 fingerprint ${second.fingerprint}`));
    expect(await before.command('inventory')).toMatch(/You are carrying 1,000 obsidian coins\./);
    expect(await plain.command('who')).toMatch(/Hupert/);
    clients.push((await connectTls(tlsPort, second.fingerprint)).client);

    // A renewal gone wrong (the key of another certificate): one line, the server and its certificate go on.
    await copyFile(first.keyFile, live.keyFile);
    p.child.kill('SIGHUP');
    await printed(p, /SIGHUP: kept the certificate in use: --tls-key: .* is not the key of the certificate in /);
    const still = await connectTls(tlsPort, second.fingerprint);
    clients.push(still.client);
    expect(still.fingerprint).toBe(second.fingerprint);
    expect(await before.command('look')).toMatch(/Exits:/);
    expect(p.child.exitCode).toBe(null);
  }, 90_000);

  it('refuses a certificate that will not do: one line, exit 2 (and TLS flags that do not go together)', async () => {
    const folder = join(work, 'a-folder.crt');
    await mkdir(folder, { recursive: true });
    const garbage = join(work, 'garbage.crt');
    await writeFile(garbage, 'not a certificate\n');
    const missing = join(work, 'missing.crt');
    const cases: [string, string, RegExp][] = [
      [missing, first.keyFile, new RegExp(`^The server could not start: --tls-cert: cannot read ${missing}: it does not exist \\(ENOENT\\)$`)],
      [folder, first.keyFile, new RegExp(`^The server could not start: --tls-cert: cannot read ${folder}: it is a folder, not a file \\(EISDIR\\)$`)],
      [garbage, first.keyFile, new RegExp(`^The server could not start: --tls-cert: ${garbage} holds no PEM certificate$`)],
      [first.certFile, second.keyFile, new RegExp(`^The server could not start: --tls-key: ${second.keyFile} is not the key of the certificate in ${first.certFile}$`)],
      [expired.certFile, expired.keyFile, new RegExp(`^The server could not start: --tls-cert: the certificate in ${expired.certFile} expired on 2021-01-01T00:00:00.000Z; renew it$`)],
    ];
    const programs = cases.map(([cert, key]) => start(['--port', '0', '--host', '127.0.0.1', '--tls-port', '4999', '--tls-cert', cert, '--tls-key', key, '--data', join(work, 'refused')]));
    // And flags that do not go together: a usage error, exit 2.
    const usage = [
      ['--port', '4000', '--tls-port', '4000'],
      ['--tls-port', '4443', '--tls-cert', first.certFile],
      ['--tls-cert', first.certFile, '--tls-key', first.keyFile],
    ].map((args) => start(args));
    for (const [i, p] of programs.entries()) {
      expect(await p.exited, p.output()).toBe(2);
      expect(p.output().trimEnd()).toMatch(cases[i][2]);
    }
    const why = [/--tls-port must differ from --port \(both are 4000\)/, /--tls-cert and --tls-key go together/, /--tls-cert needs --tls-port or --web-tls-port/];
    for (const [i, p] of usage.entries()) {
      expect(await p.exited).toBe(2);
      expect(p.output()).toMatch(why[i]);
      expect(p.output()).toMatch(/Usage: npm start/);
    }
  }, 120_000);

  it('listens on every IPv6 and IPv4 address by default: [::1] and 127.0.0.1 both reach it', async () => {
    const [tlsPort, webTlsPort] = [await freePort(), await freePort()];
    const p = start(['--port', '0', '--tls-port', String(tlsPort), '--web-tls-port', String(webTlsPort), '--tls-cert', first.certFile, '--tls-key', first.keyFile, '--data', join(work, 'dual')]);
    const port = await listening(p);
    expect(p.output()).toContain(`listening on [::]:${port}`);
    await printed(p, new RegExp(`tls on \\[::\\]:${tlsPort}`));
    await printed(p, new RegExp(`web client on https://\\[::\\]:${webTlsPort}/`));
    for (const host of ['::1', '127.0.0.1']) {
      const c = await TestClient.connect(port, { host });
      clients.push(c);
      await c.nextPrompt(20_000);
      const secure = await connectTls(tlsPort, first.fingerprint, { host });
      clients.push(secure.client);
      await secure.client.nextPrompt(20_000);
    }
    await printed(p, /connection 4 from/);
    // An IPv4 player is counted and logged by its IPv4 address, not as ::ffff:127.0.0.1.
    expect(p.output().match(/connection \d from \S+/g)).toEqual(['connection 1 from ::1', 'connection 2 from ::1', 'connection 3 from 127.0.0.1', 'connection 4 from 127.0.0.1']);
  }, 60_000);
});
