import { resolve } from 'node:path';
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
}

const DEFAULTS = { currency: 'gold', data: 'data/obsidian-tables', graceMs: 120_000, colour: true, width: 80, seed: null };

/**
 * The tables' settings from ranvier.json, or an Error saying which is wrong (Ranvier stops the
 * start with it). `data` is relative to the world's folder: the one that holds `bundles/`.
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
  const root = state.BundleManager ? resolve(state.BundleManager.bundlesPath, '..') : process.cwd();
  return { currency: c.currency, dataDir: resolve(root, c.data), graceMs: c.graceMs, colour: c.colour, width: c.width, seed: c.seed };
}
