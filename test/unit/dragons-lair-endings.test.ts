/**
 * The end of a Dragon's Lair turn (the levy, the draw, discarding down to four, a new dragon) and of
 * the game (the settlement: game coins plus a share of the bank, exactly the antes paid out).
 */
import { describe, expect, it } from 'vitest';
import { cardName } from '../../src/games/dragons-lair/cards.js';
import { apply } from '../../src/games/dragons-lair/rules.js';
import { fixedRandom } from '../../src/games/random.js';
import {
  T0,
  c,
  handOf,
  hold,
  holdAll,
  no,
  ofType,
  ok,
  paidOut,
  play,
  publicCards,
  run,
  threePlayers,
  timeout,
  twoPlayers,
} from '../support/dragons-lair-play.js';

describe("Dragon's Lair: the end of a turn", () => {
  it('pays the levy, deals one secret card each, and has players over four cards discard', () => {
    const { state, events } = run(twoPlayers().state, play('Ana', '3c'), hold('Bo'), hold('Ana'), hold('Bo'));
    expect(ofType(events, 'drew')).toEqual([
      { type: 'drew', to: 'Ana', card: c('6h') },
      { type: 'drew', to: 'Bo', card: c('7h') },
    ]);
    expect(ofType(events, 'cardsDrawn')).toEqual([{ type: 'cardsDrawn', players: ['Ana', 'Bo'], drawPile: 30 }]);
    expect(publicCards(events)).toEqual(['3c']);
    expect(ofType(events, 'discardNeeded')).toEqual([
      { type: 'discardNeeded', players: [{ name: 'Bo', amount: 1 }], deadline: T0 + 30_000 },
    ]);
    expect(state.phase).toBe('discarding');

    expect(no(state, { type: 'discard', player: 'Ana', card: c('6h') })).toBe(
      'You hold 4 cards or fewer already; wait for the others.',
    );
    expect(no(state, { type: 'discard', player: 'Bo', card: c('9c') })).toBe('You hold no 9c; type hand to see your cards.');
    expect(no(state, hold('Bo'))).toBe('Wait: players are discarding down to 4 cards.');
    const after = ok(state, { type: 'discard', player: 'Bo', card: c('8s') });
    expect(after.events[0]).toEqual({ type: 'discarded', player: 'Bo', cards: [c('8s')], timedOut: false });
    expect(handOf(after.state, 'Bo')).toEqual(['3h', '5d', '2c', '7h']);
    expect(after.state.phase).toBe('choosing');
    expect(ofType(after.events, 'turnBegan')).toEqual([{ type: 'turnBegan', turn: 2, dealer: 'Bo' }]);
  });

  it('refuses a discard in the middle of a turn', () => {
    expect(no(twoPlayers().state, { type: 'discard', player: 'Ana', card: c('3c') })).toBe(
      'You only discard at the end of a turn, when you hold more than 4 cards.',
    );
  });

  it('discards the lowest cards of whoever is still over four when the 30 seconds run out', () => {
    const { state } = holdAll(twoPlayers().state);
    expect(no(state, { type: 'timeout' }, T0 + 29_999)).toBe('The clock has not run out yet.');
    const { state: after, events } = timeout(state);
    expect(ofType(events, 'discarded')).toEqual([
      { type: 'discarded', player: 'Ana', cards: [c('3c')], timedOut: true },
      { type: 'discarded', player: 'Bo', cards: [c('2c')], timedOut: true },
    ]);
    expect(handOf(after, 'Ana')).toEqual(['10h', '5h', '10d', '6h']);
  });

  it('reshuffles the discard pile into the draw pile when it holds fewer cards than players', () => {
    const start = twoPlayers().state;
    start.discardPile = start.drawPile.slice(1);
    start.drawPile = start.drawPile.slice(0, 1);
    const identity = (n: number) => Array.from({ length: n - 1 }, (_, i) => n - 1 - i);
    const { state, events } = holdAll(start, identity(32));
    expect(ofType(events, 'reshuffled')).toEqual([{ type: 'reshuffled', pile: 'draw', cards: 32 }]);
    expect(ofType(events, 'drew').map((e) => cardName(e.card))).toEqual(['6h', '7h']);
    expect(state.drawPile).toHaveLength(30);
    expect(state.discardPile).toEqual([]);
  });

  it('lays a new dragon face down after a kill, reshuffling the dead dragons when the pile is empty', () => {
    const start = twoPlayers().state;
    start.deadDragons = start.dragonPile;
    start.dragonPile = [];
    const killed = run(start, play('Ana', '10d', { lair: 1 }), play('Bo', '5d', { lair: 1 }), hold('Ana'), hold('Bo'));
    expect(killed.state.phase).toBe('discarding');
    expect(killed.state.lairs[0].dragon).toBeNull();
    // The 10 dead dragons and the jack of clubs, in that order (an identity shuffle).
    const identity = Array.from({ length: 10 }, (_, i) => 10 - i);
    const { state, events } = run(
      killed.state,
      { type: 'discard', player: 'Ana', card: c('3c') },
      [{ type: 'discard', player: 'Bo', card: c('2c') }, identity],
    );
    expect(ofType(events, 'reshuffled')).toEqual([{ type: 'reshuffled', pile: 'dragons', cards: 11 }]);
    expect(ofType(events, 'dragonLaid')).toEqual([{ type: 'dragonLaid', lair: 1 }]);
    expect(state.lairs[0]).toEqual({ dragon: c('qh'), revealed: false, laid: [] });
    expect(state.dragonPile).toHaveLength(10);
    expect(state.deadDragons).toEqual([]);
    expect(publicCards(events)).toEqual(['3c', '2c']);
  });
});

describe("Dragon's Lair: the end of the game", () => {
  function totalOf(r: Record<string, number>): number {
    return Object.values(r).reduce((a, b) => a + b, 0);
  }

  it('ends after the last round: game coins plus an even share of the bank, exactly the antes paid out', () => {
    const turn1 = run(twoPlayers({ rounds: 2 }).state, play('Ana', '3c'), hold('Bo'), hold('Ana'), hold('Bo'));
    const turn2 = holdAll(timeout(turn1.state).state);
    const [over] = ofType(turn2.events, 'gameOver');
    // Ana: 3 (leprechaun) + 2 (levies); Bo: 2 levies; bank 100 - 3 - 4 = 93 = 46 + 46 + 1 odd coin to Ana.
    expect(over.result).toEqual({ reason: 'rounds', coins: { Ana: 5, Bo: 2 }, bankLeft: 93, payouts: { Ana: 52, Bo: 48 } });
    expect(paidOut(turn2.moves)).toEqual({ Ana: 52, Bo: 48 });
    expect(totalOf(paidOut(turn2.moves))).toBe(100);
    expect(turn2.state.phase).toBe('over');
    expect(turn2.state.seats.map((s) => [s.name, s.hand.length, s.coins])).toEqual([['Ana', 0, 0], ['Bo', 0, 0]]);
  });

  it('shares the odd coins of the bank in seat order', () => {
    const { events } = run(threePlayers({ rounds: 1 }).state, play('Ana', '2c'), hold('Bo'), hold('Cy'), hold('Ana'), hold('Bo'), hold('Cy'));
    // Bank 150 - 2 - 3 = 145: 48 each and one odd coin, to Ana in the first seat.
    expect(ofType(events, 'gameOver')[0].result.payouts).toEqual({ Ana: 2 + 1 + 49, Bo: 1 + 48, Cy: 1 + 48 });
  });

  it('ends the moment the bank runs dry', () => {
    const { state, events, moves } = run(twoPlayers({ ante: 1 }).state, play('Ana', '3c'));
    expect(ofType(events, 'leprechaun')[0]).toMatchObject({ paid: 2, bank: 0 });
    expect(ofType(events, 'gameOver')[0].result).toEqual({ reason: 'bank', coins: { Ana: 2, Bo: 0 }, bankLeft: 0, payouts: { Ana: 2, Bo: 0 } });
    expect(moves).toEqual([
      { from: { kind: 'escrow', name: 'Ana' }, to: { kind: 'player', name: 'Ana' }, amount: 1, why: "Dragon's Lair settlement" },
      { from: { kind: 'escrow', name: 'Bo' }, to: { kind: 'player', name: 'Ana' }, amount: 1, why: "Dragon's Lair settlement" },
    ]);
    expect(state.phase).toBe('over');
    expect(no(state, hold('Ana'))).toBe('The game is over; type start to play again.');
  });

  it('ends when the levy empties the bank', () => {
    const { events } = holdAll(twoPlayers({ ante: 1 }).state);
    expect(ofType(events, 'gameOver')[0].result).toMatchObject({ reason: 'bank', payouts: { Ana: 1, Bo: 1 } });
    expect(ofType(events, 'drew')).toEqual([]);
  });

  it('lets the same players start a new game', () => {
    const over = run(twoPlayers({ ante: 1 }).state, play('Ana', '3c')).state;
    const again = apply(over, { type: 'start', player: 'Bo' }, { random: fixedRandom(new Array(39 + 11).fill(0)), now: T0 });
    expect(again.ok && again.state.phase).toBe('choosing');
    expect(again.ok && again.state.bank).toBe(2);
    expect(again.ok && again.state.result).toBeNull();
  });
});
