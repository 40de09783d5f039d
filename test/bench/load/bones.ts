/**
 * The load benchmark's bet figures: Lich Bones with a crowd seated, and the two floors a bet is
 * measured against in the same run (the disk's, and the least-work server's).
 *
 * Bets are timed in two rounds of one game, and every bet of both must be under 5 ms. Each round
 * is printed on its own: the first holds the first bets of the server's life (V8 compiles their
 * code on helper threads while they run, and on two cores a compile delays whichever thread
 * wakes next), the second the same bets on code that has run before.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFiles } from '../../../src/store/files.js';
import { connectAll, type LoadClient } from './client.js';
import { ECHO_SERVER, percentiles, serve, type Percentiles } from './process.js';

const BET = 'bet hero 5000';
/** The bet figure's line: every bet must stay under it. */
export const BET_TARGET_MS = 5;
/** Dreaven's answer to a bet taken (a refusal, or coins coming back, does not match). */
const TAKEN = /takes your [\d,]+ obsidian coins? on HERO[^]*> $/;
const BETS_OPEN = /place your bets[^]*> $/;

export interface RoundOfBets extends Percentiles {
  /** Which bet, counting from 1, took longest. */
  slowest: number;
  /** How many took BET_TARGET_MS or more. */
  late: number;
}

export interface FloorBets extends Percentiles {
  /** How many took BET_TARGET_MS or more. */
  late: number;
}

const lateOf = (times: number[]) => times.filter((ms) => ms >= BET_TARGET_MS).length;

export interface BonesResult {
  seated: number;
  /** Each round's bets, in order (two when nothing went wrong). */
  rounds: RoundOfBets[];
  /** From the first round's throw to the last player told of it. */
  told: number | null;
  problem?: string;
}

/** One line from each client in turn, each sent once the one before is answered: the times in order, up to the first that went unanswered. */
async function inTurn(clients: LoadClient[], line: string, answer: RegExp): Promise<number[]> {
  const times: number[] = [];
  for (const c of clients) {
    const ms = await c.timed(line, answer);
    if (ms === null) break;
    times.push(ms);
  }
  return times;
}

/** `n` players walk to the bones table and sit; they bet in turn, the HERO throws, and they bet in turn again. */
export async function bonesCrowd(players: LoadClient[], names: string[], entered: RegExp): Promise<BonesResult> {
  await Promise.all(players.map((c) => c.timed('north', entered)));
  const seated = (await inTurn(players, 'sit bones', /You take a seat[^]*> $/)).length;
  if (seated < players.length) return { seated, rounds: [], told: null, problem: 'not everyone found a seat' };
  const result: BonesResult = { seated, rounds: [], told: null };
  const fail = (problem: string) => ({ ...result, problem });
  const betRound = async (): Promise<string | null> => {
    const times = await inTurn(players, BET, TAKEN);
    if (times.length < players.length) return `only ${times.length} of ${players.length} bets of round ${result.rounds.length + 1} were taken`;
    result.rounds.push({ ...percentiles(times), slowest: times.indexOf(Math.max(...times)) + 1, late: lateOf(times) });
    return null;
  };
  const starter = players[0];
  starter.send('start');
  if (!(await starter.expect(BETS_OPEN, 20_000))) return fail('the game did not start');
  const heroName = /(\w+) is the HERO/.exec(starter.received)?.[1];
  const hero = heroName ? players[names.findIndex((n) => n.toLowerCase() === heroName.toLowerCase())] : undefined;
  if (!hero) return fail('no HERO was named');
  // Every player has heard the phase open before the first bet is timed: a bet's time is then its own, not the broadcast's.
  if (!(await Promise.all(players.map((c) => c.expect(BETS_OPEN, 20_000)))).every(Boolean)) return fail('not every player heard the betting open');
  const first = await betRound();
  if (first) return fail(first);

  // Round 2 opens in the same step as the throw. The HERO must hear their own throw: had Dreaven
  // thrown round 1 for them (30 s without a throw), theirs would open round 3.
  const thrown = /\d and \d \(\d+\)[^]*Round 2 of \d+[^]*place your bets[^]*> $/;
  const start = performance.now();
  const heard = players.map((c) => (c === hero ? Promise.resolve(true) : c.expect(thrown, 10_000)));
  hero.send('roll dice bones');
  heard[players.indexOf(hero)] = hero.expect(new RegExp(`You throw[^]*${thrown.source}`), 10_000);
  if (!(await Promise.all(heard)).every(Boolean)) return fail('not every player heard the throw and round 2 open');
  result.told = performance.now() - start;
  const second = await betRound();
  return second ? fail(second) : result;
}

/**
 * The disk's own floor for a bet: `n` appends of a journal-sized line, one after another, each
 * durable when it returns (the journal's own append: O_DSYNC where there is one), on the disk the
 * server's data is on.
 */
export async function durableAppends(n: number): Promise<FloorBets> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-disk-'));
  const file = await nodeFiles.open(join(dir, 'floor.jsonl'), 'append');
  const line = Buffer.from(`${JSON.stringify({ seq: 1, time: new Date().toISOString(), kind: 'transfer', moves: [{ from: 'char:ldabcd', to: 'escrow:bones-table:ldabcd', amount: 5000, why: 'bet' }] })}\n`);
  const times: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await file.write(line);
      times.push(performance.now() - start);
    }
  } finally {
    await file.close();
    await rm(dir, { recursive: true, force: true });
  }
  return { ...percentiles(times), late: lateOf(times) };
}

/**
 * A bet on the least-work server: `n` connections, each sending one line after the one before is
 * answered, every line appended durably through the thread pool before its answer (the echo
 * server's `--durable`). Its tail is this machine's, not the MUD's: the disk, and the hand-offs
 * between threads and processes that every durable reply makes. A first pass warms this
 * benchmark's own timing loop; the next `passes` are the figure, as many bets as the MUD's rounds,
 * so that the two tails are counted over the same number of bets.
 */
export async function durableEcho(n: number, passes: number): Promise<FloorBets | string> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-durable-'));
  const echo = await serve([ECHO_SERVER, '--durable', join(dir, 'lines.jsonl')]);
  const clients: LoadClient[] = [];
  try {
    clients.push(...(await connectAll(echo.port, n)));
    const times: number[] = [];
    for (let pass = 0; pass <= passes; pass++) {
      const answered = await inTurn(clients, BET, /ok\n> $/);
      if (answered.length < n) return `a line got no answer in 10 s: ${echo.output().slice(-300).trim()}`;
      if (pass > 0) times.push(...answered);
    }
    return { ...percentiles(times), late: lateOf(times) };
  } finally {
    for (const c of clients) c.close();
    await echo.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
