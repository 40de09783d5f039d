import { join } from 'node:path';
import { accountText, charAccount, HOUSE, MINT } from './account.js';
import { apply, emptyState, shapeProblem, type Entry, type Move, type State } from './entries.js';
import { isCount } from './shapes.js';
import { StoreFailure, type FileLayer } from './files.js';

/**
 * The first format of a data folder: db.json version 1 (characters with their coins, and how
 * many ledger lines those coins include) beside ledger.jsonl (one line per coin movement).
 * It becomes the first journal segment: one entry per character, then one per transaction,
 * with the starting purses from the mint. ledger.jsonl is left as it was, and db.json is kept
 * as db.v1.json (LEGACY_COPY) before the first checkpoint takes its name.
 */

export const LEGACY_LEDGER = 'ledger.jsonl';
/** Where the version-1 db.json is kept once upgraded (the checkpoint takes its name). */
export const LEGACY_COPY = 'db.v1.json';

interface LegacyCharacter {
  name: string;
  passwordHash: string;
  coins: number;
  room: string;
  created: string;
  lastSeen: string;
}
interface LegacyLine {
  tx: number;
  from: string;
  to: string;
  amount: number;
  why: string;
}

const refuse = (path: string, why: string) => new StoreFailure(`${path}: ${why}; it cannot be upgraded, so the server will not start, and no file was changed`);

export async function readLegacy(files: FileLayer, dataDir: string, db: unknown): Promise<{ entries: Entry[]; state: State }> {
  const dbPath = join(dataDir, 'db.json');
  const ledgerPath = join(dataDir, LEGACY_LEDGER);
  const d = db as { characters?: Record<string, LegacyCharacter>; ledgerLength?: number };
  if (!d.characters || typeof d.characters !== 'object' || !isCount(d.ledgerLength)) throw refuse(dbPath, 'it is not a version-1 database');
  const entries: Entry[] = [];
  const state = emptyState();
  const add = (e: Entry, where: string) => {
    const problem = shapeProblem(e) ?? apply(state, e);
    if (problem) throw refuse(where, problem);
    entries.push(e);
  };
  for (const [key, c] of Object.entries(d.characters)) {
    if (!c || typeof c.name !== 'string' || c.name.toLowerCase() !== key) throw refuse(dbPath, `character "${key}" is malformed`);
    add({ kind: 'character', name: c.name, passwordHash: String(c.passwordHash), room: String(c.room), created: String(c.created), purse: 0 }, dbPath);
    if (c.lastSeen && c.lastSeen !== c.created) add({ kind: 'seen', key, at: String(c.lastSeen) }, dbPath);
  }
  const lines = ((await files.read(ledgerPath))?.toString('utf8') ?? '').split('\n').slice(0, d.ledgerLength);
  if (lines.length < d.ledgerLength || lines.some((l) => !l)) throw refuse(ledgerPath, `it has fewer than the ${d.ledgerLength} lines db.json counts`);
  let moves: Move[] = [];
  let tx: number | null = null;
  const endTx = () => {
    if (moves.length) add({ kind: 'coins', moves }, ledgerPath);
    moves = [];
  };
  lines.forEach((text, i) => {
    let l: LegacyLine;
    try {
      l = JSON.parse(text) as LegacyLine;
    } catch {
      throw refuse(ledgerPath, `line ${i + 1} is not JSON`);
    }
    if (l.tx !== tx) endTx();
    tx = l.tx;
    // Starting purses came from the house then; they come from the mint now.
    const from = l.from === accountText(HOUSE) && l.why === 'new character' ? accountText(MINT) : l.from;
    moves.push({ from, to: l.to, amount: l.amount, why: l.why });
  });
  endTx();
  for (const [key, c] of Object.entries(d.characters)) {
    const held = state.balances.get(accountText(charAccount(key))) ?? 0;
    if (c.coins !== held) throw refuse(dbPath, `${c.name} holds ${c.coins} coins but ${LEGACY_LEDGER} says ${held}`);
  }
  return { entries, state };
}
