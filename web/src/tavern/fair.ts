/**
 * The provably fair scheme (docs/rulings.md, "Provably fair draws"), recomputed in the browser:
 * nothing here trusts the server beyond the revealed seed it checks.
 *
 * SHA-256 and HMAC come from WebCrypto where the page has it. Browsers give it only to a secure
 * context (https, or localhost), and many a small MUD serves its page over plain http from its
 * own address: there they come from @noble/hashes (audited, no dependencies, a few KB of the
 * bundle), which gives the same bytes.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

export type Draw =
  | { nonce: number; kind: 'dice'; dice: number[] }
  | { nonce: number; kind: 'die'; die: number }
  | { nonce: number; kind: 'shuffle'; cards: string[]; order: string[] };

export interface Game {
  table: string;
  game: string;
  number: number;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  draws: Draw[];
}

/** WebCrypto, or null outside a secure context. */
export type Subtle = SubtleCrypto | null;
const pageSubtle = (): Subtle => globalThis.crypto?.subtle ?? null;

/** HMAC-SHA256 keyed with a seed: the MAC of a message. */
export type SeedMac = (message: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>;

const hex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

function seedBytes(seedHex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) return null;
  return new Uint8Array(seedHex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** The SHA-256 of the seed's bytes, lower-case hex: what the commitment must be. */
export async function commitmentOf(seedHex: string, subtle: Subtle = pageSubtle()): Promise<string | null> {
  const seed = seedBytes(seedHex);
  if (!seed) return null;
  return hex(subtle ? await subtle.digest('SHA-256', seed) : sha256(seed));
}

/** Draw `nonce`'s stream of big-endian u32s: HMAC-SHA256(seed, `<client seed>:<nonce>:<block>`), block 0, 1, 2 ... */
function stream(mac: SeedMac, clientSeed: string, nonce: number): () => Promise<number> {
  let block = 0;
  let words: DataView | null = null;
  let at = 0;
  return async () => {
    if (!words || at === words.byteLength) {
      const bytes = await mac(new TextEncoder().encode(`${clientSeed}:${nonce}:${block++}`));
      words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      at = 0;
    }
    const u = words.getUint32(at);
    at += 4;
    return u;
  };
}

/** uniform(k): the next u, skipped while u >= floor(2^32 / k) * k, mod k. */
async function uniform(next: () => Promise<number>, k: number): Promise<number> {
  const limit = Math.floor(2 ** 32 / k) * k;
  let u = await next();
  while (u >= limit) u = await next();
  return u % k;
}

/** What one draw gives, as the record would say it; `start` is the order of the cards a shuffle begins from. */
export async function recompute(mac: SeedMac, clientSeed: string, d: Draw, start: string[]): Promise<Draw> {
  const next = stream(mac, clientSeed, d.nonce);
  const face = async () => (await uniform(next, 6)) + 1;
  if (d.kind === 'dice') {
    // As many dice as the record says were thrown together, each the next uniform(6) + 1.
    const dice: number[] = [];
    for (let i = 0; i < d.dice.length; i++) dice.push(await face());
    return { nonce: d.nonce, kind: 'dice', dice };
  }
  if (d.kind === 'die') return { nonce: d.nonce, kind: 'die', die: await face() };
  const out = start.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = await uniform(next, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return { nonce: d.nonce, kind: 'shuffle', cards: start, order: out };
}

export async function hmacKey(seedHex: string, subtle: Subtle = pageSubtle()): Promise<SeedMac | null> {
  const seed = seedBytes(seedHex);
  if (!seed) return null;
  if (!subtle) return async (message) => hmac(sha256, seed, message);
  const key = await subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (message) => new Uint8Array(await subtle.sign('HMAC', key, message));
}

/** A draw in words, as the page writes the record's side. */
export function drawText(d: Draw): string {
  if (d.kind === 'dice') return d.dice.length === 1 ? String(d.dice[0]) : `${d.dice.slice(0, -1).join(', ')} and ${d.dice[d.dice.length - 1]}`;
  if (d.kind === 'die') return String(d.die);
  return d.order.join(' ');
}

export interface DrawCheck {
  draw: Draw;
  computed: string;
  matches: boolean;
  /** Why it does not match, beyond the outcome: a shuffle that did not start from the fresh deck. */
  note?: string;
}

export interface GameCheck {
  commitmentMatches: boolean;
  draws: DrawCheck[];
}

/**
 * Checks a game: the seed against the commitment, then each draw recomputed. A game's first
 * shuffles start from its fresh decks (`freshDecks`, as its table publishes them: Dragon's Lair's
 * piles in the suits' order), not from what the record says; a later one (a reshuffle of the
 * discards) starts from the cards its record lists.
 */
export async function checkGame(g: Game, freshDecks: readonly (readonly string[])[] = [], subtle: Subtle = pageSubtle()): Promise<GameCheck> {
  const commitmentMatches = (await commitmentOf(g.serverSeed, subtle)) === g.commitment;
  const key = await hmacKey(g.serverSeed, subtle);
  const draws: DrawCheck[] = [];
  let shuffles = 0;
  for (const d of g.draws) {
    if (!key) {
      draws.push({ draw: d, computed: 'no seed to compute from', matches: false });
      continue;
    }
    let start: string[] = [];
    let note: string | undefined;
    if (d.kind === 'shuffle') {
      const fresh = shuffles < freshDecks.length ? [...freshDecks[shuffles]] : null;
      shuffles++;
      start = fresh ?? d.cards;
      if (fresh && fresh.join() !== d.cards.join()) note = 'the record says the shuffle began from another order than the fresh deck';
    }
    const got = await recompute(key, g.clientSeed, d, start);
    const computed = drawText(got);
    draws.push({ draw: d, computed, matches: computed === drawText(d) && !note, ...(note ? { note } : {}) });
  }
  return { commitmentMatches, draws };
}

/** The line under a game's Check: what is wrong, or that it checks out (a game may make no draw, or one). */
export function verdictOf(check: GameCheck): { result: 'pass' | 'fail'; text: string } {
  const wrong = check.draws.filter((d) => !d.matches);
  const problems = [
    ...(check.commitmentMatches ? [] : ['the revealed seed does not hash (SHA-256) to the commitment']),
    ...wrong.map((d) => `draw ${d.draw.nonce} (${d.draw.kind}) does not match: the record says ${d.draw.kind === 'shuffle' ? 'another order' : JSON.stringify(drawText(d.draw))}, the seed gives ${d.draw.kind === 'shuffle' ? 'this one' : d.computed}`),
  ];
  if (problems.length) return { result: 'fail', text: `Does not check out: ${problems.join('; ')}.` };
  const n = check.draws.length;
  const draws =
    n === 0 ? 'the game made no draws' : n === 1 ? 'its one draw matches what the seed gives' : n === 2 ? 'both draws match what the seed gives' : `all ${n} draws match what the seed gives`;
  return { result: 'pass', text: `Checks out: the seed hashes to the commitment, and ${draws}.` };
}
