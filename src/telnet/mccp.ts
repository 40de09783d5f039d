/**
 * MCCP2 (option 86, https://tintin.mudhalla.net/protocols/mccp/): after the client's
 * DO COMPRESS2 we send IAC SB 86 IAC SE, and every byte after it is one zlib stream, flushed
 * (Z_SYNC_FLUSH) at every write so nothing waits in the compressor. DONT COMPRESS2, or closing
 * the connection, ends the stream cleanly (Z_FINISH); the client then reads plain bytes again.
 */
import zlib from 'node:zlib';
import { NegotiatedOption } from './options.js';
import type { Side } from './telnetlib.js';

/** What the option asks of its connection. */
export interface Compressible {
  /** Sends IAC SB 86 IAC SE, then compresses everything after it. */
  startCompression(): void;
  /** Ends the zlib stream; what follows goes plain. */
  stopCompression(): void;
}

export class Compress2Option extends NegotiatedOption {
  constructor(
    host: ConstructorParameters<typeof NegotiatedOption>[0],
    code: number,
    private readonly connection: Compressible,
  ) {
    super(host, code);
  }

  override enabled(at: Side): void {
    if (at === 'LOCAL' && this.mayStart()) this.connection.startCompression();
  }

  override disabled(at: Side): void {
    if (at === 'LOCAL') this.connection.stopCompression();
  }
}

/**
 * A small zlib window: MUD text repeats itself within a few lines, and the default window
 * (32 KB, with memLevel 8) would cost about 256 KB per connection; this costs about 45 KB (window, hash chains, output buffer).
 */
const DEFLATE_OPTIONS: zlib.ZlibOptions = {
  flush: zlib.constants.Z_SYNC_FLUSH,
  windowBits: 12,
  memLevel: 5,
  chunkSize: 8 * 1024,
};

/** One connection's compressed stream: bytes in, zlib out to `out`, in order. */
export class Mccp2Stream {
  private readonly deflate = zlib.createDeflate(DEFLATE_OPTIONS);

  constructor(out: (bytes: Buffer) => void, onError: (e: Error) => void) {
    this.deflate.on('data', out);
    this.deflate.on('error', onError);
  }

  /** Compresses and flushes: the client can read all of `bytes` from what comes out. */
  write(bytes: Buffer): void {
    this.deflate.write(bytes);
  }

  /** Bytes written but not yet compressed (zlib works on the thread pool). */
  get pendingBytes(): number {
    return this.deflate.writableLength;
  }

  /** Finishes the zlib stream; `done` runs once its last byte has gone out. */
  end(done: () => void): void {
    this.deflate.once('end', done);
    this.deflate.end();
  }

  destroy(): void {
    this.deflate.destroy();
  }
}
