/**
 * A game of Lich Bones round by round, through its rules: the start (hand-outs, the HERO picked,
 * the autostart), each throw and who makes it (the HERO, or Dreaven when betting runs out), the HERO
 * bonus, players leaving mid-game, and the end after the last round.
 */
import { describe, expect, it } from 'vitest';
import { betLabel } from '../../src/games/lich-bones/bets.js';
import { renderTable } from '../../src/games/lich-bones/look.js';
import { tableStateOf } from '../../src/games/lich-bones/panel.js';
import { apply } from '../../src/games/lich-bones/rules.js';
import { viewFor } from '../../src/games/lich-bones/view.js';
import { tavernWords } from '../../src/output/words.js';
import { DEFAULT_SETTINGS } from '../../src/games/lich-bones/state.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import type { CoinMove, Party } from '../../src/games/api.js';
import { escrow, house, player } from '../../src/games/rules.js';
import { type Dice, T0, Table, plain } from '../support/lich-bones-play.js';

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
    apply(t.state, { type: 'roll', player: 'Ana' }, { random: fixedRandom(diceValues(3, 4)), now: t.now, handoutsOpened: t.handoutsOpened, money: t.money, dealer: 'Dreaven' });
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
      { type: 'thrown', throw: { by: 'dealer', hero: 'Ana', dice: [2, 4], total: 6 }, opening: true, point: null },
    ]);
    expect(t.of('outcome')).toEqual([{ type: 'outcome', kind: 'point-set', winner: null, total: 6, point: 6 }]);
    expect(t.of('bettingOpened')).toEqual([{ type: 'bettingOpened', round: 2, rounds: 16, deadline: T0 + 60_000, point: 6 }]);
    expect(t.state.lastThrow).toEqual({ by: 'dealer', hero: 'Ana', dice: [2, 4], total: 6 });
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

  it('begins the next game with no throw: the last game\'s dice are not on the table, in look or in the panel', () => {
    const t = Table.started(['Ana', 'Bo'], 0, { ...DEFAULT_SETTINGS, rounds: 2 });
    t.roll([2, 4]).roll([5, 6]);
    expect(t.of('gameOver')).toHaveLength(1);
    expect(t.state.lastThrow).toMatchObject({ dice: [5, 6], total: 11 });
    t.do({ type: 'start', player: 'Bo' }, fixedRandom([1]));
    expect(t.state).toMatchObject({ phase: 'betting', round: 1, lastThrow: null });
    const view = viewFor(t.state, 'Ana');
    expect(renderTable(view, t.now, { sit: 'sit bones', start: 'start' }, tavernWords)).not.toMatch(/Last throw|5 and 6/);
    const state = tableStateOf(view, () => true);
    expect(state.lastThrow).toBeNull();
    expect(state.panel.parts.filter((p) => p.kind === 'dice')).toEqual([]);
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
