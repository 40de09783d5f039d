/**
 * Dragon's Lair cards: one 52-card deck. Aces to tens are the draw pile (the suit says what a
 * card does), jacks, queens and kings are the dragons.
 */
import type { HostWords } from '../api.js';
import type { CardFace } from '../panel.js';
import { inQuotes } from '../typed.js';

export type Suit = 'hearts' | 'diamonds' | 'clubs' | 'spades';
export type Kind = 'knight' | 'wizard' | 'leprechaun' | 'thief' | 'dragon';

/** rank: 1 (ace) to 10, 11 jack, 12 queen, 13 king. */
export interface Card {
  rank: number;
  suit: Suit;
}

export const SUITS: readonly Suit[] = ['hearts', 'diamonds', 'clubs', 'spades'];

const KIND_OF_SUIT: Record<Suit, Exclude<Kind, 'dragon'>> = {
  hearts: 'knight',
  diamonds: 'wizard',
  clubs: 'leprechaun',
  spades: 'thief',
};
const SUIT_OF_KIND: Record<string, Suit> = { knight: 'hearts', wizard: 'diamonds', leprechaun: 'clubs', thief: 'spades' };
const SUIT_LETTERS: Record<string, Suit> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };
const DRAGON_VALUES: Record<number, number> = { 11: 13, 12: 15, 13: 17 };
const RANK_WORDS: Record<number, string> = { 1: 'ace', 11: 'jack', 12: 'queen', 13: 'king' };
const RANK_LETTERS: Record<number, string> = { 1: 'a', 11: 'j', 12: 'q', 13: 'k' };
/** Bridge order, used to break ties between equal values (lowest first). */
const SUIT_RANKING: Record<Suit, number> = { clubs: 0, diamonds: 1, hearts: 2, spades: 3 };

export function isDragon(card: Card): boolean {
  return card.rank > 10;
}

export function kindOf(card: Card): Kind {
  return isDragon(card) ? 'dragon' : KIND_OF_SUIT[card.suit];
}

/** Points: the rank for aces to tens, 13/15/17 for a jack/queen/king dragon. */
export function cardValue(card: Card): number {
  return DRAGON_VALUES[card.rank] ?? card.rank;
}

export function sameCard(a: Card, b: Card): boolean {
  return a.rank === b.rank && a.suit === b.suit;
}

/** Lowest value first; equal values in bridge suit order. */
export function compareCards(a: Card, b: Card): number {
  return cardValue(a) - cardValue(b) || SUIT_RANKING[a.suit] - SUIT_RANKING[b.suit];
}

/** The 40 aces-to-tens, hearts first, each suit ace to ten. */
export function numberCards(): Card[] {
  return SUITS.flatMap((suit) => Array.from({ length: 10 }, (_, i) => ({ rank: i + 1, suit })));
}

/** The 12 dragons: jack, queen, king of each suit. */
export function dragonCards(): Card[] {
  return SUITS.flatMap((suit) => [11, 12, 13].map((rank) => ({ rank, suit })));
}

export type CardResult = { ok: true; card: Card } | { ok: false; reason: string };

const HOW_TO_NAME = 'name it like 7h, 10d, ac, qs or knight 7';

function rankFromWord(word: string): number | null {
  if (/^(10|[1-9])$/.test(word)) return Number(word);
  const named: Record<string, number> = { a: 1, ace: 1, t: 10, j: 11, jack: 11, q: 12, queen: 12, k: 13, king: 13 };
  return named[word] ?? null;
}

/**
 * Reads a card as a player types it, in any case: `7h`, `10d`, `ac`, `qs`, `knight 7`,
 * `wizard 10`, `leprechaun ace`, `thief 8`, `7 of hearts`, `queen of spades`.
 */
export function parseCard(text: string, words?: HostWords): CardResult {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === '') return { ok: false, reason: `Which card? ${capitalise(HOW_TO_NAME)}.` };

  const short = /^(10|[1-9]|[atjqk])([hdcs])$/.exec(t);
  if (short) return { ok: true, card: { rank: rankFromWord(short[1])!, suit: SUIT_LETTERS[short[2]] } };

  const ofSuit = /^(\w+) of (hearts|diamonds|clubs|spades)$/.exec(t);
  if (ofSuit) {
    const rank = rankFromWord(ofSuit[1]);
    if (rank !== null) return { ok: true, card: { rank, suit: ofSuit[2] as Suit } };
  }

  const byKind = /^(knight|wizard|leprechaun|thief)s? (\w+)$/.exec(t);
  if (byKind) {
    const rank = rankFromWord(byKind[2]);
    if (rank === null || rank > 10) {
      return { ok: false, reason: `A ${byKind[1]} is an ace (1) to a 10; ${HOW_TO_NAME}.` };
    }
    return { ok: true, card: { rank, suit: SUIT_OF_KIND[byKind[1]] } };
  }

  return { ok: false, reason: `${inQuotes(words, text.trim())} is not a card; ${HOW_TO_NAME}.` };
}

/** The short form players type: `7h`, `10d`, `ac`, `qs`. */
export function cardName(card: Card): string {
  return `${RANK_LETTERS[card.rank] ?? String(card.rank)}${card.suit[0]}`;
}

const SUIT_SYMBOLS: Record<Suit, string> = { hearts: '♥', diamonds: '♦', clubs: '♣', spades: '♠' };

/** A card as a panel draws it: `7h` looks like 7♥ and is read "7 of hearts". */
export function cardFace(card: Card): CardFace {
  const rank = RANK_WORDS[card.rank] ?? String(card.rank);
  const face = `${(RANK_LETTERS[card.rank] ?? String(card.rank)).toUpperCase()}${SUIT_SYMBOLS[card.suit]}`;
  const red = card.suit === 'hearts' || card.suit === 'diamonds';
  return { card: cardName(card), face, name: `${rank} of ${card.suit}`, ...(red && { red }) };
}

/** The long form: "the 7 of hearts (knight 7)", "the queen of spades (dragon 15)". */
export function describeCard(card: Card): string {
  const rank = RANK_WORDS[card.rank] ?? String(card.rank);
  return `the ${rank} of ${card.suit} (${kindOf(card)} ${cardValue(card)})`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
