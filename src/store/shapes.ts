/**
 * What recovery checks every stored value against (entries, results, checkpoints): read back
 * from disk or a database, a value is only trusted once it has the shape it was written with.
 */

/** A character's key: their name in lower case. */
export const KEY = /^[a-z]{1,32}$/;
/** A table's or a game's id. */
export const ID = /^[\w-]{1,64}$/;

export const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
export const isText = (s: unknown, max = 1000): s is string => typeof s === 'string' && s.length <= max;
export const isPlainObject = (o: unknown): o is Record<string, unknown> => !!o && typeof o === 'object' && !Array.isArray(o);
