import { formatCoins } from '../../text/amount.js';

/** The game's counters (each player's coins in this game, the lair's bank): "12 game coins", "1 game coin". */
export const gameCoins = (n: number): string => `${formatCoins(n)} game coin${n === 1 ? '' : 's'}`;
