/**
 * The six directions: the words a player walks by, in the order every list of exits follows
 * (`exits`, `look`, the panels' Room.Info). Here, below everything, so the world's rooms and
 * the panels that show their exits share one order.
 */
export const DIRECTIONS = ['north', 'east', 'south', 'west', 'up', 'down'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const OPPOSITE: Record<Direction, Direction> = {
  north: 'south', south: 'north', east: 'west', west: 'east', up: 'down', down: 'up',
};
/** The one-letter form of each direction. */
export const DIRECTION_LETTERS: Record<Direction, string> = { north: 'n', east: 'e', south: 's', west: 'w', up: 'u', down: 'd' };

/** Each direction by its word and by its letter. */
const BY_WORD = new Map<string, Direction>(DIRECTIONS.flatMap((d) => [[d, d] as const, [DIRECTION_LETTERS[d], d] as const]));

/** The direction a word names, in full or by its letter (`n`, `north`), or undefined. */
export function directionOf(word: string): Direction | undefined {
  return BY_WORD.get(word.toLowerCase());
}
