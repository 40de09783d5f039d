/**
 * Lich Bones hand-outs cannot be farmed: the start and end hand-outs and the HERO bonus are paid to a
 * player from one game per cool-down, whatever table they sit at, and a player is told once when
 * they are withheld.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/games/lich-bones/state.js';
import { fixedRandom } from '../../src/games/random.js';
import { T0, Table } from '../support/lich-bones-play.js';

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
