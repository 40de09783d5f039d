import { FairSource, type DrawRecord, type DrawRef, type FairData, type RevealedSeed, type SeedMaker } from '../../../src/games/fair-source.js';
import type { DrawKind, RandomSource } from '../../../src/games/random.js';

/**
 * A table's provably fair source in a Ranvier world: the game package's FairSource, its seeds
 * journaled at every change (a commitment, a nonce with what the draw produced, a client seed)
 * before the draw is told, so a restart can neither lose an unrevealed seed nor use a nonce
 * twice, and the game's record has every draw. A seed found at a start is retired at once
 * (revealed, the next committed): the game that used it ended with the process (docs/rulings.md,
 * Provably fair draws).
 */
export class TableDraws implements RandomSource {
  private readonly source: FairSource;
  /** The seed found at the start and retired: the game it was for was cut off. */
  readonly retiredAtStart: RevealedSeed | null = null;

  constructor(table: string, saved: FairData | undefined, options: { ordinary: RandomSource; seeds: SeedMaker; keep: (data: FairData, draw?: DrawRecord) => void }) {
    const fair = { ordinary: options.ordinary, seeds: options.seeds, onChange: options.keep };
    if (saved) {
      this.source = FairSource.restore(saved, fair);
      this.retiredAtStart = this.source.retire();
    } else {
      this.source = FairSource.open(table, fair);
    }
  }

  int(n: number): number {
    return this.source.int(n);
  }

  draw<T>(run: (random: RandomSource) => T, kind: DrawKind, items?: readonly string[]): T {
    return this.source.draw(run, kind, items);
  }

  /** The draw of a throw being told (FairSource.nameThrow). */
  nameThrow(faces: readonly number[]): DrawRef | null {
    return this.source.nameThrow(faces);
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
