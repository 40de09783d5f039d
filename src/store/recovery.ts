import { join } from 'node:path';
import { apply, emptyState, type Entry, type State } from './entries.js';
import { CHECKPOINT_FILE, fromSnapshot } from './checkpoint.js';
import { cannotWrite, describeError, StoreFailure, type FileLayer } from './files.js';
import { sealedPrefixEnd, sealOf } from './checksum.js';
import { CHANGED, decodeLine, encodeLine, isSegmentName, JOURNAL_DIR, lineCrc, segmentFirstSeq, segmentName, type JournalLine, type Position } from './journal.js';
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
  /** What is wrong with db.json, when the state was rebuilt from the whole journal instead (the file is to be kept aside). */
  damagedCheckpoint: string | null;
  journalExists: boolean;
  leftoverTmp: boolean;
}

export interface ReadOptions {
  /** Read the journal no further than this position (the checkpoint thread, and the audit). */
  upTo?: Position;
  /** Ignore db.json and apply the whole journal from entry 1 (the audit). */
  fromScratch?: boolean;
  /** Let other work run every so many entries (the audit, on a running server). */
  yieldEvery?: number;
}

/** Damage found in the folder: `where` names the file and the entry and says what is wrong. */
export class Damage extends StoreFailure {
  constructor(readonly where: string) {
    super(`${where}; the server will not start, and no file was changed`);
  }
}

const refuse = (path: string, why: string) => new Damage(`${path}: ${why}`);
const UNSEALED = 'it has no checksum, though the entries before it have one';

/** The file's entries as a reader counts them: segments are named after their first entry, one line each. */
const entryAt = (name: string, data: Buffer, pos: number) => segmentFirstSeq(name) + lineNumber(data, pos) - 1;

/** Reads and checks the folder (see ReadOptions). */
export async function readStore(files: FileLayer, dataDir: string, o: ReadOptions = {}): Promise<Recovery> {
  const { upTo } = o;
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
  const wholeJournal = segments[0] === segmentName(1);

  const recovery: Recovery = {
    state: emptyState(),
    end: { seq: 0, segment: segmentName(1), offset: 0 },
    endSegmentExists: false,
    checkpoint: null,
    replayed: 0,
    torn: null,
    upgrade: null,
    damagedCheckpoint: null,
    journalExists: journalNames !== null,
    leftoverTmp: names.includes(`${CHECKPOINT_FILE}.tmp`),
  };

  let stopped = false;
  const raw = o.fromScratch ? null : await read(cpPath, () => files.read(cpPath));
  if (raw) {
    const crc = sealOf(raw);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if ((parsed as { version?: unknown } | undefined)?.version === 1 && crc === null) {
      // A folder in the first format. Once it has a journal, that old db.json is only a leftover.
      if (journalNames === null) {
        const legacy = await readLegacy(files, dataDir, parsed);
        recovery.upgrade = legacy.entries;
        recovery.state = legacy.state;
        return recovery;
      }
    } else {
      let cp = crc === 'changed' ? 'its checksum does not match its content: a byte of it was changed' : parsed === undefined ? 'it is not valid JSON' : fromSnapshot(parsed);
      // Only a server from before checksums wrote a checkpoint without one, and it wrote no entry with one either.
      if (typeof cp !== 'string' && crc === null) cp = (await unsealedProblem(files, journalDir, segments, cp.position, cp.state)) ?? cp;
      if (typeof cp === 'string') {
        // The journal is the truth: with all of it there, a damaged checkpoint is only rebuilt.
        if (!wholeJournal) throw refuse(cpPath, `${cp}, and the journal does not go back to entry 1 to rebuild it (put back a copy of db.json, or the archived segments)`);
        recovery.damagedCheckpoint = cp;
      } else {
        recovery.state = cp.state;
        recovery.checkpoint = cp.position;
        recovery.end = cp.position;
        stopped = cp.stopped;
      }
    }
  } else if (!o.fromScratch && names.includes(LEGACY_LEDGER) && journalNames === null) {
    throw refuse(join(dataDir, LEGACY_LEDGER), `there is a ledger but no ${CHECKPOINT_FILE} with the characters (restore db.json from a backup)`);
  }

  const cp = recovery.checkpoint;
  let index: number;
  if (cp) {
    index = segments.indexOf(cp.segment);
    // A checkpoint taken when nothing had been written after it yet names the segment its next
    // entry will begin, which does not exist until then: nothing to replay, nothing missing.
    const nextToBegin = cp.offset === 0 && segmentFirstSeq(cp.segment) === cp.seq + 1 && !segments.some((s) => s > cp.segment);
    if (index < 0 && !nextToBegin) throw refuse(cpPath, `it goes on from ${JOURNAL_DIR}/${cp.segment}, which is missing`);
  } else {
    if (!segments.length) return recovery;
    if (!wholeJournal) throw refuse(join(journalDir, segments[0]), `the journal begins here, at entry ${segmentFirstSeq(segments[0])}, and there is no ${CHECKPOINT_FILE} for what came before`);
    index = 0;
  }

  // Entries before the checkpoint are not applied again, but every byte of them is checked.
  // A line written before checksums is accepted only until the first one that has a checksum.
  let sealed = !!cp?.crc;
  const checkSeal = (line: Buffer): string | null => {
    const crc = sealOf(line);
    if (crc === 'changed') return CHANGED;
    if (crc === null && sealed) return UNSEALED;
    if (crc !== null) sealed = true;
    return null;
  };
  if (!upTo) {
    const before = !cp ? [] : index < 0 ? segments : segments.slice(0, index + 1);
    sealed = false;
    for (const name of before) {
      const path = join(journalDir, name);
      const data = (await read(path, () => files.read(path))) ?? Buffer.alloc(0);
      const stop = name === cp!.segment ? Math.min(cp!.offset, data.length) : data.length;
      for (let pos = 0, nl = data.indexOf(10); nl >= 0 && nl < stop; pos = nl + 1, nl = data.indexOf(10, pos)) {
        const problem = checkSeal(data.subarray(pos, nl));
        if (problem) throw refuse(path, `line ${lineNumber(data, pos)} (entry ${entryAt(name, data, pos)}): ${problem}`);
      }
    }
    sealed ||= !!cp?.crc;
  }
  if (cp && index < 0) return recovery;

  let seq = recovery.end.seq;
  let lastCrc = recovery.end.crc;
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
      if (stopped && data.length < cp.offset) {
        const lost = entryAt(name, data, data.length);
        throw refuse(path, `it ends at byte ${data.length}, inside or before entry ${lost}, but the server stopped cleanly after entry ${cp.seq} at byte ${cp.offset} (${CHECKPOINT_FILE} says so): its end was cut off after that stop, which no crash does, and entries ${lost} to ${cp.seq} are gone; put back a copy of the journal`);
      }
      const mismatch = checkpointMismatch(data, cp);
      if (mismatch) throw refuse(cpPath, `its journal position (entry ${cp.seq}, byte ${cp.offset} of ${JOURNAL_DIR}/${name}) does not match the journal: ${mismatch}`);
    } else if (segmentFirstSeq(name) !== seq + 1) {
      throw refuse(path, `it begins at entry ${segmentFirstSeq(name)}, but entry ${seq + 1} comes next`);
    }
    for (;;) {
      const nl = data.indexOf(10, pos);
      if (nl < 0) break;
      const line = data.subarray(pos, nl);
      const decoded = decodeLine(line, seq + 1);
      const problem = typeof decoded === 'string' ? decoded : checkSeal(line) ?? apply(recovery.state, decoded.entry);
      if (problem) throw refuse(path, `line ${lineNumber(data, pos)} (entry ${seq + 1})${problem === CHANGED || problem === UNSEALED ? ':' : ' does not add up:'} ${problem}`);
      seq += 1;
      lastCrc = (decoded as JournalLine).crc ?? undefined;
      recovery.replayed += 1;
      pos = nl + 1;
      if (o.yieldEvery && recovery.replayed % o.yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    if (pos < data.length) {
      if (i < segments.length - 1) throw refuse(path, `it ends in the middle of an entry, and ${segments[i + 1]} follows it`);
      const tail = data.subarray(pos);
      // A crash cuts a line short; it never writes a whole line and then a wrong byte where the newline goes.
      const whole = sealedPrefixEnd(tail);
      if (whole >= 0 && whole < tail.length) {
        throw refuse(path, `line ${lineNumber(data, pos)} (entry ${seq + 1}) is whole and its checksum is right, but byte ${pos + whole} after it is ${byteName(tail[whole])} where its newline should be: a byte was changed after it was written, which no crash does; put back a copy of the journal`);
      }
      recovery.torn = { segment: name, offset: pos, bytes: tail };
    }
    recovery.end = { seq, segment: name, offset: pos, ...(lastCrc ? { crc: lastCrc } : {}) };
    recovery.endSegmentExists = true;
    if (last) break;
  }
  return recovery;
}

/**
 * What is wrong with a checkpoint that has no checksum, standing at `p`: nothing when the entry
 * there has none either (both from before checksums), else that its checksum was taken off.
 */
async function unsealedProblem(files: FileLayer, journalDir: string, segments: string[], p: Position, state: State): Promise<string | null> {
  const taken = 'it has no checksum, though';
  if (p.crc) return `${taken} the journal entry it stands at has one (${p.crc}): its own was taken off`;
  // Nothing comes before the first entry: a checkpoint there that holds anything was made up.
  if (p.seq === 0) return state.characters.size || state.balances.size ? 'it has no checksum, and it stands before the first journal entry yet holds characters or coins' : null;
  // The line of entry p.seq ends at p.offset, or is the last of the segment before when p.offset is 0.
  const segment = p.offset > 0 ? p.segment : segments.filter((s) => s < p.segment).at(-1);
  const data = segment ? await files.read(join(journalDir, segment)).catch(() => null) : null;
  const end = p.offset > 0 ? p.offset - 1 : (data?.length ?? 0) - 1;
  if (!data || end < 0 || end >= data.length || data[end] !== 10) return null; // the journal's own checks say what is wrong there
  const line = data.subarray(data.lastIndexOf(10, end - 1) + 1, end);
  const sealed = sealOf(line);
  return sealed === null ? null : `${taken} entry ${p.seq}, where it stands, has one: a checkpoint written with checksums had its own taken off`;
}

/** The checkpoint's offset is the end of the line holding its entry (or of the segment before), and that line has the checksum it names. */
function checkpointMismatch(data: Buffer, cp: Position): string | null {
  if (cp.offset > data.length) return `the segment ends at byte ${data.length}`;
  if (cp.offset === 0) return segmentFirstSeq(cp.segment) === cp.seq + 1 ? null : 'it names the start of a segment that begins with another entry';
  if (data[cp.offset - 1] !== 10) return 'no entry ends there';
  const start = data.lastIndexOf(10, cp.offset - 2) + 1;
  const decoded = decodeLine(data.subarray(start, cp.offset - 1), cp.seq);
  if (typeof decoded === 'string') return `the line there: ${decoded}`;
  if (cp.crc && decoded.crc !== cp.crc) return `entry ${cp.seq} there has checksum ${decoded.crc ?? 'none'}, not the ${cp.crc} the checkpoint covers`;
  return null;
}

/** A byte as the host reads it in a message: `0x20 (a space)`. */
function byteName(b: number): string {
  const hex = `0x${b.toString(16).padStart(2, '0')}`;
  return b === 0x20 ? `${hex} (a space)` : b > 0x20 && b < 0x7f ? `${hex} (${String.fromCharCode(b)})` : hex;
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
    const lines = r.upgrade.map((e, i) => encodeLine(i + 1, new Date().toISOString(), e));
    const text = lines.join('');
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
    r.end = { seq: r.upgrade.length, segment: segmentName(1), offset: Buffer.byteLength(text), ...(lines.length ? { crc: lineCrc(lines.at(-1)!) } : {}) };
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
  if (r.damagedCheckpoint) {
    // Kept for the host to look at; the next checkpoint (written soon) takes its name.
    const cpPath = join(dataDir, CHECKPOINT_FILE);
    const aside = `${cpPath}.damaged`;
    await step(aside, async () => {
      const h = await files.open(aside, 'truncate');
      await h.write((await files.read(cpPath)) ?? Buffer.alloc(0));
      await h.sync();
      await h.close();
      await files.syncDir(dataDir);
    });
    log(`recovery: ${cpPath} was damaged (${r.damagedCheckpoint}); the state was rebuilt from the whole journal (${r.replayed} entries) and a new checkpoint follows; the damaged file is kept as ${aside}`);
    r.damagedCheckpoint = null;
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
