import type { GameTable } from '../../../src/games/api.js';
import type { RanvierPlayer, RanvierRoom, RanvierSocket } from './ranvier.js';

/**
 * The tables' GMCP package, Table (docs/gmcp.md: Table.State, Table.Dice, Table.Hand), for the
 * players whose client asked for it, in a world whose networking speaks GMCP: ranvier-telnet's
 * TelnetSocket under the player's stream, which emits each GMCP message the client sends (a
 * world's telnet server that offers GMCP; the stock one refuses every option). The client's
 * `Core.Supports.Set` comes at the connection's start, so the bundle watches every connection
 * from its `intro` (an input event of its own beside the world's login). A message is framed
 * here, through the TelnetSocket's telnetCommand, with its JSON in ASCII (`\u` escapes):
 * ranvier-telnet 1.0.3's own sendGMCP leaves out the option byte and sizes its frame by the
 * string's length, which cuts short any message holding a card's face (7♥).
 */

/** ranvier-telnet's TelnetSocket, as far as GMCP goes. */
interface TelnetSocket {
  on(event: 'GMCP', listener: (pkg: string, data: unknown) => void): void;
  telnetCommand(command: number, bytes: number[]): void;
}

const IAC = 255;
const SB = 250;
const SE = 240;
const GMCP = 201;

/** Per connection, the packages its client asked for (lower case, without versions). */
const supports = new WeakMap<object, Set<string>>();

function telnetOf(stream: RanvierSocket | null | undefined): TelnetSocket | null {
  const inner = (stream as { socket?: Partial<TelnetSocket> } | null | undefined)?.socket;
  return inner && typeof inner.on === 'function' && typeof inner.telnetCommand === 'function' ? (inner as TelnetSocket) : null;
}

/** Listens to a new connection's GMCP, if it speaks any: which packages its client wants. */
export function watch(stream: RanvierSocket): void {
  const telnet = telnetOf(stream);
  if (!telnet || supports.has(stream)) return;
  const wanted = new Set<string>();
  supports.set(stream, wanted);
  telnet.on('GMCP', (pkg, data) => {
    const names = Array.isArray(data) ? data.filter((d): d is string => typeof d === 'string').map((d) => d.split(' ')[0].toLowerCase()) : [];
    if (pkg === 'Core.Supports.Set') wanted.clear();
    if (pkg === 'Core.Supports.Set' || pkg === 'Core.Supports.Add') for (const n of names) wanted.add(n);
    if (pkg === 'Core.Supports.Remove') for (const n of names) wanted.delete(n);
  });
}

/** Whether the player's client asked for the Table package. */
export function wantsTable(p: RanvierPlayer): boolean {
  return !!p.socket && !!supports.get(p.socket)?.has('table');
}

/** JSON with every character past ASCII as a `\u` escape: the same value, and one byte per character. */
export function asciiJson(data: unknown): string {
  return JSON.stringify(data).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function send(p: RanvierPlayer, pkg: string, data: unknown): void {
  const telnet = telnetOf(p.socket);
  if (!telnet || !p.socket?.writable) return;
  telnet.telnetCommand(SB, [GMCP, ...Buffer.from(`${pkg} ${asciiJson(data)}`, 'ascii'), IAC, SE]);
}

/** A table as its panels read it (table.ts's RanvierTable). */
export interface PanelTable {
  readonly id: string;
  readonly room: RanvierRoom;
  readonly game: Pick<GameTable, 'hand' | 'sameForEveryone'>;
  /** Table.State for one viewer. */
  stateFor(viewer: string): object;
}

/**
 * What the panels of a world's players are to hear, gathered during a step and sent once it is
 * over (with its text, before the prompt): each table's state to its room (once, however many
 * changes), the hands that changed; a throw at once, in order.
 */
export class TablePanels {
  private readonly states = new Map<PanelTable, Set<RanvierPlayer> | 'room'>();
  private readonly hands = new Map<PanelTable, Set<string>>();

  constructor(private readonly playerNamed: (name: string) => RanvierPlayer | undefined) {}

  /** The table's public state changed: its room's panels hear it. */
  stateChanged(t: PanelTable): void {
    this.states.set(t, 'room');
  }

  handChanged(t: PanelTable, name: string): void {
    this.hands.set(t, (this.hands.get(t) ?? new Set()).add(name));
  }

  /** The player came into a room: its tables' states, and their own hand at any of them. */
  entered(p: RanvierPlayer, tables: readonly PanelTable[]): void {
    if (!wantsTable(p)) return;
    for (const t of tables) {
      const due = this.states.get(t);
      if (due !== 'room') this.states.set(t, (due ?? new Set()).add(p));
      if (t.game.hand?.(p.name)) this.handChanged(t, p.name);
    }
  }

  dice(t: PanelTable, dice: readonly number[]): void {
    for (const p of t.room.players) if (wantsTable(p)) send(p, 'Table.Dice', { table: t.id, dice: [...dice], total: dice.reduce((a, b) => a + b, 0) });
  }

  flush(): void {
    for (const [t, due] of this.states) {
      let shared: unknown = null;
      for (const p of due === 'room' ? t.room.players : due) {
        if (p.room !== t.room || !wantsTable(p)) continue;
        send(p, 'Table.State', t.game.sameForEveryone ? (shared ??= t.stateFor(p.name)) : t.stateFor(p.name));
      }
    }
    for (const [t, names] of this.hands) {
      for (const name of names) {
        const p = this.playerNamed(name);
        if (!p || p.room !== t.room || !wantsTable(p)) continue;
        const faces = t.game.hand?.(name) ?? [];
        send(p, 'Table.Hand', { table: t.id, cards: faces.map((f) => f.card), faces });
      }
    }
    this.states.clear();
    this.hands.clear();
  }
}
