/**
 * What the panels know, kept from the GMCP messages of docs/gmcp.md. The page takes every
 * package; fields it does not know are kept and ignored, missing ones are shown as unknown.
 */
import type { CardFace, GameState, TableStatePlayer } from '../../src/games/panel.js';

export interface CharStatus {
  name: string;
  coins: number;
  room: string;
  table: string | null;
}

/** A thing carried, as Char.Items names it: `ale#2` is the second jug of ale (docs/gmcp.md). */
export interface CarriedItem {
  id: string;
  name: string;
  /** `e`: it can be eaten; `f`: drunk. */
  attrib?: string;
}

export interface RoomInfo {
  id: string;
  name: string;
  exits: Record<string, string>;
}

/** A seat as Table.State lists it. */
export type TablePlayer = TableStatePlayer;

/**
 * Table.State: the game's part, declared once by the game package (GameState: the common fields,
 * the panel its game describes, and the game's own fields, which the page leaves be), and what
 * the host adds that the page uses. The page draws every game from these alone.
 */
export interface TableState extends GameState {
  id: string;
  name: string;
  /** The server's clock when it was made: deadlines are counted down from it. */
  now: number;
}

/** A table's last state, as it arrived. */
export interface KnownTable {
  state: TableState;
  /** The server's clock minus the page's when the state arrived: deadlines are counted down with it. */
  skew: number;
}

export interface PanelState {
  name: string | null;
  status: CharStatus | null;
  room: RoomInfo | null;
  /** By table id, for the tables in the player's room. */
  tables: Map<string, KnownTable>;
  /** The player's own hand (Table.Hand), by table id. */
  hands: Map<string, CardFace[]>;
  /** What the player carries besides coins (Char.Items, location "inv"), in the order told. */
  items: CarriedItem[];
}

export function emptyState(): PanelState {
  return { name: null, status: null, room: null, tables: new Map(), hands: new Map(), items: [] };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isItem = (v: unknown): v is CarriedItem => isObject(v) && typeof v.id === 'string' && typeof v.name === 'string';

/**
 * Applies one GMCP message; returns whether the panels changed. `localNow` is the page's clock
 * when the message arrived.
 */
export function applyGmcp(state: PanelState, pkg: string, data: unknown, localNow: number): boolean {
  if (!isObject(data)) return false;
  switch (pkg) {
    case 'Char.Name':
      if (typeof data.name !== 'string') return false;
      state.name = data.name;
      return true;
    case 'Char.Status':
      if (typeof data.coins !== 'number') return false;
      state.status = data as unknown as CharStatus;
      if (typeof data.name === 'string') state.name = data.name;
      return true;
    case 'Room.Info': {
      if (typeof data.id !== 'string') return false;
      // The tables of the room left behind go; the new room's come in their own Table.State.
      if (state.room?.id !== data.id) for (const byTable of [state.tables, state.hands]) byTable.clear();
      state.room = { id: data.id, name: String(data.name ?? data.id), exits: isObject(data.exits) ? (data.exits as Record<string, string>) : {} };
      return true;
    }
    case 'Table.State': {
      if (typeof data.id !== 'string') return false;
      const skew = typeof data.now === 'number' ? data.now - localNow : 0;
      state.tables.set(data.id, { state: data as unknown as TableState, skew });
      return true;
    }
    case 'Table.Hand':
      if (typeof data.table !== 'string' || !Array.isArray(data.faces)) return false;
      state.hands.set(data.table, data.faces as CardFace[]);
      return true;
    case 'Char.Items.List':
      if (data.location !== 'inv' || !Array.isArray(data.items)) return false;
      state.items = data.items.filter(isItem);
      return true;
    case 'Char.Items.Add':
      if (data.location !== 'inv' || !isItem(data.item)) return false;
      state.items = [...state.items.filter((i) => i.id !== (data.item as CarriedItem).id), data.item];
      return true;
    case 'Char.Items.Remove':
      if (data.location !== 'inv' || !isItem(data.item)) return false;
      state.items = state.items.filter((i) => i.id !== (data.item as CarriedItem).id);
      return true;
    default:
      // Comm.Channel.Text: speech is in the text already. Table.Dice: a panel shows the dice its game describes.
      return false;
  }
}

/** Milliseconds left before a table's deadline, by the server's clock; null without one. */
export function timeLeft(table: KnownTable, localNow: number): number | null {
  const { deadline } = table.state;
  if (typeof deadline !== 'number') return null;
  return Math.max(0, deadline - (localNow + table.skew));
}
