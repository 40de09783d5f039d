import type { Store } from '../store/index.js';
import type { DrawRecord, GameResult } from '../store/entries.js';
import { FairSource, type FairData, type Refusal, type RevealedSeed, type SeedMaker } from '../games/fair-source.js';
import type { DrawKind, RandomSource } from '../games/random.js';
import type { DrawRef } from '../games/fair-source.js';

/**
 * A table's random source as the server hands it to its Table (its `random`): the table's
 * FairSource, its data kept in the store, and the state players are shown of it (Table.State's
 * `fair`; the words are fair-text.ts).
 *
 * Every change (a commitment, a draw's nonce, a client seed, a retirement) is recorded the
 * moment it happens, in the same step as whatever caused it. Players hear of a step only after
 * the outbox has flushed the store (output/outbox.ts), so no commitment is shown and no throw
 * told before its seed and nonce are on disk; and a nonce, once journaled, never comes back.
 */

/** What this needs of the store. */
export type SeedStore = Pick<Store, 'fairness' | 'record' | 'liveDraws'>;

export interface FairTableOptions {
  /** Serves every choice that is not a draw (the HERO, a wizard's pick). */
  ordinary: RandomSource;
  seeds: SeedMaker;
  /** The table's game (`spice-run`), for its records. */
  game: string;
  /** The time, in epoch ms, for the records. */
  now: () => number;
}

/** Table.State's `fair` (docs/gmcp.md). */
export interface FairState {
  commitment: string;
  clientSeed: string;
  nonce: number;
}

export class FairTable implements RandomSource {
  private constructor(
    private readonly source: FairSource,
    private readonly store: SeedStore,
    private readonly options: FairTableOptions,
  ) {}

  /**
   * The table's seeds from the store. A seed found there is retired at once, revealed with the
   * next one committed: whatever game used it ended with the server (docs/rulings.md: at every
   * start), and if it made draws, that cut-off game's record is written with them first. A
   * table with none commits its first. Returns the seed retired, if any.
   */
  static open(store: SeedStore, table: string, options: FairTableOptions): { random: FairTable; retired: RevealedSeed | null } {
    const fair = { ...options, onChange: (data: FairData, draw?: DrawRecord) => store.record(draw ? { kind: 'fair', fair: data, draw } : { kind: 'fair', fair: data }) };
    const saved = store.fairness(table);
    if (!saved) return { random: new FairTable(FairSource.open(table, fair), store, options), retired: null };
    const random = new FairTable(FairSource.restore(saved, fair), store, options);
    const retired = random.retire([], true);
    return { random, retired };
  }

  int(n: number): number {
    return this.source.int(n);
  }

  draw<T>(run: (random: RandomSource) => T, kind: DrawKind, items?: readonly string[]): T {
    return this.source.draw(run, kind, items);
  }

  /** The draw of a throw the table is telling (FairSource.nameThrow). */
  nameThrow(faces: readonly number[]): DrawRef | null {
    return this.source.nameThrow(faces);
  }

  get data(): FairData {
    return this.source.data;
  }

  get state(): FairState {
    const { commitment, clientSeed, nonce } = this.source.data;
    return { commitment, clientSeed, nonce };
  }

  setClientSeed(text: string): Refusal {
    return this.source.setClientSeed(text);
  }

  /**
   * The game is over: its record is written (with `results`, what came of its bets), its seed
   * revealed and the next game's committed. A seed that made no draws at a start is no game.
   */
  retire(results: readonly GameResult[], cutOff = false): RevealedSeed {
    const { table, game: number, serverSeed, commitment, clientSeed } = this.source.data;
    const draws = this.store.liveDraws(table);
    if (!cutOff || draws.length) {
      const at = new Date(this.options.now()).toISOString();
      this.store.record({ kind: 'game', record: { table, game: this.options.game, number, at, commitment, serverSeed, clientSeed, draws: structuredClone([...draws]), results: [...results], cutOff } });
    }
    return this.source.retire();
  }
}
