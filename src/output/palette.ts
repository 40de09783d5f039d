/**
 * The tavern's own text in the palette of text/markup.ts: each helper says what a piece of
 * text is (a name, a room, a way out, spoken words, coins), never how it looks. The games mark
 * theirs the same way (whose turn, deadlines, wins and losses).
 */
import { obsidianCoins } from './words.js';
import { paint } from '../text/markup.js';

/** A character's (or NPC's) name. */
export const named = (name: string): string => paint('name', name);

/** A room's name. */
export const roomName = (name: string): string => paint('room', name);

/** A way out: `north`. */
export const exitWord = (direction: string): string => paint('exit', direction);

/** Words said aloud, in their quotes: `'hello'`. */
export const quoted = (text: string): string => paint('speech', `'${text}'`);

/** An amount of coins: "1,000 obsidian coins" ("1 obsidian coin"). */
export const coinsText = (n: number): string => paint('coins', obsidianCoins(n));
