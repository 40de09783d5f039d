import { commitmentOf, drawStream, seedFromHex, uniform } from './fair.js';

/**
 * A whole game checked from its record (a tavern's, a Ranvier world's, a dealer's: the same
 * fields): its seed against the commitment shown before it, then every draw recomputed from the
 * seed, the client seed and the draw's nonce, whatever it was (any number of dice, one die, a
 * shuffle). A game's first shuffles must start from its fresh decks (GameDefinition.freshDecks),
 * so the house cannot pick the order a shuffle starts from; a later one (of discards) starts from
 * the cards its record lists. `npm run verify -- game <file>` and the tests use it.
 */

export type RecordedDraw =
  | { nonce: number; kind: 'dice'; dice: readonly number[] }
  | { nonce: number; kind: 'die'; die: number }
  | { nonce: number; kind: 'shuffle'; cards: readonly string[]; order: readonly string[] };

export interface RecordedGame {
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  draws: readonly RecordedDraw[];
}

/** What a draw made, in words, as a record says it: `3 and 4`, `5`, or the cards top first. */
function said(d: RecordedDraw): string {
  if (d.kind === 'dice') return d.dice.join(' and ');
  if (d.kind === 'die') return String(d.die);
  return d.order.join(' ');
}

/** What a draw makes from the seed, in the record's words, for a record of its kind. */
function recomputed(seed: Uint8Array, clientSeed: string, d: RecordedDraw, start: readonly string[]): string {
  const next = drawStream(seed, clientSeed, d.nonce);
  const face = () => uniform(next, 6) + 1;
  if (d.kind === 'dice') return d.dice.map(() => face()).join(' and ');
  if (d.kind === 'die') return String(face());
  const out = [...start];
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniform(next, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.join(' ');
}

/** Every way the record does not check out (none: it does), and how many draws were recomputed. */
export function checkGame(g: RecordedGame, freshDecks: readonly (readonly string[])[] = []): { problems: string[]; draws: number } {
  const parsed = seedFromHex(g.serverSeed);
  if (!parsed.ok) return { problems: [`the revealed seed is no seed: ${parsed.reason}`], draws: 0 };
  const problems: string[] = [];
  if (commitmentOf(parsed.seed) !== g.commitment) problems.push('the revealed seed does not hash (SHA-256) to the commitment');
  let shuffles = 0;
  let last = -1;
  for (const d of g.draws) {
    if (!Number.isSafeInteger(d.nonce) || d.nonce <= last) problems.push(`draw ${d.nonce} is out of order (after nonce ${last})`);
    last = d.nonce;
    let start: readonly string[] = [];
    if (d.kind === 'shuffle') {
      const fresh = freshDecks[shuffles++];
      start = fresh ?? d.cards;
      if (fresh && fresh.join() !== d.cards.join()) problems.push(`draw ${d.nonce} (shuffle) began from another order than the game's fresh deck`);
    }
    const made = recomputed(parsed.seed, g.clientSeed, d, start);
    if (made !== said(d)) problems.push(`draw ${d.nonce} (${d.kind}): the seed gives ${d.kind === 'shuffle' ? 'another order' : made}, the record says ${d.kind === 'shuffle' ? 'this one' : said(d)}`);
  }
  return { problems, draws: g.draws.length };
}
