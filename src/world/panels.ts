/**
 * What a client's panels are told (output/news.ts; docs/gmcp.md gives each as GMCP). Everything is
 * queued in the outbox with the text, so it waits for the disk like the text does; each
 * transport turns the news into its own messages (one producer, two transports).
 *
 * Nothing scans every player. What may have changed is noted where it happens, and sent at most
 * once per delivery when the tavern releases its output (`flush`):
 * - the status (Char.Status) of the players whose coins moved (the ledger names the accounts of
 *   every transaction), whose seat changed (Player.seat), who walked (Tavern.moveTo) or arrived;
 *   sent only when it differs from what their session was last told.
 * - a table's state (Table.State) for each table that reported news, to everyone in its room,
 *   each their own view (built once for the room when the table says its state is the same for
 *   every viewer); and for the tables of a room, to whoever comes in. In a crowded room a
 *   player's own small move (a bet) goes at once to that player's panel only, and to the whole
 *   room at most once every CROWD_STATE_EVERY_MS (or sooner, with the next change that concerns
 *   everyone): 200 bettors do not each send the table's whole state to 200 panels.
 * - a hand (Table.Hand) to the one player whose hand changed.
 * - what a player carries (Char.Items.List at arrival, then .Add and .Remove for what changed,
 *   items.ts), for the players whose things moved (the ledger names the places).
 * The room (Room.Info, on entering it) and the dice (Table.Dice, at each throw) are queued at
 * once, in order.
 */
import type { Session } from '../output/outbox.js';
import type { CharStatus, PanelNews, TableState } from '../output/news.js';
import type { TavernTable } from './table.js';
import type { TavernCore } from './tavern-core.js';
import type { Player } from './player.js';
import type { Account } from '../store/account.js';
import { carriedBy, type Place } from '../store/place.js';
import { itemChanges, itemsOf } from '../output/items.js';
import { heldIn } from './belongings.js';
import { DIRECTIONS } from '../text/directions.js';
import type { Timer } from './clock.js';

/** In a crowded room, how long the panels may lag behind the players' own moves (bets). */
export const CROWD_STATE_EVERY_MS = 1_000;

export class Panels {
  /** Players whose Char.Status may have changed since the last flush. */
  private readonly statusDue = new Set<Player>();
  /** What each session was last told in Char.Status: an unchanged status is not sent again. */
  private readonly lastStatus = new WeakMap<Session, string>();
  /** Tables whose state goes to their whole room at the next flush. */
  private readonly tablesDue = new Set<TavernTable>();
  /** Tables whose state goes to a few players only: they have just come into the room. */
  private readonly viewersDue = new Map<TavernTable, Set<Player>>();
  /** Players (by name) whose own hand at a table is to be sent. */
  private readonly handsDue = new Map<TavernTable, Set<string>>();
  /** Tables of crowded rooms whose state goes to the whole room when the timer fires. */
  private readonly tablesLater = new Map<TavernTable, Timer>();
  /** Players whose things may have changed since the last flush. */
  private readonly itemsDue = new Set<Player>();
  /** What each session was last told its player carries, by thing: Char.Items.Add and .Remove tell the difference. */
  private readonly lastItems = new WeakMap<Session, Map<string, number>>();

  constructor(private readonly tavern: TavernCore) {}

  // --- what happened ------------------------------------------------------------------------

  /** A session has just taken the player into the world (a login, a takeover, a return). */
  arrived(p: Player): void {
    this.tavern.tell(p, { news: { kind: 'character', data: { name: p.name } } });
    this.listItems(p);
    this.entered(p);
  }

  /** The player is in a room they were not shown yet: its Room.Info, then its tables. */
  entered(p: Player): void {
    const session = p.session;
    if (!session) return;
    this.statusDue.add(p);
    const room = this.tavern.roomOf(p);
    if (session.wants('room')) {
      const exits = Object.fromEntries(DIRECTIONS.filter((d) => room.exits[d]).map((d) => [d, room.exits[d]!]));
      this.tavern.tell(p, { news: { kind: 'room', data: { id: room.id, name: room.name, exits } } });
    }
    for (const t of this.tavern.tablesIn(room.id)) {
      due(this.viewersDue, t).add(p);
      if (t.handFor(p)) due(this.handsDue, t).add(p.name);
    }
  }

  /** The player's seat (or room, or coins) may be different now. */
  statusChanged(p: Player): void {
    this.statusDue.add(p);
  }

  /** A coin transaction moved coins in these accounts. */
  coinsMoved(accounts: readonly Account[]): void {
    for (const account of accounts) {
      if (account.kind !== 'character') continue;
      const p = this.tavern.players.get(account.key);
      if (p) this.statusDue.add(p);
    }
  }

  /** Things moved in and out of these places. */
  thingsMoved(places: readonly Place[]): void {
    for (const place of places) {
      if (place.kind !== 'character') continue;
      const p = this.tavern.players.get(place.key);
      if (p) this.itemsDue.add(p);
    }
  }

  /** What a table reports (TavernTable.onNews). */
  tableNews(t: TavernTable, news: PanelNews): void {
    switch (news.kind) {
      case 'state': {
        const mover = news.by === undefined ? undefined : this.tavern.players.get(news.by.toLowerCase());
        if (mover && this.tavern.crowded(t.roomId)) {
          due(this.viewersDue, t).add(mover);
          this.later(t);
        } else {
          this.tablesDue.add(t);
        }
        break;
      }
      case 'hand':
        due(this.handsDue, t).add(news.player);
        break;
      case 'dice':
        // Every throw is told, in order; the one object goes to the whole room.
        this.tavern.tell({ room: t.roomId }, { news: { kind: 'table-dice', data: news.dice } });
        break;
    }
  }

  // --- what is sent -------------------------------------------------------------------------

  /** Queues everything noted since the last flush; the tavern calls this before each release. */
  flush(): void {
    // Nearly every release (an `inventory`, a `say`) notes nothing for the panels.
    if (!this.tablesDue.size && !this.viewersDue.size && !this.handsDue.size && !this.statusDue.size && !this.itemsDue.size) return;
    for (const t of this.tablesDue) {
      this.tablesLater.get(t)?.cancel();
      this.tablesLater.delete(t);
      this.sendState(t, this.tavern.whereabouts.present(t.roomId));
    }
    for (const [t, viewers] of this.viewersDue) if (!this.tablesDue.has(t)) this.sendState(t, viewers);
    for (const [t, names] of this.handsDue) for (const name of names) this.sendHand(t, name);
    for (const p of this.statusDue) this.sendStatus(p);
    for (const p of this.itemsDue) this.sendItemChanges(p);
    this.itemsDue.clear();
    this.tablesDue.clear();
    this.viewersDue.clear();
    this.handsDue.clear();
    this.statusDue.clear();
  }

  /** What Char.Status says of a player now. */
  statusOf(p: Player): CharStatus {
    return { name: p.name, coins: this.tavern.ledger.balance(p.purse), room: p.room, table: p.seat?.id ?? null };
  }

  /** The whole room hears the table's state at the end of the time (unless it hears it sooner). */
  private later(t: TavernTable): void {
    if (this.tablesLater.has(t)) return;
    const timer = this.tavern.clock.setTimer(CROWD_STATE_EVERY_MS, () => {
      this.tablesLater.delete(t);
      this.tablesDue.add(t);
      void this.tavern.release();
    });
    this.tablesLater.set(t, timer);
  }

  private sendState(t: TavernTable, viewers: Iterable<Player>): void {
    let shared: TableState | null = null;
    for (const p of viewers) {
      const session = p.session;
      if (!session || p.room !== t.roomId || !session.wants('table-state')) continue;
      const state = t.sharedState ? (shared ??= t.stateFor(p)) : t.stateFor(p);
      this.tavern.tell(p, { news: { kind: 'table-state', data: state } });
    }
  }

  private sendHand(t: TavernTable, name: string): void {
    const p = this.tavern.players.get(name.toLowerCase());
    const session = p?.session;
    if (!p || !session || !session.wants('table-hand')) return;
    // An emptied hand (the game is over, or they left it) is sent as no cards, so a panel clears.
    this.tavern.tell(p, { news: { kind: 'table-hand', data: t.handFor(p) ?? { table: t.id, cards: [], faces: [] } } });
  }

  /** Everything the player carries, as one list (Char.Items.List): at arrival, and when their client asks (Char.Items.Inv). */
  listItems(p: Player): void {
    const session = p.session;
    if (!session || !session.wants('items-list')) return;
    const now = carried(this.tavern, p);
    this.lastItems.set(session, now);
    const items = [...now].flatMap(([id, n]) => itemsOf(this.tavern.world.things.get(id)!, 1, n));
    this.tavern.tell(p, { news: { kind: 'items-list', data: { location: 'inv', items } } });
  }

  /** What came into the player's hands and left them since they were last told (Char.Items.Add, .Remove). */
  private sendItemChanges(p: Player): void {
    const session = p.session;
    if (!session || !session.wants('items-add')) return;
    const was = this.lastItems.get(session);
    if (!was) return this.listItems(p);
    const now = carried(this.tavern, p);
    this.lastItems.set(session, now);
    for (const id of new Set([...was.keys(), ...now.keys()])) {
      const { added, removed } = itemChanges(this.tavern.world.things.get(id)!, was.get(id) ?? 0, now.get(id) ?? 0);
      for (const item of removed) this.tavern.tell(p, { news: { kind: 'items-remove', data: { location: 'inv', item } } });
      for (const item of added) this.tavern.tell(p, { news: { kind: 'items-add', data: { location: 'inv', item } } });
    }
  }

  private sendStatus(p: Player): void {
    const session = p.session;
    if (!session || !session.wants('status')) return;
    const status = this.statusOf(p);
    const seen = `${status.coins} ${status.room} ${status.table}`;
    if (this.lastStatus.get(session) === seen) return;
    this.lastStatus.set(session, seen);
    this.tavern.tell(p, { news: { kind: 'status', data: status } });
  }
}

/** What a player carries, by thing id, in the order of the world's things. */
function carried(tavern: TavernCore, p: Player): Map<string, number> {
  return new Map(heldIn(tavern.world.things, tavern.ledger, carriedBy(p.key)).map((h) => [h.thing.id, h.n]));
}

function due<T>(map: Map<TavernTable, Set<T>>, t: TavernTable): Set<T> {
  let set = map.get(t);
  if (!set) map.set(t, (set = new Set()));
  return set;
}
