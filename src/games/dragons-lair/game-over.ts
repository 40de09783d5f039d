/**
 * Dragon's Lair, the end of a game: after the last turn, when the bank is empty, or when fewer
 * than two players are left, everyone is paid their game coins and an even share of the bank.
 */
import { decided, redistribute } from '../rules.js';
import { newTable, presentSeats, type EndReason, type GameResult, type Work } from './state.js';

export function endIfBankEmpty(w: Work): boolean {
  if (w.s.bank > 0) return false;
  gameOver(w, 'bank');
  return true;
}

/** Pays every player their game coins and an even share of the bank, then clears the table. */
export function gameOver(w: Work, reason: EndReason): void {
  const { s } = w;
  const coins = Object.fromEntries(s.seats.map((seat) => [seat.name, seat.coins]));
  const each = Math.floor(s.bank / s.seats.length);
  const odd = s.bank % s.seats.length;
  const payouts = Object.fromEntries(
    s.seats.map((seat, i) => [seat.name, seat.coins + each + (i < odd ? 1 : 0)]),
  );
  const result: GameResult = { reason, coins, bankLeft: s.bank, payouts };
  w.moves.push(...redistribute(s.antes, payouts, "Dragon's Lair settlement"));
  for (const name of new Set([...Object.keys(s.antes), ...Object.keys(payouts)])) {
    const stake = s.antes[name] ?? 0;
    const paid = payouts[name] ?? 0;
    if (stake > 0 || paid > 0) w.results.push(decided(name, 'ante', stake, paid));
  }
  w.events.push({ type: 'gameOver', result });
  const next = newTable(s.settings);
  next.phase = 'over';
  next.seats = presentSeats(s).map((seat) => ({ name: seat.name, hand: [], coins: 0, gone: false }));
  next.result = result;
  w.s = next;
}
