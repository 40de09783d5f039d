import { afterEach, describe, expect, it } from 'vitest';
import { appendFile, copyFile, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore, Ledger, charAccount, escrowAccount, type FileStoreOptions } from '../../src/store/index.js';
import { seal } from '../../src/store/checksum.js';
import { FakeFiles } from '../support/fakeFiles.js';

let dir: string;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const SEGMENT = '000000000001.jsonl';
const segmentPath = () => join(dir, 'journal', SEGMENT);

async function open(logs: string[] = [], extra: Partial<FileStoreOptions> = {}) {
  const store = await FileStore.open({ dataDir: dir, checkpoints: 'inline', log: (l) => logs.push(l), ...extra });
  return { store, ledger: new Ledger(store) };
}

/** A folder with Ana and Bob, a gift and a wager, closed cleanly (so with a checkpoint). */
async function folder(): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), 'store-test-'));
  const { store, ledger } = await open();
  await store.createCharacter({ name: 'Ana', passwordHash: 'h1', room: 'common-room', purse: 1000 });
  await store.createCharacter({ name: 'Bob', passwordHash: 'h2', room: 'common-room', purse: 1000 });
  ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 100, why: 'gift' }]);
  ledger.transfer([{ from: charAccount('bob'), to: escrowAccount('sand-table', 'bob'), amount: 50, why: 'wager' }]);
  await store.close();
}

/** Every file in the folder, byte for byte. */
async function files(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out[p.slice(dir.length)] = (await readFile(p)).toString('base64');
    }
  };
  await walk(dir);
  return out;
}

const lines = async () => (await readFile(segmentPath(), 'utf8')).split('\n').filter(Boolean);

/** A line or checkpoint changed on purpose with its checksum made again (as a writer's bug or a careful forger would). */
function resealed(text: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text);
  } catch {
    return text;
  }
  delete o.crc;
  return seal(JSON.stringify(o));
}

async function expectRefusal(pattern: RegExp): Promise<void> {
  const before = await files();
  await expect(open()).rejects.toThrow(pattern);
  await expect(open()).rejects.toThrow(/no file was changed/);
  expect(await files()).toEqual(before);
}

/** The file engine's own files and recovery rules (what every engine promises is in store-contract.test.ts). */
describe('the file store', () => {
  it('starts from the checkpoint and replays only the journal after it', async () => {
    await folder();
    const logs: string[] = [];
    const { store, ledger } = await open(logs);
    expect(logs.join('\n')).not.toMatch(/replayed/);
    expect(ledger.balance(charAccount('ana'))).toBe(900);
    expect(ledger.balance(escrowAccount('sand-table', 'bob'))).toBe(50);
    const checkpoint = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(checkpoint.position).toEqual({ seq: 4, segment: SEGMENT, offset: (await stat(segmentPath())).size, crc: JSON.parse((await lines())[3]).crc });
    expect(checkpoint.stopped).toBe(true);
    expect(checkpoint.balances).toMatchObject({ 'char:ana': 900, 'char:bob': 1050, mint: -2000 });
    await store.close();
  });

  it('rebuilds a missing checkpoint from the whole journal, cutting nothing', async () => {
    await folder();
    const journal = await readFile(segmentPath());
    await unlink(join(dir, 'db.json'));
    const logs: string[] = [];
    const { store, ledger } = await open(logs);
    expect(logs.join('\n')).toMatch(/replayed 4 journal entries after the start \(no checkpoint\)/);
    expect(store.character('ana')?.passwordHash).toBe('h1');
    expect(ledger.balance(charAccount('bob'))).toBe(1050);
    expect(await store.nameTaken('bob')).toBe(true);
    expect(await readFile(segmentPath())).toEqual(journal);
    await store.close();
  });

  it('rolls an old checkpoint (a restored backup) forward: nothing a player was told is undone', async () => {
    await folder();
    await copyFile(join(dir, 'db.json'), join(dir, 'backup.json'));
    const { store, ledger } = await open();
    ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 7, why: 'gift' }]);
    store.record({ kind: 'room', key: 'ana', room: 'bones-room' });
    await store.close();
    await copyFile(join(dir, 'backup.json'), join(dir, 'db.json'));
    const logs: string[] = [];
    const again = await open(logs);
    expect(logs.join('\n')).toMatch(/replayed 2 journal entries after the checkpoint at entry 4/);
    expect(again.ledger.balance(charAccount('ana'))).toBe(893);
    expect(again.store.character('ana')?.room).toBe('bones-room');
    await again.store.close();
  });

  it('moves a torn last line aside into a file next to the journal, and logs it', async () => {
    await folder();
    const whole = await readFile(segmentPath());
    await appendFile(segmentPath(), '{"seq":5,"time":"2024-01-01T00:00:00.000Z","kind":"coins","mo');
    const logs: string[] = [];
    const { store, ledger } = await open(logs);
    expect(logs.join('\n')).toMatch(/last line of journal\/000000000001\.jsonl was cut off by a crash \(\d+ bytes, told to nobody\); moved to .*torn-at-/);
    expect(await readFile(segmentPath())).toEqual(whole);
    const aside = (await readdir(join(dir, 'journal'))).find((n) => n.includes('torn'))!;
    expect(await readFile(join(dir, 'journal', aside), 'utf8')).toMatch(/^\{"seq":5,.*"mo$/);
    expect(ledger.balance(charAccount('ana'))).toBe(900);
    ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'gift' }]);
    await store.close();
    expect(JSON.parse((await lines()).at(-1)!)).toMatchObject({ seq: 5, kind: 'coins' });
  });

  it.each([
    ['a space', ' ', '0x20 \\(a space\\)'],
    ['a letter', 'x', '0x78 \\(x\\)'],
    ['a zero byte', '\0', '0x00'],
  ])("calls a whole last line followed by %s in its newline's place damage, not a torn write, and refuses it", async (_what, byte, named) => {
    await folder();
    // After a crash there is no clean stop to go by: no checkpoint says where the journal ends.
    await unlink(join(dir, 'db.json'));
    const whole = await readFile(segmentPath());
    whole[whole.length - 1] = byte.charCodeAt(0);
    await writeFile(segmentPath(), whole);
    await expectRefusal(
      new RegExp(`journal/000000000001\\.jsonl: line 4 \\(entry 4\\) is whole and its checksum is right, but byte ${whole.length - 1} after it is ${named} where its newline should be: a byte was changed after it was written, which no crash does; put back a copy of the journal; the server will not start, and no file was changed`),
    );
    // The same line with more after it (the newline overwritten, then another line begun) is damage too.
    await writeFile(segmentPath(), Buffer.concat([whole, Buffer.from('{"seq":5,"ti')]));
    await expectRefusal(/line 4 \(entry 4\) is whole and its checksum is right, but byte \d+ after it is/);
  });

  it('still takes a whole last line with no byte at all after it for a torn write (the crash came just before its newline)', async () => {
    await folder();
    await unlink(join(dir, 'db.json'));
    const whole = await readFile(segmentPath());
    await writeFile(segmentPath(), whole.subarray(0, whole.length - 1));
    const logs: string[] = [];
    const { store, ledger } = await open(logs);
    expect(logs.join('\n')).toMatch(/last line of journal\/000000000001\.jsonl was cut off by a crash/);
    expect(ledger.balance(escrowAccount('sand-table', 'bob'))).toBe(0);
    await store.close();
  });

  it.each([
    ['garbage in the middle of the journal', (l: string[]) => (l[1] = 'this is not json'), /000000000001\.jsonl: line 2 \(entry 2\) does not add up: it is not JSON/],
    ['an entry out of order', (l: string[]) => ([l[1], l[2]] = [l[2], l[1]]), /line 2 \(entry 2\) does not add up: it is numbered 3 where entry 2 should be/],
    ['a move that overdraws a purse', (l: string[]) => (l[2] = l[2].replace('"amount":100', '"amount":5000')), /line 3 \(entry 3\) does not add up: char:ana would hold -4000 coins/],
    ['a negative amount', (l: string[]) => (l[2] = l[2].replace('"amount":100', '"amount":-100')), /line 3 \(entry 3\) does not add up: a move of -100 coins/],
    ['an unknown kind of entry', (l: string[]) => (l[3] = l[3].replace('"kind":"coins"', '"kind":"magic"')), /line 4 \(entry 4\) does not add up: "magic" is not a kind of entry/],
    ['a character made twice', (l: string[]) => (l[1] = l[0].replace('"seq":1', '"seq":2')), /line 2 \(entry 2\) does not add up: the character "ana" exists already/],
  ])('refuses to start on %s, naming the file and the entry, and changes no file', async (_what, damage, reason) => {
    await folder();
    await unlink(join(dir, 'db.json'));
    const l = await lines();
    damage(l);
    await writeFile(segmentPath(), l.map((x) => `${resealed(x)}\n`).join(''));
    await expectRefusal(reason);
  });

  it('rebuilds a damaged checkpoint from the whole journal, keeping the damaged file aside', async () => {
    await folder();
    const path = join(dir, 'db.json');
    const good = await readFile(path, 'utf8');
    for (const [damaged, why] of [
      // 1,000,000 coins added to a purse, taken from the mint's total: the books still balance, the checksum does not.
      [good.replace('"char:ana":900', '"char:ana":1000900').replace('"mint":-2000', '"mint":-1002000'), 'its checksum does not match its content: a byte of it was changed'],
      ['{"version": 2, "posi', 'it is not valid JSON'],
      [resealed(good.replace('"char:ana":900', '"char:ana":905')), 'its books do not balance: the accounts sum to 5, not 0'],
    ]) {
      await writeFile(path, damaged);
      const logs: string[] = [];
      const { store, ledger } = await open(logs);
      expect(logs.filter((l) => l.includes('damaged'))).toEqual([
        `recovery: ${path} was damaged (${why}); the state was rebuilt from the whole journal (4 entries) and a new checkpoint follows; the damaged file is kept as ${path}.damaged`,
      ]);
      expect(ledger.balance(charAccount('ana'))).toBe(900);
      expect(await readFile(`${path}.damaged`, 'utf8')).toBe(damaged);
      await store.close();
      expect(JSON.parse(await readFile(path, 'utf8')).balances['char:ana']).toBe(900);
    }
  });

  it('calls a checkpoint without a checksum, in a folder that has them, damage: forged by taking its checksum off, it is rebuilt from the journal', async () => {
    await folder();
    const path = join(dir, 'db.json');
    const good = JSON.parse(await readFile(path, 'utf8'));
    const forged = { ...good, balances: { ...good.balances, 'char:ana': 1000900, mint: -1002000 } };
    delete forged.crc;
    const { crc: _crc, ...bare } = good.position;
    for (const [text, why] of [
      [JSON.stringify(forged), `it has no checksum, though the journal entry it stands at has one (${good.position.crc}): its own was taken off`],
      [JSON.stringify({ ...forged, position: bare }), 'it has no checksum, though entry 4, where it stands, has one: a checkpoint written with checksums had its own taken off'],
      [
        JSON.stringify({ ...forged, position: { seq: 0, segment: SEGMENT, offset: 0 } }),
        'it has no checksum, and it stands before the first journal entry yet holds characters or coins',
      ],
    ]) {
      await writeFile(path, text);
      const logs: string[] = [];
      const { store, ledger } = await open(logs);
      expect(logs.filter((l) => l.includes('damaged'))).toEqual([
        `recovery: ${path} was damaged (${why}); the state was rebuilt from the whole journal (4 entries) and a new checkpoint follows; the damaged file is kept as ${path}.damaged`,
      ]);
      expect(ledger.balance(charAccount('ana'))).toBe(900);
      expect((await ledger.audit()).problems).toEqual([]);
      await store.close();
    }
  });

  it('refuses a checkpoint without a checksum in a folder that has them when the journal cannot rebuild it, changing no file', async () => {
    await folder();
    const path = join(dir, 'db.json');
    // Three more entries, and the checkpoint standing after them: the first segment can then be archived away.
    const { store, ledger } = await open([], { segmentBytes: 200 });
    for (let i = 0; i < 3; i++) ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'gift' }]);
    await store.close();
    const later = JSON.parse(await readFile(path, 'utf8'));
    expect(later.position.segment).not.toBe(SEGMENT);
    await unlink(segmentPath());
    const { crc: _crc, ...bare } = { ...later, balances: { ...later.balances, 'char:ana': later.balances['char:ana'] + 1_000_000, mint: later.balances.mint - 1_000_000 } };
    await writeFile(path, JSON.stringify(bare));
    await expectRefusal(/db\.json: it has no checksum, though the journal entry it stands at has one \([0-9a-f]{8}\): its own was taken off, and the journal does not go back to entry 1 to rebuild it/);
  });

  it('refuses a checkpoint that does not match its journal, or a damaged one it cannot rebuild, changing no file', async () => {
    await folder();
    const path = join(dir, 'db.json');
    const good = await readFile(path, 'utf8');
    await writeFile(path, resealed(JSON.stringify({ ...JSON.parse(good), position: { seq: 3, segment: SEGMENT, offset: 17 } })));
    await expectRefusal(/db\.json: its journal position \(entry 3, byte 17 of journal\/000000000001\.jsonl\) does not match the journal: no entry ends there/);

    const cp = JSON.parse(good);
    await writeFile(path, resealed(JSON.stringify({ ...cp, position: { ...cp.position, crc: '00000000' } })));
    await expectRefusal(/db\.json: its journal position \(entry 4, .*\) does not match the journal: entry 4 there has checksum [0-9a-f]{8}, not the 00000000 the checkpoint covers/);

    await writeFile(path, good);
    await rm(join(dir, 'journal'), { recursive: true });
    await expectRefusal(/db\.json: it goes on from journal\/000000000001\.jsonl, which is missing/);
  });

  it('finds a changed byte anywhere in the journal, before the checkpoint too, naming the file and the entry', async () => {
    await folder();
    const journal = await readFile(segmentPath(), 'utf8');
    // Entry 2 is Bob; the checkpoint stands after entry 4, so entry 2 is not applied again at start.
    await writeFile(segmentPath(), journal.replace('"name":"Bob"', '"name":"Bib"'));
    await expectRefusal(/000000000001\.jsonl: line 2 \(entry 2\): its checksum does not match its bytes: a byte of it was changed; the server will not start/);
    await unlink(join(dir, 'db.json'));
    await expectRefusal(/000000000001\.jsonl: line 2 \(entry 2\): its checksum does not match its bytes: a byte of it was changed/);
  });

  it('calls a journal cut after a clean stop damage, not a crash, and refuses it', async () => {
    await folder();
    const whole = await readFile(segmentPath());
    const last = (await lines())[3];
    await writeFile(segmentPath(), whole.subarray(0, whole.length - 30));
    await expectRefusal(
      new RegExp(`journal/000000000001\\.jsonl: it ends at byte ${whole.length - 30}, inside or before entry 4, but the server stopped cleanly after entry 4 at byte ${whole.length} \\(db\\.json says so\\): its end was cut off after that stop, which no crash does, and entries 4 to 4 are gone; put back a copy of the journal; the server will not start`),
    );
    // The whole last line dropped: the same.
    await writeFile(segmentPath(), whole.subarray(0, whole.length - Buffer.byteLength(last) - 1));
    await expectRefusal(/it ends at byte \d+, inside or before entry 4, but the server stopped cleanly after entry 4/);
  });

  it('opens a journal and a checkpoint from before checksums, and writes checksums from then on', async () => {
    await folder();
    const legacy = (await lines()).map((l) => {
      const { crc: _crc, ...o } = JSON.parse(l);
      return `${JSON.stringify(o)}\n`;
    });
    await writeFile(segmentPath(), legacy.join(''));
    const { crc: _crc, stopped: _stopped, ...cp } = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    const { crc: _pcrc, ...position } = cp.position;
    await writeFile(join(dir, 'db.json'), JSON.stringify({ ...cp, position: { ...position, offset: Buffer.byteLength(legacy.join('')) } }));
    const { store, ledger } = await open();
    ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'gift' }]);
    await store.close();
    const after = await lines();
    expect(after.slice(0, 4).map((l) => JSON.parse(l).crc)).toEqual([undefined, undefined, undefined, undefined]);
    expect(JSON.parse(after[4]).crc).toMatch(/^[0-9a-f]{8}$/);
    const again = await open();
    expect(again.ledger.balance(charAccount('ana'))).toBe(899);
    await again.store.close();
    // Once an entry has a checksum, one after it without is damage.
    await writeFile(segmentPath(), [...after.map((l) => `${l}\n`), legacy[3].replace('"seq":4', '"seq":6')].join(''));
    await unlink(join(dir, 'db.json'));
    await expectRefusal(/line 6 \(entry 6\): it has no checksum, though the entries before it have one/);
  });

  it('audits the balances against the whole journal: a checkpoint forged with a right checksum is found', async () => {
    await folder();
    const path = join(dir, 'db.json');
    const good = await readFile(path, 'utf8');
    await writeFile(path, resealed(good.replace('"char:ana":900', '"char:ana":1000900').replace('"mint":-2000', '"mint":-1002000')));
    const { store, ledger } = await open();
    expect(ledger.balance(charAccount('ana'))).toBe(1000900);
    expect((await ledger.audit()).problems).toEqual(['char:ana holds 1000900 coins but the journal says 900', 'mint holds -1002000 coins but the journal says -2000']);
    await store.close();
  });

  it('starts again on a folder that was opened and closed with nothing written', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-test-'));
    await (await open()).store.close();
    const again = await open();
    expect(await again.store.createCharacter({ name: 'Ana', passwordHash: 'h1', room: 'r', purse: 1000 })).not.toBeNull();
    await again.store.close();
    const third = await open();
    expect(third.ledger.balance(charAccount('ana'))).toBe(1000);
    await third.store.close();
  });

  it('still refuses an empty folder\'s checkpoint (a restored backup) whose first segment is gone while later ones exist', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-test-'));
    await (await open()).store.close();
    await copyFile(join(dir, 'db.json'), join(dir, 'empty-db.json'));
    const { store } = await open([], { segmentBytes: 1 });
    await store.createCharacter({ name: 'Ana', passwordHash: 'h1', room: 'r', purse: 1000 });
    await store.flush();
    await store.createCharacter({ name: 'Bob', passwordHash: 'h2', room: 'r', purse: 1000 });
    await store.close();
    await copyFile(join(dir, 'empty-db.json'), join(dir, 'db.json'));
    await rm(join(dir, 'journal', '000000000001.jsonl'));
    await expectRefusal(/db\.json: it goes on from journal\/000000000001\.jsonl, which is missing/);
  });

  it('refuses a journal whose first segment is missing when there is no checkpoint', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-test-'));
    const { store, ledger } = await open([], { segmentBytes: 200 });
    await store.createCharacter({ name: 'Ana', passwordHash: 'h1', room: 'r', purse: 1000 });
    await store.createCharacter({ name: 'Bob', passwordHash: 'h1', room: 'r', purse: 1000 });
    for (let i = 0; i < 4; i++) {
      ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1 + i, why: 'gift' }]);
      await store.flush();
    }
    await store.close();
    const segments = (await readdir(join(dir, 'journal'))).sort();
    expect(segments.length).toBeGreaterThan(2);
    // Old segments are not read at start: with the checkpoint, the first can be archived away.
    await rm(join(dir, 'journal', segments[0]));
    const again = await open();
    expect(again.ledger.balance(charAccount('bob'))).toBe(1010);
    await again.store.close();
    await unlink(join(dir, 'db.json'));
    await expectRefusal(/journal\/000000000\d+\.jsonl: the journal begins here, at entry \d+, and there is no db\.json for what came before/);
  });

  it('upgrades a folder in the first format (db.json version 1 and ledger.jsonl), keeping both files', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-test-'));
    const char = (name: string, coins: number) => ({ name, passwordHash: `h-${name}`, coins, room: 'bones-room', created: '2024-01-01T00:00:00.000Z', lastSeen: '2024-01-02T00:00:00.000Z' });
    const v1 = JSON.stringify({ version: 1, characters: { ana: char('Ana', 900), bob: char('Bob', 1100) }, ledgerLength: 3 });
    const ledger = [
      { tx: 1, at: '', from: 'house', to: 'char:ana', amount: 1000, why: 'new character' },
      { tx: 2, at: '', from: 'house', to: 'char:bob', amount: 1000, why: 'new character' },
      { tx: 3, at: '', from: 'char:ana', to: 'char:bob', amount: 100, why: 'gift' },
    ].map((e) => `${JSON.stringify(e)}\n`).join('');
    await writeFile(join(dir, 'db.json'), v1);
    await writeFile(join(dir, 'ledger.jsonl'), `${ledger}{"tx":4,"at":"","fr`);
    const logs: string[] = [];
    const { store, ledger: l } = await open(logs);
    expect(logs.join('\n')).toMatch(/upgrade: db\.json \(version 1\) and ledger\.jsonl became journal\/000000000001\.jsonl \(7 entries\); the old files are kept as db\.v1\.json and ledger\.jsonl/);
    expect(l.balance(charAccount('ana'))).toBe(900);
    expect(l.balance(charAccount('bob'))).toBe(1100);
    expect(store.character('ana')).toMatchObject({ name: 'Ana', passwordHash: 'h-Ana', room: 'bones-room', lastSeen: '2024-01-02T00:00:00.000Z' });
    expect((await l.audit()).minted).toBe(2000);
    await store.close();
    expect(await readFile(join(dir, 'ledger.jsonl'), 'utf8')).toBe(`${ledger}{"tx":4,"at":"","fr`);
    expect(await readFile(join(dir, 'db.v1.json'), 'utf8')).toBe(v1);
    expect(JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'))).toMatchObject({ version: 2, position: { seq: 7 } });
    const again = await open();
    expect(again.ledger.balance(charAccount('bob'))).toBe(1100);
    await again.store.close();
  });

  it('refuses to upgrade a first-format folder whose coins disagree with its ledger, changing no file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-test-'));
    await writeFile(join(dir, 'db.json'), JSON.stringify({ version: 1, characters: { ana: { name: 'Ana', passwordHash: 'h', coins: 990, room: 'r', created: '', lastSeen: '' } }, ledgerLength: 1 }));
    await writeFile(join(dir, 'ledger.jsonl'), `${JSON.stringify({ tx: 1, at: '', from: 'house', to: 'char:ana', amount: 1000, why: 'new character' })}\n`);
    await expectRefusal(/db\.json: Ana holds 990 coins but ledger\.jsonl says 1000; it cannot be upgraded/);
  });

  it('on a full disk, rejects the flush with one line, and takes no change after it', async () => {
    const fake = new FakeFiles().ensureDir('/data');
    const store = await FileStore.open({ dataDir: '/data', files: fake, checkpoints: 'inline' });
    await store.createCharacter({ name: 'Ana', passwordHash: 'h', room: 'r', purse: 1000 });
    await store.flush();
    fake.failWrites = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    store.record({ kind: 'room', key: 'ana', room: 'elsewhere' });
    await expect(store.flush()).rejects.toThrow(/^cannot write \/data\/journal\/000000000001\.jsonl: the disk is full \(ENOSPC\)$/);
    expect(() => store.record({ kind: 'room', key: 'ana', room: 'again' })).toThrow(/the disk is full/);
    await store.close();
  });

  it('writes its checkpoints in a worker thread, at the journal position it has seen', async () => {
    await folder();
    const store = await FileStore.open({ dataDir: dir });
    const ledger = new Ledger(store);
    for (let i = 1; i <= 5; i++) ledger.transfer([{ from: charAccount('bob'), to: charAccount('ana'), amount: i, why: 'gift' }]);
    await store.close();
    const checkpoint = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(checkpoint.position.seq).toBe(9);
    expect(checkpoint.balances['char:ana']).toBe(915);
  });

  it('schedules one hand-over to the checkpointer for several commits, and hands over all durable text before any checkpoint', async () => {
    await folder();
    const timers: { ms: number; fn: () => void; cancelled: boolean }[] = [];
    const schedule = (ms: number, fn: () => void) => {
      const t = { ms, fn, cancelled: false };
      timers.push(t);
      return { cancel: () => void (t.cancelled = true) };
    };
    const { store, ledger } = await open([], { schedule, checkpointEvery: { entries: 3, ms: 60_000 } });
    const follows = () => timers.filter((t) => t.ms !== 60_000);
    // Two commits, each awaited: one hand-over is scheduled for both, none per commit.
    ledger.transfer([{ from: charAccount('bob'), to: charAccount('ana'), amount: 1, why: 'gift' }]);
    await store.flush();
    ledger.transfer([{ from: charAccount('bob'), to: charAccount('ana'), amount: 2, why: 'gift' }]);
    await store.flush();
    expect(follows()).toHaveLength(1);
    // The third reaches the checkpoint threshold: the checkpoint holds all three, though the timer never ran.
    ledger.transfer([{ from: charAccount('bob'), to: charAccount('ana'), amount: 3, why: 'gift' }]);
    await store.flush();
    await expect.poll(async () => JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')).position.seq, { timeout: 10_000 }).toBe(7);
    expect(JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')).balances['char:ana']).toBe(906);
    // A hand-over with nothing new is harmless, and closing checkpoints everything.
    follows()[0].fn();
    ledger.transfer([{ from: charAccount('bob'), to: charAccount('ana'), amount: 4, why: 'gift' }]);
    await store.close();
    expect(follows()).toHaveLength(2);
    expect(follows()[1].cancelled).toBe(true);
    const closing = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8'));
    expect(closing.position.seq).toBe(8);
    expect(closing.balances['char:ana']).toBe(910);
  });
});
