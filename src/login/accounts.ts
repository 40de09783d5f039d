import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { capitalise } from '../text/names.js';

/**
 * Today's cost: scrypt at N = 2^15, r = 8, p = 1 (32 MiB and about 0.1 s of one core per hash).
 * Node's async scrypt runs on libuv's thread pool, so it never blocks the event loop; how many
 * run at once is the door's business (door.ts), not this module's.
 */
export const HASH_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEYLEN = 32;
/** Stored costs above this are refused rather than run: a damaged record must not hang a thread. */
const MAX_N = 2 ** 20;

function scryptAsync(password: string, salt: Buffer, keylen: number, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly N = 2^15 and refuses it.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))));
}

/** Salted scrypt at today's cost, stored as `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEYLEN, HASH_COST);
  return ['scrypt', HASH_COST.N, HASH_COST.r, HASH_COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface StoredHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string): StoredHash | null {
  const [kind, n, r, p, salt, hash, ...rest] = stored.split('$');
  const [N, R, P] = [n, r, p].map(Number);
  const whole = (x: number) => Number.isSafeInteger(x) && x >= 1;
  if (kind !== 'scrypt' || rest.length || !salt || !hash || ![N, R, P].every(whole) || N > MAX_N || (N & (N - 1)) !== 0 || R * P > 16) return null;
  return { cost: { N, r: R, p: P }, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/** Checks a password against a stored hash of any cost this server ever used. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const s = parseStored(stored);
  if (!s || s.hash.length === 0) return false;
  const actual = await scryptAsync(password, s.salt, s.hash.length, s.cost);
  return timingSafeEqual(actual, s.hash);
}

/** A hash made at another cost than today's (older ones were N = 2^14): re-made at the next good login. */
export function needsUpgrade(stored: string): boolean {
  const s = parseStored(stored);
  return !s || s.cost.N !== HASH_COST.N || s.cost.r !== HASH_COST.r || s.cost.p !== HASH_COST.p || s.hash.length !== KEYLEN;
}

export const MIN_PASSWORD = 6;

/** Words nobody may take as a name: staff titles, pronouns, and words the server itself uses (each game adds its own). */
const RESERVED = new Set([
  'admin', 'administrator', 'someone', 'somebody', 'anyone', 'everyone', 'nobody', 'noone',
  'self', 'me', 'you', 'all', 'god', 'gods', 'root', 'sysop', 'staff', 'imm', 'immortal', 'wizard',
  'guest', 'new', 'create', 'connect', 'quit', 'help', 'house', 'dealer', 'server',
  'system', 'player', 'table',
]);

/** Refusal reason for a proposed character name, or null when it is fine. `gameWords`: the hosted games' reserved names. */
export function nameProblem(name: string, npcNames: Iterable<string>, gameWords: Iterable<string> = []): string | null {
  if (!/^[A-Za-z]+$/.test(name)) return 'A name is made of letters only (3 to 16 of them).';
  if (name.length < 3 || name.length > 16) return 'A name must be 3 to 16 letters long.';
  const key = name.toLowerCase();
  if (RESERVED.has(key) || [...gameWords].some((w) => w.toLowerCase() === key)) return `"${name}" is reserved; pick another name.`;
  for (const npc of npcNames) {
    if (npc.toLowerCase() === key) return `${capitalise(name)} already lives here as one of the tavern's own; pick another name.`;
  }
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `A password needs at least ${MIN_PASSWORD} characters.`;
  return null;
}

