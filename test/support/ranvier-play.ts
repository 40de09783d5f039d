import type { TestClient } from './client.js';
import { playOutSpiceRun } from './spiceRun.js';
import { playDragonsLair as playOut, SecretWatch as Watch, type Seat as PlaySeat } from './table-play.js';

/**
 * Playing the three games at the tables of the tests' Ranvier world (test/support/ranvier.ts),
 * as players over telnet would: the shared players of table-play.ts, with this host's line that
 * shows a table (`table <word>`) and every byte each socket received.
 */

export { chooser, toldCoins } from './table-play.js';

export interface Seat {
  name: string;
  client: TestClient;
}

/** A seat as the secrecy watch reads it: `all` is every byte its socket received, telnet commands and all. */
function everyByte(s: Seat): PlaySeat {
  return { name: s.name, client: { command: (line) => s.client.command(line), get all() { return Buffer.concat(s.client.raw).toString('latin1'); } } };
}

/** The purse a reply tells: `You have 1,000 obsidian coins.` */
export function purseIn(reply: string): number {
  const m = /You have ([\d,]+) obsidian coins?/.exec(reply);
  if (!m) throw new Error(`no purse in: ${reply}`);
  return num(m[1]);
}

const num = (text: string) => Number(text.replace(/,/g, ''));

/**
 * Plays a game of Spice Run at `table` out, doing what the table asks of whoever is on turn
 * (roll, bet `stake`, play); after every step `check()` runs. Returns every reply.
 */
export function playSpiceRun(a: Seat, b: Seat, table: string, stake: number, check: () => Promise<void>): Promise<string> {
  return playOutSpiceRun(a.client, b.client, String(stake), { table, look: `table ${table}`, after: check });
}

/** The shared secrecy watch over every byte each of these sockets received. */
export class SecretWatch extends Watch {
  constructor(players: Seat[], onlookers: Seat[]) {
    super(players.map(everyByte), onlookers.map(everyByte));
  }
}

/** Plays a Dragon's Lair game at `table` out with choices from `pick`, a checkpoint of the watch before every step. */
export function playDragonsLair(players: Seat[], table: string, watch: SecretWatch, pick: (n: number) => number): Promise<void> {
  return playOut(players.map(everyByte), watch, { table, look: `table ${table}`, pick });
}
