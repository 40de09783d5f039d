import { describe, expect, it } from 'vitest';
import { type BetSpec, CLAW_NUMBERS, HARD_NUMBERS, POINT_NUMBERS, betLabel, parseBet } from '../../src/games/lich-bones/bets.js';
import {
  type LichBonesAction,
  type LichBonesEvent,
  type LichBonesSettings,
  type LichBonesState,
  DEFAULT_SETTINGS,
  apply,
  gold,
  newTable,
} from '../../src/games/lich-bones/rules.js';
import { type RandomSource, diceValues, fixedRandom, seededRandom } from '../../src/games/random.js';
import type { CoinMove, Party } from '../../src/games/api.js';
import { escrow, house, player } from '../../src/games/rules.js';
import { resultsMismatch } from '../support/results.js';

const T0 = 1_000_000;
type Dice = [number, number];

/** Drives one table through a story, keeping what the last step did. */
class Table {
  state: LichBonesState;
  now = T0;
  events: LichBonesEvent[] = [];
  moves: CoinMove[] = [];
  /** When each player's hand-out cool-down opened, as the table's host would record it. */
  readonly handouts = new Map<string, number>();
  readonly handoutsOpened = (name: string) => this.handouts.get(name) ?? null;

  constructor(settings: LichBonesSettings = DEFAULT_SETTINGS) {
    this.state = newTable(settings);
  }

  /** Applies an action that must succeed; `random` holds the values it will draw. */
  do(action: LichBonesAction, random: RandomSource = fixedRandom([])): this {
    const step = apply(deepFreeze(this.state), action, { random, now: this.now, handoutsOpened: this.handoutsOpened });
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
    const step = apply(this.state, action, { random: fixedRandom([]), now: this.now, handoutsOpened: this.handoutsOpened });
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

const plain = (moves: CoinMove[]) => moves.map(({ from, to, amount }) => ({ from, to, amount }));

/** Coins a party gained (or lost) over some moves. */
function net(moves: CoinMove[], party: Party): number {
  const same = (p: Party) => JSON.stringify(p) === JSON.stringify(party);
  return moves.reduce((sum, m) => sum + (same(m.to) ? m.amount : 0) - (same(m.from) ? m.amount : 0), 0);
}

describe('starting a game', () => {
  it('hands out coins to every seated player, picks a HERO at random and opens betting', () => {
    const t = new Table();
    t.do({ type: 'sit', player: 'Ana' }).do({ type: 'sit', player: 'Bo' }).do({ type: 'sit', player: 'Cy' });
    t.do({ type: 'start', player: 'Cy' }, fixedRandom([1]));
    expect(plain(t.moves)).toEqual(['Ana', 'Bo', 'Cy'].map((p) => ({ from: house, to: player(p), amount: 20_000 })));
    expect(t.events).toEqual([
      ...['Ana', 'Bo', 'Cy'].map((p) => ({ type: 'handoutsOpened', player: p })),
      { type: 'started', by: 'Cy', players: ['Ana', 'Bo', 'Cy'], handout: 20_000, paid: ['Ana', 'Bo', 'Cy'], cooling: [] },
      { type: 'heroChosen', hero: 'Bo', why: 'start' },
      { type: 'bettingOpened', round: 1, rounds: 16, deadline: T0 + 30_000, point: null },
    ]);
    expect(t.state).toMatchObject({ phase: 'betting', round: 1, hero: 'Bo', point: null, deadline: T0 + 30_000 });
  });

  it('starts by itself 60 seconds after the first player sits', () => {
    const t = new Table();
    t.do({ type: 'sit', player: 'Ana' });
    expect(t.events).toEqual([{ type: 'seated', player: 'Ana', autostartAt: T0 + 60_000 }]);
    t.now += 20_000;
    t.do({ type: 'sit', player: 'Bo' });
    expect(t.state.deadline).toBe(T0 + 60_000);
    t.now = T0 + 59_999;
    expect(t.refused({ type: 'timeout' })).toBe('Nothing is due yet.');
    t.now = T0 + 60_000;
    t.do({ type: 'timeout' }, fixedRandom([0]));
    expect(t.of('started')).toEqual([{ type: 'started', by: null, players: ['Ana', 'Bo'], handout: 20_000, paid: ['Ana', 'Bo'], cooling: [] }]);
    expect(t.state.hero).toBe('Ana');
  });

  it('disarms the autostart when the table empties, and arms it again for the next player', () => {
    const t = new Table();
    t.do({ type: 'sit', player: 'Ana' }).do({ type: 'leave', player: 'Ana' });
    expect(t.state.deadline).toBeNull();
    t.now += 90_000;
    expect(t.refused({ type: 'timeout' })).toBe('Nothing is due yet.');
    t.do({ type: 'sit', player: 'Bo' });
    expect(t.state.deadline).toBe(t.now + 60_000);
  });

  it('is started only by a seated player, and only once', () => {
    const t = new Table();
    t.do({ type: 'sit', player: 'Ana' });
    expect(t.refused({ type: 'start', player: 'Bo' })).toBe('Sit at the table to start a game.');
    t.do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
    expect(t.refused({ type: 'start', player: 'Ana' })).toBe('A game is already under way.');
    expect(t.refused({ type: 'sit', player: 'Ana' })).toBe('You are already at the table.');
  });

  it('never changes the state it was given', () => {
    const t = Table.started(['Ana', 'Bo']);
    t.bet('Bo', 'hero 5000');
    const before = structuredClone(t.state);
    apply(t.state, { type: 'roll', player: 'Ana' }, { random: fixedRandom(diceValues(3, 4)), now: t.now, handoutsOpened: t.handoutsOpened });
    expect(t.state).toEqual(before);
  });
});

describe('throws', () => {
  it('only the HERO rolls; when betting runs out Dreaven throws for them', () => {
    const t = Table.started(['Ana', 'Bo']);
    expect(t.refused({ type: 'roll', player: 'Bo' })).toBe('Only the HERO, Ana, rolls; Dreaven throws for them when betting closes.');
    t.now = T0 + 29_999;
    expect(t.refused({ type: 'timeout' })).toBe('Nothing is due yet.');
    t.now = T0 + 30_000;
    t.do({ type: 'timeout' }, fixedRandom(diceValues(2, 4)));
    expect(t.of('thrown')).toEqual([
      { type: 'thrown', throw: { by: 'dreaven', hero: 'Ana', dice: [2, 4], total: 6 }, opening: true, point: null },
    ]);
    expect(t.of('outcome')).toEqual([{ type: 'outcome', kind: 'point-set', winner: null, total: 6, point: 6 }]);
    expect(t.of('bettingOpened')).toEqual([{ type: 'bettingOpened', round: 2, rounds: 16, deadline: T0 + 60_000, point: 6 }]);
    expect(t.state.lastThrow).toEqual({ by: 'dreaven', hero: 'Ana', dice: [2, 4], total: 6 });
  });

  it('refuses a stale timeout once the HERO has rolled', () => {
    const t = Table.started(['Ana']);
    t.now = T0 + 10_000;
    t.roll([5, 5]);
    t.now = T0 + 30_000; // the old deadline's timer fires late
    expect(t.refused({ type: 'timeout' })).toBe('Nothing is due yet.');
    expect(t.state.deadline).toBe(T0 + 40_000);
  });

  it('refuses rolls and bets while no game is running', () => {
    const t = new Table();
    t.do({ type: 'sit', player: 'Ana' });
    expect(t.refused({ type: 'roll', player: 'Ana' })).toBe('No game is under way; a seated player can type start.');
    expect(t.betRefused('Ana', 'hero 5000')).toBe('No game is under way; a seated player can type start.');
    expect(t.betRefused('Zed', 'hero 5000')).toBe('Sit at the Lich Bones table to bet.');
  });

  it.each([
    [[3, 4], 'critical-hit', 'hero'],
    [[5, 6], 'critical-hit', 'hero'],
    [[1, 1], 'craps', 'lich'],
    [[1, 2], 'craps', 'lich'],
    [[6, 6], 'craps', 'lich'],
  ] as [Dice, string, string][])('an opening roll of %j is %s for the %s, and the HERO keeps the title', (dice, kind, winner) => {
    const t = Table.started(['Ana', 'Bo']);
    t.roll(dice);
    expect(t.of('outcome')).toMatchObject([{ kind, winner }]);
    expect(t.of('heroChosen')).toEqual([]);
    expect(t.state).toMatchObject({ hero: 'Ana', point: null });
  });

  it('a made point is a HERO win: the point clears and the same HERO throws the next opening roll', () => {
    const t = Table.started(['Ana', 'Bo']).roll([4, 5]).roll([2, 3]);
    expect(t.of('outcome')).toEqual([{ type: 'outcome', kind: 'no-decision', winner: null, total: 5, point: 9 }]);
    t.roll([6, 3]);
    expect(t.of('outcome')).toEqual([{ type: 'outcome', kind: 'point-made', winner: 'hero', total: 9, point: 9 }]);
    expect(t.of('heroChosen')).toEqual([]);
    expect(t.state).toMatchObject({ hero: 'Ana', point: null });
  });

  it('a seven-out is a LICH win and a new HERO is picked at random from those seated', () => {
    const t = Table.started(['Ana', 'Bo', 'Cy']).roll([4, 4]).roll([1, 6], 2);
    expect(t.of('outcome')).toEqual([{ type: 'outcome', kind: 'seven-out', winner: 'lich', total: 7, point: 8 }]);
    expect(t.of('heroChosen')).toEqual([{ type: 'heroChosen', hero: 'Cy', why: 'seven-out' }]);
    expect(t.state).toMatchObject({ hero: 'Cy', point: null });
  });

  it('the HERO gets the bonus at every opening attack roll, whoever throws it, and not with a point set', () => {
    const t = Table.started(['Ana', 'Bo'], 1);
    t.roll([2, 2]);
    expect(plain(t.moves)).toEqual([{ from: house, to: player('Bo'), amount: 1_000 }]);
    expect(t.of('bonus')).toEqual([{ type: 'bonus', hero: 'Bo', amount: 1_000 }]);
    t.roll([2, 3]);
    expect(t.moves).toEqual([]);
    expect(t.of('bonus')).toEqual([]);
    t.roll([1, 3]); // point made: the next throw is an opening roll again
    t.now = t.state.deadline as number;
    t.do({ type: 'timeout' }, fixedRandom(diceValues(6, 6)));
    // The same game pays it again: "every time the HERO has an opening attack roll".
    expect(plain(t.moves).filter((m) => m.from === house)).toEqual([{ from: house, to: player('Bo'), amount: 1_000 }]);
    expect(t.of('bonus')).toEqual([{ type: 'bonus', hero: 'Bo', amount: 1_000 }]);
  });

  it('a lone player who sits, starts and rolls is paid bonuses from one game per 30 minutes, at any table', () => {
    const t = Table.started(['Ana'], 0, { ...DEFAULT_SETTINGS, rounds: 16, handout: 0 });
    const bonuses = () => t.moves.filter((m) => m.why.includes('bonus')).reduce((n, m) => n + m.amount, 0);
    let paid = 0;
    // Sevens on every opening roll: sixteen opening rolls in a row, sixteen bonuses.
    for (let round = 1; round <= 16; round++) {
      t.roll([3, 4]);
      paid += bonuses();
    }
    expect(paid).toBe(16_000);
    // Again and again, on the same clock: nothing more.
    for (let game = 0; game < 3; game++) {
      t.now += 60_000;
      t.do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
      for (let round = 1; round <= 16; round++) {
        t.roll([5, 6]);
        expect(bonuses()).toBe(0);
      }
    }
    // Another table shares the record (the host keeps one for all): no bonus there either.
    const other = new Table({ ...DEFAULT_SETTINGS, handout: 0 });
    other.now = t.now;
    for (const [k, v] of t.handouts) other.handouts.set(k, v);
    other.do({ type: 'sit', player: 'Ana' }).do({ type: 'start', player: 'Ana' }, fixedRandom([0])).roll([3, 4]);
    expect(other.moves).toEqual([]);
    // Half an hour after the first, it pays again.
    t.now = T0 + 30 * 60_000;
    t.do({ type: 'start', player: 'Ana' }, fixedRandom([0])).roll([3, 4]);
    expect(bonuses()).toBe(1_000);
  });

  it('a HERO who leaves is replaced at random; their bets stay and are paid as usual', () => {
    const t = Table.started(['Ana', 'Bo', 'Cy']);
    t.bet('Ana', 'hero 5000');
    t.do({ type: 'leave', player: 'Ana' }, fixedRandom([1]));
    expect(t.events).toEqual([
      { type: 'left', player: 'Ana' },
      { type: 'heroChosen', hero: 'Cy', why: 'hero-left' },
    ]);
    expect(t.refused({ type: 'roll', player: 'Ana' })).toMatch(/Only the HERO, Cy, rolls/);
    t.roll([3, 4]);
    expect(net(t.moves, player('Ana'))).toBe(5_000 + 5_500);
    expect(net(t.moves, player('Cy'))).toBe(1_000);
  });

  it('when the last player leaves mid-game, every bet is returned and the table waits again', () => {
    const t = Table.started(['Ana', 'Bo']);
    t.bet('Ana', 'lich 5000').bet('Bo', 'hero 6000');
    t.do({ type: 'leave', player: 'Ana' }, fixedRandom([0]));
    t.do({ type: 'leave', player: 'Bo' });
    expect(plain(t.moves)).toEqual([
      { from: escrow('Ana'), to: player('Ana'), amount: 5_000 },
      { from: escrow('Bo'), to: player('Bo'), amount: 6_000 },
    ]);
    expect(t.of('gameOver')).toEqual([{ type: 'gameOver', why: 'table-empty', players: [], handout: 0, paid: [], cooling: [], late: [] }]);
    expect(t.state).toMatchObject({ phase: 'waiting', bets: [], hero: null, deadline: null });
  });
});

describe('after round 16', () => {
  it('returns every bet still on the table, pays the end hand-out and waits for a new start', () => {
    const t = Table.started(['Ana', 'Bo']);
    t.bet('Bo', 'hero 5000').bet('Bo', 'charge 5000');
    t.roll([2, 4]); // round 1: quest point 6
    for (let round = 2; round <= 15; round++) t.roll([2, 3]);
    expect(t.state.round).toBe(16);
    t.bet('Bo', 'attack 8 5000').bet('Bo', 'claw 7 5000');
    t.roll([2, 3]);
    expect(plain(t.moves)).toEqual([
      { from: escrow('Bo'), to: house, amount: 5_000 }, // the CLAW 7 lost on the last throw
      { from: escrow('Bo'), to: player('Bo'), amount: 5_000 },
      { from: escrow('Bo'), to: player('Bo'), amount: 5_000 },
      { from: escrow('Bo'), to: player('Bo'), amount: 5_000 },
      { from: house, to: player('Ana'), amount: 20_000 },
      { from: house, to: player('Bo'), amount: 20_000 },
    ]);
    expect(t.of('settled').filter((e) => e.result === 'returned').map((e) => betLabel(e.bet))).toEqual(['HERO', 'CHARGE', 'ATTACK 8']);
    expect(t.of('gameOver')).toEqual([
      { type: 'gameOver', why: 'rounds-done', players: ['Ana', 'Bo'], handout: 20_000, paid: ['Ana', 'Bo'], cooling: [], late: [] },
    ]);
    expect(t.of('bettingOpened')).toEqual([]);
    expect(t.state).toMatchObject({ phase: 'waiting', round: 0, bets: [], hero: null, point: null, deadline: null });
    t.do({ type: 'start', player: 'Bo' }, fixedRandom([1]));
    expect(t.state).toMatchObject({ phase: 'betting', round: 1, hero: 'Bo' });
  });

  it('names no new HERO when the last round ends in a seven-out', () => {
    const t = Table.started(['Ana', 'Bo'], 0, { ...DEFAULT_SETTINGS, rounds: 2 });
    t.roll([2, 4]); // round 1: quest point 6
    t.roll([3, 4]); // round 2, the last: seven-out
    expect(t.of('outcome')[0]).toMatchObject({ kind: 'seven-out' });
    expect(t.of('heroChosen')).toEqual([]);
    expect(t.of('gameOver')).toHaveLength(1);
  });

  it('follows the number of rounds the host sets', () => {
    const t = Table.started(['Ana'], 0, { ...DEFAULT_SETTINGS, rounds: 2, handout: 7 });
    t.roll([2, 4]).roll([2, 3]);
    expect(t.of('gameOver')).toEqual([{ type: 'gameOver', why: 'rounds-done', players: ['Ana'], handout: 7, paid: ['Ana'], cooling: [], late: [] }]);
  });
});

describe('hand-outs cannot be farmed (docs/rulings.md, "Where coins come from")', () => {
  const MINUTE = 60_000;
  const ONE_ROUND = { ...DEFAULT_SETTINGS, rounds: 1 };
  const handedOut = (t: Table) => t.moves.filter((m) => m.from.kind === 'house').map((m) => [(m.to as { name: string }).name, m.amount]);

  it('sit, start, stand and start again pays the start hand-out once per 30 minutes', () => {
    const t = new Table();
    t.do({ type: 'sit', player: 'Ana' }).do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
    expect(handedOut(t)).toEqual([['Ana', 20_000]]);
    t.do({ type: 'leave', player: 'Ana' });
    expect(t.of('gameOver')[0]).toMatchObject({ why: 'table-empty', paid: [] });

    t.now += 29 * MINUTE;
    t.do({ type: 'sit', player: 'Ana' }).do({ type: 'sit', player: 'Bo' }).do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
    expect(handedOut(t)).toEqual([['Bo', 20_000]]);
    expect(t.of('started')[0]).toMatchObject({ players: ['Ana', 'Bo'], paid: ['Bo'], cooling: ['Ana'] });
    t.do({ type: 'leave', player: 'Ana' }, fixedRandom([0])).do({ type: 'leave', player: 'Bo' });

    t.now += MINUTE; // 30 minutes after Ana's first
    t.do({ type: 'sit', player: 'Ana' }).do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
    expect(handedOut(t)).toEqual([['Ana', 20_000]]);
  });

  it('pays the end hand-out only to those seated from the first round to the last', () => {
    const t = Table.started(['Ana', 'Bo', 'Cy'], 0, { ...DEFAULT_SETTINGS, rounds: 2 });
    t.do({ type: 'leave', player: 'Bo' });
    t.do({ type: 'sit', player: 'Dee' });
    t.do({ type: 'sit', player: 'Bo' }); // back in, but not from the first round
    t.roll([2, 4]).roll([2, 3]);
    expect(t.of('gameOver')[0]).toMatchObject({ players: ['Ana', 'Cy', 'Dee', 'Bo'], paid: ['Ana', 'Cy'], late: ['Dee', 'Bo'] });
    expect(handedOut(t)).toEqual([['Ana', 20_000], ['Cy', 20_000]]);
  });

  it('pays one game everything, every opening roll included, and the next game in the cool-down nothing, told once', () => {
    const t = Table.started(['Ana', 'Bo'], 0, { ...DEFAULT_SETTINGS, rounds: 3 });
    expect(handedOut(t)).toEqual([['Ana', 20_000], ['Bo', 20_000]]);
    expect(t.of('handoutsOpened')).toEqual([{ type: 'handoutsOpened', player: 'Ana' }, { type: 'handoutsOpened', player: 'Bo' }]);
    t.roll([3, 4]); // round 1: the opening roll, a critical hit
    expect(handedOut(t)).toEqual([['Ana', 1_000]]);
    t.roll([5, 6]); // round 2: another opening roll
    expect(handedOut(t)).toEqual([['Ana', 1_000]]);
    t.roll([3, 4]); // round 3, the last
    expect(handedOut(t)).toEqual([['Ana', 1_000], ['Ana', 20_000], ['Bo', 20_000]]);
    expect(t.of('handoutsOpened')).toEqual([]); // the cool-down opened once, at the start

    t.now += 5 * MINUTE;
    t.do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
    expect(handedOut(t)).toEqual([]);
    expect(t.of('started')[0]).toMatchObject({ paid: [], cooling: ['Ana', 'Bo'] });
    const until = T0 + 30 * MINUTE;
    expect(t.of('handoutsWithheld')).toEqual([
      { type: 'handoutsWithheld', player: 'Ana', until },
      { type: 'handoutsWithheld', player: 'Bo', until },
    ]);
    t.roll([3, 4]);
    expect(handedOut(t)).toEqual([]); // no HERO bonus either...
    expect(t.of('handoutsWithheld')).toEqual([]); // ...and no second word about it
    t.roll([3, 4]).roll([3, 4]);
    expect(handedOut(t)).toEqual([]);
    expect(t.of('gameOver')[0]).toMatchObject({ paid: [], cooling: ['Ana', 'Bo'] });
    expect(t.of('handoutsWithheld')).toEqual([]);
  });

  it('pays a player who sits down mid-game the HERO bonus when that game is the first to pay them', () => {
    const t = Table.started(['Ana'], 0, { ...DEFAULT_SETTINGS, rounds: 3 });
    t.do({ type: 'sit', player: 'Bo' });
    t.roll([2, 4]); // quest point 6
    t.roll([3, 4], 1); // seven-out: Bo is the HERO
    t.roll([3, 4]); // the last round's opening roll
    expect(t.of('handoutsOpened')).toEqual([{ type: 'handoutsOpened', player: 'Bo' }]);
    expect(handedOut(t)).toEqual([['Bo', 1_000], ['Ana', 20_000]]); // Bo sat down late: no end hand-out
  });

  it('tells a player withheld only when something would have been paid: a late sitter who is never HERO hears nothing', () => {
    const t = Table.started(['Ana'], 0, { ...DEFAULT_SETTINGS, rounds: 2 });
    t.handouts.set('Bo', t.now - MINUTE);
    t.do({ type: 'sit', player: 'Bo' });
    t.roll([3, 4]);
    t.roll([3, 4]);
    expect(t.of('handoutsWithheld')).toEqual([]);
    expect(t.of('gameOver')[0]).toMatchObject({ paid: ['Ana'], late: ['Bo'] });
  });

  it('follows the cool-down the host sets', () => {
    const t = Table.started(['Ana'], 0, { ...ONE_ROUND, handoutCooldownMs: MINUTE });
    t.roll([4, 4]);
    t.now += MINUTE;
    t.do({ type: 'start', player: 'Ana' }, fixedRandom([0]));
    expect(handedOut(t)).toEqual([['Ana', 20_000]]);
  });
});

describe('placing bets', () => {
  it('takes the stake into escrow and reports it', () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
    expect(plain(t.moves)).toEqual([{ from: player('Bo'), to: escrow('Bo'), amount: 5_000 }]);
    expect(t.events).toEqual([
      {
        type: 'betPlaced',
        asked: 5_000,
        bet: { id: 1, owner: 'Bo', spec: { kind: 'hero' }, amount: 5_000, placedOn: null, locked: { ratio: { win: 1, per: 1 }, bonusPercent: 10 } },
      },
    ]);
  });

  it('refuses anything under the minimum, for every kind of bet', () => {
    const t = Table.started(['Ana', 'Bo']);
    expect(t.betRefused('Bo', 'hero 4999')).toBe('The minimum bet is 5,000 coins.');
    t.bet('Bo', 'hero 5000');
    expect(t.betRefused('Bo', 'claw 7 4999')).toBe('The minimum bet is 5,000 coins.');
    expect(t.betRefused('Bo', 'inferno 4996')).toBe('The minimum bet is 5,000 coins.');
  });

  it('needs a HERO or LICH bet on the table before any other bet', () => {
    const t = Table.started(['Ana', 'Bo']);
    expect(t.betRefused('Bo', 'attack 6 5000')).toBe('Place a HERO or LICH bet first; then ATTACK 6 is open to you.');
    expect(t.betRefused('Bo', 'field 5000')).toBe('Place a HERO or LICH bet first; then BESEECH is open to you.');
    t.bet('Ana', 'hero 5000');
    expect(t.betRefused('Bo', 'craps 5000')).toMatch(/^Place a HERO or LICH bet first/);
    t.bet('Bo', 'lich 5000').bet('Bo', 'craps 5000');
  });

  it('refuses a bet on the other side; more on the same side is fine', () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
    expect(t.betRefused('Bo', 'lich 5000')).toBe('You already back the HERO; nobody may bet on both sides.');
    t.bet('Bo', 'hero 7000').bet('Ana', 'lich 5000');
    expect(t.betRefused('Ana', 'pass 5000')).toBe('You already back the LICH; nobody may bet on both sides.');
    t.roll([3, 4]); // the HERO bets are paid: now the other side is open again
    t.bet('Bo', 'lich 5000');
  });

  it('locks the HERO/LICH rate of the quest point when the bet is placed', () => {
    const t = Table.started(['Ana', 'Bo']).roll([2, 3]);
    t.bet('Bo', 'hero 5000');
    expect(t.of('betPlaced')[0].bet).toMatchObject({ placedOn: 5, locked: { ratio: { win: 9, per: 8 }, bonusPercent: 0 } });
    t.bet('Ana', 'lich 5000');
    expect(t.of('betPlaced')[0].bet).toMatchObject({ placedOn: 5, locked: { ratio: { win: 1, per: 2 }, bonusPercent: 0 } });
  });

  it('INFERNO must split into four equal parts', () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
    expect(t.betRefused('Bo', 'horn 5001')).toBe('INFERNO is four equal parts: stake a multiple of 4 coins, like 5,004.');
    expect(t.betRefused('Bo', 'inferno 5003')).toBe('INFERNO is four equal parts: stake a multiple of 4 coins, like 5,004.');
    t.bet('Bo', 'inferno 5004');
  });

  describe('CHEER', () => {
    it('needs a quest point', () => {
      const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
      expect(t.betRefused('Bo', 'cheer 5000')).toBe('CHEER can only be placed while a quest point is set.');
    });

    it('needs a HERO or LICH bet placed before the opening roll', () => {
      const t = Table.started(['Ana', 'Bo']).roll([3, 3]).bet('Bo', 'hero 5000');
      expect(t.betRefused('Bo', 'odds 5000')).toBe('CHEER needs a HERO or LICH bet placed before the opening roll.');
    });

    it('is cut to twice the HERO/LICH bet, taking only the cap, and cheers that side', () => {
      const t = Table.started(['Ana', 'Bo']).bet('Bo', 'lich 5000').roll([3, 3]);
      t.bet('Bo', 'cheer 25,000');
      expect(plain(t.moves)).toEqual([{ from: player('Bo'), to: escrow('Bo'), amount: 10_000 }]);
      expect(t.of('betPlaced')).toMatchObject([{ asked: 25_000, bet: { amount: 10_000, side: 'lich', placedOn: 6 } }]);
      expect(betLabel(t.of('betPlaced')[0].bet)).toBe('CHEER LICH');
      expect(t.betRefused('Bo', 'cheer 5000')).toBe(
        'Your CHEER is capped at twice your HERO/LICH bet (10,000 coins) and can grow by only 0 more, under the 5,000 minimum.',
      );
    });

    it('can be added to up to the cap', () => {
      const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 8000').roll([3, 3]);
      t.bet('Bo', 'cheer 6000').bet('Bo', 'cheer 20000');
      expect(plain(t.moves)).toEqual([{ from: player('Bo'), to: escrow('Bo'), amount: 10_000 }]);
      expect(t.betRefused('Bo', 'cheer 5000')).toMatch(/capped at twice your HERO\/LICH bet \(16,000 coins\)/);
    });
  });
});

/**
 * One bet (Bo's) against a sequence of throws; Ana is the HERO. `before` throws come
 * before the bet is placed (Bo's `base` HERO/LICH bet goes down first, on the opening roll).
 * The coins are those of the test bet alone: stake `back`, winnings `won`, stake `lost`.
 */
interface BetCase {
  bet: string;
  base?: 'hero 5000' | 'lich 5000';
  before?: Dice[];
  after: Dice[];
  back?: number;
  won?: number;
  lost?: number;
  /** A settlement that is not a win or loss, e.g. 'inactive' or 'carried'. */
  note?: 'inactive' | 'carried';
}

const CASES: [string, BetCase][] = [
  // HERO and LICH placed before the opening roll: 1:1 plus 10%.
  ['HERO wins on an opening 7', { bet: 'hero 5000', after: [[3, 4]], back: 5000, won: 5500 }],
  ['HERO wins on an opening 11', { bet: 'hero 5000', after: [[5, 6]], back: 5000, won: 5500 }],
  ['HERO loses on an opening 2', { bet: 'hero 5000', after: [[1, 1]], lost: 5000 }],
  ['HERO loses on an opening 3', { bet: 'hero 5000', after: [[2, 1]], lost: 5000 }],
  ['HERO loses on an opening 12', { bet: 'hero 5000', after: [[6, 6]], lost: 5000 }],
  ['HERO stays through the point being set and other numbers', { bet: 'hero 5000', after: [[2, 4], [4, 4], [6, 5]] }],
  ['HERO wins when the point is made', { bet: 'hero 5000', after: [[2, 4], [4, 4], [1, 5]], back: 5000, won: 5500 }],
  ['HERO loses on a seven-out', { bet: 'hero 5000', after: [[2, 4], [6, 1]], lost: 5000 }],
  ['HERO bonus rounds down: 5,005 wins 5,005 + 500', { bet: 'hero 5005', after: [[3, 4]], back: 5005, won: 5505 }],
  ['LICH loses on an opening 7', { bet: 'lich 5000', after: [[3, 4]], lost: 5000 }],
  ['LICH loses on an opening 11', { bet: 'lich 5000', after: [[6, 5]], lost: 5000 }],
  ['LICH wins on an opening 2', { bet: "don't pass 5000", after: [[1, 1]], back: 5000, won: 5500 }],
  ['LICH wins on an opening 3', { bet: 'lich 5000', after: [[1, 2]], back: 5000, won: 5500 }],
  ['LICH wins on an opening 12', { bet: 'lich 5000', after: [[6, 6]], back: 5000, won: 5500 }],
  ['LICH wins on a seven-out', { bet: 'lich 5000', after: [[1, 3], [2, 2 + 3], [1, 6]], back: 5000, won: 5500 }],
  ['LICH loses when the point is made', { bet: 'lich 5000', after: [[1, 3], [2, 2]], lost: 5000 }],
  // HERO and LICH placed with a point set: the locked rate, no bonus.
  ['HERO placed on 4 pays 1:1', { bet: 'hero 5000', before: [[1, 3]], after: [[3, 1]], back: 5000, won: 5000 }],
  ['HERO placed on 10 pays 1:1', { bet: 'hero 5000', before: [[4, 6]], after: [[5, 5]], back: 5000, won: 5000 }],
  ['HERO placed on 5 pays 9:8', { bet: 'hero 5000', before: [[1, 4]], after: [[2, 3]], back: 5000, won: 5625 }],
  ['HERO placed on 9 pays 9:8, rounded down', { bet: 'hero 5001', before: [[4, 5]], after: [[3, 6]], back: 5001, won: 5626 }],
  ['HERO placed on 6 pays 9:10', { bet: 'hero 5000', before: [[1, 5]], after: [[2, 4]], back: 5000, won: 4500 }],
  ['HERO placed on 8 pays 9:10', { bet: 'hero 5000', before: [[2, 6]], after: [[4, 4]], back: 5000, won: 4500 }],
  ['HERO placed on 8 loses on a seven-out', { bet: 'hero 5000', before: [[2, 6]], after: [[3, 4]], lost: 5000 }],
  ['LICH placed on 4 pays 3:8', { bet: 'lich 5000', before: [[1, 3]], after: [[1, 6]], back: 5000, won: 1875 }],
  ['LICH placed on 10 pays 3:8, rounded down', { bet: 'lich 5001', before: [[4, 6]], after: [[2, 5]], back: 5001, won: 1875 }],
  ['LICH placed on 5 pays 1:2', { bet: 'lich 5000', before: [[1, 4]], after: [[3, 4]], back: 5000, won: 2500 }],
  ['LICH placed on 9 pays 1:2', { bet: 'lich 5000', before: [[4, 5]], after: [[3, 4]], back: 5000, won: 2500 }],
  ['LICH placed on 6 pays 5:8', { bet: 'lich 5000', before: [[1, 5]], after: [[3, 4]], back: 5000, won: 3125 }],
  ['LICH placed on 8 pays 5:8', { bet: 'lich 5000', before: [[2, 6]], after: [[3, 4]], back: 5000, won: 3125 }],
  ['LICH placed on 6 loses when the point is made', { bet: 'lich 5000', before: [[1, 5]], after: [[3, 3]], lost: 5000 }],
  // CHEER, with an early HERO/LICH bet of 5,000 (cap 10,000).
  ['CHEER HERO on 4 pays 2:1', { bet: 'cheer 10000', base: 'hero 5000', before: [[1, 3]], after: [[2, 2]], back: 10000, won: 20000 }],
  ['CHEER HERO on 10 pays 2:1', { bet: 'odds 10000', base: 'hero 5000', before: [[4, 6]], after: [[5, 5]], back: 10000, won: 20000 }],
  ['CHEER HERO on 5 pays 3:2', { bet: 'cheer 10000', base: 'hero 5000', before: [[1, 4]], after: [[1, 4]], back: 10000, won: 15000 }],
  ['CHEER HERO on 9 pays 3:2, rounded down', { bet: 'cheer 9999', base: 'hero 5000', before: [[4, 5]], after: [[3, 6]], back: 9999, won: 14998 }],
  ['CHEER HERO on 6 pays 6:5', { bet: 'cheer 10000', base: 'hero 5000', before: [[1, 5]], after: [[2, 4]], back: 10000, won: 12000 }],
  ['CHEER HERO on 8 pays 6:5', { bet: 'cheer 10000', base: 'hero 5000', before: [[2, 6]], after: [[3, 5]], back: 10000, won: 12000 }],
  ['CHEER HERO loses on a seven-out', { bet: 'cheer 10000', base: 'hero 5000', before: [[2, 6]], after: [[5, 2]], lost: 10000 }],
  ['CHEER HERO stays on other numbers', { bet: 'cheer 10000', base: 'hero 5000', before: [[2, 6]], after: [[5, 6], [1, 1], [3, 3]] }],
  ['CHEER LICH on 4 pays 1:2', { bet: 'cheer 10000', base: 'lich 5000', before: [[1, 3]], after: [[3, 4]], back: 10000, won: 5000 }],
  ['CHEER LICH on 10 pays 1:2', { bet: 'cheer 10000', base: 'lich 5000', before: [[4, 6]], after: [[3, 4]], back: 10000, won: 5000 }],
  ['CHEER LICH on 5 pays 2:3, rounded down', { bet: 'cheer 10000', base: 'lich 5000', before: [[1, 4]], after: [[3, 4]], back: 10000, won: 6666 }],
  ['CHEER LICH on 9 pays 2:3', { bet: 'cheer 9000', base: 'lich 5000', before: [[4, 5]], after: [[3, 4]], back: 9000, won: 6000 }],
  ['CHEER LICH on 6 pays 5:6, rounded down', { bet: 'cheer 10000', base: 'lich 5000', before: [[1, 5]], after: [[3, 4]], back: 10000, won: 8333 }],
  ['CHEER LICH on 8 pays 5:6', { bet: 'cheer 6000', base: 'lich 5000', before: [[2, 6]], after: [[3, 4]], back: 6000, won: 5000 }],
  ['CHEER LICH loses when the point is made', { bet: 'cheer 10000', base: 'lich 5000', before: [[4, 6]], after: [[4, 6]], lost: 10000 }],
  // Hard ways: only with a point set; they lose on the easy way or a 7.
  ['CHARGE wins on a hard 4', { bet: 'charge 5000', before: [[1, 5]], after: [[2, 2]], back: 5000, won: 35000 }],
  ['FEINT wins on a hard 6', { bet: 'feint 5000', before: [[2, 6]], after: [[3, 3]], back: 5000, won: 45000 }],
  ['JUDGEMENT wins on a hard 8', { bet: 'judgement 5000', before: [[1, 5]], after: [[4, 4]], back: 5000, won: 45000 }],
  ['STRIKE wins on a hard 10', { bet: 'strike 5000', before: [[1, 3]], after: [[5, 5]], back: 5000, won: 35000 }],
  ['FEINT wins on a hard 6 that also makes the point', { bet: 'hard 6 5000', before: [[2, 4]], after: [[3, 3]], back: 5000, won: 45000 }],
  ['CHARGE loses on an easy 4', { bet: 'charge 5000', before: [[1, 5]], after: [[3, 1]], lost: 5000 }],
  ['FEINT loses on an easy 6', { bet: 'feint 5000', before: [[2, 6]], after: [[5, 1]], lost: 5000 }],
  ['JUDGEMENT loses on an easy 8', { bet: 'judgment 5000', before: [[2, 3]], after: [[2, 6]], lost: 5000 }],
  ['STRIKE loses on an easy 10', { bet: 'strike 5000', before: [[2, 3]], after: [[6, 4]], lost: 5000 }],
  ['STRIKE loses on a seven-out', { bet: 'hard 10 5000', before: [[2, 3]], after: [[6, 1]], lost: 5000 }],
  ['CHARGE stays on other numbers', { bet: 'charge 5000', before: [[2, 3]], after: [[6, 6], [1, 1], [2, 4], [3, 5]] }],
  ['CHARGE is off on the opening roll: a 7 does not take it', { bet: 'charge 5000', after: [[3, 4]], note: 'inactive' }],
  ['CHARGE is off on the opening roll: a hard 4 sets the point but does not pay', { bet: 'charge 5000', after: [[2, 2]], note: 'inactive' }],
  ['CHARGE placed on the opening roll works once the point is set', { bet: 'charge 5000', after: [[2, 2], [2, 2]], back: 5000, won: 35000 }],
  ['JUDGEMENT carries over a made point', { bet: 'judgement 5000', before: [[1, 5]], after: [[3, 3]], note: 'carried' }],
  ['JUDGEMENT carried over is off on the next opening 7, then wins', {
    bet: 'judgement 5000', before: [[1, 5]], after: [[3, 3], [3, 4], [1, 3], [4, 4]], back: 5000, won: 45000,
  }],
  // ATTACK: only with a point set; loses on a 7.
  ['ATTACK 4 pays 5:11, rounded down', { bet: 'attack 4 5000', before: [[1, 5]], after: [[1, 3]], back: 5000, won: 2272 }],
  ['ATTACK 10 pays 5:11', { bet: 'place 10 11000', before: [[1, 5]], after: [[4, 6]], back: 11000, won: 5000 }],
  ['ATTACK 5 pays 5:8', { bet: 'attack 5 5000', before: [[1, 5]], after: [[1, 4]], back: 5000, won: 3125 }],
  ['ATTACK 9 pays 5:8', { bet: 'attack 9 8000', before: [[1, 5]], after: [[4, 5]], back: 8000, won: 5000 }],
  ['ATTACK 6 pays 4:5', { bet: 'attack 6 5000', before: [[4, 4]], after: [[1, 5]], back: 5000, won: 4000 }],
  ['ATTACK 8 pays 4:5, rounded down', { bet: 'attack 8 5001', before: [[1, 5]], after: [[3, 5]], back: 5001, won: 4000 }],
  ['ATTACK 6 wins when 6 makes the point', { bet: 'attack 6 5000', before: [[1, 5]], after: [[3, 3]], back: 5000, won: 4000 }],
  ['ATTACK 4 loses on a seven-out', { bet: 'attack 4 5000', before: [[1, 5]], after: [[4, 3]], lost: 5000 }],
  ['ATTACK 4 stays on other numbers', { bet: 'attack 4 5000', before: [[1, 5]], after: [[6, 6], [1, 1], [4, 4]] }],
  ['ATTACK 4 is off on an opening 4', { bet: 'attack 4 5000', after: [[1, 3]], note: 'inactive' }],
  ['ATTACK 4 is off on an opening 7', { bet: 'attack 4 5000', after: [[1, 6]], note: 'inactive' }],
  ['ATTACK 5 carries over a made point', { bet: 'attack 5 5000', before: [[1, 5]], after: [[3, 3]], note: 'carried' }],
  // One-roll bets: settled on the very next throw, opening rolls included.
  ['BESEECH pays 2:1 on 2', { bet: 'beseech 5000', after: [[1, 1]], back: 5000, won: 10000 }],
  ['BESEECH pays 2:1 on 12', { bet: 'field 5000', after: [[6, 6]], back: 5000, won: 10000 }],
  ['BESEECH pays 1:1 on 3', { bet: 'beseech 5000', after: [[1, 2]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 4', { bet: 'beseech 5000', after: [[1, 3]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 9', { bet: 'beseech 5000', after: [[4, 5]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 10', { bet: 'beseech 5000', after: [[4, 6]], back: 5000, won: 5000 }],
  ['BESEECH pays 1:1 on 11 with a point set', { bet: 'beseech 5000', before: [[1, 5]], after: [[5, 6]], back: 5000, won: 5000 }],
  ['BESEECH loses on 5', { bet: 'beseech 5000', after: [[1, 4]], lost: 5000 }],
  ['BESEECH loses on 6', { bet: 'beseech 5000', after: [[3, 3]], lost: 5000 }],
  ['BESEECH loses on 7', { bet: 'beseech 5000', after: [[3, 4]], lost: 5000 }],
  ['BESEECH loses on 8 with a point set', { bet: 'beseech 5000', before: [[1, 5]], after: [[2, 6]], lost: 5000 }],
  ['INFERNO on 2: the 2 quarter pays 30:1, the other three lose', { bet: 'inferno 5000', after: [[1, 1]], back: 1250, won: 37500, lost: 3750 }],
  ['INFERNO on 12', { bet: 'horn 5000', after: [[6, 6]], back: 1250, won: 37500, lost: 3750 }],
  ['INFERNO on 3: 15:1 on the quarter', { bet: 'inferno 5000', after: [[2, 1]], back: 1250, won: 18750, lost: 3750 }],
  ['INFERNO on 11 with a point set', { bet: 'inferno 8000', before: [[2, 2]], after: [[5, 6]], back: 2000, won: 30000, lost: 6000 }],
  ['INFERNO loses on 7', { bet: 'inferno 5000', after: [[3, 4]], lost: 5000 }],
  ['INFERNO loses on 4', { bet: 'inferno 5000', after: [[2, 2]], lost: 5000 }],
  ['DRAIN pays 7:1 on 2', { bet: 'drain 5000', after: [[1, 1]], back: 5000, won: 35000 }],
  ['DRAIN pays 7:1 on 3', { bet: 'craps 5000', after: [[1, 2]], back: 5000, won: 35000 }],
  ['DRAIN pays 7:1 on 12 with a point set', { bet: 'drain 5000', before: [[1, 5]], after: [[6, 6]], back: 5000, won: 35000 }],
  ['DRAIN loses on 7', { bet: 'drain 5000', after: [[3, 4]], lost: 5000 }],
  ['DRAIN loses on 11', { bet: 'drain 5000', after: [[5, 6]], lost: 5000 }],
  ['DRAIN loses on 8 with a point set', { bet: 'drain 5000', before: [[1, 5]], after: [[4, 4]], lost: 5000 }],
  ['CLAW 2 pays 30:1', { bet: 'claw 2 5000', after: [[1, 1]], back: 5000, won: 150000 }],
  ['CLAW 3 pays 15:1', { bet: 'prop 3 5000', after: [[2, 1]], back: 5000, won: 75000 }],
  ['CLAW 7 pays 4:1', { bet: 'claw 7 5000', after: [[2, 5]], back: 5000, won: 20000 }],
  ['CLAW 7 pays 4:1 on a seven-out', { bet: 'claw 7 5000', before: [[1, 5]], after: [[2, 5]], back: 5000, won: 20000 }],
  ['CLAW 11 pays 15:1', { bet: 'claw 11 5000', after: [[6, 5]], back: 5000, won: 75000 }],
  ['CLAW 12 pays 30:1', { bet: 'claw 12 5000', after: [[6, 6]], back: 5000, won: 150000 }],
  ['CLAW 2 loses on 3', { bet: 'claw 2 5000', after: [[1, 2]], lost: 5000 }],
  ['CLAW 12 loses on a hard 6 with a point set', { bet: 'claw 12 5000', before: [[1, 5]], after: [[3, 3]], lost: 5000 }],
];

describe('every bet, against fixed throws', () => {
  it.each(CASES)('%s', (_name, c) => {
    const t = Table.started(['Ana', 'Bo']);
    const parsed = parseBet(c.bet);
    if (!parsed.ok) throw new Error(parsed.reason);
    const needsBase = parsed.bet.kind !== 'hero' && parsed.bet.kind !== 'lich';
    if (needsBase) t.bet('Bo', c.base ?? 'hero 5000');
    for (const dice of c.before ?? []) t.roll(dice);
    t.bet('Bo', c.bet);
    const placed = t.of('betPlaced')[0].bet;
    const label = betLabel(placed);

    const moves: CoinMove[] = [];
    const settled: LichBonesEvent[] = [];
    for (const dice of c.after) {
      t.roll(dice);
      moves.push(...t.moves.filter((m) => m.why.startsWith(`Lich Bones ${label} `)));
      settled.push(...t.of('settled').filter((e) => e.bet.id === placed.id));
    }

    const expected = [
      ...(c.back ? [{ from: escrow('Bo'), to: player('Bo'), amount: c.back }] : []),
      ...(c.won ? [{ from: house, to: player('Bo'), amount: c.won }] : []),
      ...(c.lost ? [{ from: escrow('Bo'), to: house, amount: c.lost }] : []),
    ];
    expect(plain(moves)).toEqual(expected);
    const decided = c.back !== undefined || c.lost !== undefined;
    expect(t.state.bets.some((b) => b.id === placed.id)).toBe(!decided);
    const results = settled.map((e) => (e.type === 'settled' ? e.result : ''));
    if (decided) expect(results.at(-1)).toBe(c.back ? 'won' : 'lost');
    if (c.note) expect(results).toContain(c.note);
    if (!decided && !c.note) expect(results).toEqual([]);
  });
});

describe('gold', () => {
  it("lists the player's bets on the table and their total", () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000').bet('Ana', 'lich 6000').bet('Bo', 'attack 6 7000');
    const mine = gold(t.state, 'Bo');
    expect(mine.bets.map(betLabel)).toEqual(['HERO', 'ATTACK 6']);
    expect(mine.onTable).toBe(12_000);
    expect(gold(t.state, 'Cy')).toEqual({ bets: [], onTable: 0 });
  });
});

/** Every bet a player can name, for the randomized run. */
const ALL_BETS: BetSpec[] = [
  { kind: 'hero' }, { kind: 'lich' }, { kind: 'cheer' }, { kind: 'beseech' }, { kind: 'inferno' }, { kind: 'drain' },
  ...HARD_NUMBERS.map((number): BetSpec => ({ kind: 'hard', number })),
  ...POINT_NUMBERS.map((number): BetSpec => ({ kind: 'attack', number })),
  ...CLAW_NUMBERS.map((number): BetSpec => ({ kind: 'claw', number })),
];

describe('a long randomized run', () => {
  it('keeps every coin accounted for over thousands of throws', () => {
    const dice = seededRandom(20_261_129);
    const choose = seededRandom(7);
    const pick = <T>(items: readonly T[]) => items[choose.int(items.length)];
    const names = ['Ana', 'Bo', 'Cy', 'Dee', 'Eli'];
    const START = 60_000;
    const coins = new Map(names.map((n) => [n, START]));
    const held = new Map(names.map((n) => [n, 0]));
    let houseNet = 0;
    let state = newTable();
    let now = T0;
    let throws = 0;
    let games = 0;
    let refusedByTable = 0;
    const problems: string[] = [];
    const results = new Set<string>();
    const ONE_ROLL: string[] = ['beseech', 'inferno', 'drain', 'claw'];

    /** Applies an action the way the table would: all of its moves, or nothing if a player would go below zero. */
    const act = (action: LichBonesAction): boolean => {
      const step = apply(state, action, { random: dice, now, handoutsOpened: () => null });
      if (!step.ok) return false;
      for (const e of step.events) if (e.type === 'settled') results.add(`${e.bet.spec.kind} ${e.result}`);
      const mismatch = resultsMismatch(step.moves, step.results);
      if (mismatch) problems.push(`${action.type}: ${mismatch}`);
      const after = { coins: new Map(coins), held: new Map(held), houseNet };
      for (const m of step.moves) {
        if (!Number.isSafeInteger(m.amount) || m.amount <= 0) problems.push(`bad amount in ${JSON.stringify(m)}`);
        for (const [party, sign] of [[m.from, -1], [m.to, 1]] as const) {
          if (party.kind === 'house') after.houseNet -= sign * m.amount;
          else {
            const book = party.kind === 'player' ? after.coins : after.held;
            book.set(party.name, (book.get(party.name) ?? 0) + sign * m.amount);
          }
        }
      }
      if ([...after.coins.values()].some((n) => n < 0)) {
        refusedByTable += 1;
        return false;
      }
      for (const [n, v] of after.coins) coins.set(n, v);
      for (const [n, v] of after.held) held.set(n, v);
      houseNet = after.houseNet;
      state = step.state;

      const onTable = new Map(names.map((n) => [n, 0]));
      for (const b of state.bets) onTable.set(b.owner, (onTable.get(b.owner) ?? 0) + b.amount);
      for (const n of names) {
        if ((held.get(n) ?? 0) < 0) problems.push(`${n}'s escrow went negative`);
        if (held.get(n) !== onTable.get(n)) problems.push(`${n}'s escrow ${held.get(n)} != bets on the table ${onTable.get(n)}`);
        const kinds = state.bets.filter((b) => b.owner === n).map((b) => b.spec.kind);
        if (kinds.includes('hero') && kinds.includes('lich')) problems.push(`${n} holds both sides`);
      }
      if (state.phase === 'waiting' && state.bets.length > 0) problems.push('bets left on a waiting table');
      if ((action.type === 'roll' || action.type === 'timeout') && state.bets.some((b) => ONE_ROLL.includes(b.spec.kind))) {
        problems.push('a one-roll bet outlived its throw');
      }
      if (state.point === null && state.bets.some((b) => b.spec.kind === 'cheer')) problems.push('CHEER without a point');
      return true;
    };

    for (const n of names.slice(0, 3)) act({ type: 'sit', player: n });
    while (throws < 20_000) {
      if (state.seated.length === 0) act({ type: 'sit', player: pick(names) });
      if (state.phase === 'waiting') {
        now = state.deadline ?? now;
        if (!act({ type: 'start', player: pick(state.seated) })) act({ type: 'timeout' });
        games += 1;
        continue;
      }
      for (let i = choose.int(5); i > 0; i--) {
        const who = pick(names);
        const spec = pick(ALL_BETS);
        const amount = choose.int(20) === 0
          ? 100_000 + choose.int(400_000) // more than anyone holds, now and then
          : spec.kind === 'inferno' && choose.int(4) > 0 ? 4 * (1250 + choose.int(2000)) : 4_000 + choose.int(12_000);
        act({ type: 'bet', player: who, bet: spec, amount });
      }
      const roll = choose.int(20);
      if (roll === 0) act({ type: 'leave', player: pick(names) });
      else if (roll === 1) act({ type: 'sit', player: pick(names) });
      if (state.phase !== 'betting') continue;
      if (choose.int(2) === 0) act({ type: 'roll', player: state.hero as string });
      else {
        now = state.deadline as number;
        act({ type: 'timeout' });
      }
      throws += 1;
    }

    expect(problems.slice(0, 5)).toEqual([]);
    expect(games).toBeGreaterThan(1_000);
    for (const kind of new Set(ALL_BETS.map((b) => b.kind))) {
      // One-roll bets settle on the last throw, so only the others are ever returned by round 16.
      const outcomes = ONE_ROLL.includes(kind) ? ['won', 'lost'] : ['won', 'lost', 'returned'];
      for (const result of outcomes) expect(results, `${kind} ${result}`).toContain(`${kind} ${result}`);
    }
    expect(refusedByTable).toBeGreaterThan(0);
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    expect(total(coins) + total(held)).toBe(names.length * START + houseNet);
    // Fairness smoke check: the house paid out both hand-outs and winnings, and took losses.
    expect(houseNet).not.toBe(0);
  });
});
