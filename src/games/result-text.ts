/**
 * What came of a bet, in words every host uses (`history`, a player coming back): `staked 100,
 * paid 300, won 200`. The host says where (the game, its table and the bet) before it.
 */
import { formatCoins } from '../text/amount.js';
import { paint } from '../text/markup.js';
import type { BetOutcome } from './api.js';

export function resultText(r: { stake: number; paid: number; outcome: BetOutcome }): string {
  const coins = (n: number) => formatCoins(n);
  const parts = r.stake > 0 ? [`staked ${coins(r.stake)}`] : [];
  switch (r.outcome) {
    case 'won':
      if (r.stake > 0) parts.push(`paid ${coins(r.paid)}`);
      parts.push(paint('won', `won ${coins(r.paid - r.stake)}`));
      break;
    case 'lost':
      if (r.paid > 0) parts.push(`paid ${coins(r.paid)}`);
      parts.push(paint('lost', `lost ${coins(r.stake - r.paid)}`));
      break;
    case 'even':
      parts.push(`paid ${coins(r.paid)}`, 'broke even');
      break;
    case 'returned':
      parts.push('returned');
      break;
    case 'handout':
      parts.push(`received ${coins(r.paid)}`);
      break;
  }
  return parts.join(', ');
}
