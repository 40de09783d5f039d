/**
 * Dragon's Lair, the cards that act at once (docs/games.md, Dragon's Lair: wizards, leprechauns,
 * thieves). They are discarded face up as they act, so everyone sees them.
 */
import { cardValue, type Card } from './cards.js';
import type { Seat, Work } from './state.js';
import { endIfBankEmpty } from './game-over.js';

export function wizardMission(w: Work, seat: Seat, wizard: Card, victim: Seat): void {
  const { s } = w;
  s.discardPile.push(wizard);
  const pickIndex = w.ctx.random.int(victim.hand.length);
  const picked = victim.hand[pickIndex];
  // The wizard wins ties.
  if (cardValue(wizard) >= cardValue(picked)) {
    victim.hand.splice(pickIndex, 1);
    s.discardPile.push(picked);
    w.events.push({ type: 'wizardMission', player: seat.name, wizard, target: victim.name, killed: picked });
  } else {
    w.events.push({ type: 'wizardMission', player: seat.name, wizard, target: victim.name, killed: null });
    for (const to of [seat.name, victim.name]) {
      w.events.push({ type: 'wizardPicked', to, player: seat.name, target: victim.name, card: picked });
    }
  }
}

/** A thief takes its value in game coins from the target, never more than the target has. */
export function thiefRobs(w: Work, seat: Seat, card: Card, victim: Seat): void {
  const { s } = w;
  const stolen = Math.min(cardValue(card), victim.coins);
  victim.coins -= stolen;
  seat.coins += stolen;
  s.discardPile.push(card);
  w.events.push({ type: 'thief', player: seat.name, card, target: victim.name, stolen });
}

/** A leprechaun takes its value from the bank, while it lasts; true when that emptied the bank and ended the game. */
export function leprechaunPays(w: Work, seat: Seat, card: Card): boolean {
  const { s } = w;
  const paid = Math.min(cardValue(card), s.bank);
  s.bank -= paid;
  seat.coins += paid;
  s.discardPile.push(card);
  w.events.push({ type: 'leprechaun', player: seat.name, card, paid, bank: s.bank });
  return endIfBankEmpty(w);
}
