/**
 * Certificates for the TLS tests, made by the server's own maker (src/certificate.ts): a good one
 * and a second good one (for a reload), an expired one, and the key of another. Written as PEM
 * files as a host would keep them.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeCertificate } from '../../src/certificate.js';

export interface CertificateFiles {
  certFile: string;
  keyFile: string;
  cert: string;
  /** SHA-256 of the certificate, `AB:CD:...`, as the server prints it. */
  fingerprint: string;
  /** base64 SHA-256 of its public key, as Chromium's --ignore-certificate-errors-spki-list takes it. */
  spki: string;
}

const YEAR_MS = 365 * 86_400_000;
/** Valid from well before the tests' fake clock (2023) to a year from now. */
const GOOD = () => ({ notBefore: new Date('2020-01-01T00:00:00Z'), notAfter: new Date(Date.now() + YEAR_MS) });
/** Expired long before the fake clock and today. */
const EXPIRED = { notBefore: new Date('2019-01-01T00:00:00Z'), notAfter: new Date('2021-01-01T00:00:00Z') };

/** Makes a certificate and writes it as `<name>.crt` and `<name>.key` in `dir`. */
export async function certificateFiles(dir: string, name: string, validity: 'good' | 'expired' = 'good'): Promise<CertificateFiles> {
  const { cert, key } = await makeCertificate({ ...(validity === 'good' ? GOOD() : EXPIRED), name: `${name}.test` });
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  await writeFile(certFile, cert);
  await writeFile(keyFile, key, { mode: 0o600 });
  return { certFile, keyFile, cert, ...pins(cert) };
}

/** A certificate's fingerprint and SPKI hash, from its PEM. */
export function pins(cert: string): { fingerprint: string; spki: string } {
  const x509 = new X509Certificate(cert);
  const spki = createHash('sha256').update(x509.publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
  return { fingerprint: x509.fingerprint256, spki };
}
