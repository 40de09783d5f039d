/**
 * The telnet TestClient over TLS, as a player's client that pins the server's certificate by its
 * SHA-256 fingerprint (a self-signed certificate has no one else to vouch for it), and inflates
 * MCCP2 once the server starts it, so a test reads the text either way.
 */
import net from 'node:net';
import tls from 'node:tls';
import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { TestClient } from './client.js';

const IAC = 255, SB = 250, SE = 240, COMPRESS2 = 86;
const MCCP2_START = Buffer.from([IAC, SB, COMPRESS2, IAC, SE]);

export interface SecureClient {
  client: TestClient;
  /** The fingerprint of the certificate the server showed. */
  fingerprint: string;
  /** Whether the server turned MCCP2 on. */
  compressed: () => boolean;
}

/**
 * Connects over TLS; rejects unless the server's certificate has `fingerprint` (`null`: any, to
 * read it). `from` binds the client's end to that address; `header` (a PROXY protocol header, as
 * a proxy sends it) goes before the handshake: on its own, or with `onePacket` in one write with
 * the handshake's first message.
 */
export function connectTls(
  port: number,
  fingerprint: string | null,
  opts: { host?: string; width?: number; from?: string; header?: Buffer; onePacket?: boolean } = {},
): Promise<SecureClient> {
  return new Promise((resolve, reject) => {
    const raw = net.connect({ host: opts.host ?? '127.0.0.1', port, localAddress: opts.from });
    raw.once('error', reject);
    raw.once('close', () => reject(new Error('the server closed the connection before the handshake')));
    const handshake = (socket: tls.TLSSocket) => {
      socket.once('error', reject);
      socket.once('secureConnect', () => {
        const shown = socket.getPeerCertificate().fingerprint256;
        if (fingerprint !== null && shown !== fingerprint) {
          socket.destroy();
          reject(new Error(`the server showed certificate ${shown}, not the pinned ${fingerprint}`));
          return;
        }
        const stream = new Duplex({
          read() {},
          write(chunk: Buffer, _encoding, done) {
            socket.write(chunk, done);
          },
          destroy(error, done) {
            socket.destroy();
            done(error);
          },
        });
        const reader = new Mccp2Reader((bytes) => stream.push(bytes));
        socket.on('data', (chunk: Buffer) => reader.push(chunk));
        socket.on('close', () => stream.destroy());
        resolve({ client: TestClient.over(stream, { width: opts.width }), fingerprint: shown, compressed: () => reader.compressed });
      });
    };
    if (opts.header && !opts.onePacket) {
      raw.write(opts.header);
      // The header in a packet of its own, read by the server before the handshake begins (as a proxy's usually is).
      setTimeout(() => handshake(tls.connect({ socket: raw, rejectUnauthorized: false })), 100);
    } else {
      handshake(tls.connect({ socket: opts.header ? headerFirst(raw, opts.header) : raw, rejectUnauthorized: false }));
    }
  });
}

/** `raw` as a stream whose first write carries `header` before its own bytes, in one packet. */
function headerFirst(raw: net.Socket, header: Buffer): Duplex {
  let first: Buffer | null = header;
  const carrier = new Duplex({
    read() {
      raw.resume();
    },
    write(chunk: Buffer, _encoding, done) {
      raw.write(first ? Buffer.concat([first, chunk]) : chunk, done);
      first = null;
    },
    destroy(error, done) {
      raw.destroy();
      done(error);
    },
  });
  raw.on('data', (chunk: Buffer) => {
    if (!carrier.push(chunk)) raw.pause();
  });
  raw.on('end', () => carrier.push(null));
  raw.on('close', () => carrier.destroy());
  return carrier;
}

/** Passes bytes through until IAC SB COMPRESS2 IAC SE, and inflates every byte after it. */
class Mccp2Reader {
  private held = Buffer.alloc(0);
  private inflate: zlib.Inflate | null = null;

  constructor(private readonly out: (bytes: Buffer) => void) {}

  get compressed(): boolean {
    return this.inflate !== null;
  }

  push(chunk: Buffer): void {
    if (this.inflate) {
      this.inflate.write(chunk);
      return;
    }
    const all = Buffer.concat([this.held, chunk]);
    const at = all.indexOf(MCCP2_START);
    if (at >= 0) {
      this.out(all.subarray(0, at));
      this.held = Buffer.alloc(0);
      this.inflate = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
      this.inflate.on('data', (bytes: Buffer) => this.out(bytes));
      this.inflate.write(all.subarray(at + MCCP2_START.length));
      return;
    }
    // The start may be cut between two chunks: hold back a tail that could begin it.
    let keep = Math.min(MCCP2_START.length - 1, all.length);
    while (keep > 0 && !all.subarray(all.length - keep).equals(MCCP2_START.subarray(0, keep))) keep--;
    this.out(all.subarray(0, all.length - keep));
    this.held = all.subarray(all.length - keep);
  }
}
