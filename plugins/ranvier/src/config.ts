import { resolve } from 'node:path';
import type { PageConfig } from './page.js';
import type { RanvierState } from './ranvier.js';

/** `obsidianTables` in the world's ranvier.json, every key optional. */
export interface TablesConfig {
  /** The players' coins are `currencies.<currency>` (Ranvier's shops keep gold there). */
  currency: string;
  /** The bundle's own files (the books of the tables), as an absolute path. */
  dataDir: string;
  /** How long a seat is kept for a player whose connection dropped. */
  graceMs: number;
  /** Colour in what the tables say (ANSI, as Ranvier's own Broadcast sends). */
  colour: boolean;
  /** The width the tables wrap their text to. */
  width: number;
  /** Tests only: repeatable (never secret) seeds and choices, as the tavern's `--seed N`. */
  seed: number | null;
  /** The world's own word for some of the tables' verbs, where another bundle has theirs: { sit: 'join' }. */
  verbs: Readonly<Record<string, string>>;
  /** Journals the host declared lost for good: the purses kept with them keep what they hold (markers.ts). */
  lostJournals: readonly string[];
  /** The tables' page and its API on a listener of their own (page.ts), or null: off. */
  page: PageConfig | null;
  /** Games from modules outside the bundle (games.ts), as absolute paths: each exports a GameDefinition. */
  gameModules: readonly string[];
}

const DEFAULTS = { currency: 'gold', data: 'data/obsidian-tables', graceMs: 120_000, colour: true, width: 80, seed: null, verbs: {}, lostJournals: [] as string[], page: null as unknown, gameModules: [] as unknown };

/**
 * The tables' settings from ranvier.json, or an Error saying which is wrong (the start stops
 * with its message as Ranvier makes the tables' first command, command-words.ts). `data` and
 * `gameModules` are relative to the world's folder: the one that holds `bundles/`. The verbs are
 * checked against the games' own once those are known (checkVerbs, games.ts).
 */
export function readConfig(state: RanvierState): TablesConfig {
  const given = state.Config.get('obsidianTables', {}) ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) throw new Error('obsidianTables in ranvier.json must be an object');
  const known = Object.keys(DEFAULTS);
  const unknown = Object.keys(given).filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`obsidianTables.${unknown[0]} is not a setting of the tables (they are ${known.join(', ')})`);
  const c = { ...DEFAULTS, ...(given as Partial<typeof DEFAULTS>) };
  if (typeof c.currency !== 'string' || !/^[\w-]{1,40}$/.test(c.currency)) throw new Error('obsidianTables.currency must be a word, like gold');
  if (typeof c.data !== 'string' || c.data === '') throw new Error('obsidianTables.data must be a folder, like data/obsidian-tables');
  if (!Number.isSafeInteger(c.graceMs) || c.graceMs < 0) throw new Error('obsidianTables.graceMs must be a whole number of milliseconds');
  if (typeof c.colour !== 'boolean') throw new Error('obsidianTables.colour must be true or false');
  if (!Number.isSafeInteger(c.width) || c.width < 40) throw new Error('obsidianTables.width must be a whole number from 40');
  if (c.seed !== null && !Number.isSafeInteger(c.seed)) throw new Error('obsidianTables.seed must be a whole number (tests only)');
  if (!Array.isArray(c.lostJournals) || !c.lostJournals.every((j) => typeof j === 'string' && /^(?:[0-9a-f]{16}|older)$/.test(j))) {
    throw new Error('obsidianTables.lostJournals must be a list of the journal ids the start named, like ["5f3a91c2d0e4b7a1"]');
  }
  const page = readPage(c.page);
  const root = state.BundleManager ? resolve(state.BundleManager.bundlesPath, '..') : process.cwd();
  if (!Array.isArray(c.gameModules) || !c.gameModules.every((m) => typeof m === 'string' && m !== '')) {
    throw new Error('obsidianTables.gameModules must be a list of the files of game modules, like ["games/high-die.js"]');
  }
  return {
    currency: c.currency,
    dataDir: resolve(root, c.data),
    graceMs: c.graceMs,
    colour: c.colour,
    width: c.width,
    seed: c.seed,
    verbs: readVerbs(c.verbs),
    lostJournals: c.lostJournals,
    page,
    gameModules: (c.gameModules as string[]).map((m) => resolve(root, m)),
  };
}

/** `verbs`: an object of words, each value one lowercase word, and no two the same. */
function readVerbs(given: unknown): Record<string, string> {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new Error('obsidianTables.verbs must be an object of the tables\' verbs and your words for them, like { "sit": "join" }');
  const chosen = new Set<string>();
  for (const [verb, word] of Object.entries(given)) {
    if (typeof word !== 'string' || !/^[a-z]+$/.test(word)) throw new Error(`obsidianTables.verbs.${verb} must be one lowercase word (a to z), like join`);
    if (chosen.has(word)) throw new Error(`obsidianTables.verbs.${verb}: ${word} is given to another verb already; choose another word`);
    chosen.add(word);
  }
  return given as Record<string, string>;
}

/**
 * `verbs` against `words`, every word of the tables' commands (verbs.ts, bundleWords, over the
 * world's games): each key one of them, and no value one of them (it would be two commands at once).
 */
export function checkVerbs(verbs: Readonly<Record<string, string>>, words: readonly string[]): void {
  for (const [verb, word] of Object.entries(verbs)) {
    if (!words.includes(verb)) throw new Error(`obsidianTables.verbs.${verb}: ${verb} is not a verb of the tables (they are ${words.join(', ')})`);
    if (words.includes(word)) throw new Error(`obsidianTables.verbs.${verb}: ${word} is a verb of the tables already; choose another word`);
  }
}

/** `page`: null (off), or { port, host (default every address), title (default "The tables") }. */
function readPage(given: unknown): PageConfig | null {
  if (given === null) return null;
  const p = given as Partial<PageConfig>;
  const wrong = 'obsidianTables.page must be null (off) or { "port": 8081, "host": "0.0.0.0", "title": "The tables of My World" }';
  if (typeof given !== 'object' || Array.isArray(given) || Object.keys(given).some((k) => !['port', 'host', 'title'].includes(k))) throw new Error(wrong);
  if (!Number.isSafeInteger(p.port) || p.port! < 0 || p.port! > 65535) throw new Error('obsidianTables.page.port must be a port number (0: any free one)');
  if (p.host !== undefined && typeof p.host !== 'string') throw new Error('obsidianTables.page.host must be an address, like 0.0.0.0');
  if (p.title !== undefined && (typeof p.title !== 'string' || p.title === '')) throw new Error('obsidianTables.page.title must be a name, like The tables of My World');
  return { port: p.port!, host: p.host ?? '0.0.0.0', title: p.title ?? 'The tables' };
}
