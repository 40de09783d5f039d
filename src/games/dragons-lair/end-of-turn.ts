/**
 * Dragon's Lair, the end of a turn (docs/games.md, Dragon's Lair: the end of a
 * turn): the bank pays each player a coin, everyone draws, hands go down to four, dead dragons
 * are replaced face down, and the deal moves left.
 */
import { shuffle } from '../random.js';
import { refuse, type Refusal } from '../rules.js';
import { typed } from '../typed.js';
import { cardName, compareCards, sameCard, type Card } from './cards.js';
import { fromDealer, presentSeats, seatOf, type DragonsLairState, type LairNumber, type Share, type Work } from './state.js';
import { beginTurn } from './turn.js';
import { endIfBankEmpty, gameOver } from './game-over.js';

/** Levy and draw, then the discards (or straight on to the next turn); the last turn ends with its levy. */
export function endTurn(w: Work): void {
  const { s } = w;
  const paid: Share[] = [];
  for (const seat of fromDealer(s)) {
    const amount = Math.min(1, s.bank);
    s.bank -= amount;
    seat.coins += amount;
    paid.push({ name: seat.name, amount });
  }
  w.events.push({ type: 'levy', paid, bank: s.bank });
  if (endIfBankEmpty(w)) return;
  if (s.turn >= s.settings.rounds) {
    gameOver(w, 'rounds');
    return;
  }

  const drawing = fromDealer(s);
  if (s.drawPile.length < drawing.length) {
    // The cards left in the draw pile (top first), then the discards in the order discarded.
    s.drawPile = shuffle([...s.drawPile, ...s.discardPile], w.ctx.random, cardName);
    s.discardPile = [];
    w.events.push({ type: 'reshuffled', pile: 'draw', cards: s.drawPile.length });
  }
  const drew: string[] = [];
  for (const seat of drawing) {
    const card = s.drawPile.shift();
    if (!card) break;
    seat.hand.push(card);
    drew.push(seat.name);
    w.events.push({ type: 'drew', to: seat.name, card });
  }
  w.events.push({ type: 'cardsDrawn', players: drew, drawPile: s.drawPile.length });

  const over = overHand(s);
  if (over.length > 0) {
    s.phase = 'discarding';
    s.deadline = w.ctx.now + s.settings.discardMs;
    w.events.push({ type: 'discardNeeded', players: over, deadline: s.deadline });
    return;
  }
  finishTurn(w);
}

/** Players holding more than maxHand, with how many cards each must discard. */
export function overHand(s: DragonsLairState): Share[] {
  return presentSeats(s)
    .filter((seat) => seat.hand.length > s.settings.maxHand)
    .map((seat) => ({ name: seat.name, amount: seat.hand.length - s.settings.maxHand }));
}

/** A player over the limit puts one card on the discard pile. */
export function discard(w: Work, name: string, card: Card): Refusal | undefined {
  const { s } = w;
  const { maxHand } = s.settings;
  if (s.phase !== 'discarding') {
    return refuse(`You only discard at the end of a turn, when you hold more than ${maxHand} cards.`);
  }
  const seat = seatOf(s, name);
  if (!seat) return refuse('You are not playing at this table.');
  if (seat.hand.length <= maxHand) return refuse(`You hold ${maxHand} cards or fewer already; wait for the others.`);
  const index = seat.hand.findIndex((c) => sameCard(c, card));
  if (index < 0) return refuse(`You hold no ${cardName(card)}; type ${typed(w.ctx.words, 'hand')} to see your cards.`);
  seat.hand.splice(index, 1);
  s.discardPile.push(card);
  w.events.push({ type: 'discarded', player: name, cards: [card], timedOut: false });
  if (overHand(s).length === 0) finishTurn(w);
  return undefined;
}

/** The discard time ran out: the lowest cards go. */
export function discardLowest(w: Work): void {
  const { s } = w;
  for (const { name, amount } of overHand(s)) {
    const seat = seatOf(s, name)!;
    const lowest = [...seat.hand].sort(compareCards).slice(0, amount);
    seat.hand = seat.hand.filter((c) => !lowest.some((l) => sameCard(l, c)));
    s.discardPile.push(...lowest);
    w.events.push({ type: 'discarded', player: name, cards: lowest, timedOut: true });
  }
}

/** New dragons face down, the deal moves left, and the next turn begins. */
export function finishTurn(w: Work): void {
  const { s } = w;
  s.deadline = null;
  refillDragons(w);
  const present = presentSeats(s).map((seat) => seat.name);
  const dealerAt = s.seats.findIndex((seat) => seat.name === s.dealer);
  // The deal moves left, skipping anyone who has left.
  for (let i = 1; i <= s.seats.length; i++) {
    const next = s.seats[(dealerAt + i) % s.seats.length];
    if (present.includes(next.name)) {
      s.dealer = next.name;
      break;
    }
  }
  beginTurn(w);
}

/** Lays a dragon at every empty lair, reshuffling the slain dragons when the pile is out. */
export function refillDragons(w: Work): void {
  const { s } = w;
  s.lairs.forEach((lair, i) => {
    if (lair.dragon) return;
    if (s.dragonPile.length === 0) {
      // The slain dragons, in the order they were slain.
      s.dragonPile = shuffle(s.deadDragons, w.ctx.random, cardName);
      s.deadDragons = [];
      w.events.push({ type: 'reshuffled', pile: 'dragons', cards: s.dragonPile.length });
    }
    lair.dragon = s.dragonPile.shift()!;
    lair.revealed = false;
    w.events.push({ type: 'dragonLaid', lair: (i + 1) as LairNumber });
  });
}
