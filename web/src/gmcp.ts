/**
 * What the panels know, kept from the GMCP messages of docs/gmcp.md. The page takes every
 * package; fields it does not know are kept and ignored, missing ones are shown as unknown.
 */

export interface CharStatus {
  name: string;
  coins: number;
  room: string;
  table: string | null;
}

export interface RoomInfo {
  id: string;
  name: string;
  exits: Record<string, string>;
}

export interface TablePlayer {
  name: string;
  seat: number;
  connected: boolean;
}

interface TableCommon {
  id: string;
  name: string;
  phase: string;
  players: TablePlayer[];
  turn: string | null;
  deadline: number | null;
  now: number;
}

export interface SpiceRunState extends TableCommon {
  game: 'spice-run';
  variant: string;
  board: { square: number; wagers: { player: string; amount: number }[] }[];
  roll: [number, number] | null;
}

export interface LichBonesState extends TableCommon {
  game: 'lich-bones';
  round: number;
  rounds: number;
  hero: string | null;
  point: number | null;
  bets: LichBonesBet[];
}

export interface LichBonesBet {
  player: string;
  bet: string;
  amount: number;
  /** The quest point when it was placed; null before the opening roll. */
  placedOn?: number | null;
  /** HERO and LICH only: the rate fixed when the bet was placed. */
  rate?: { win: number; per: number; bonusPercent: number } | null;
}

export interface Negotiation {
  lair: number;
  treasure: number;
  attackers: string[];
  proposal: { by: string; split: Record<string, number> } | null;
  agreed: string[];
  waitingFor: string[];
}

/** A face-down dragon is `dragon: null, strength: null, faceDown: true`; a lair with no dragon has both null, not face down. */
export interface Lair {
  lair: number;
  dragon: string | null;
  strength: number | null;
  faceDown: boolean;
  laid: { player: string; cards: number }[];
}

export interface DragonsLairState extends TableCommon {
  game: 'dragons-lair';
  round: number;
  rounds: number;
  bank: number;
  pass: number | null;
  coins: { player: string; coins: number }[];
  hands: { player: string; cards: number }[];
  lairs: Lair[];
  negotiation: Negotiation | null;
}

export type TableState = SpiceRunState | LichBonesState | DragonsLairState;

export interface Dice {
  table: string;
  dice: [number, number];
  total: number;
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
  dice: Map<string, Dice>;
  /** The player's own Dragon's Lair hand, by table id. */
  hands: Map<string, string[]>;
}

export function emptyState(): PanelState {
  return { name: null, status: null, room: null, tables: new Map(), dice: new Map(), hands: new Map() };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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
      if (state.room?.id !== data.id) for (const byTable of [state.tables, state.dice, state.hands]) byTable.clear();
      state.room = { id: data.id, name: String(data.name ?? data.id), exits: isObject(data.exits) ? (data.exits as Record<string, string>) : {} };
      return true;
    }
    case 'Table.State': {
      if (typeof data.id !== 'string') return false;
      const skew = typeof data.now === 'number' ? data.now - localNow : 0;
      state.tables.set(data.id, { state: data as unknown as TableState, skew });
      return true;
    }
    case 'Table.Dice':
      if (typeof data.table !== 'string' || !Array.isArray(data.dice)) return false;
      state.dice.set(data.table, data as unknown as Dice);
      return true;
    case 'Table.Hand':
      if (typeof data.table !== 'string' || !Array.isArray(data.cards)) return false;
      state.hands.set(data.table, data.cards.map(String));
      return true;
    default:
      // Comm.Channel.Text and packages to come: speech is in the text already.
      return false;
  }
}

/** Milliseconds left before a table's deadline, by the server's clock; null without one. */
export function timeLeft(table: KnownTable, localNow: number): number | null {
  const { deadline } = table.state;
  if (typeof deadline !== 'number') return null;
  return Math.max(0, deadline - (localNow + table.skew));
}
