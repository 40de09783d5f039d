import { join } from 'node:path';
import { apply, emptyState, type Entry, type State } from './entries.js';
import { CHECKPOINT_FILE, fromSnapshot } from './checkpoint.js';
import { cannotWrite, describeError, StoreFailure, type FileLayer } from './files.js';
import { decodeLine, encodeLine, isSegmentName, JOURNAL_DIR, segmentFirstSeq, segmentName, type Position } from './journal.js';
import { LEGACY_COPY, LEGACY_LEDGER, readLegacy } from './upgrade.js';

/**
 * Start-up, in two steps. `readStore` only reads: the checkpoint (if any), then every complete
 * journal entry after the position it names, each checked and applied. Anything that does not
 * add up stops here, before a single byte is changed. Only then does `settleStore` make the
 * few changes recovery allows: a torn last line is moved aside, never deleted.
 */

export interface Recovery {
  state: State;
  /** After the last complete entry: where the next one goes. */
  end: Position;
  endSegmentExists: boolean;
  /** Where the checkpoint stood, or null when the whole journal was read. */
  checkpoint: Position | null;
  replayed: number;
  /** A last line cut off by a crash (no newline): told to nobody, to be moved aside. */
  torn: { segment: string; offset: number; bytes: Buffer } | null;
  /** A version-1 folder (db.json + ledger.jsonl) to be turned into a journal. */
  upgrade: Entry[] | null;
  journalExists: boolean;
  leftoverTmp: boolean;
}

const refuse = (path: string, why: string) => new StoreFailure(`${path}: ${why}; the server will not start, and no file was changed`);

/** Reads and checks the folder; with `upTo`, reads the journal no further than that position. */
export async function readStore(files: FileLayer, dataDir: string, upTo?: Position): Promise<Recovery> {
  const cpPath = join(dataDir, CHECKPOINT_FILE);
  const journalDir = join(dataDir, JOURNAL_DIR);
  const read = async <T>(what: string, f: () => Promise<T>) => {
    try {
      return await f();
    } catch (e) {
      throw new StoreFailure(`cannot read ${what}: ${describeError(e)}`);
    }
  };
  const names = (await read(dataDir, () => files.list(dataDir))) ?? [];
  const journalNames = await read(journalDir, () => files.list(journalDir));
  const segments = (journalNames ?? []).filter(isSegmentName).sort();

  const recovery: Recovery = {
    state: emptyState(),
    end: { seq: 0, segment: segmentName(1), offset: 0 },
    endSegmentExists: false,
    checkpoint: null,
    replayed: 0,
    torn: null,
    upgrade: null,
    journalExists: journalNames !== null,
    leftoverTmp: names.includes(`${CHECKPOINT_FILE}.tmp`),
  };

  const raw = await read(cpPath, () => files.read(cpPath));
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw refuse(cpPath, 'it is not valid JSON (delete it to rebuild it from the journal)');
    }
    if ((parsed as { version?: unknown })?.version === 1) {
      // A folder in the first format. Once it has a journal, that old db.json is only a leftover.
      if (journalNames === null) {
        const legacy = await readLegacy(files, dataDir, parsed);
        recovery.upgrade = legacy.entries;
        recovery.state = legacy.state;
        return recovery;
      }
    } else {
      const cp = fromSnapshot(parsed);
      if (typeof cp === 'string') throw refuse(cpPath, `${cp} (delete it to rebuild it from the journal)`);
      recovery.state = cp.state;
      recovery.checkpoint = cp.position;
      recovery.end = cp.position;
    }
  } else if (names.includes(LEGACY_LEDGER) && journalNames === null) {
    throw refuse(join(dataDir, LEGACY_LEDGER), `there is a ledger but no ${CHECKPOINT_FILE} with the characters (restore db.json from a backup)`);
  }

  const cp = recovery.checkpoint;
  let index: number;
  if (cp) {
    index = segments.indexOf(cp.segment);
    // A checkpoint taken when nothing had been written after it yet names the segment its next
    // entry will begin, which does not exist until then: nothing to replay, nothing missing.
    const nextToBegin = cp.offset === 0 && segmentFirstSeq(cp.segment) === cp.seq + 1 && !segments.some((s) => s > cp.segment);
    if (index < 0 && nextToBegin) return recovery;
    if (index < 0) throw refuse(cpPath, `it goes on from ${JOURNAL_DIR}/${cp.segment}, which is missing`);
  } else {
    if (!segments.length) return recovery;
    if (segments[0] !== segmentName(1)) throw refuse(join(journalDir, segments[0]), `the journal begins here, at entry ${segmentFirstSeq(segments[0])}, and there is no ${CHECKPOINT_FILE} for what came before`);
    index = 0;
  }

  let seq = recovery.end.seq;
  for (let i = index; i < segments.length; i++) {
    const name = segments[i];
    const path = join(journalDir, name);
    const whole = await read(path, () => files.read(path));
    if (!whole) throw refuse(path, 'it vanished while being read');
    const last = upTo?.segment === name;
    const data = last ? whole.subarray(0, upTo.offset) : whole;
    let pos = 0;
    if (i === index && cp) {
      pos = cp.offset;
      if (!matchesCheckpoint(data, cp)) throw refuse(cpPath, `its journal position (entry ${cp.seq}, byte ${cp.offset} of ${JOURNAL_DIR}/${name}) does not match the journal`);
    } else if (segmentFirstSeq(name) !== seq + 1) {
      throw refuse(path, `it begins at entry ${segmentFirstSeq(name)}, but entry ${seq + 1} comes next`);
    }
    for (;;) {
      const nl = data.indexOf(10, pos);
      if (nl < 0) break;
      const decoded = decodeLine(data.toString('utf8', pos, nl), seq + 1);
      const problem = typeof decoded === 'string' ? decoded : apply(recovery.state, decoded.entry);
      if (problem) throw refuse(path, `line ${lineNumber(data, pos)} (entry ${seq + 1}) does not add up: ${problem}`);
      seq += 1;
      recovery.replayed += 1;
      pos = nl + 1;
    }
    if (pos < data.length) {
      if (i < segments.length - 1) throw refuse(path, `it ends in the middle of an entry, and ${segments[i + 1]} follows it`);
      recovery.torn = { segment: name, offset: pos, bytes: data.subarray(pos) };
    }
    recovery.end = { seq, segment: name, offset: pos };
    recovery.endSegmentExists = true;
    if (last) break;
  }
  return recovery;
}

/** The checkpoint's offset is the end of the line holding its entry (or of the segment before). */
function matchesCheckpoint(data: Buffer, cp: Position): boolean {
  if (cp.offset > data.length) return false;
  if (cp.offset === 0) return segmentFirstSeq(cp.segment) === cp.seq + 1;
  if (data[cp.offset - 1] !== 10) return false;
  const start = data.lastIndexOf(10, cp.offset - 2) + 1;
  const decoded = decodeLine(data.toString('utf8', start, cp.offset - 1), cp.seq);
  return typeof decoded !== 'string';
}

function lineNumber(data: Buffer, pos: number): number {
  let n = 1;
  for (let i = data.indexOf(10); i >= 0 && i < pos; i = data.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * The changes recovery is allowed, once everything read added up: make sure the folder can be
 * written, write an upgraded journal, and move a torn last line into a file beside its segment.
 */
export async function settleStore(files: FileLayer, dataDir: string, r: Recovery, log: (line: string) => void): Promise<void> {
  const journalDir = join(dataDir, JOURNAL_DIR);
  const step = async (path: string, f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      throw cannotWrite(path, e);
    }
  };
  await step(dataDir, () => files.checkWritable(dataDir));
  if (r.journalExists) await step(journalDir, () => files.checkWritable(journalDir));
  if (r.endSegmentExists) await step(join(journalDir, r.end.segment), () => files.checkWritable(join(journalDir, r.end.segment)));

  if (r.upgrade) {
    // The old db.json is kept under another name (the first checkpoint will replace db.json);
    // the journal is written beside the folder, then renamed into place, so an upgrade cut
    // short leaves no half journal.
    const kept = join(dataDir, LEGACY_COPY);
    await step(kept, async () => {
      const h = await files.open(kept, 'truncate');
      await h.write((await files.read(join(dataDir, CHECKPOINT_FILE)))!);
      await h.sync();
      await h.close();
    });
    const tmpDir = `${journalDir}.upgrade`;
    const text = r.upgrade.map((e, i) => encodeLine(i + 1, new Date().toISOString(), e)).join('');
    await step(tmpDir, async () => {
      await files.mkdir(tmpDir);
      const h = await files.open(join(tmpDir, segmentName(1)), 'truncate');
      await h.write(Buffer.from(text));
      await h.sync();
      await h.close();
      await files.syncDir(tmpDir);
      await files.rename(tmpDir, journalDir);
      await files.syncDir(dataDir);
    });
    r.end = { seq: r.upgrade.length, segment: segmentName(1), offset: Buffer.byteLength(text) };
    r.endSegmentExists = true;
    r.journalExists = true;
    log(`upgrade: ${CHECKPOINT_FILE} (version 1) and ${LEGACY_LEDGER} became ${JOURNAL_DIR}/${segmentName(1)} (${r.upgrade.length} entries); the old files are kept as ${LEGACY_COPY} and ${LEGACY_LEDGER}`);
  }
  if (!r.journalExists) {
    await step(journalDir, async () => {
      await files.mkdir(journalDir);
      await files.syncDir(dataDir);
    });
  }
  if (r.torn) {
    const { segment, offset, bytes } = r.torn;
    const aside = join(journalDir, `${segment}.torn-at-${offset}`);
    await step(aside, async () => {
      const h = await files.open(aside, 'truncate');
      await h.write(bytes);
      await h.sync();
      await h.close();
      await files.syncDir(journalDir);
    });
    await step(join(journalDir, segment), () => files.truncate(join(journalDir, segment), offset));
    log(`recovery: the last line of ${JOURNAL_DIR}/${segment} was cut off by a crash (${bytes.length} bytes, told to nobody); moved to ${aside}`);
    r.torn = null;
  }
  if (r.leftoverTmp) await files.remove(join(dataDir, `${CHECKPOINT_FILE}.tmp`)).catch(() => undefined);
  if (r.replayed) log(`recovery: replayed ${r.replayed} journal entries after ${r.checkpoint ? `the checkpoint at entry ${r.checkpoint.seq}` : 'the start (no checkpoint)'}`);
}
