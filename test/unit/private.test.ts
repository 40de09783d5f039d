import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepPrivate } from '../../src/store/index.js';

/** keepPrivate: the server's own folders and files lose the group's and others' bits; nothing else is touched. */

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);

describe('keepPrivate', () => {
  it("tightens the data folder, the server's own files and everything under journal/, and leaves a host's other files alone", async () => {
    dir = mkdtempSync(join(tmpdir(), 'private-'));
    mkdirSync(join(dir, 'journal'));
    for (const f of ['server.log', 'db.json', 'notes.txt', 'journal/000000000001.jsonl', 'journal/000000000001.jsonl.torn-at-7']) writeFileSync(join(dir, f), 'x');
    symlinkSync(join(dir, 'notes.txt'), join(dir, 'server-name'));
    for (const f of ['.', 'journal']) chmodSync(join(dir, f), 0o755);
    for (const f of ['server.log', 'db.json', 'notes.txt', 'journal/000000000001.jsonl', 'journal/000000000001.jsonl.torn-at-7']) chmodSync(join(dir, f), 0o644);
    expect(await keepPrivate([dir])).toBe(
      `private: ${dir}, ${join(dir, 'db.json')}, ${join(dir, 'journal')} and 3 more could be read by other users of this machine; now only by this one (the journal and db.json hold unrevealed table seeds and password hashes)`,
    );
    expect([dir, join(dir, 'journal')].map(mode)).toEqual(['700', '700']);
    expect(['server.log', 'db.json', 'journal/000000000001.jsonl', 'journal/000000000001.jsonl.torn-at-7'].map((f) => mode(join(dir, f)))).toEqual(['600', '600', '600', '600']);
    // A host's own file, and one a link of the server's name points to, keep their modes.
    expect(mode(join(dir, 'notes.txt'))).toBe('644');
    expect(await keepPrivate([dir])).toBeNull();
  });
});
