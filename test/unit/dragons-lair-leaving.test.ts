/**
 * A Dragon's Lair player who leaves mid-game: their hand and choices, their share of the settlement,
 * the treasure of a lair they attacked, and the game's end when only one player is left.
 */
import { describe, expect, it } from 'vitest';
import { diceValues } from '../../src/games/random.js';
import { cardName } from '../../src/games/dragons-lair/cards.js';
import {
  T0,
  c,
  coinsOf,
  cs,
  fallenLair,
  fallenLairOfThree,
  hold,
  no,
  ofType,
  ok,
  paidOut,
  play,
  run,
  startGame,
  threePlayers,
  twoPlayers,
} from '../support/dragons-lair-play.js';

describe("Dragon's Lair: a player who leaves mid-game", () => {
  it('has their hand discarded face up, holds every remaining choice, and still shares in the settlement', () => {
    const started = threePlayers({ rounds: 1 });
    const atBo = run(started.state, play('Ana', '2c')).state;
    const left = ok(atBo, { type: 'leave', player: 'Bo' });
    expect(left.events).toEqual([
      { type: 'left', player: 'Bo', cause: 'asked', discarded: cs('8h', '5d', '7s', 'ac') },
      { type: 'awaiting', player: 'Cy', pass: 1, deadline: T0 + 60_000 },
    ]);
    expect(left.state.queue.map((q) => q.player)).toEqual(['Cy', 'Ana', 'Cy']);
    expect(no(left.state, play('Cy', '9s', { target: 'Bo' }))).toBe('No player called Bo is playing at this table.');
    expect(no(left.state, hold('Bo'))).toBe('You are not playing at this table.');
    const { events } = run(left.state, hold('Cy'), hold('Ana'), hold('Cy'));
    expect(ofType(events, 'levy')[0].paid.map((p) => p.name)).toEqual(['Ana', 'Cy']);
    // Bank 150 - 2 - 2 = 146: 48 each plus two odd coins for Ana and Bo.
    expect(ofType(events, 'gameOver')[0].result.payouts).toEqual({ Ana: 2 + 1 + 49, Bo: 49, Cy: 1 + 48 });
  });

  it('ends the game when only one player is left', () => {
    const { state, events, moves } = ok(twoPlayers().state, { type: 'leave', player: 'Ana', cause: 'disconnected' });
    expect(ofType(events, 'gameOver')[0].result).toEqual({ reason: 'players', coins: { Ana: 0, Bo: 0 }, bankLeft: 100, payouts: { Ana: 50, Bo: 50 } });
    expect(paidOut(moves)).toEqual({ Ana: 50, Bo: 50 });
    expect(state.seats.map((s) => s.name)).toEqual(['Bo']);
  });

  it('leaves the treasure to the other attacker when one walks out of the negotiation', () => {
    const { state, events } = ok(fallenLairOfThree(), { type: 'leave', player: 'Bo' });
    expect(ofType(events, 'treasureTaken')).toEqual([
      { type: 'treasureTaken', lair: 1, player: 'Ana', roll: 5, amount: 5, bank: 145 },
    ]);
    expect(coinsOf(state, 'Ana')).toBe(5 + 1);
  });

  it('in a game of two, leaves the treasure to the other attacker before the game is settled', () => {
    const { events, moves } = ok(fallenLair(), { type: 'leave', player: 'Bo' });
    expect(ofType(events, 'treasureTaken')).toEqual([{ type: 'treasureTaken', lair: 1, player: 'Ana', roll: 4, amount: 4, bank: 96 }]);
    // The game ends before the turn does (no levy): Ana 4 + 48 of the 96 left, Bo 48.
    expect(ofType(events, 'gameOver')[0].result).toEqual({ reason: 'players', coins: { Ana: 4, Bo: 0 }, bankLeft: 96, payouts: { Ana: 52, Bo: 48 } });
    expect(paidOut(moves)).toEqual({ Ana: 52, Bo: 48 });
  });

  it('in a game of two, gives the lone attacker left every fallen lair of the reveal, the one being split and the one waiting', () => {
    const start = startGame(['Ana', 'Bo'], {
      hands: { Ana: ['10h', '9h', '2c', '3c'], Bo: ['8h', '6h', '4c', '5c'] },
      dragons: ['jc', 'jd'],
    }).state;
    const fallen = run(start, play('Ana', '10h', { lair: 1 }), play('Bo', '8h', { lair: 1 }), play('Ana', '9h', { lair: 2 }), [play('Bo', '6h', { lair: 2 }), diceValues(2, 5)]);
    expect(fallen.state.negotiation?.lair).toBe(1);
    const { events } = ok(fallen.state, { type: 'leave', player: 'Ana' });
    expect(ofType(events, 'treasureTaken').map((e) => [e.lair, e.player, e.amount])).toEqual([[1, 'Bo', 2], [2, 'Bo', 5]]);
    expect(ofType(events, 'gameOver')[0].result).toMatchObject({ coins: { Ana: 0, Bo: 7 }, bankLeft: 93 });
  });

  it('returns the knights of a player who left to the discard pile instead of their hand', () => {
    const { state, events } = run(
      threePlayers().state,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '8h', { lair: 1 }),
      { type: 'leave', player: 'Bo' },
      hold('Cy'),
      hold('Ana'),
      [hold('Cy'), diceValues(3)],
    );
    const revealed = ofType(events, 'lairRevealed')[0];
    expect(revealed.returned).toEqual([{ by: 'Ana', card: c('10h') }]);
    expect(revealed.discarded.map(cardName)).toEqual(['8h']);
    expect(state.discardPile.map(cardName)).toContain('8h');
    expect(ofType(events, 'treasureTaken')[0]).toMatchObject({ player: 'Ana', amount: 3 });
  });
});
