/**
 * A Lich Bones table driven through a story, straight through the rules (src/games/lich-bones/rules.ts):
 * each step must succeed or be refused, and every state it is handed is frozen, so a change made in
 * place throws. The Lich Bones rules tests share it.
 */
import { expect } from 'vitest';
import { parseBet } from '../../src/games/lich-bones/bets.js';
import { apply } from '../../src/games/lich-bones/rules.js';
import { type LichBonesAction, type LichBonesEvent, type LichBonesSettings, type LichBonesState, DEFAULT_SETTINGS, newTable } from '../../src/games/lich-bones/state.js';
import { type RandomSource, diceValues, fixedRandom } from '../../src/games/random.js';
import type { CoinMove } from '../../src/games/api.js';
import { formatCoins } from '../../src/text/amount.js';

export const T0 = 1_000_000;
export type Dice = [number, number];

/** Drives one table through a story, keeping what the last step did. */
export class Table {
  state: LichBonesState;
  now = T0;
  events: LichBonesEvent[] = [];
  moves: CoinMove[] = [];
  /** When each player's hand-out cool-down opened, as the table's host would record it. */
  readonly handouts = new Map<string, number>();
  readonly handoutsOpened = (name: string) => this.handouts.get(name) ?? null;
  /** The host's money, as a host that calls it plain coins words it. */
  readonly money = (n: number) => `${formatCoins(n)} coins`;

  constructor(settings: LichBonesSettings = DEFAULT_SETTINGS) {
    this.state = newTable(settings);
  }

  /** Applies an action that must succeed; `random` holds the values it will draw. */
  do(action: LichBonesAction, random: RandomSource = fixedRandom([])): this {
    const step = apply(deepFreeze(this.state), action, { random, now: this.now, handoutsOpened: this.handoutsOpened, money: this.money, dealer: 'Dreaven' });
    if (!step.ok) throw new Error(`refused: ${step.reason}`);
    this.state = step.state;
    this.events = step.events;
    this.moves = step.moves;
    for (const e of step.events) {
      if (e.type === 'handoutsOpened') this.handouts.set(e.player, this.now);
    }
    return this;
  }

  /** The reason an action is refused (fails the test if it is accepted). */
  refused(action: LichBonesAction): string {
    const step = apply(this.state, action, { random: fixedRandom([]), now: this.now, handoutsOpened: this.handoutsOpened, money: this.money, dealer: 'Dreaven' });
    expect(step.ok).toBe(false);
    return step.ok ? '' : step.reason;
  }

  /** Seats the players and starts a game with players[heroIndex] as the HERO. */
  static started(players: string[], heroIndex = 0, settings?: LichBonesSettings): Table {
    const t = new Table(settings);
    for (const p of players) t.do({ type: 'sit', player: p });
    return t.do({ type: 'start', player: players[0] }, fixedRandom([heroIndex]));
  }

  bet(who: string, text: string): this {
    const parsed = parseBet(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return this.do({ type: 'bet', player: who, bet: parsed.bet, amount: parsed.amount });
  }

  betRefused(who: string, text: string): string {
    const parsed = parseBet(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return this.refused({ type: 'bet', player: who, bet: parsed.bet, amount: parsed.amount });
  }

  /** The HERO rolls these dice; after a seven-out `nextHero` (an index into the seated) is picked. */
  roll(dice: Dice, nextHero = 0): this {
    const sevenOut = this.state.point !== null && dice[0] + dice[1] === 7;
    const values = [...diceValues(...dice), ...(sevenOut ? [nextHero] : [])];
    return this.do({ type: 'roll', player: this.state.hero as string }, fixedRandom(values));
  }

  of<T extends LichBonesEvent['type']>(type: T): Extract<LichBonesEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<LichBonesEvent, { type: T }> => e.type === type);
  }
}

/** Freezes a state all the way down, so any change made in place throws. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The moves without their reasons: who paid whom, and how much. */
export const plain = (moves: CoinMove[]) => moves.map(({ from, to, amount }) => ({ from, to, amount }));
