/**
 * The TLS certificate of the secure ports (`--tls-port`, `--web-tls-port`): the host's PEM files
 * (`--tls-cert`, `--tls-key`, such as Let's Encrypt's fullchain.pem and privkey.pem), or a
 * self-signed one the server makes in `<data>/tls/` on its first start and keeps. Every problem
 * is one line a host can act on; SIGHUP reads the same files again (server.ts).
 */
import { createPrivateKey, randomBytes, webcrypto, X509Certificate, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import tls from 'node:tls';
import { join } from 'node:path';
import { describeError } from './store/files.js';

export interface Certificate {
  readonly certFile: string;
  readonly keyFile: string;
  /** The certificate (and its chain, as the file holds it) and the key, as PEM. */
  readonly cert: string;
  readonly key: string;
  /** SHA-256 of the certificate, `AB:CD:...`, as clients show it. */
  readonly fingerprint: string;
  readonly validTo: Date;
}

/** A certificate or key that cannot be used, in one line. */
export class CertificateProblem extends Error {
  override name = 'CertificateProblem';
}

/** The files of the self-signed certificate, in the data folder. */
export const selfSignedFiles = (dataDir: string) => ({ certFile: join(dataDir, 'tls', 'cert.pem'), keyFile: join(dataDir, 'tls', 'key.pem') });

/** How long a certificate the server makes for itself lasts: players pin its fingerprint, so long. */
const SELF_SIGNED_DAYS = 3650;
const DAY_MS = 86_400_000;

/** Reads and checks a certificate and its key: both readable PEM, the key the certificate's, in force at `now`. */
export function readCertificate(certFile: string, keyFile: string, now: number): Certificate {
  const cert = readPem(certFile, '--tls-cert');
  const key = readPem(keyFile, '--tls-key');
  let x509: X509Certificate;
  try {
    // The first certificate of the file is the server's own; a chain's others follow it.
    x509 = new X509Certificate(cert);
  } catch {
    throw new CertificateProblem(`--tls-cert: ${certFile} holds no PEM certificate`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new CertificateProblem(`--tls-key: ${keyFile} holds no PEM private key (or one with a passphrase, which the server cannot use)`);
  }
  if (!x509.checkPrivateKey(privateKey)) throw new CertificateProblem(`--tls-key: ${keyFile} is not the key of the certificate in ${certFile}`);
  const validTo = new Date(x509.validTo);
  const validFrom = new Date(x509.validFrom);
  if (validTo.getTime() < now) throw new CertificateProblem(`--tls-cert: the certificate in ${certFile} expired on ${validTo.toISOString()}; renew it`);
  if (validFrom.getTime() > now) throw new CertificateProblem(`--tls-cert: the certificate in ${certFile} is not valid before ${validFrom.toISOString()}`);
  try {
    tls.createSecureContext({ cert, key });
  } catch (e) {
    throw new CertificateProblem(`--tls-cert: ${certFile} and ${keyFile} cannot serve TLS: ${(e as Error).message}`);
  }
  return { certFile, keyFile, cert, key, fingerprint: x509.fingerprint256, validTo };
}

function readPem(file: string, option: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CertificateProblem(`${option}: cannot read ${file}: ${describeError(e)}`);
  }
}

/**
 * The server's own certificate in `<data>/tls/`: made on the first start, read on later ones, made
 * again once it has expired. `made` says whether it is new (its fingerprint changed).
 */
export async function selfSignedCertificate(dataDir: string, now: number): Promise<{ certificate: Certificate; made: boolean }> {
  const { certFile, keyFile } = selfSignedFiles(dataDir);
  if (existsSync(certFile) || existsSync(keyFile)) {
    try {
      return { certificate: readCertificate(certFile, keyFile, now), made: false };
    } catch (e) {
      if (!(e instanceof CertificateProblem && / expired on /.test(e.message))) throw e;
    }
  }
  const pem = await makeCertificate({ notBefore: new Date(now - DAY_MS), notAfter: new Date(now + SELF_SIGNED_DAYS * DAY_MS) });
  try {
    mkdirSync(join(dataDir, 'tls'), { recursive: true, mode: 0o700 });
    // Only the server's user may read the key, whatever the umask.
    writeFileSync(keyFile, pem.key, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    writeFileSync(certFile, pem.cert, { mode: 0o644 });
  } catch (e) {
    throw new CertificateProblem(`cannot write the self-signed certificate in ${join(dataDir, 'tls')}: ${describeError(e)}`);
  }
  return { certificate: readCertificate(certFile, keyFile, now), made: true };
}

/**
 * A new self-signed certificate (RSA 2048 and SHA-256, which every TLS client takes) for this
 * machine's name, localhost and the loopback addresses; `notBefore`/`notAfter` bound it.
 */
export async function makeCertificate(validity: { notBefore: Date; notAfter: Date; name?: string }): Promise<{ cert: string; key: string }> {
  // The library needs the Reflect polyfill loaded first; both only when a certificate is made.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const name = validity.name ?? hostname();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    // A positive serial of 16 random bytes (RFC 5280: at most 20, never negative).
    serialNumber: `01${randomBytes(15).toString('hex')}`,
    name: `CN=${name.replace(/[,+="\\<>;#]/g, '')}`,
    notBefore: validity.notBefore,
    notAfter: validity.notAfter,
    keys: keys as CryptoKeyPair,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...[...new Set([name, 'localhost'])].map((value) => ({ type: 'dns' as const, value })),
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
    ],
  });
  const key = x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', (keys as CryptoKeyPair).privateKey), 'PRIVATE KEY');
  return { cert: certificate.toString('pem'), key };
}

/**
 * The certificate every secure port serves. `reload()` (SIGHUP) reads its files again and hands
 * the new one to each port without closing a connection: open ones keep the session they
 * agreed, new ones get the new certificate. A file that will not do keeps the old one.
 */
export class CertificateInUse {
  private readonly servers: tls.Server[] = [];
  /** For the TLS telnet port, which makes each connection's TLS socket itself (after any PROXY header). */
  private secureContext: tls.SecureContext;

  constructor(
    private current: Certificate,
    private readonly log: (line: string) => void,
    private readonly now: () => number,
  ) {
    this.secureContext = tls.createSecureContext(this.context);
  }

  get certificate(): Certificate {
    return this.current;
  }

  /** What tls.createServer and setSecureContext take. */
  get context(): tls.SecureContextOptions {
    return { cert: this.current.cert, key: this.current.key };
  }

  /** The context a new TLS connection gets now. */
  get secure(): tls.SecureContext {
    return this.secureContext;
  }

  /** Keeps `server` (made with `context`) up to date at each reload. */
  serves(server: tls.Server): void {
    this.servers.push(server);
  }

  reload(): void {
    try {
      this.current = readCertificate(this.current.certFile, this.current.keyFile, this.now());
    } catch (e) {
      this.log(`SIGHUP: kept the certificate in use: ${e instanceof CertificateProblem ? e.message : (e as Error).message}`);
      return;
    }
    this.secureContext = tls.createSecureContext(this.context);
    for (const server of this.servers) server.setSecureContext(this.context);
    this.log(`SIGHUP: ${describeCertificate(this.current)}`);
  }
}

/** One line for the log: where the certificate is, its fingerprint, until when it holds. */
export function describeCertificate(c: Certificate): string {
  return `tls certificate ${c.certFile}, SHA-256 fingerprint ${c.fingerprint}, valid until ${c.validTo.toISOString().slice(0, 10)}`;
}
