/**
 * What the tavern tells a client's panels, as the tavern says it: a kind of news and its data.
 * Each transport turns it into its own messages at the edge (GMCP's package names are written in
 * src/telnet/gmcp.ts alone, and the web page takes the same ones); nothing here names a package.
 * docs/gmcp.md gives the shape of each on the wire.
 */
import type { CardFace, GameState } from '../games/api.js';
import type { ItemList, ItemNews } from './items.js';

/** The ways words travel (Comm.Channel.Text's `channel`). */
export type Channel = 'say' | 'emote' | 'whisper' | 'tell' | 'shout' | 'ooc' | 'social' | 'announce';

/** A player's status for the panels (Char.Status). */
export interface CharStatus {
  name: string;
  coins: number;
  room: string;
  table: string | null;
}


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
  /** Everything they carry (besides coins), one item per thing: after login. */
  'items-list': ItemList;
  /** A thing that came into their hands. */
  'items-add': ItemNews;
  /** A thing that left their hands. */
  'items-remove': ItemNews;
}

export type NewsKind = keyof NewsData;

/** One piece of news: its kind and that kind's data. */
export type News = { [K in NewsKind]: { kind: K; data: NewsData[K] } }[NewsKind];

/** What one person is told: a line of text, news for their panels, or both; null or '' for nothing. */
export type Told = string | { text?: string; news?: News } | null;

/**
 * GMCP `Table.State` (docs/gmcp.md) for one viewer: the fields the tavern adds, then the game's
 * (GameState: its phase, players, turn and deadline, and its own). It holds only what that
 * viewer may see.
 */
export interface TableState extends GameState {
  id: string;
  game: string;
  /** "the sand table". */
  name: string;
  /** The table's provably fair commitment, client seed and the next draw's nonce. */
  fair: { commitment: string; clientSeed: string; nonce: number };
  /** The server's clock when this was made, so a client can count down. */
  now: number;
}

/** GMCP `Table.Hand`: a player's own cards, for that player only: their names, and how a panel draws each. */
export interface TableHand {
  table: string;
  cards: string[];
  faces: CardFace[];
}

/** GMCP `Table.Dice`: a throw (the dice thrown together, or Dragon's Lair's one treasure die). */
export interface TableDice {
  table: string;
  dice: number[];
  total: number;
}

/**
 * What a table tells whoever carries its data to clients (GMCP, the web page) after a change.
 * It may come more than once for one command: a sender should coalesce, one message per delivery.
 */
export type PanelNews =
  /**
   * The public state changed: Table.State to everyone in the table's room (each their own).
   * `by`: the change is one player's own small move (a bet); in a crowded room the others' panels
   * may hear of it a moment later, with the moves after it (Panels, docs/gmcp.md).
   */
  | { kind: 'state'; by?: string }
  /** This player's own hand changed: Table.Hand to them. */
  | { kind: 'hand'; player: string }
  /** The dice were thrown: Table.Dice to everyone in the room. */
  | { kind: 'dice'; dice: TableDice };

