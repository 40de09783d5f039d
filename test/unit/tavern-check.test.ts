/**
 * The tavern page's Check (web/src/tavern/fair.ts) on a game with cards: its first shuffles
 * start from the decks the game publishes (GameDefinition.freshDecks), never from the order the
 * record claims, so a record that began a shuffle from an order picked to suit the house fails
 * even though the shuffle itself recomputes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkGame, commitmentOf, hmacKey, recompute, verdictOf, type Draw, type Game } from '../../web/src/tavern/fair.js';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { fairDice } from '../../src/games/fair.js';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const fresh = dragonsLair.freshDecks!.map((deck) => [...deck]);

/** A game of two shuffles, each recomputed honestly from the start order given. */
async function gameFrom(starts: string[][]): Promise<Game> {
  const key = (await hmacKey(SEED))!;
  const draws: Draw[] = [];
  for (const [nonce, cards] of starts.entries()) draws.push(await recompute(key, 'lair-table:1', { nonce, kind: 'shuffle', cards, order: [] }, cards));
  const commitment = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
  return { table: 'lair-table', game: 'dragons-lair', number: 1, commitment, serverSeed: SEED, clientSeed: 'lair-table:1', draws };
}

describe("Check on a Dragon's Lair game", () => {
  it("takes the game's fresh decks from the game: the draw pile, then the dragons, each by suit and low to high", () => {
    expect(fresh).toHaveLength(2);
    expect(fresh[0]).toHaveLength(40);
    expect(fresh[0].slice(0, 11)).toEqual(['ah', '2h', '3h', '4h', '5h', '6h', '7h', '8h', '9h', '10h', 'ad']);
    expect(fresh[1]).toEqual(['jh', 'qh', 'kh', 'jd', 'qd', 'kd', 'jc', 'qc', 'kc', 'js', 'qs', 'ks']);
  });

  it('passes a deal shuffled from the fresh decks', async () => {
    const check = await checkGame(await gameFrom(fresh), fresh);
    expect(verdictOf(check)).toEqual({ result: 'pass', text: 'Checks out: the seed hashes to the commitment, and both draws match what the seed gives.' });
  });

  it('fails a deal whose record starts the draw pile from another order, though that shuffle recomputes', async () => {
    const stacked = [[...fresh[0]].reverse(), fresh[1]];
    const game = await gameFrom(stacked);
    const check = await checkGame(game, fresh);
    expect(check.draws[0]).toMatchObject({ matches: false, note: 'the record says the shuffle began from another order than the fresh deck' });
    expect(check.draws[1].matches).toBe(true);
    expect(verdictOf(check).text).toMatch(/^Does not check out: draw 0 \(shuffle\) does not match/);
    // Without the game's decks the same record would pass: the decks are what catch it.
    expect(verdictOf(await checkGame(game)).result).toBe('pass');
  });
});

describe('Check on a game that throws any number of dice together', () => {
  it('recomputes each throw with as many dice as its record holds, the same faces the server drew', async () => {
    const seed = Buffer.from(SEED, 'hex');
    const draws: Draw[] = [0, 1, 2].map((nonce) => ({ nonce, kind: 'dice', dice: fairDice(seed, 'dice-table:1', nonce, 3) }));
    const commitment = createHash('sha256').update(seed).digest('hex');
    const game: Game = { table: 'dice-table', game: 'chuck-a-luck', number: 1, commitment, serverSeed: SEED, clientSeed: 'dice-table:1', draws };
    const check = await checkGame(game);
    expect(check.draws.map((d) => d.computed)).toEqual(draws.map((d) => (d.kind === 'dice' ? `${d.dice[0]}, ${d.dice[1]} and ${d.dice[2]}` : '')));
    expect(verdictOf(check).result).toBe('pass');
    // One face changed in the record, and that throw fails.
    const forged = structuredClone(game);
    const second = forged.draws[1];
    if (second.kind === 'dice') second.dice[2] = (second.dice[2] % 6) + 1;
    expect(verdictOf(await checkGame(forged)).text).toMatch(/^Does not check out: draw 1 \(dice\) does not match/);
  });
});

describe('Check without WebCrypto (a page on plain http from a host\'s address)', () => {
  it('computes the commitment and every draw as WebCrypto does, with @noble/hashes', async () => {
    const game = await gameFrom(fresh);
    expect(await commitmentOf(SEED, null)).toBe(game.commitment);
    expect(await commitmentOf(SEED, null)).toBe(await commitmentOf(SEED, crypto.subtle));
    const [noble, webCrypto] = [(await hmacKey(SEED, null))!, (await hmacKey(SEED, crypto.subtle))!];
    for (const nonce of [0, 1, 7, 1000]) {
      const dice: Draw = { nonce, kind: 'dice', dice: [1, 1] };
      expect(await recompute(noble, 'bones-table:3', dice, [])).toEqual(await recompute(webCrypto, 'bones-table:3', dice, []));
    }
    expect(verdictOf(await checkGame(game, fresh, null))).toEqual(verdictOf(await checkGame(game, fresh, crypto.subtle)));
    expect(verdictOf(await checkGame({ ...game, serverSeed: SEED.replace('00', '01') }, fresh, null)).result).toBe('fail');
  });
});
