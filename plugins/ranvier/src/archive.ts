import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DurableLines } from '../../../src/disk/durable-lines.js';
import type { PublicGame } from '../../../src/games/tables-page.js';
import type { Result } from './books.js';

/**
 * Every finished game's record, kept for good: the tables' journal is rewritten at each start,
 * so a game's seeds, draws and results go, as the game ends, to a file of their own,
 * `<data>/games.jsonl`, one line per game, appended and flushed, never rewritten. Anyone can then
 * check any game long after it ended (`fair <table> <game>`, the tables' page). In memory are
 * where each line is (to read one back) and the last few games of each table (for the page).
 */

/** A finished game's record: the page's public game (its fields say what each is), with the results as the books keep them. */
export interface GameRecord extends Omit<PublicGame, 'results'> {
  results: Result[];
}

/** The games of each table kept in memory, for the page and its API. */
export const RECENT_GAMES = 20;

export class GameArchive {
  /** Per table: each game's number and where its line is. */
  private readonly index = new Map<string, Map<number, { at: number; length: number }>>();
  private readonly recent = new Map<string, GameRecord[]>();

  private constructor(private readonly lines: DurableLines) {}

  get file(): string {
    return this.lines.file;
  }

  /** The records in `dir`; a last line a kill cut short (never flushed, so never told) is dropped. */
  static open(dir: string): GameArchive {
    const file = join(dir, 'games.jsonl');
    const text = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
    const whole = text.lastIndexOf(0x0a) + 1;
    const archive = new GameArchive(DurableLines.open(file, whole));
    let at = 0;
    for (const line of text.subarray(0, whole).toString('utf8').split('\n').slice(0, -1)) {
      const length = Buffer.byteLength(line) + 1;
      let record: GameRecord;
      try {
        record = JSON.parse(line) as GameRecord;
      } catch {
        throw new Error(`${file}: the line at byte ${at} is damaged (not JSON); the tables will not guess what it held`);
      }
      archive.noteAt(record, at, length);
      at += length;
    }
    return archive;
  }

  has(table: string, number: number): boolean {
    return this.index.get(table)?.has(number) ?? false;
  }

  /** Appends a game's record and flushes it; throws if the disk refuses (and takes back any part written). */
  append(record: GameRecord): void {
    const line = Buffer.from(`${JSON.stringify(record)}\n`);
    const at = this.lines.length;
    this.lines.append(line);
    this.noteAt(record, at, line.length);
  }

  /** A table's game, read back from the file; null if it has no record. */
  read(table: string, number: number): GameRecord | null {
    const where = this.index.get(table)?.get(number);
    if (!where) return null;
    return JSON.parse(this.lines.read(where.at, where.length).toString('utf8')) as GameRecord;
  }

  /** The numbers of a table's recorded games, oldest first. */
  numbers(table: string): number[] {
    return [...(this.index.get(table)?.keys() ?? [])].sort((a, b) => a - b);
  }

  /** A table's last games, newest first. */
  latest(table: string): readonly GameRecord[] {
    return [...(this.recent.get(table) ?? [])].reverse();
  }

  close(): void {
    this.lines.close();
  }

  private noteAt(record: GameRecord, at: number, length: number): void {
    const games = this.index.get(record.table) ?? new Map<number, { at: number; length: number }>();
    games.set(record.number, { at, length });
    this.index.set(record.table, games);
    this.recent.set(record.table, [...(this.recent.get(record.table) ?? []), record].slice(-RECENT_GAMES));
  }
}
