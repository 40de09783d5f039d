import { describe, expect, it } from 'vitest';
import { FileStore, Ledger, accountText, charAccount } from '../../src/store/index.js';
import { FIRST_WAIT_MS, LONGEST_WAIT_MS, withDescriptor, type Patience } from '../../src/store/descriptors.js';
import { FakeFiles } from '../support/fakeFiles.js';

/** A patience on a fake clock: every wait is noted and moves the clock, none is slept. */
function fakePatience() {
  const waits: number[] = [];
  const logs: string[] = [];
  let time = 0;
  const patience: Patience = {
    sleep: async (ms) => {
      waits.push(ms);
      time += ms;
    },
    now: () => time,
    log: (line) => logs.push(line),
  };
  return { patience, waits, logs };
}

const errno = (code: string) => Object.assign(new Error(`${code}: test`), { code });

/** An operation that fails `times` times with `code`, then gives `value`. */
function failing<T>(times: number, code: string, value: T) {
  let calls = 0;
  return {
    op: async () => {
      calls += 1;
      if (calls <= times) throw errno(code);
      return value;
    },
    calls: () => calls,
  };
}

describe('waiting for a file descriptor', () => {
  it('tries again after EMFILE, 10 ms and then twice as long each time up to a second, and logs one line as it begins and one as it ends', async () => {
    const { patience, waits, logs } = fakePatience();
    const op = failing(10, 'EMFILE', 'opened');
    expect(await withDescriptor('open /data/journal/000000000042.jsonl', op.op, patience)).toBe('opened');
    expect(op.calls()).toBe(11);
    expect(waits).toEqual([10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000]);
    expect(waits[0]).toBe(FIRST_WAIT_MS);
    expect(Math.max(...waits)).toBe(LONGEST_WAIT_MS);
    expect(logs).toEqual([
      'cannot open /data/journal/000000000042.jsonl yet: the server has every file descriptor it may open in use (EMFILE); trying again until a descriptor is free (every 1 s at most), and what waits for it is kept, not lost',
      'open /data/journal/000000000042.jsonl: done after waiting 4.3 s for a file descriptor (11 tries)',
    ]);
  });

  it('waits out ENFILE (the whole system out of descriptors) the same way', async () => {
    const { patience, waits, logs } = fakePatience();
    const op = failing(2, 'ENFILE', 7);
    expect(await withDescriptor('read /data/db.json', op.op, patience)).toBe(7);
    expect(waits).toEqual([10, 20]);
    expect(logs[0]).toMatch(/^cannot read \/data\/db.json yet: the system has every file descriptor it may open in use \(ENFILE\)/);
  });

  it('goes through at once, silently, when a descriptor is free', async () => {
    const { patience, waits, logs } = fakePatience();
    expect(await withDescriptor('open x', async () => 1, patience)).toBe(1);
    expect(waits).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('throws any other error at once, untried again (a full disk is still the end of the store)', async () => {
    const { patience, waits, logs } = fakePatience();
    const op = failing(1, 'ENOSPC', 1);
    await expect(withDescriptor('open x', op.op, patience)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(op.calls()).toBe(1);
    expect(waits).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('keeps waiting as long as it takes: an hour without a descriptor is still no failure', async () => {
    const { patience, waits } = fakePatience();
    const op = failing(3700, 'EMFILE', 'at last');
    expect(await withDescriptor('open x', op.op, patience)).toBe('at last');
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(3_600_000);
  });
});

describe('the file store out of file descriptors', () => {
  const DIR = '/data';
  const open = (files: FakeFiles, patience: Patience) =>
    FileStore.open({
      dataDir: DIR,
      files,
      log: patience.log,
      patience,
      checkpoints: 'inline',
      checkpointEvery: { entries: 1e9, ms: 1e9 },
      segmentBytes: 300,
      now: () => 1_700_000_000_000,
      schedule: () => ({ cancel() {} }),
    });

  it('opens the journal folder once, at start, and fsyncs it through that handle for every new segment', async () => {
    const files = new FakeFiles().ensureDir(DIR);
    const store = await open(files, fakePatience().patience);
    expect(files.dirsOpened).toBe(1);
    const ledger = new Ledger(store);
    await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
    await store.createCharacter({ name: 'Bob', passwordHash: 'h', room: 'r', purse: 1000 });
    for (let i = 0; i < 20; i++) {
      ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'gift' }]);
      await store.flush();
    }
    expect(files.paths().filter((p) => p.endsWith('.jsonl')).length).toBeGreaterThan(5);
    expect(files.dirsOpened).toBe(1);
    await store.close();
    expect(files.dirsOpen).toBe(0);
  });

  it('a write that finds no descriptor for its new segment waits, then goes through: nothing is lost, nothing fails', async () => {
    const files = new FakeFiles().ensureDir(DIR);
    const { patience, waits, logs } = fakePatience();
    const store = await open(files, patience);
    const ledger = new Ledger(store);
    await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
    await store.createCharacter({ name: 'Bob', passwordHash: 'h', room: 'r', purse: 1000 });
    await store.flush();
    let given = 0;
    while (files.paths().filter((p) => p.endsWith('.jsonl')).length < 3) {
      // The open of every new segment finds the table full five times first.
      files.noDescriptors = 5;
      ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'gift' }]);
      given += 1;
      await store.flush();
    }
    expect(waits.length).toBeGreaterThanOrEqual(10);
    expect(logs.filter((l) => /^cannot open \/data\/journal\/\d{12}\.jsonl yet: .*EMFILE/.test(l)).length).toBe(2);
    expect(logs.filter((l) => /^open \/data\/journal\/\d{12}\.jsonl: done after waiting/.test(l)).length).toBe(2);
    await store.close();
    const again = await open(files.image('power'), fakePatience().patience);
    expect(again.balance(accountText(charAccount('ana')))).toBe(1000 - given);
    expect(again.balance(accountText(charAccount('bob')))).toBe(1000 + given);
    await again.close();
  });

  it('a checkpoint that finds no descriptor waits too, and is written', async () => {
    const files = new FakeFiles().ensureDir(DIR);
    const { patience, logs } = fakePatience();
    const store = await open(files, patience);
    await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
    await store.flush();
    files.noDescriptors = 3;
    // The closing checkpoint: its temporary file cannot be opened at first.
    await store.close();
    expect(logs.some((l) => /^cannot open \/data\/db\.json\.tmp yet: .*EMFILE/.test(l))).toBe(true);
    expect(logs.some((l) => /checkpoint.*failed/.test(l))).toBe(false);
    expect(JSON.parse(files.peek(`${DIR}/db.json`)!.toString()).stopped).toBe(true);
  });

  it('cannot open at all without a descriptor: the start fails at once with one line, rather than waiting', async () => {
    const files = new FakeFiles().ensureDir(DIR);
    files.noDescriptors = 1_000;
    await expect(open(files, fakePatience().patience)).rejects.toThrow(/EMFILE/);
  });
});
