/**
 * What players are shown of a table's provably fair draws (docs/rulings.md, "Provably fair
 * draws"): `fair <table>`, a throw and its nonce in `look dice`, the line told when a client seed
 * is set and when a game's seed is revealed. Every host of the tables words them the same way.
 */
import { paint, together, whole } from '../text/markup.js';
import type { DrawRef, FairData, RevealedSeed } from './fair-source.js';

export type { DrawRef } from './fair-source.js';
import type { Message } from './voice.js';
import type { HostWords } from './api.js';
import { typed } from './typed.js';

/**
 * The heart of every host's `help fair`, with the host's own commands for a table's draws and
 * its last throw (`fair <table>`, `look dice <table>`): how a game's draws are made, and how a
 * player checks them once the seed is revealed, with no README at hand.
 */
export function drawsExplained(fair: string, dice: string): string[] {
  return [
    "Before a game's first draw the table shows its commitment: the SHA-256 of a secret server seed of 32 bytes. " +
      'Every throw of the dice, treasure die and shuffle of that game is one draw, numbered by its nonce from 0 and made from ' +
      `HMAC-SHA256 keyed with the seed over "<client seed>:<nonce>:<block>"; ${dice} names the nonce of the last throw.`,
    `When the game ends its seed is revealed (${fair} shows "revealed <seed> for commitment <hex>"), so anyone can ` +
      "check it: the seed's SHA-256 is the commitment, and every draw recomputes from it. A draw reads the HMAC's bytes as " +
      'big-endian unsigned 32-bit numbers u; uniform(k) is u mod k, taking the next u while u >= floor(2^32 / k) * k. Two dice ' +
      'are uniform(6) + 1 twice; a shuffle of n cards swaps card i with card uniform(i + 1), for i from n - 1 down to 1.',
  ];
}

/** How a table is named: its name in prose and the words that name it in commands. */
export interface TableNames {
  name: string;
  keywords: readonly string[];
}

/** A seed's draws, nonces 0 to n - 1, in words. */
function drawsText(draws: number): string {
  if (draws === 0) return 'no draws';
  return draws === 1 ? 'one draw (nonce 0)' : `${draws} draws (nonces 0 to ${draws - 1})`;
}

/**
 * `fair <table>`: the commitment, the client seed and nonce, and the last seed revealed. The
 * lines scripts read (docs/clients.md, the stable surface) start with what they look for, and their phrases are bound
 * (markup's `together`): on any screen the commitment's 64 digits stay on one line.
 */
export function fairnessText(data: FairData, label: string, words?: HostWords): string {
  const lines = [
    `Provably fair draws at ${label}, game ${data.game} (${typed(words, 'help fair')}):`,
    `  ${together(`commitment ${data.commitment}`)}`,
    `  ${together(`client seed ${data.clientSeed}`)} ${together(`nonce ${data.nonce}`)}`,
  ];
  const r = data.revealed;
  if (!r) {
    lines.push(`No seed has been revealed here yet: game ${data.game}'s is revealed when that game ends.`);
  } else {
    lines.push(
      `Game ${data.game - 1} is over: its client seed was ${r.clientSeed} and it made ${drawsText(r.draws)}. Its seed:`,
      whole(`  revealed ${r.serverSeed} for commitment ${r.commitment}`),
    );
  }
  const seedNow = data.nonce === 0 ? `seated players may set its client seed (${typed(words, 'fair seed <word>')}) until its first draw` : 'its client seed is fixed, since it has drawn';
  lines.push(paint('hint', `Game ${data.game}: ${seedNow}. How to check a game: ${typed(words, 'help fair')}.`));
  return lines.join('\n');
}

/** `look dice`'s note on where a throw came from. */
export function throwText(ref: DrawRef): string {
  return `that throw was nonce ${ref.nonce} of game ${ref.game}`;
}

/**
 * The last throw at a table (`look dice <table>`, a Ranvier world's `dice <table>`): "The dice on
 * the sand table show 3 and 4 (7)", any number of dice ("show 1, 5 and 6 (12)"), and the draw it was.
 */
export function diceText(table: string, dice: readonly number[], draw: DrawRef | null = null): string {
  const from = draw ? `; ${throwText(draw)}` : '';
  if (dice.length === 1) return `The die on ${table} shows ${dice[0]}${from}.`;
  return `The dice on ${table} ${together(`show ${facesText(dice)}`)} (${dice.reduce((sum, d) => sum + d, 0)})${from}.`;
}

/** Faces thrown together, in words: "3 and 4", "1, 5 and 6", "2". */
export function facesText(dice: readonly number[]): string {
  return dice.length === 1 ? String(dice[0]) : `${dice.slice(0, -1).join(', ')} and ${dice[dice.length - 1]}`;
}

/** Told to the room when a seated player sets the client seed. */
export function clientSeedSet(name: string, seed: string, data: FairData, label: string): Message {
  return (v) => `${v.does(name, 'set')} the client seed of game ${data.game} at ${label} to ${seed}: every draw of that game is made from it.`;
}

/** The word that names a table in commands: from its name where it can (`sand`, `lair`). */
function tableWord(table: TableNames): string {
  const named = table.name.toLowerCase().split(/\s+/).filter((w) => w !== 'table' && table.keywords.includes(w));
  return named[0] ?? table.keywords.find((k) => k !== 'table') ?? 'table';
}

/** Told to the room at the end of a game. */
export function seedRevealed(revealed: RevealedSeed, data: FairData, table: TableNames): Message {
  return () =>
    paint('hint', `The seed of game ${data.game - 1} is revealed: it made ${drawsText(revealed.draws)}. Type fair ${tableWord(table)} to see it, and the commitment of game ${data.game}.`);
}
