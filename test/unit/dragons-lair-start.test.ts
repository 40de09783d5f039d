/**
 * Dragon's Lair from sitting down to the deal: seats, who may start, the antes and the secret deal;
 * the default settings; and the deck order the provably fair scheme needs.
 */
import { describe, expect, it } from 'vitest';
import { cardName } from '../../src/games/dragons-lair/cards.js';
import { apply, defaultSettings, isPrivate, newTable } from '../../src/games/dragons-lair/rules.js';
import { fixedRandom } from '../../src/games/random.js';
import { T0, cs, handOf, hold, holdAll, no, ofType, ok, play, publicCards, threePlayers, twoPlayers } from '../support/dragons-lair-play.js';

describe("Dragon's Lair: sitting down and starting", () => {
  it('seats up to five players in the order they sit, and only a seated player can start once two sit', () => {
    let state = newTable();
    state = ok(state, { type: 'sit', player: 'Ana' }).state;
    expect(no(state, { type: 'start', player: 'Ana' })).toBe('At least 2 players must sit before the game can start.');
    expect(no(state, { type: 'sit', player: 'Ana' })).toBe('You are already sitting at this table.');
    for (const p of ['Bo', 'Cy', 'Di', 'Ed']) state = ok(state, { type: 'sit', player: p }).state;
    expect(no(state, { type: 'sit', player: 'Fay' })).toBe('All 5 seats are taken.');
    expect(no(state, { type: 'start', player: 'Fay' })).toMatch(/^Sit down at the table first/);
    expect(state.seats.map((s) => s.name)).toEqual(['Ana', 'Bo', 'Cy', 'Di', 'Ed']);
    const left = ok(state, { type: 'leave', player: 'Cy' });
    expect(left.events).toEqual([{ type: 'stood', player: 'Cy' }]);
    expect(left.state.seats.map((s) => s.name)).toEqual(['Ana', 'Bo', 'Di', 'Ed']);
  });

  it('takes an ante from each player into escrow, deals four secret cards each and lays two dragons face down', () => {
    const { state, events, moves } = threePlayers();
    expect(moves).toEqual(
      ['Ana', 'Bo', 'Cy'].map((name) => ({
        from: { kind: 'player', name },
        to: { kind: 'escrow', name },
        amount: 50,
        why: "Dragon's Lair ante",
      })),
    );
    expect(state.bank).toBe(150);
    expect(handOf(state, 'Ana')).toEqual(['10h', '9h', '2c', '4d']);
    expect(handOf(state, 'Cy')).toEqual(['3h', '10d', '9s', '6c']);
    expect(state.drawPile).toHaveLength(40 - 12);
    expect(state.lairs.map((l) => [l.dragon && cardName(l.dragon), l.revealed])).toEqual([['jc', false], ['qs', false]]);
    expect(state.dragonPile).toHaveLength(10);

    const dealt = ofType(events, 'dealt');
    expect(dealt.map((e) => [e.to, e.cards.map(cardName)])).toEqual([
      ['Ana', ['10h', '9h', '2c', '4d']],
      ['Bo', ['8h', '5d', '7s', 'ac']],
      ['Cy', ['3h', '10d', '9s', '6c']],
    ]);
    expect(dealt.every(isPrivate)).toBe(true);
    expect(publicCards(events)).toEqual([]);
    expect(ofType(events, 'dragonLaid').map((e) => e.lair)).toEqual([1, 2]);
    expect(ofType(events, 'turnBegan')).toEqual([{ type: 'turnBegan', turn: 1, dealer: 'Ana' }]);
    expect(ofType(events, 'awaiting')).toEqual([{ type: 'awaiting', player: 'Ana', pass: 1, deadline: T0 + 60_000 }]);
  });

  it('refuses plays before the game starts and seating once it has', () => {
    const table = ok(newTable(), { type: 'sit', player: 'Ana' }).state;
    expect(no(table, hold('Ana'))).toBe('The game has not started; once 2 players sit, type start.');
    const { state } = twoPlayers();
    expect(no(state, { type: 'sit', player: 'Cy' })).toBe('A game is under way; you can sit down when it ends.');
    expect(no(state, { type: 'start', player: 'Ana' })).toBe('The game is already under way.');
  });
});

describe("Dragon's Lair: settings", () => {
  it('defaults to the numbers of docs/games.md', () => {
    expect(defaultSettings).toEqual({
      ante: 50,
      rounds: 10,
      choiceMs: 60_000,
      negotiationMs: 10_000,
      discardMs: 30_000,
      maxHand: 4,
      minPlayers: 2,
      maxPlayers: 5,
    });
  });

  it('never changes the state it was given', () => {
    const { state } = twoPlayers();
    const before = structuredClone(state);
    apply(state, play('Ana', '10h', { lair: 1 }), { random: fixedRandom([]), now: T0 });
    expect(state).toEqual(before);
  });
});

describe("Dragon's Lair: the deck order, as the provably fair scheme needs it (docs/rulings.md)", () => {
  /** The values that make every swap of a Fisher-Yates shuffle of n cards a no-op: the order before the shuffle. */
  const identity = (n: number) => Array.from({ length: n - 1 }, (_, i) => n - 1 - i);

  it('shuffles the draw pile, then the dragons, from their order by suit and rank, and deals a card at a time from seat 1', () => {
    let state = newTable();
    for (const p of ['Ana', 'Bo', 'Cy']) state = ok(state, { type: 'sit', player: p }).state;
    const values = [...identity(40), ...identity(12)];
    let drawn = 0;
    const source = fixedRandom(values);
    const counting = { int: (n: number) => (drawn++, source.int(n)) };
    const step = apply(state, { type: 'start', player: 'Ana' }, { random: counting, now: T0 });
    if (!step.ok) throw new Error(step.reason);
    // Two shuffles and nothing else: 39 swaps for the 40 number cards, 11 for the 12 dragons.
    expect(drawn).toBe(39 + 11);
    // Hearts, diamonds, clubs, spades, each ace to ten: ah 2h 3h ... so round the table from seat 1.
    expect(handOf(step.state, 'Ana')).toEqual(['ah', '4h', '7h', '10h']);
    expect(handOf(step.state, 'Bo')).toEqual(['2h', '5h', '8h', 'ad']);
    expect(handOf(step.state, 'Cy')).toEqual(['3h', '6h', '9h', '2d']);
    expect(step.state.drawPile.slice(0, 2).map(cardName)).toEqual(['3d', '4d']);
    // Dragons jack, queen, king of each suit: the top two go to lair 1 and lair 2.
    expect(step.state.lairs.map((l) => cardName(l.dragon!))).toEqual(['jh', 'qh']);
    expect(step.state.dragonPile.map(cardName).slice(0, 2)).toEqual(['kh', 'jd']);
  });

  it('reshuffles the cards left in the draw pile, then the discards in the order they were discarded', () => {
    const start = twoPlayers().state;
    const [top, ...others] = start.drawPile;
    // One card left to draw; the discards, in the order they were discarded: 9c, 4c, 7h, then the rest.
    const first = cs('9c', '4c', '7h');
    start.drawPile = [top];
    start.discardPile = [...first, ...others.filter((card) => !first.some((f) => cardName(f) === cardName(card)))];
    const order = [cardName(start.drawPile[0]), ...start.discardPile.map(cardName)];
    const { state, events } = holdAll(start, identity(order.length));
    expect(ofType(events, 'reshuffled')).toEqual([{ type: 'reshuffled', pile: 'draw', cards: order.length }]);
    // Ana deals, so she draws first: the old top card, then the first card discarded.
    expect(ofType(events, 'drew').map((e) => [e.to, cardName(e.card)])).toEqual([['Ana', order[0]], ['Bo', '9c']]);
    expect(state.drawPile.map(cardName)).toEqual(order.slice(2));
  });
});
