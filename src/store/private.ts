import { lstat, readdir, chmod } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data folder is the server's alone: the journal and db.json hold every table's unrevealed
 * server seed and the password hashes, so a local user who could read them could predict the
 * dice. The server makes its folders 0700 and its files 0600 (PRIVATE_DIR, PRIVATE_FILE), and at
 * each start takes the group's and others' bits off what it finds looser.
 */

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** The server's own names in a data folder (a host's --data may hold other things: those are left alone). */
const OWN_FILE = /^(server\.log|server-name|db\.json(\.tmp|\.damaged)?|db\.v1\.json|ledger\.jsonl)$/;
const OWN_DIR = /^journal(\.upgrade)?$/;

/**
 * Takes the group's and others' permission bits off each folder given, the server's own files in
 * it and everything in its journal folder; returns the one line that says what it repaired, or
 * null when nothing was looser. Symbolic links are not followed; a folder that does not exist
 * yet is skipped.
 */
export async function keepPrivate(dirs: readonly string[]): Promise<string | null> {
  const repaired: string[] = [];
  const seen = new Set<string>();
  const tighten = async (path: string): Promise<void> => {
    if (seen.has(path)) return;
    seen.add(path);
    const s = await lstat(path).catch(() => null);
    if (!s || !(s.isFile() || s.isDirectory()) || (s.mode & 0o077) === 0) return;
    // One it may not change (a read-only mount) is left to the start's own checks, which name it.
    if (await chmod(path, s.mode & 0o700).then(() => true, () => false)) repaired.push(path);
  };
  const walk = async (dir: string, all: boolean): Promise<void> => {
    await tighten(dir);
    for (const e of (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, e.name);
      if (e.isDirectory() && (all || OWN_DIR.test(e.name))) await walk(path, true);
      else if (e.isFile() && (all || OWN_FILE.test(e.name))) await tighten(path);
    }
  };
  for (const dir of dirs) await walk(dir, false);
  if (!repaired.length) return null;
  const shown = repaired.slice(0, 3).join(', ') + (repaired.length > 3 ? ` and ${repaired.length - 3} more` : '');
  return `private: ${shown} could be read by other users of this machine; now only by this one (the journal and db.json hold unrevealed table seeds and password hashes)`;
}
