/**
 * What the tavern tells a client's panels, as the tavern says it: a kind of news and its data.
 * Each transport turns it into its own messages at the edge (GMCP's package names are written in
 * src/telnet/gmcp.ts alone, and the web page takes the same ones); nothing here names a package.
 * docs/gmcp.md gives the shape of each on the wire.
 */
import type { Channel } from '../commands/speech.js';
import type { CharStatus } from './panels.js';
import type { TableDice, TableHand, TableState } from '../tables/tables.js';

export interface NewsData {
  /** Who the player is, after login. */
  character: { name: string };
  /** Their coins, room and seat. */
  status: CharStatus;
  /** The room they are in, with its ways out. */
  room: { id: string; name: string; exits: Record<string, string> };
  /** Words they hear, with the line they are shown (without its marks). */
  speech: { channel: Channel; talker: string; text: string };
  /** A table in their room, as they may see it. */
  'table-state': TableState;
  /** A throw at a table in their room. */
  'table-dice': TableDice;
  /** Their own cards at a table. */
  'table-hand': TableHand;
}

export type NewsKind = keyof NewsData;

/** One piece of news: its kind and that kind's data. */
export type News = { [K in NewsKind]: { kind: K; data: NewsData[K] } }[NewsKind];

/** What one person is told: a line of text, news for their panels, or both; null or '' for nothing. */
export type Told = string | { text?: string; news?: News } | null;
