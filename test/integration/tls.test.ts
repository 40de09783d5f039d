/**
 * The telnet game over TLS (`--tls-port`), with real clients: a node `tls` client that pins the
 * certificate's fingerprint, `openssl s_client` and TinTin++'s `#ssl`. Each logs in and plays;
 * the TLS port speaks exactly what the plain one does (MCCP2, GMCP, MSSP). A new certificate is
 * taken without closing anyone. The real program, its flags and SIGHUP: tls-process.test.ts.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCertificate } from '../../src/certificate.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { certificateFiles, type CertificateFiles } from '../support/certificates.js';
import { connectTls } from '../support/secureClient.js';
import { enableGmcp, gmcpMessages, gmcpPayloads } from '../support/gmcp.js';
import { itNeeds } from '../support/needs.js';
import { proxyV1, proxyV2 } from '../support/proxyHeaders.js';

const IAC = 255, SB = 250, DO = 253, COMPRESS2 = 86, MSSP = 70;
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OPENSSL = '/usr/bin/openssl';
const TINTIN = '/usr/games/tt++';

let work: string;
let first: CertificateFiles;
let second: CertificateFiles;
/** The files the server reads: `first` at the start, overwritten by a test. */
let live: { certFile: string; keyFile: string };
let ts: TestServer;
let tlsPort: number;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tls-'));
  [first, second] = await Promise.all([certificateFiles(work, 'first'), certificateFiles(work, 'second')]);
  live = { certFile: join(work, 'live.crt'), keyFile: join(work, 'live.key') };
  await copyFile(first.certFile, live.certFile);
  await copyFile(first.keyFile, live.keyFile);
  ts = await startTestServer({ tls: { port: 0, webPort: null, certificate: readCertificate(live.certFile, live.keyFile, Date.now()) } });
  tlsPort = ts.server.tlsPort!;
}, 60_000);

afterAll(async () => {
  await ts?.destroy();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The server's log line for a character's login: `connection N is Name (client, ..., MCCP2, ...)`. */
const loginLine = (name: string) => ts.logs.find((l) => l.includes(` is ${name} (`)) ?? '';

describe('the telnet game over TLS', () => {
  it('says where it listens, and the certificate it serves', () => {
    expect(ts.logs).toContain(`tls on 127.0.0.1:${tlsPort}`);
    expect(ts.logs.some((l) => l.includes(`SHA-256 fingerprint ${first.fingerprint}`))).toBe(true);
  });

  it('a node tls client pinning the fingerprint logs in and plays, with MCCP2 and GMCP as on the plain port', async () => {
    const { client, fingerprint, compressed } = await connectTls(tlsPort, first.fingerprint);
    expect(fingerprint).toBe(first.fingerprint);
    expect(await client.nextPrompt()).toMatch(/create <name> <password>/);
    client.sendBytes([IAC, DO, COMPRESS2]);
    enableGmcp(client);
    expect(await client.command('create Tessa secret123')).toMatch(/Welcome to the Obsidian Scorpion, Tessa[^]*Exits:/);
    expect(await client.command('inventory')).toMatch(/You are carrying 1,000 obsidian coins\./);
    expect(compressed()).toBe(true);
    expect(loginLine('Tessa')).toContain('MCCP2');
    const status = gmcpMessages(client).find((m) => m.name === 'Char.Status');
    expect(status?.data).toMatchObject({ name: 'Tessa', coins: 1000 });
    client.close();
  });

  it('a client pinning another fingerprint refuses the server', async () => {
    await expect(connectTls(tlsPort, second.fingerprint)).rejects.toThrow(/not the pinned/);
  });

  it('MSSP on either port names the TLS port as TLS and SSL', async () => {
    const secure = (await connectTls(tlsPort, first.fingerprint)).client;
    await secure.nextPrompt();
    const plain = await ts.connect();
    for (const c of [secure, plain]) c.sendBytes([IAC, DO, MSSP]);
    const msspOf = (c: typeof plain) => c.commands.find((x) => x[1] === SB && x[2] === MSSP);
    for (const c of [secure, plain]) {
      await c.until(() => msspOf(c) !== undefined, 'the MSSP variables');
      const text = Buffer.from(msspOf(c)!).toString('latin1');
      expect(text).toContain(`\x01TLS\x02${tlsPort}`);
      expect(text).toContain(`\x01SSL\x02${tlsPort}`);
      expect(text).toContain(`\x01PORT\x02${ts.port}`);
    }
    // And the plain-text request of the MUD lists, over TLS.
    secure.send('MSSP-REQUEST');
    await secure.expect('MSSP-REPLY-END');
    expect(secure.all).toContain(`TLS\t${tlsPort}`);
    expect(gmcpPayloads(secure)).toEqual([]);
    secure.close();
    plain.close();
  });

  itNeeds(existsSync(OPENSSL) ? null : `${OPENSSL} is not installed (apt-get install -y openssl)`)('openssl s_client logs in and plays', async () => {
    const openssl = spawn(OPENSSL, ['s_client', '-quiet', '-connect', `127.0.0.1:${tlsPort}`], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    openssl.stdout.on('data', (d: Buffer) => (out += d.toString('latin1')));
    const exited = new Promise<void>((done) => openssl.on('exit', () => done()));
    const waitFor = async (text: string) => {
      const deadline = Date.now() + 20_000;
      while (!out.includes(text)) {
        if (Date.now() > deadline || openssl.exitCode !== null) throw new Error(`openssl s_client never showed "${text}":\n${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      await waitFor('type a name');
      openssl.stdin.write('create Ossie secret123\r\n');
      await waitFor('Exits:');
      openssl.stdin.write('inventory\r\n');
      await waitFor('You are carrying');
      openssl.stdin.write('quit\r\n');
      await waitFor('Farewell');
      await exited;
    } finally {
      openssl.kill();
    }
    expect(out).toMatch(/You are carrying 1,000 obsidian coins\./);
    expect(loginLine('Ossie')).not.toBe('');
  }, 60_000);

  itNeeds(existsSync(TINTIN) ? null : `${TINTIN} is not installed (apt-get install -y tintin++)`)('TinTin++ connects with #ssl, logs in and plays, over MCCP2', async () => {
    const steps = join(work, 'tintin.steps');
    const out = join(work, 'tintin.out');
    await writeFile(steps, ['expect type a name', 'send create Tintina secret123', 'expect Exits:', 'send inventory', 'expect You are carrying', 'send quit', 'expect Farewell'].join('\n') + '\n');
    const code = await new Promise<number>((done) => {
      execFile(
        join(repo, 'test/support/clients/client.sh'),
        ['tintin-ssl', '-s', '127.0.0.1', String(tlsPort), steps, out],
        { env: { ...process.env, TIMEOUT: '15', TERM: 'xterm', HOME: work }, timeout: 90_000 },
        (error) => done(error ? (typeof error.code === 'number' ? error.code : 1) : 0),
      );
    });
    const output = existsSync(out) ? await readFile(out, 'latin1') : '';
    expect(code, output).toBe(0);
    expect(output).toMatch(/You are carrying 1,000 obsidian coins\./);
    expect(loginLine('Tintina')).toContain('MCCP2');
    // TinTin++ kept the server's certificate, to warn its player if it ever changes.
    expect(await readFile(join(work, '.tintin', 'ssl', `127.0.0.1_${tlsPort}.crt`), 'utf8')).toContain('BEGIN CERTIFICATE');
  }, 120_000);

  it('takes a new certificate without closing anyone, and keeps it when the next files will not do', async () => {
    const before = (await connectTls(tlsPort, first.fingerprint)).client;
    await before.nextPrompt();
    expect(await before.command('create Renata secret123')).toMatch(/Exits:/);
    await copyFile(second.certFile, live.certFile);
    await copyFile(second.keyFile, live.keyFile);
    ts.server.reloadCertificate();
    expect(ts.logs.at(-1)).toMatch(new RegExp(`^SIGHUP: tls certificate .*SHA-256 fingerprint ${second.fingerprint}`));
    // The connection made before goes on, on the session it agreed.
    expect(await before.command('inventory')).toMatch(/You are carrying 1,000 obsidian coins\./);
    const after = await connectTls(tlsPort, second.fingerprint);
    expect(after.fingerprint).toBe(second.fingerprint);
    after.client.close();
    // A key that is not the certificate's: one line, and the last good certificate stays.
    await copyFile(first.keyFile, live.keyFile);
    ts.server.reloadCertificate();
    expect(ts.logs.at(-1)).toBe(`SIGHUP: kept the certificate in use: --tls-key: ${live.keyFile} is not the key of the certificate in ${live.certFile}`);
    const still = await connectTls(tlsPort, second.fingerprint);
    expect(still.fingerprint).toBe(second.fingerprint);
    still.client.close();
    expect(await before.command('look')).toMatch(/Exits:/);
    before.close();
  });
});

describe('the TLS port behind a trusted proxy (PROXY protocol)', () => {
  const PROXY = '127.0.0.2';
  let proxied: TestServer;

  beforeAll(async () => {
    proxied = await startTestServer({ trustProxy: PROXY, tls: { port: 0, webPort: null, certificate: readCertificate(first.certFile, first.keyFile, Date.now()) } });
  });

  afterAll(async () => {
    await proxied?.destroy();
  });

  it('reads the header before the handshake, and counts the player by the address it names', async () => {
    // The second header comes in one packet with the client's first handshake message.
    for (const [header, onePacket] of [[proxyV1('203.0.113.7'), false], [proxyV2('2001:db8::7'), true]] as const) {
      const { client, fingerprint } = await connectTls(proxied.server.tlsPort!, first.fingerprint, { from: PROXY, header, onePacket });
      expect(fingerprint).toBe(first.fingerprint);
      expect(await client.nextPrompt()).toMatch(/create <name> <password>/);
      client.close();
    }
    expect(proxied.logs.filter((l) => / through the proxy at /.test(l))).toEqual([
      expect.stringMatching(/^connection \d+ from 203\.0\.113\.7 through the proxy at (::ffff:)?127\.0\.0\.2$/),
      expect.stringMatching(/^connection \d+ from 2001:db8::7 through the proxy at (::ffff:)?127\.0\.0\.2$/),
    ]);
  });

  it('closes a connection that sends a PROXY header from anyone else', async () => {
    const before = proxied.logs.length;
    await expect(connectTls(proxied.server.tlsPort!, first.fingerprint, { from: '127.0.0.3', header: proxyV1('198.51.100.9') })).rejects.toThrow();
    // It never became a connection: nobody was named by it.
    expect(proxied.logs.slice(before).join('\n')).not.toMatch(/198\.51\.100\.9|connection \d+ from/);
    // The same peer without a header is served.
    const plain = await connectTls(proxied.server.tlsPort!, first.fingerprint, { from: '127.0.0.3' });
    expect(await plain.client.nextPrompt()).toMatch(/create <name> <password>/);
    plain.client.close();
  });
});
