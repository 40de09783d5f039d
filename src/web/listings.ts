/**
 * What the public tavern page and its API tell (docs/web.md): who is here, the richest, the
 * biggest wins of the last 7 days, and each table's last games with everything needed to check
 * them. Everything comes from memory (the store's kept lists and index of the richest, the
 * tavern's players); each answer is kept for CACHE_MS, so a flood of requests costs one build.
 * Characters who chose `set public off` are in no answer, nor in any game's results.
 */
import type { Tavern } from '../world/tavern.js';
import type { GameRecord } from '../store/index.js';
import type { GamesAnswer, PublicGame, TableSummary, TablesListings, TopAnswer, WhoAnswer, WinsAnswer } from '../games/tables-page.js';

export const SHOWN = 10;
const CACHE_MS = 2000;

export class Listings implements TablesListings {
  private readonly cache = new Map<string, { at: number; value: unknown }>();

  constructor(
    private readonly tavern: Tavern,
    private readonly now: () => number,
  ) {}

  who(): WhoAnswer {
    return this.cached('who', () => {
      const players = [...this.tavern.players.values()]
        .filter((p) => p.session && this.tavern.store.isPublic(p.key))
        .map((p) => ({ name: p.name, room: this.tavern.roomOf(p).name, table: p.seat?.data.name ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { count: players.length, players };
    });
  }

  top(): TopAnswer {
    return this.cached('top', () => ({ richest: this.tavern.store.richest(SHOWN).map((r, i) => ({ rank: i + 1, name: r.name, coins: r.coins })) }));
  }

  wins(): WinsAnswer {
    return this.cached('wins', () => ({
      days: 7,
      wins: this.tavern.store.wins(SHOWN, this.now()).map((w) => ({ name: w.name, coins: w.amount, table: w.table, game: w.game, number: w.number, bet: w.bet, at: w.at })),
    }));
  }

  tables(): TableSummary[] {
    return this.cached('tables', () =>
      [...this.tavern.tables.values()].map((t) => ({
        id: t.id,
        name: t.data.name,
        game: t.definition.id,
        title: t.definition.title,
        room: this.tavern.world.rooms.get(t.roomId)?.name ?? t.roomId,
        freshDecks: (t.definition.freshDecks ?? []).map((deck) => [...deck]),
      })),
    );
  }

  /** A table's last games, newest first; null for a table there is not. */
  games(tableId: string): GamesAnswer | null {
    const table = this.tables().find((t) => t.id === tableId);
    if (!table) return null;
    return this.cached(`games:${tableId}`, () => ({ table, games: this.tavern.store.games(tableId).map((g) => this.publicGame(g)).reverse() }));
  }

  private publicGame(g: Readonly<GameRecord>): PublicGame {
    return {
      table: g.table,
      game: g.game,
      number: g.number,
      at: g.at,
      cutOff: g.cutOff,
      commitment: g.commitment,
      serverSeed: g.serverSeed,
      clientSeed: g.clientSeed,
      draws: structuredClone([...g.draws]),
      results: g.results.filter((r) => this.tavern.store.isPublic(r.key)).map((r) => ({ name: r.name, bet: r.bet, stake: r.stake, paid: r.paid, outcome: r.outcome })),
    };
  }

  private cached<T>(key: string, build: () => T): T {
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value as T;
    const value = build();
    this.cache.set(key, { at: now, value });
    return value;
  }
}

/**
 * At most `limit` requests per address in each window of `windowMs`; past it, how many
 * seconds until the window ends (for a 429's Retry-After).
 */
export class RateLimit {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Null when the request may go ahead, or the seconds to wait. */
  take(address: string): number | null {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.counts.clear();
    }
    const n = (this.counts.get(address) ?? 0) + 1;
    this.counts.set(address, n);
    return n <= this.limit ? null : Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
  }
}
