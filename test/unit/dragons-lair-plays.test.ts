/**
 * A Dragon's Lair turn as it is played: the order of choices round the table and the clock on each,
 * and what playing a knight, wizard, leprechaun or thief does (and what each needs).
 */
import { describe, expect, it } from 'vitest';
import { cardName } from '../../src/games/dragons-lair/cards.js';
import type { DragonsLairEvent } from '../../src/games/dragons-lair/rules.js';
import {
  T0,
  c,
  coinsOf,
  handOf,
  hold,
  holdAll,
  no,
  ofType,
  play,
  publicCards,
  run,
  threePlayers,
  timeout,
  twoPlayers,
} from '../support/dragons-lair-play.js';

describe("Dragon's Lair: turn order", () => {
  const order = (events: DragonsLairEvent[]) => ofType(events, 'awaiting').map((e) => `${e.player}${e.pass}`);

  it('goes round twice from the dealer, then the deal moves left', () => {
    const start = threePlayers();
    expect(no(start.state, hold('Bo'))).toBe("It is Ana's turn to play a card or hold.");
    const turn1 = holdAll(start.state);
    expect(order([...start.events, ...turn1.events])).toEqual(['Ana1', 'Bo1', 'Cy1', 'Ana2', 'Bo2', 'Cy2']);
    expect(ofType(turn1.events, 'held').map((e) => e.timedOut)).toEqual([false, false, false, false, false, false]);

    // Everyone drew a fifth card; the clock discards their lowest.
    expect(turn1.state.phase).toBe('discarding');
    const discarded = timeout(turn1.state);
    expect(ofType(discarded.events, 'turnBegan')).toEqual([{ type: 'turnBegan', turn: 2, dealer: 'Bo' }]);
    const turn2 = holdAll(discarded.state);
    expect(order([...discarded.events, ...turn2.events])).toEqual(['Bo1', 'Cy1', 'Ana1', 'Bo2', 'Cy2', 'Ana2']);
    const turn3 = timeout(turn2.state);
    expect(turn3.state.dealer).toBe('Cy');
    expect(order(turn3.events)).toEqual(['Cy1']);
  });

  it('treats a choice left for 60 seconds as a hold, and refuses a timeout that comes early', () => {
    const { state } = twoPlayers();
    expect(no(state, { type: 'timeout' }, T0 + 59_999)).toBe('The clock has not run out yet.');
    const { state: after, events } = timeout(state);
    expect(events).toEqual([
      { type: 'held', player: 'Ana', pass: 1, timedOut: true },
      { type: 'awaiting', player: 'Bo', pass: 1, deadline: T0 + 60_000 + 60_000 },
    ]);
    expect(after.queue[0]).toEqual({ player: 'Bo', pass: 1 });
  });

  it('lets a player play at most one card per pass', () => {
    const { state } = run(twoPlayers().state, play('Ana', '10h', { lair: 1 }));
    expect(no(state, play('Ana', '5h', { lair: 1 }))).toBe("It is Bo's turn to play a card or hold.");
  });
});

describe("Dragon's Lair: playing each kind of card", () => {
  it('lays a knight face down: the table learns who laid a card where, only the owner learns which', () => {
    const { state, events } = run(twoPlayers().state, play('Ana', '10h', { lair: 1 }));
    expect(events).toEqual([
      { type: 'cardLaid', player: 'Ana', lair: 1, pass: 1 },
      { type: 'youLaid', to: 'Ana', card: c('10h'), lair: 1 },
      { type: 'awaiting', player: 'Bo', pass: 1, deadline: T0 + 60_000 },
    ]);
    expect(publicCards(events)).toEqual([]);
    expect(state.lairs[0].laid).toEqual([{ by: 'Ana', card: c('10h') }]);
    expect(handOf(state, 'Ana')).toEqual(['5h', '10d', '3c']);
  });

  it('explains what a knight, wizard, leprechaun and thief each need', () => {
    const { state } = twoPlayers();
    expect(no(state, play('Ana', '10h'))).toBe('A knight needs a lair: play 10h lair 1 or play 10h lair 2.');
    expect(no(state, play('Ana', '10h', { lair: 3 }))).toBe('There are only two lairs: play 10h lair 1 or play 10h lair 2.');
    expect(no(state, play('Ana', '10h', { target: 'Bo' }))).toMatch(/^A knight attacks a dragon, not a player/);
    expect(no(state, play('Ana', '10d'))).toMatch(/^A wizard needs a lair or a target/);
    expect(no(state, play('Ana', '10d', { lair: 1, target: 'Bo' }))).toMatch(/^Send a wizard to a lair or against a player, not both/);
    expect(no(state, play('Ana', '10d', { target: 'Ana' }))).toMatch(/^You can't use your own cards against yourself/);
    expect(no(state, play('Ana', '10d', { target: 'Zed' }))).toBe('No player called Zed is playing at this table.');
    expect(no(state, play('Ana', '3c', { lair: 1 }))).toBe('A leprechaun needs no lair or target: play 3c.');
    expect(no(state, play('Ana', '7h', { lair: 1 }))).toBe('You hold no 7h; type hand to see your cards.');
    expect(no(state, play('Ana', 'qs', { lair: 1 }))).toBe('You hold no qs; type hand to see your cards.');
    expect(no(state, play('Cy', '7h', { lair: 1 }))).toBe('You are not playing at this table.');
    const bosTurn = run(state, hold('Ana')).state;
    expect(no(bosTurn, play('Bo', '8s'))).toBe('A thief needs a target: play 8s <player>.');
    expect(no(bosTurn, play('Bo', '8s', { lair: 2 }))).toBe('A thief robs a player, not a lair: play 8s <player>.');
    expect(no(bosTurn, play('Bo', '8s', { target: 'bo' }))).toMatch(/^You can't use your own cards against yourself/);
  });

  it('pays a leprechaun its value from the bank, and a thief takes up to its value but never more than the target has', () => {
    const { state, events } = run(
      twoPlayers().state,
      play('Ana', '3c'),
      play('Bo', '8s', { target: 'ana' }), // names are read in any case
    );
    expect(ofType(events, 'leprechaun')).toEqual([{ type: 'leprechaun', player: 'Ana', card: c('3c'), paid: 3, bank: 97 }]);
    expect(ofType(events, 'thief')).toEqual([{ type: 'thief', player: 'Bo', card: c('8s'), target: 'Ana', stolen: 3 }]);
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo'), state.bank]).toEqual([0, 3, 97]);
    expect(state.discardPile.map(cardName)).toEqual(['3c', '8s']);
  });

  it('lets a thief take its full value from a richer target', () => {
    const start = twoPlayers().state;
    start.seats[0].coins = 20;
    start.bank -= 20;
    const { state } = run(start, hold('Ana'), play('Bo', '8s', { target: 'Ana' }));
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo')]).toEqual([12, 8]);
  });

  it('sends a wizard on a mission: a random card from the target, both discarded when the wizard is as high or higher', () => {
    // The wizard picks Bo's third card, the 8 of spades; 10 beats 8.
    const { state, events } = run(twoPlayers().state, [play('Ana', '10d', { target: 'Bo' }), [2]]);
    expect(ofType(events, 'wizardMission')).toEqual([
      { type: 'wizardMission', player: 'Ana', wizard: c('10d'), target: 'Bo', killed: c('8s') },
    ]);
    expect(handOf(state, 'Bo')).toEqual(['3h', '5d', '2c']);
    expect(state.discardPile.map(cardName)).toEqual(['10d', '8s']);
    expect(ofType(events, 'wizardPicked')).toEqual([]);
  });

  it('lets the wizard win a tie', () => {
    // Bo's 5 of diamonds picks Ana's 5 of hearts.
    const { state, events } = run(twoPlayers().state, hold('Ana'), [play('Bo', '5d', { target: 'Ana' }), [1]]);
    expect(ofType(events, 'wizardMission')[0].killed).toEqual(c('5h'));
    expect(handOf(state, 'Ana')).toEqual(['10h', '10d', '3c']);
  });

  it('discards only a beaten wizard, and only its owner and the target learn which card it picked', () => {
    const { state, events } = run(twoPlayers().state, hold('Ana'), [play('Bo', '5d', { target: 'Ana' }), [0]]);
    expect(ofType(events, 'wizardMission')).toEqual([
      { type: 'wizardMission', player: 'Bo', wizard: c('5d'), target: 'Ana', killed: null },
    ]);
    expect(ofType(events, 'wizardPicked')).toEqual([
      { type: 'wizardPicked', to: 'Bo', player: 'Bo', target: 'Ana', card: c('10h') },
      { type: 'wizardPicked', to: 'Ana', player: 'Bo', target: 'Ana', card: c('10h') },
    ]);
    expect(publicCards(events)).toEqual(['5d']);
    expect(handOf(state, 'Ana')).toEqual(['10h', '5h', '10d', '3c']);
    expect(state.discardPile.map(cardName)).toEqual(['5d']);
  });

  it('will not send a wizard against an empty hand', () => {
    const start = twoPlayers().state;
    start.discardPile.push(...start.seats[1].hand);
    start.seats[1].hand = [];
    expect(no(start, play('Ana', '10d', { target: 'Bo' }))).toBe('Bo holds no cards for a wizard to take.');
  });
});
