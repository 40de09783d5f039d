import type { Clock, HostWords } from '../../../src/games/api.js';
import type { PublicGame, TablesListings, TableSummary, TopAnswer, WhoAnswer, WinsAnswer } from '../../../src/games/tables-page.js';
import { ago } from '../../../src/text/ago.js';
import { hanging } from '../../../src/text/markup.js';
import type { GameArchive, GameRecord } from './archive.js';
import { WINS_DAYS, type Books } from './books.js';
import type { SavedPlayer } from './markers.js';
import type { Marker, Purses } from './purses.js';
import type { RanvierPlayer, RanvierState } from './ranvier.js';
import type { TableNamer } from './results.js';
import type { RanvierTable } from './table.js';

/**
 * The world's players as the tables' lists show them (`top`, `top wins`, the tables' page and its
 * API): the richest by their purse in the tables' currency, the biggest wins of the last days,
 * who is in the world, and each table's last games. A player who is in the world is read as they
 * are; one who is not, as the world last saved them (read at the start, and again whenever the
 * world saves a player), brought up to date with the tables' books. A player who chose
 * `top public off` is on none of them.
 */

export const SHOWN = 10;

/** What the lists read of the world's tables (world.ts's TablesWorld, which keeps the standings). */
export interface StandingsWorld {
  readonly tables: readonly RanvierTable[];
  readonly archive: GameArchive;
  readonly words: HostWords;
  readonly names: TableNamer;
  readonly clock: Clock;
  /** A verb of the tables as this world types it. */
  word(verb: string): string;
  connected(p: RanvierPlayer): boolean;
  seatOf(name: string): RanvierTable | undefined;
}

/** A numbered line of a list, its wrapped lines hanging under its text, as every list of the tavern's. */
const numbered = (i: number, text: string) => hanging(`  ${String(i + 1).padStart(2)}.`, text);

interface Known {
  name: string;
  coins: number;
  public: boolean;
}

const isPublic = (metadata: Record<string, unknown> | undefined) => (metadata?.obsidianTables as Marker | undefined)?.public !== false;

export class Standings implements TablesListings {
  /** Every player the world has saved, by key, as last seen. */
  private readonly known = new Map<string, Known>();
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly state: RanvierState,
    private readonly world: StandingsWorld,
    private readonly books: Books,
    private readonly purses: Purses,
  ) {}

  /** The players the world had saved at the start. */
  read(players: Record<string, SavedPlayer>): void {
    for (const [id, saved] of Object.entries(players)) this.note({ name: saved.name ?? id, metadata: saved.metadata ?? {} });
  }

  /** A player as they are now (in the world, or just saved): their purse, with what the tables did since. */
  note(p: { name: string; metadata: Record<string, unknown> }): void {
    const coins = (p.metadata.currencies as Record<string, unknown> | undefined)?.[this.purses.currency];
    const purse = Number.isSafeInteger(coins) ? (coins as number) : 0;
    const owed = this.books.net(this.purses.currency, p.name.toLowerCase()) - this.purses.applied(p);
    this.known.set(p.name.toLowerCase(), { name: p.name, coins: Math.max(0, purse + owed), public: isPublic(p.metadata) });
  }

  /** Something the lists show changed (a player chose to be on them, or off): the next answer is built afresh. */
  changed(): void {
    this.cache.clear();
  }

  isPublic(key: string): boolean {
    const p = this.state.PlayerManager.getPlayer(key);
    return p ? isPublic(p.metadata) : (this.known.get(key)?.public ?? true);
  }

  who(): WhoAnswer {
    return this.cached('who', () => {
      const players = [...this.state.PlayerManager.players.values()]
        .filter((p) => this.world.connected(p) && isPublic(p.metadata))
        .map((p) => ({ name: p.name, room: p.room?.title ?? '', table: this.world.seatOf(p.name)?.label ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { count: players.length, players };
    });
  }

  top(): TopAnswer {
    return this.cached('top', () => {
      for (const p of this.state.PlayerManager.players.values()) this.note(p);
      const richest = [...this.known.values()].filter((k) => k.public && k.coins > 0).sort((a, b) => b.coins - a.coins || a.name.localeCompare(b.name));
      return { richest: richest.slice(0, SHOWN).map((k, i) => ({ rank: i + 1, name: k.name, coins: k.coins })) };
    });
  }

  wins(): WinsAnswer {
    return this.cached('wins', () => {
      const wins = this.books.wins(this.world.clock.now()).filter((w) => this.isPublic(w.key));
      return {
        days: WINS_DAYS,
        wins: wins.slice(0, SHOWN).map((w) => ({ name: w.name, coins: w.paid - w.stake, table: w.table, game: w.game, number: w.number, bet: w.bet, at: new Date(w.at).toISOString() })),
      };
    });
  }

  tables(): TableSummary[] {
    return this.world.tables.map((t) => ({
      id: t.id,
      name: t.label,
      game: t.definition.id,
      title: t.definition.title,
      room: t.room.title,
      freshDecks: (t.definition.freshDecks ?? []).map((deck) => [...deck]),
    }));
  }

  games(tableId: string): { table: TableSummary; games: PublicGame[] } | null {
    const table = this.tables().find((t) => t.id === tableId);
    if (!table) return null;
    return this.cached(`games:${tableId}`, () => ({ table, games: this.world.archive.latest(tableId).map((g) => this.publicGame(g)) }));
  }

  /** `top`: the richest, in lines. */
  richestText(viewer: RanvierPlayer): string {
    const list = this.top().richest;
    const lines = list.length ? ['The richest here:', ...list.map((r, i) => numbered(i, `${r.name}: ${this.world.words.money(r.coins)}`))] : ['Nobody here holds a coin yet.'];
    return this.withViewer(lines, viewer);
  }

  /** `top wins`: the biggest wins of the last days, in lines. */
  winsText(viewer: RanvierPlayer): string {
    const now = this.world.clock.now();
    const list = this.wins().wins;
    const lines = list.length
      ? [
          `The biggest wins of the last ${WINS_DAYS} days:`,
          ...list.map((w, i) => numbered(i, `${w.name} won ${this.world.words.money(w.coins)} at ${this.world.names.label(w.table)} (game ${w.number}, ${w.bet}), ${ago(now - Date.parse(w.at))}`)),
        ]
      : [`Nobody has won at the tables in the last ${WINS_DAYS} days.`];
    return this.withViewer(lines, viewer);
  }

  private withViewer(lines: string[], viewer: RanvierPlayer): string {
    if (!isPublic(viewer.metadata)) lines.push(`You are kept off these lists (${this.world.word('top')} public on to be on them).`);
    return lines.join('\n');
  }

  private publicGame(g: GameRecord): PublicGame {
    const { table, game, number, at, cutOff, commitment, serverSeed, clientSeed, draws } = g;
    const results = g.results.filter((r) => this.isPublic(r.key)).map((r) => ({ name: r.name, bet: r.bet, stake: r.stake, paid: r.paid, outcome: r.outcome }));
    return { table, game, number, at, cutOff, commitment, serverSeed, clientSeed, draws, results };
  }

  /** An answer kept for two seconds: a flood of requests costs one build. */
  private cached<T>(key: string, build: () => T): T {
    const now = this.world.clock.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < 2000) return hit.value as T;
    const value = build();
    this.cache.set(key, { at: now, value });
    return value;
  }
}
