import { FairSource, type FairData, type RevealedSeed, type SeedMaker } from '../../../src/games/fair-source.js';
import type { DrawRef } from '../../../src/games/fair-text.js';
import type { DrawKind, RandomSource } from '../../../src/games/random.js';

/**
 * A table's provably fair source in a Ranvier world: the game package's FairSource, its seeds
 * journaled at every change (a commitment, a nonce, a client seed) before the draw is told, so
 * a restart can neither lose an unrevealed seed nor use a nonce twice. A seed found at a start
 * is retired at once (revealed, the next committed): the game that used it ended with the
 * process (docs/rulings.md, Provably fair draws).
 */
export class TableDraws implements RandomSource {
  /** Throws not yet named by the table, oldest first: which nonce each came from. */
  private throws: { ref: DrawRef; faces: string }[] = [];
  private readonly source: FairSource;

  constructor(table: string, saved: FairData | undefined, options: { ordinary: RandomSource; seeds: SeedMaker; keep: (data: FairData) => void }) {
    const fair = { ordinary: options.ordinary, seeds: options.seeds, onChange: (data: FairData) => options.keep(data) };
    if (saved) {
      this.source = FairSource.restore(saved, fair);
      this.source.retire();
    } else {
      this.source = FairSource.open(table, fair);
    }
  }

  int(n: number): number {
    return this.source.int(n);
  }

  draw<T>(run: (random: RandomSource) => T, kind: DrawKind, items?: readonly string[]): T {
    const { game, nonce } = this.source.data;
    const result = this.source.draw(run, kind, items);
    if (kind !== 'shuffle') {
      const faces = typeof result === 'number' ? [result] : (result as number[]);
      // A step throws at most a few times before the table tells them.
      this.throws = [...this.throws.slice(-7), { ref: { game, nonce }, faces: faces.join() }];
    }
    return result;
  }

  /** The draw of a throw being told: the oldest unnamed throw with these faces (older unnamed ones were never told). */
  nameThrow(faces: readonly number[]): DrawRef | null {
    const i = this.throws.findIndex((t) => t.faces === faces.join());
    if (i < 0) return null;
    return this.throws.splice(0, i + 1)[i].ref;
  }

  get data(): FairData {
    return this.source.data;
  }

  setClientSeed(text: string): { ok: true } | { ok: false; reason: string } {
    return this.source.setClientSeed(text);
  }

  /** The game is over: its seed is revealed and the next game's committed, in one journaled step. */
  retire(): RevealedSeed {
    return this.source.retire();
  }
}
