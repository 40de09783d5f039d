import { randomBytes } from 'node:crypto';
import { commitmentOf, derivedSeed, drawStream, SEED_BYTES, streamSource } from './fair.js';
import type { DrawKind, RandomSource } from './random.js';

/**
 * One table's provably fair random source. The games' draws (random.ts marks them: a throw,
 * a die, a shuffle) each take the next nonce of the table's server seed; every other choice
 * (who becomes the HERO, which card a wizard picks) goes to the server's ordinary source and
 * uses no nonce. The state is plain data, for the host to keep with the table (the tavern keeps
 * it in its store as they are: store/entries.ts, TableFairness and DrawRecord).
 */

/** Makes the server seed for game number `game` at `table`. */
export type SeedMaker = (table: string, game: number) => Uint8Array;

/** The production seeds: 32 bytes from node:crypto. */
export const cryptoSeeds: SeedMaker = () => randomBytes(SEED_BYTES);

/** `--seed N`: the seeds follow from N (fair.ts, derivedSeed), so tests are repeatable. */
export const derivedSeeds =
  (n: number): SeedMaker =>
  (table, game) =>
    derivedSeed(n, table, game);

/** A table's seeds: the live server seed, committed before its first draw, and the last one revealed. */
export interface FairData {
  table: string;
  /** The number of the game this seed is for: 1 for a table's first seed, then 2, 3 ... */
  game: number;
  /** 64 lower-case hex digits; secret until retired. */
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  /** The number of draws made with this seed so far: the nonce of the next draw. */
  nonce: number;
  revealed: RevealedSeed | null;
}

/** A retired seed, shown so that anyone can recompute its draws: `draws` were made with it, nonces 0 to draws - 1. */
export interface RevealedSeed {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  draws: number;
}

/** One draw as the game used it: dice (as many as were thrown together), one die, or a shuffle (the items before it and after it, top first, by name). */
export type DrawRecord =
  | { nonce: number; kind: 'dice'; dice: number[] }
  | { nonce: number; kind: 'die'; die: number }
  | { nonce: number; kind: 'shuffle'; cards: string[]; order: string[] };

export interface FairOptions {
  /** Serves every choice that is not a draw. */
  ordinary: RandomSource;
  seeds: SeedMaker;
  /** Told the new data after every change (a commitment, a draw, a client seed), to persist it; with what a draw produced. */
  onChange?: (data: FairData, draw?: DrawRecord) => void;
}

export type Refusal = { ok: true } | { ok: false; reason: string };

export const CLIENT_SEED_MAX = 64;

/** A whole number from 0 (the store checks its own records the same way, store/shapes.ts). */
const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/** Which draw a throw came from: the seed's game number and the nonce. */
export interface DrawRef {
  game: number;
  nonce: number;
}

/** How many throws are remembered for `nameThrow` (a step throws at most a few before the table tells them). */
const RECENT_THROWS = 8;

export class FairSource implements RandomSource {
  private drawing = false;
  /** The latest throws (dice or one die), oldest first, not yet named by the table: which draw each was. */
  private throws: { ref: DrawRef; faces: string }[] = [];
  /** The server seed's bytes, decoded once per seed: not from hex at every throw of a busy table. */
  private seedBytes: Buffer;

  private constructor(
    private state: FairData,
    private readonly options: FairOptions,
  ) {
    this.seedBytes = Buffer.from(state.serverSeed, 'hex');
  }

  /** A table with no saved data: commits its first seed (game 1). */
  static open(table: string, options: FairOptions): FairSource {
    const source = new FairSource(committed(table, 1, null, options.seeds), options);
    source.changed();
    return source;
  }

  /**
   * Carries on exactly where the saved data left off. After a crash or restart the game that
   * used this seed cannot go on, so the server should `retire()` it next.
   */
  static restore(data: FairData, options: FairOptions): FairSource {
    const problem = dataProblem(data);
    if (problem) throw new Error(`the fairness data of table ${JSON.stringify(data?.table)} is damaged: ${problem}`);
    return new FairSource(structuredClone(data), options);
  }

  /** A copy of the state, safe to keep or serialise. */
  get data(): FairData {
    return structuredClone(this.state);
  }

  int(n: number): number {
    return this.options.ordinary.int(n);
  }

  /** One draw; with its kind, what it produced is kept with the nonce's step, for the game's record. */
  draw<T>(run: (random: RandomSource) => T, kind?: DrawKind, items?: readonly string[]): T {
    if (this.drawing) throw new Error('a draw began inside another draw');
    const { clientSeed, nonce } = this.state;
    this.drawing = true;
    let record: DrawRecord | undefined;
    try {
      const result = run(streamSource(drawStream(this.seedBytes, clientSeed, nonce)));
      if (kind) record = drawRecord(kind, nonce, result, items);
      if (kind === 'dice' || kind === 'die') {
        const faces = typeof result === 'number' ? [result] : (result as number[]);
        this.throws = [...this.throws.slice(1 - RECENT_THROWS), { ref: { game: this.state.game, nonce }, faces: faces.join() }];
      }
      return result;
    } finally {
      // A nonce is used once, even by a draw that failed half-way.
      this.drawing = false;
      this.state.nonce = nonce + 1;
      this.changed(record);
    }
  }

  /**
   * The draw of a throw the table is telling (`look dice` names its nonce): the oldest unnamed
   * throw with these faces, however many dice (the games tell their throws in the order they drew
   * them; any older unnamed one was never told).
   */
  nameThrow(faces: readonly number[]): DrawRef | null {
    const i = this.throws.findIndex((t) => t.faces === faces.join());
    if (i < 0) return null;
    return this.throws.splice(0, i + 1)[i].ref;
  }

  /** `fair seed <word>`: allowed only before the first draw made with this seed. */
  setClientSeed(text: string): Refusal {
    if (this.state.nonce > 0) {
      return { ok: false, reason: 'This game has already made its first draw; the client seed can be set again before the next game draws.' };
    }
    const problem = clientSeedProblem(text);
    if (problem) return { ok: false, reason: problem };
    this.state.clientSeed = text;
    this.changed();
    return { ok: true };
  }

  /** Ends this seed's use: reveals it and commits the next game's seed in the same step. */
  retire(): RevealedSeed {
    const { table, game, serverSeed, commitment, clientSeed, nonce } = this.state;
    const revealed = { serverSeed, commitment, clientSeed, draws: nonce };
    this.state = committed(table, game + 1, revealed, this.options.seeds);
    this.seedBytes = Buffer.from(this.state.serverSeed, 'hex');
    this.changed();
    return { ...revealed };
  }

  private changed(draw?: DrawRecord): void {
    this.options.onChange?.(this.data, draw);
  }
}

/**
 * What a draw produced, as its record says it: the dice, the die, or the cards before and after a
 * shuffle (whose `result` is the new order as positions among `items`, random.ts).
 */
function drawRecord(kind: DrawKind, nonce: number, result: unknown, items: readonly string[] = []): DrawRecord {
  if (kind === 'dice') return { nonce, kind, dice: [...(result as number[])] };
  if (kind === 'die') return { nonce, kind, die: result as number };
  return { nonce, kind, cards: [...items], order: (result as number[]).map((i) => items[i]) };
}

/** Client seeds are one word of printable ASCII, so they read and type the same everywhere. */
export function clientSeedProblem(text: string): string | null {
  if (text.length === 0) return 'A client seed needs at least one character.';
  if (text.length > CLIENT_SEED_MAX) return `A client seed is at most ${CLIENT_SEED_MAX} characters.`;
  if (!/^[\x21-\x7e]+$/.test(text)) return 'A client seed is one word of letters, digits and punctuation (no spaces or accents).';
  return null;
}

function committed(table: string, game: number, revealed: RevealedSeed | null, seeds: SeedMaker): FairData {
  const seed = seeds(table, game);
  if (seed.length !== SEED_BYTES) throw new Error(`a server seed must be ${SEED_BYTES} bytes, not ${seed.length}`);
  return {
    table,
    game,
    serverSeed: Buffer.from(seed).toString('hex'),
    commitment: commitmentOf(seed),
    clientSeed: `${table}:${game}`,
    nonce: 0,
    revealed,
  };
}

function seedProblem(what: string, seed: unknown, commitment: unknown): string | null {
  if (typeof seed !== 'string' || !/^[0-9a-f]{64}$/.test(seed)) return `${what} is not 64 lower-case hex digits`;
  if (commitment !== commitmentOf(Buffer.from(seed, 'hex'))) return `${what}'s commitment does not match it`;
  return null;
}

function dataProblem(d: FairData): string | null {
  if (typeof d !== 'object' || d === null) return 'it is not an object';
  if (typeof d.table !== 'string' || d.table === '') return 'the table id is missing';
  if (!isCount(d.game) || d.game < 1) return 'the game number is not a whole number from 1';
  if (typeof d.clientSeed !== 'string' || d.clientSeed === '') return 'the client seed is missing';
  if (!isCount(d.nonce)) return 'the nonce is not a whole number from 0';
  const seed = seedProblem('the server seed', d.serverSeed, d.commitment);
  if (seed) return seed;
  if (d.revealed === null) return null;
  const r = d.revealed;
  if (typeof r !== 'object' || typeof r.clientSeed !== 'string' || !isCount(r.draws)) return 'the revealed seed is incomplete';
  return seedProblem('the revealed seed', r.serverSeed, r.commitment);
}
