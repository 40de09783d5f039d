import type { HostWords, TableHost, TableNews } from '../../src/games/api.js';
import { tavernWords } from '../../src/output/words.js';
import type { HandoutRecord } from '../../src/games/api.js';
import type { BetResult, CoinMove, Party } from '../../src/games/api.js';
import { resultsMismatch } from './results.js';
import { Voice, type Message } from '../../src/games/voice.js';
import { FakeClock } from './fakeClock.js';
import { plainFor } from './plain.js';

/** A HandoutRecord in memory, for tables without a store. */
export function handoutsInMemory(): HandoutRecord {
  const times = new Map<string, number>();
  const key = (name: string, kind: string) => `${kind}\u0000${name.toLowerCase()}`;
  return {
    last: (name, kind) => times.get(key(name, kind)) ?? null,
    note: (name, kind, at) => void times.set(key(name, kind), at),
  };
}

/**
 * What every fake table host shares: purses in a map that refuse to go below zero (the house
 * excepted) as the ledger does, a fake clock, random values the test queues, and a room of people
 * who each record what they were told, worded for them. Its words are the tavern's unless a
 * test gives others (a Ranvier world's gold).
 */
export abstract class FakeHostBase implements Omit<TableHost, 'id' | 'label' | 'settings'> {
  /** Tables that share a room's clock and the hand-out record get the same ones (`shared`). */
  readonly clock: FakeClock;
  readonly handouts: HandoutRecord;
  readonly words: HostWords;
  readonly purses = new Map<string, number>();
  /** Seated players in the order they sat (a test that stands someone up splices them out). */
  readonly seats: string[] = [];
  /** Everyone in the room, seated or watching, with everything they were told, in order, as a sighted reader sees it. */
  readonly heard = new Map<string, string[]>();
  /** The same, as the table wrote it: with its marks (styles, art and spoken forms). */
  readonly marked = new Map<string, string[]>();
  private draws: number[] = [];
  readonly random = {
    int: (n: number) => {
      const v = this.draws.shift();
      if (v === undefined || v >= n) throw new Error(`no queued value below ${n}`);
      return v;
    },
  };

  constructor(inRoom: string[] = [], shared: { clock?: FakeClock; handouts?: HandoutRecord; words?: HostWords } = {}) {
    this.clock = shared.clock ?? new FakeClock();
    this.handouts = shared.handouts ?? handoutsInMemory();
    this.words = shared.words ?? tavernWords;
    for (const name of inRoom) this.enter(name);
  }

  queue(...values: number[]): void {
    this.draws.push(...values);
  }

  /** Someone walks into the room: from now on they hear what the table says. */
  enter(name: string): void {
    if (this.heard.has(name)) return;
    this.heard.set(name, []);
    this.marked.set(name, []);
  }

  seated = () => [...this.seats];
  isConnected = () => true;
  balance = (name: string) => this.purses.get(`player:${name}`) ?? 0;

  /** Each call of `tell`, whole: a step's text and panel news arrive together. */
  readonly tellings: TableNews[][] = [];

  /** What the table tells, piece by piece: lines to whoever hears them, the rest counted for the test. */
  tell = (...news: TableNews[]) => {
    this.tellings.push(news);
    for (const n of news) {
      if (n.kind === 'say') this.say(n.message);
      else if (n.kind === 'to') this.toPlayer(n.player, n.text);
      else if (n.kind === 'dice') this.throws.push([...n.dice]);
      else if (n.kind === 'state') this.stateChanges++;
      else this.handChanges.push(n.player);
    }
  };

  private say(message: Message): void {
    for (const name of this.heard.keys()) {
      const text = message(new Voice(name));
      if (text) this.toPlayer(name, text);
    }
  }

  private toPlayer(name: string, text: string): void {
    this.heard.get(name)?.push(plainFor(text, 'sight'));
    this.marked.get(name)?.push(text);
  }

  /** What `name` was told since the last call. */
  news(name: string): string {
    const lines = this.heard.get(name);
    if (!lines) throw new Error(`${name} is not in the room`);
    return lines.splice(0).join('\n');
  }

  /** Every result the table's steps reported with their coins, in order (for `history`). */
  readonly results: BetResult[] = [];

  transfer(moves: readonly CoinMove[], _actor?: string, results: readonly BetResult[] = []) {
    const key = (p: Party) => (p.kind === 'house' ? 'house' : `${p.kind}:${p.name}`);
    // The results must account for the moves exactly, as the store insists: every game test checks it.
    const problem = resultsMismatch(moves, results);
    if (problem) throw new Error(`the step's results do not account for its moves: ${problem}`);
    const after = new Map(this.purses);
    for (const m of moves) {
      after.set(key(m.from), (after.get(key(m.from)) ?? 0) - m.amount);
      after.set(key(m.to), (after.get(key(m.to)) ?? 0) + m.amount);
    }
    const short = [...after].find(([k, n]) => k !== 'house' && n < 0);
    if (short) return { ok: false as const, reason: `${short[0]} is short` };
    for (const [k, n] of after) this.purses.set(k, n);
    this.results.push(...results);
    return { ok: true as const };
  }

  /** How many games the table said were over (each retires the seed of its draws). */
  gamesOver = 0;
  gameOver = () => void this.gamesOver++;

  /** What the table told its host for GMCP: how often its state changed, whose hands, which throws. */
  stateChanges = 0;
  readonly handChanges: string[] = [];
  readonly throws: number[][] = [];

  setTimer = (ms: number, fn: () => void) => this.clock.setTimer(ms, fn);
  unseat = () => undefined;
}
