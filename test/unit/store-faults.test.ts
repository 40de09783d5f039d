import { describe, expect, it } from 'vitest';
import { FileStore, Ledger } from '../../src/store/index.js';
import { canonical, finishRun, flushNowAndThen, randomChange, rng, type Run } from '../support/storeChanges.js';
import { Crash, FakeFiles, type CrashMode } from '../support/fakeFiles.js';

/**
 * Fault injection at the file-system seam: for random sequences of changes, the store is
 * stopped dead at every single durable step of its writes, checkpoints and recovery (each
 * open, write, fsync, rename, folder fsync, truncate), then reopened from what a disk would
 * hold after that crash (kill -9, or a power loss that keeps only what was fsynced). Each time:
 * the reopening succeeds, every change acknowledged before the stop is there, and the state is
 * exactly the state after some prefix of the changes made (so nothing unacknowledged is
 * half there or counted twice).
 */

const DIR = '/data';
const open = (files: FakeFiles) =>
  FileStore.open({
    dataDir: DIR,
    files,
    checkpoints: 'inline',
    checkpointEvery: { entries: 4, ms: 1e9 },
    segmentBytes: 700,
    now: () => 1_700_000_000_000,
    schedule: () => ({ cancel() {} }),
  });

/** Opens the folder, makes `changes` random changes with flushes here and there, and closes. */
async function session(files: FakeFiles, seed: number, changes: number): Promise<Run> {
  const run: Run = { states: [], acknowledged: 0, crashed: false };
  const r = rng(seed);
  try {
    const store = await open(files);
    const ledger = new Ledger(store);
    run.states.push(canonical(store));
    const flushes: Promise<void>[] = [];
    for (let i = 1; i <= changes; i++) {
      await randomChange(store, ledger, r, seed % 1000 * 100 + i);
      run.states.push(canonical(store));
      await flushNowAndThen(store, r, i, run, flushes);
    }
    await finishRun(store, run, flushes, changes);
  } catch (e) {
    if (!(e instanceof Crash) && !files.crashed) throw e;
    run.crashed = true;
  }
  if (files.crashed) run.crashed = true;
  return run;
}

/** Reopens a crashed folder: it must open, and hold exactly some prefix of the run, at least the acknowledged one. */
async function checkRecovery(files: FakeFiles, run: Run, what: string): Promise<string> {
  const store = await open(files).catch((e: Error) => {
    throw new Error(`${what}: reopening failed: ${e.message}`);
  });
  const got = canonical(store);
  const at = run.states.indexOf(got, run.acknowledged);
  if (at < 0) {
    throw new Error(`${what}: the reopened state is no prefix of the changes from the ${run.acknowledged} acknowledged on\n got ${got}\nwant ${run.states[run.acknowledged]}`);
  }
  await store.close();
  return got;
}

describe('the file store under fault injection', () => {
  it('keeps every acknowledged change and counts none twice, whichever step a crash stops it at', async () => {
    const SEQUENCES = 200;
    let crashes = 0;
    let withThings = 0;
    for (let seq = 1; seq <= SEQUENCES; seq++) {
      // A folder with a history, perhaps itself left by a crash (a torn tail, an old checkpoint).
      const before = new FakeFiles(null, rng(seq)).ensureDir(DIR);
      const prelude = await session(before, seq * 7919, 6 + (seq % 7));
      const start = before.image(seq % 3 ? 'process' : 'power', rng(seq));
      // Count the steps a run takes without a fault, then stop it at each one in turn.
      const dry = start.image('process', rng(seq));
      const last = (await session(dry, seq, 8 + (seq % 5))).states.at(-1)!;
      // Things bought at the bar and carried, or dropped on the floor, are among what the crashes cut.
      if (/"char:[a-z]+",\[\["(?:ale|date)",\d+\]/.test(last) || /"room:common-room",\[\[/.test(last)) withThings++;
      expect(prelude.crashed).toBe(false);
      for (let k = 1; k <= dry.steps; k++) {
        const mode: CrashMode = (seq + k) % 2 ? 'process' : 'power';
        const files = start.image('process', rng(seq * 1000 + k), k);
        const run = await session(files, seq, 8 + (seq % 5));
        if (!run.crashed) continue;
        crashes++;
        const after = files.image(mode, rng(k));
        const what = `sequence ${seq}, crash at step ${k} of ${dry.steps} (${mode})`;
        await checkRecovery(after, run, what);
        // And the recovered folder goes on working: more changes, a clean close, the same state again.
        const more = await session(after, seq + k, 3);
        expect(more.crashed, what).toBe(false);
        await checkRecovery(after, more, `${what}, then reopened again`);
      }
    }
    expect(crashes).toBeGreaterThan(SEQUENCES * 10);
    expect(withThings).toBeGreaterThan(SEQUENCES / 4);
  }, 300_000);

  it('is stopped at each step of the recovery itself (moving a torn tail aside), and recovers again', async () => {
    for (let seq = 1; seq <= 40; seq++) {
      const files = new FakeFiles(null, rng(seq)).ensureDir(DIR);
      const run = await session(files, seq, 10);
      // Tear the last line of the newest segment, as a crash in the middle of an append would.
      const segment = files.paths().filter((p) => p.endsWith('.jsonl')).at(-1)!;
      const data = files.peek(segment)!;
      files.poke(segment, Buffer.concat([data, Buffer.from('{"seq":999,"time":"x","kind":"co')]));
      const dry = files.image('process');
      await (await open(dry)).close();
      for (let k = 1; k <= dry.steps; k++) {
        const attempt = files.image('process', rng(k), k);
        await open(attempt).then((s) => s.close()).catch((e) => {
          if (!(e instanceof Crash) && !attempt.crashed) throw e;
        });
        await checkRecovery(attempt.image(k % 2 ? 'process' : 'power', rng(k)), { ...run, acknowledged: 10 }, `sequence ${seq}, recovery stopped at step ${k}`);
      }
    }
  }, 60_000);

  it('tells damage from a crash at every step: a whole last line followed by a wrong byte is refused, a checkpoint whose checksum was taken off is rebuilt', async () => {
    let refused = 0;
    let rebuilt = 0;
    for (let seq = 1; seq <= 30; seq++) {
      const start = new FakeFiles(null, rng(seq)).ensureDir(DIR);
      await session(start, seq * 7919, 6);
      const dry = start.image('process', rng(seq));
      await session(dry, seq, 8);
      for (let k = 1; k <= dry.steps; k += 3) {
        const files = start.image('process', rng(seq * 1000 + k), k);
        const run = await session(files, seq, 8);
        const after = files.image(k % 2 ? 'process' : 'power', rng(k));
        const what = `sequence ${seq}, crash at step ${k}`;
        // The journal's last newline overwritten: never a crash's doing, whatever the crash left.
        const segment = after.paths().filter((p) => p.endsWith('.jsonl')).at(-1)!;
        const journal = after.peek(segment)!;
        if (journal.length && journal.at(-1) === 0x0a) {
          const damaged = after.image('process');
          const bytes = Buffer.from(journal);
          bytes[bytes.length - 1] = 0x20;
          damaged.poke(segment, bytes);
          const before = damaged.paths().map((p) => `${p}:${damaged.peek(p)?.toString('base64')}`);
          // Named as such, or (where the checkpoint stands at that very newline) as a checkpoint the journal does not match.
          await expect(open(damaged), what).rejects.toThrow(/(is whole and its checksum is right, but byte \d+ after it is 0x20 \(a space\) where its newline should be|does not match the journal: no entry ends there).*no file was changed/);
          expect(damaged.paths().map((p) => `${p}:${damaged.peek(p)?.toString('base64')}`), what).toEqual(before);
          refused++;
        }
        // The checkpoint's checksum taken off and a purse raised: rebuilt from the journal, the forgery gone.
        const checkpoint = after.peek(`${DIR}/db.json`);
        if (checkpoint) {
          const forged = JSON.parse(checkpoint.toString());
          delete forged.crc;
          const [purse] = Object.keys(forged.balances).filter((a) => a.startsWith('char:'));
          if (purse) {
            forged.balances[purse] += 1_000_000;
            forged.balances.mint -= 1_000_000;
          }
          after.poke(`${DIR}/db.json`, Buffer.from(JSON.stringify(forged)));
          await checkRecovery(after, run, `${what}, its checkpoint forged`);
          expect(after.peek(`${DIR}/db.json.damaged`), what).not.toBeNull();
          rebuilt++;
        }
      }
    }
    expect(refused).toBeGreaterThan(50);
    expect(rebuilt).toBeGreaterThan(50);
  }, 120_000);

  it('is stopped at each step of rebuilding a damaged checkpoint (keeping it aside, writing the new one), and recovers again', async () => {
    for (let seq = 1; seq <= 40; seq++) {
      const files = new FakeFiles(null, rng(seq)).ensureDir(DIR);
      const run = await session(files, seq, 10);
      // One byte of the checkpoint changed: its checksum no longer matches, and the journal rebuilds it.
      const checkpoint = Buffer.from(files.peek(`${DIR}/db.json`)!);
      const at = 10 + Math.floor(rng(seq)() * (checkpoint.length - 40));
      checkpoint[at] = checkpoint[at] === 0x30 ? 0x31 : 0x30;
      files.poke(`${DIR}/db.json`, checkpoint);
      const dry = files.image('process');
      await (await open(dry)).close();
      expect(dry.peek(`${DIR}/db.json.damaged`)).toEqual(checkpoint);
      for (let k = 1; k <= dry.steps; k++) {
        const attempt = files.image('process', rng(k), k);
        await open(attempt).then((s) => s.close()).catch((e) => {
          if (!(e instanceof Crash) && !attempt.crashed) throw e;
        });
        const what = `sequence ${seq}, rebuilding stopped at step ${k}`;
        const after = attempt.image(k % 2 ? 'process' : 'power', rng(k));
        await checkRecovery(after, { ...run, acknowledged: 10 }, what);
        // Rebuilt (now or at that reopening), the folder's checkpoint is whole again.
        const again = await checkRecovery(after, { ...run, acknowledged: 10 }, `${what}, then reopened again`);
        expect(again, what).toBe(run.states[10]);
        expect(after.peek(`${DIR}/db.json`)!.equals(checkpoint), what).toBe(false);
      }
    }
  }, 120_000);
});
