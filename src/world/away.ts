/**
 * Coming back: what a player who left (a dropped connection, or quit) is told on return, of
 * the coins the tables paid them or took while they were away, and of the game they still sit
 * at. The coins come from the ledger: every transaction's table results (what came of each bet)
 * are noted for the characters who left with a seat or coins on a table, until they return.
 * Kept in memory: a restart forgets it (`history` still shows every result).
 */
import { duration } from '../games/deadline.js';
import type { TableResult } from '../store/index.js';
import { obsidianCoins } from '../output/words.js';
import { stakesOf } from './escrow.js';
import { resultLine } from './result-line.js';
import type { Player } from './player.js';
import type { TavernCore } from './tavern-core.js';

export class WhileAway {
  /** The results settled for each character away, by key, oldest first. */
  private readonly settled = new Map<string, TableResult[]>();
  /** The table each character whose connection dropped sat at: the seat is kept for a while, and may be lost. */
  private readonly seats = new Map<string, string>();

  constructor(private readonly tavern: TavernCore) {}

  /**
   * The player leaves the world (`dropped`: loses the connection): with a seat or coins on a
   * table, what comes of them is noted, and the seat a dropped player may lose.
   */
  left(p: Player, dropped: boolean): void {
    if (p.seat || stakesOf(this.tavern, p).length) this.settled.set(p.key, this.settled.get(p.key) ?? []);
    if (p.seat && dropped) this.seats.set(p.key, p.seat.data.name);
  }

  /** A transaction's results (the ledger's): those of characters away are kept for their return. */
  recorded(results: readonly TableResult[]): void {
    for (const r of results) this.settled.get(r.key)?.push(r);
  }

  /** What the player is told on return: what the tables paid or took meanwhile, and where their game stands. */
  back(p: Player): string[] {
    const results = this.settled.get(p.key) ?? [];
    const had = this.seats.get(p.key);
    this.settled.delete(p.key);
    this.seats.delete(p.key);
    const told: string[] = [];
    if (had && !p.seat) told.push(`While you were away, you lost your seat at ${had}: a seat is kept for ${duration(this.tavern.settings.graceMs)} after a connection drops.`);
    if (results.length) {
      const paid = results.reduce((n, r) => n + r.paid, 0);
      const staked = results.reduce((n, r) => n + r.stake, 0);
      // Hand-outs and the HERO's bonus are results with nothing staked: paid, but no bet settled.
      const betCount = results.filter((r) => r.stake > 0).length;
      const settled = betCount === 0 ? '' : `settled ${betCount === 1 ? 'a bet' : `${betCount} bets`} of yours and `;
      told.push(
        [
          `While you were away, the tables ${settled}paid you ${obsidianCoins(paid)}${staked ? ` (${obsidianCoins(staked)} had been staked)` : ''}:`,
          ...results.map((r) => resultLine(this.tavern, r)),
        ].join('\n'),
      );
    }
    const seat = p.seat;
    if (seat) told.push(`You are still seated at ${seat.data.name}. Its game stands so:\n${seat.describe(p)}`);
    const elsewhere = stakesOf(this.tavern, p).filter(({ table }) => table !== seat);
    for (const { table, coins } of elsewhere) told.push(`You still have ${obsidianCoins(coins)} on ${table.data.name}.`);
    return told;
  }
}

