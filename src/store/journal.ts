import { join } from 'node:path';
import { seal, sealedCrc, sealOf } from './checksum.js';
import { shapeProblem, type Entry } from './entries.js';
import { cannotWrite, type DirHandle, type FileLayer, type WriteHandle } from './files.js';

/**
 * The journal: numbered entries, one JSON line each, in segment files named after the first
 * entry they hold (`journal/000000000001.jsonl`). Entries are only ever appended; a full
 * segment is left as it is (the audit trail) and the next one begun.
 */

export const JOURNAL_DIR = 'journal';

/** A place in the journal: the last entry counted (`seq`) and where the next byte goes. */
export interface Position {
  seq: number;
  segment: string;
  offset: number;
  /** The checksum of entry `seq`'s line (absent before entry 1, and for an entry written before checksums). */
  crc?: string;
}

export const segmentName = (firstSeq: number) => `${String(firstSeq).padStart(12, '0')}.jsonl`;
export const isSegmentName = (name: string) => /^\d{12}\.jsonl$/.test(name);
export const segmentFirstSeq = (name: string) => Number(name.slice(0, 12));

/** One entry's line: its JSON, sealed with its checksum (checksum.ts). */
export const encodeLine = (seq: number, time: string, entry: Entry) => `${seal(JSON.stringify({ seq, time, ...entry }))}\n`;

/** The checksum of a line `encodeLine` made. */
export const lineCrc = (line: string) => sealedCrc(line.trimEnd());

export interface JournalLine {
  seq: number;
  time: string;
  entry: Entry;
  /** Its checksum, or null for a line written before checksums. */
  crc: string | null;
}

export const CHANGED = 'its checksum does not match its bytes: a byte of it was changed';

/** Parses one line (without its newline) that should hold entry `seq`; a string says what is wrong. */
export function decodeLine(line: Buffer | string, seq: number): JournalLine | string {
  const bytes = typeof line === 'string' ? Buffer.from(line) : line;
  const crc = sealOf(bytes);
  if (crc === 'changed') return CHANGED;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return 'it is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'it is not an entry';
  const { seq: got, time, crc: field, ...entry } = parsed as Record<string, unknown>;
  if (field !== undefined && crc === null) return CHANGED;
  if (got !== seq) return `it is numbered ${JSON.stringify(got)} where entry ${seq} should be`;
  if (typeof time !== 'string') return 'it has no time';
  const problem = shapeProblem(entry);
  return problem ?? { seq, time, entry: entry as Entry, crc };
}

/**
 * Appends groups of lines to the journal, each group one durable write (O_DSYNC), and begins a new
 * segment once the current one is `segmentBytes` long (fsyncing the folder so the new file is
 * durable too, through `folder`, the journal folder's handle kept from the start: a new segment
 * needs one descriptor, its own). A failure is final: nothing is written after it.
 */
export class JournalWriter {
  private handle: WriteHandle | null = null;

  constructor(
    private readonly files: FileLayer,
    private readonly dir: string,
    private readonly folder: DirHandle,
    private position: Position,
    /** Whether `position.segment` exists on disk yet. */
    private segmentExists: boolean,
    private readonly segmentBytes: number,
  ) {}

  get at(): Position {
    return this.position;
  }

  /** Writes lines for entries `position.seq + 1` to `lastSeq` (whose line's checksum is `lastCrc`) and makes them durable. */
  async append(text: string, lastSeq: number, lastCrc: string): Promise<Position> {
    const data = Buffer.from(text);
    if (this.position.offset >= this.segmentBytes) {
      await this.closeHandle();
      this.position = { ...this.position, segment: segmentName(this.position.seq + 1), offset: 0 };
      this.segmentExists = false;
    }
    const path = join(this.dir, this.position.segment);
    try {
      if (!this.handle) this.handle = await this.files.open(path, 'append');
      await this.handle.write(data); // on disk once it resolves (an 'append' handle)
      if (!this.segmentExists) {
        await this.folder.sync();
        this.segmentExists = true;
      }
    } catch (e) {
      throw cannotWrite(path, e);
    }
    this.position = { seq: lastSeq, segment: this.position.segment, offset: this.position.offset + data.length, crc: lastCrc };
    return this.position;
  }

  async close(): Promise<void> {
    await this.closeHandle().catch(() => undefined);
    await this.folder.close().catch(() => undefined);
  }

  private async closeHandle(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    await h?.close();
  }
}
