import { describe, expect, it } from 'vitest';
import {
  cardName,
  cardValue,
  compareCards,
  describeCard,
  dragonCards,
  kindOf,
  numberCards,
  parseCard,
} from '../../src/games/dragons-lair/cards.js';
import { cs } from '../support/dragons-lair-play.js';
import { dealerWords } from '../../src/dealer/words.js';
import { loadProfile } from '../../src/dealer/profile.js';

describe("Dragon's Lair cards", () => {
  it.each([
    ['7h', { rank: 7, suit: 'hearts' }],
    ['10d', { rank: 10, suit: 'diamonds' }],
    ['ac', { rank: 1, suit: 'clubs' }],
    ['AC', { rank: 1, suit: 'clubs' }],
    ['qs', { rank: 12, suit: 'spades' }],
    ['Kh', { rank: 13, suit: 'hearts' }],
    ['jd', { rank: 11, suit: 'diamonds' }],
    ['Td', { rank: 10, suit: 'diamonds' }],
    ['1h', { rank: 1, suit: 'hearts' }],
    ['knight 7', { rank: 7, suit: 'hearts' }],
    ['Wizard 10', { rank: 10, suit: 'diamonds' }],
    ['leprechaun 5', { rank: 5, suit: 'clubs' }],
    ['thief 8', { rank: 8, suit: 'spades' }],
    ['knight ace', { rank: 1, suit: 'hearts' }],
    ['  thief   a ', { rank: 1, suit: 'spades' }],
    ['7 of hearts', { rank: 7, suit: 'hearts' }],
    ['queen of spades', { rank: 12, suit: 'spades' }],
  ])('reads %j', (text, card) => {
    expect(parseCard(text)).toEqual({ ok: true, card });
  });

  it.each(['', '11h', '0s', '7x', 'h7', 'knight 11', 'knight queen', 'dragon 13', 'bishop 4', '7 of cups'])(
    'refuses %j with a reason that shows how to name a card',
    (text) => {
      const r = parseCard(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/7h/);
    },
  );

  it("quotes what the player typed as the host quotes a player's words", () => {
    expect(parseCard('zz')).toEqual({ ok: false, reason: expect.stringMatching(/^"zz" is not a card; /) });
    // A dealer whose MUD whispers in double quotes quotes in single ones.
    const mux = dealerWords(loadProfile('tinymux'), 'Croupier');
    expect(parseCard('zz', mux)).toEqual({ ok: false, reason: expect.stringMatching(/^'zz' is not a card; /) });
    expect(parseCard('zz', dealerWords(loadProfile('diku'), 'Croupier'))).toEqual({ ok: false, reason: expect.stringMatching(/^"zz" is not a card; /) });
    // A profile that names no mark is taken to whisper in double quotes, as the MUSH family does.
    const unnamed = { ...loadProfile('tinymux'), speechQuote: undefined };
    expect(parseCard('zz', dealerWords(unnamed, 'Croupier'))).toEqual({ ok: false, reason: expect.stringMatching(/^'zz' is not a card; /) });
  });

  it('explains that knights stop at ten', () => {
    const r = parseCard('knight 12');
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/ace \(1\) to a 10/) });
  });

  it('names cards short and long', () => {
    expect(cardName({ rank: 7, suit: 'hearts' })).toBe('7h');
    expect(cardName({ rank: 10, suit: 'diamonds' })).toBe('10d');
    expect(cardName({ rank: 1, suit: 'clubs' })).toBe('ac');
    expect(cardName({ rank: 12, suit: 'spades' })).toBe('qs');
    expect(describeCard({ rank: 7, suit: 'hearts' })).toBe('the 7 of hearts (knight 7)');
    expect(describeCard({ rank: 1, suit: 'clubs' })).toBe('the ace of clubs (leprechaun 1)');
    expect(describeCard({ rank: 12, suit: 'spades' })).toBe('the queen of spades (dragon 15)');
  });

  it('every short name reads back as the same card', () => {
    for (const card of [...numberCards(), ...dragonCards()]) {
      expect(parseCard(cardName(card))).toEqual({ ok: true, card });
    }
  });

  it('has one 52-card deck: 40 number cards and 12 dragons worth 13, 15 and 17', () => {
    const all = [...numberCards(), ...dragonCards()].map(cardName);
    expect(new Set(all).size).toBe(52);
    expect(dragonCards().map(cardValue).sort()).toEqual([13, 13, 13, 13, 15, 15, 15, 15, 17, 17, 17, 17]);
    expect(numberCards().every((card) => kindOf(card) !== 'dragon')).toBe(true);
    expect(kindOf({ rank: 3, suit: 'hearts' })).toBe('knight');
    expect(kindOf({ rank: 3, suit: 'diamonds' })).toBe('wizard');
    expect(kindOf({ rank: 3, suit: 'clubs' })).toBe('leprechaun');
    expect(kindOf({ rank: 3, suit: 'spades' })).toBe('thief');
    expect(kindOf({ rank: 11, suit: 'spades' })).toBe('dragon');
  });

  it('orders cards lowest first, ties in bridge suit order', () => {
    const sorted = cs('5s', '2h', '5c', '10d', '5h').sort(compareCards);
    expect(sorted.map(cardName)).toEqual(['2h', '5c', '5h', '5s', '10d']);
  });
});
