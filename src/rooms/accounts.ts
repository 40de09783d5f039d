import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptRaw = promisify(scrypt) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;

/**
 * scrypt runs on libuv's small thread pool, which the database's writes share. A flood of
 * password guesses must not starve those writes (and with them every player's replies),
 * so only this many hashes run at once; the rest wait their turn.
 */
const MAX_HASHING = 2;
let hashing = 0;
const waiting: (() => void)[] = [];

async function scryptAsync(pw: string, salt: Buffer, keylen: number, opts: object): Promise<Buffer> {
  if (hashing < MAX_HASHING) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
  try {
    return await scryptRaw(pw, salt, keylen, opts);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

const KEYLEN = 32;
const COST = { N: 16384, r: 8, p: 1 };

/** Salted scrypt, stored as `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEYLEN, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const MIN_PASSWORD = 6;
export const STARTING_COINS = 1000;

/** Words nobody may take as a name: staff titles, pronouns, and words the game itself uses. */
const RESERVED = new Set([
  'admin', 'administrator', 'dreaven', 'someone', 'somebody', 'anyone', 'everyone', 'nobody', 'noone',
  'self', 'me', 'you', 'all', 'god', 'gods', 'root', 'sysop', 'staff', 'imm', 'immortal', 'wizard',
  'guest', 'new', 'create', 'connect', 'quit', 'help', 'house', 'dealer', 'hero', 'lich', 'server',
  'system', 'player', 'table', 'dragon',
]);

/** Refusal reason for a proposed character name, or null when it is fine. */
export function nameProblem(name: string, npcNames: Iterable<string>): string | null {
  if (!/^[A-Za-z]+$/.test(name)) return 'A name is made of letters only (3 to 16 of them).';
  if (name.length < 3 || name.length > 16) return 'A name must be 3 to 16 letters long.';
  const key = name.toLowerCase();
  if (RESERVED.has(key)) return `"${name}" is reserved; pick another name.`;
  for (const npc of npcNames) {
    if (npc.toLowerCase() === key) return `${capitalise(name)} already lives here as one of the tavern's own; pick another name.`;
  }
  return null;
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD) return `A password needs at least ${MIN_PASSWORD} characters.`;
  return null;
}

export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}
