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

/**
 * One connection's output in order, compressed or not. zlib works on the thread pool, so a
 * stream's bytes come out later than they went in; whatever is sent after a stream is told to
 * end waits behind its last byte. `stages` is empty while output is plain and nothing waits:
 * then bytes go straight to the socket.
 */
/** What an uncompressed connection holds (almost all of them): one shared empty list, never written to. */
const NO_STAGES: readonly Stage[] = Object.freeze([]);

export class OrderedOutput {
  private stages = NO_STAGES as Stage[];
  private whenDrained: (() => void)[] | null = null;

  constructor(
    private readonly socket: { write(bytes: Buffer): unknown; readonly writableLength: number; readonly destroyed: boolean },
    private readonly onError: (e: Error) => void,
  ) {}

  get compressing(): boolean {
    const last = this.stages.at(-1);
    return !!last?.stream && !last.ending;
  }

  /** Bytes accepted but not yet in the kernel: in zlib, waiting behind a stream, in the socket. */
  get queuedBytes(): number {
    let queued = this.socket.writableLength;
    // Indexed, not `for of`: that is not inlined on the frozen empty list, asked at every write.
    const { stages } = this;
    for (let i = 0; i < stages.length; i++) queued += stages[i].size + (stages[i].stream?.pendingBytes ?? 0);
    return queued;
  }

  write(bytes: Buffer): void {
    // Nearly always plain: straight out, without at() (not inlined on the frozen list) or a read of index -1 (a look-up by name).
    const { stages } = this;
    if (stages.length === 0) return this.toSocket(bytes);
    const last = stages[stages.length - 1];
    if (last.stream && !last.ending) last.stream.write(bytes);
    else this.hold(last, bytes);
  }

  /** Everything written from now on is one zlib stream. */
  startCompression(): void {
    if (this.compressing) return;
    const stage: Stage = { stream: null, ending: false, ended: false, waiting: [], size: 0 };
    stage.stream = new Mccp2Stream((bytes) => (this.stages[0] === stage ? this.toSocket(bytes) : this.hold(stage, bytes)), this.onError);
    if (this.stages === NO_STAGES) this.stages = [];
    this.stages.push(stage);
  }

  /** Finishes the zlib stream; what is written next goes plain, after its last byte. */
  stopCompression(): void {
    const last = this.stages.at(-1);
    if (!last?.stream || last.ending) return;
    last.ending = true;
    this.stages.push({ stream: null, ending: false, ended: true, waiting: [], size: 0 });
    last.stream.end(() => {
      last.ended = true;
      this.drain();
    });
  }

  /** Runs `then` once nothing waits behind a stream any more (at once if nothing does). */
  afterDrained(then: () => void): void {
    if (this.stages.length === 0) then();
    else (this.whenDrained ??= []).push(then);
  }

  destroy(): void {
    for (const stage of this.stages) stage.stream?.destroy();
    this.stages = NO_STAGES as Stage[];
    this.whenDrained = null;
  }

  private hold(stage: Stage, bytes: Buffer): void {
    stage.waiting.push(bytes);
    stage.size += bytes.length;
  }

  private toSocket(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** A stream has ended: the stages behind it move up, each sending what it held. */
  private drain(): void {
    while (this.stages.length) {
      const head = this.stages[0];
      for (const bytes of head.waiting) this.toSocket(bytes);
      head.waiting = [];
      head.size = 0;
      if (!head.ended) return; // a stream still at work: its bytes now go straight out
      if (!head.stream && this.stages.length === 1) break; // plain, nothing behind: straight to the socket again
      this.stages.shift();
    }
    this.stages = NO_STAGES as Stage[];
    const waiting = this.whenDrained ?? [];
    this.whenDrained = null;
    for (const then of waiting) then();
  }
}

interface Stage {
  /** The zlib stream, or null for plain bytes that wait behind the stream before them. */
  stream: Mccp2Stream | null;
  /** end() was called on the stream: nothing more is written to it. */
  ending: boolean;
  /** Its last byte is out of zlib (always true for a plain stage). */
  ended: boolean;
  /** Bytes held until every stage before this one has gone out. */
  waiting: Buffer[];
  size: number;
}

/** One compressed stream: bytes in, zlib out to `out`, in order. */
class Mccp2Stream {
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
