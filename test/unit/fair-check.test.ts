import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkGame, type RecordedDraw, type RecordedGame } from '../../src/games/fair-check.js';
import { derivedSeeds, FairSource, type DrawRecord } from '../../src/games/fair-source.js';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { rollDie, seededRandom, shuffle } from '../../src/games/random.js';

const run = promisify(execFile);

/**
 * A whole game checked from its record, as `npm run verify -- game <file>` checks a tavern's or a
 * dealer's: the game is made here by the package's own FairSource (two shuffles from Dragon's
 * Lair's fresh decks, a throw of three dice, a die), recorded as every host records its draws,
 * and then checked, and spoilt in each way a record could be.
 */
function playedGame(): RecordedGame & { table: string; game: string; number: number } {
  const draws: DrawRecord[] = [];
  const source = FairSource.open('lair-table', { ordinary: seededRandom(1), seeds: derivedSeeds(5), onChange: (_data, draw) => draw && draws.push(draw) });
  const data = source.data;
  const [pile, dragons] = dragonsLair.freshDecks!;
  shuffle(pile, source, String);
  shuffle(dragons, source, String);
  // Three dice in one draw, as a game of any number of dice throws them.
  source.draw((r) => [r.int(6) + 1, r.int(6) + 1, r.int(6) + 1], 'dice');
  rollDie(source);
  return { table: 'lair-table', game: 'dragons-lair', number: data.game, commitment: data.commitment, serverSeed: data.serverSeed, clientSeed: data.clientSeed, draws: draws as RecordedDraw[] };
}

describe('checking a whole game from its record', () => {
  it('finds a played game sound: the seed hashes to the commitment, and every draw (shuffles, three dice, a die) is what the seed gives', () => {
    const g = playedGame();
    expect(g.draws.map((d) => d.kind)).toEqual(['shuffle', 'shuffle', 'dice', 'die']);
    expect((g.draws[2] as Extract<RecordedDraw, { kind: 'dice' }>).dice).toHaveLength(3);
    expect(checkGame(g, dragonsLair.freshDecks)).toEqual({ problems: [], draws: 4 });
  });

  it('finds each spoilt record out', () => {
    const g = playedGame();
    const dice = g.draws[2] as Extract<RecordedDraw, { kind: 'dice' }>;
    const otherFace = (n: number) => (n % 6) + 1;
    expect(checkGame({ ...g, draws: [g.draws[0], g.draws[1], { ...dice, nonce: 2, kind: 'dice', dice: [dice.dice[0], dice.dice[1], otherFace(dice.dice[2])] }, g.draws[3]] }, dragonsLair.freshDecks).problems).toEqual([
      expect.stringMatching(/^draw 2 \(dice\): the seed gives \d and \d and \d, the record says/),
    ]);
    expect(checkGame({ ...g, commitment: '0'.repeat(64) }, dragonsLair.freshDecks).problems).toEqual(['the revealed seed does not hash (SHA-256) to the commitment']);
    // A shuffle that claims to start from an order of the house's choosing is refused, however well it was then shuffled.
    const first = g.draws[0] as { nonce: number; kind: 'shuffle'; cards: string[]; order: string[] };
    const picked = { ...first, cards: [...first.cards].reverse() };
    expect(checkGame({ ...g, draws: [picked, ...g.draws.slice(1)] }, dragonsLair.freshDecks).problems[0]).toMatch(/^draw 0 \(shuffle\) began from another order than the game's fresh deck/);
    expect(checkGame({ ...g, draws: [g.draws[1], g.draws[0]] }, dragonsLair.freshDecks).problems).toContain('draw 0 is out of order (after nonce 1)');
  });

  it('npm run verify -- game <file>: a line for each game, and exit 1 when one does not check out', async () => {
    const tsx = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
    const verify = new URL('../../src/verify.ts', import.meta.url).pathname;
    const dir = mkdtempSync(join(tmpdir(), 'verify-'));
    const good = playedGame();
    const file = join(dir, 'one.json');
    writeFileSync(file, JSON.stringify(good));
    const ok = await run(tsx, [verify, 'game', file]);
    expect(ok.stdout.trim()).toBe(`game 1 at lair-table (dragons-lair) checks out: its seed hashes to the commitment ${good.commitment}, and all 4 draws match what the seed gives.`);
    // As the tavern page answers (its table with the fresh decks, its games), one of them spoilt.
    const page = join(dir, 'page.json');
    writeFileSync(page, JSON.stringify({ table: { id: 'lair-table', freshDecks: dragonsLair.freshDecks }, games: [good, { ...good, number: 2, clientSeed: 'other' }] }));
    const failed = await run(tsx, [verify, 'game', page]).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout.split('\n')[1]).toMatch(/^game 2 at lair-table \(dragons-lair\) does not check out: draw 0 \(shuffle\): the seed gives another order/);
  });
});
