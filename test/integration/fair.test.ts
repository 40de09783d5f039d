import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { drawOf, readFair, sha256 } from '../support/fairCheck.js';

/**
 * Provably fair tables over telnet, checked as a player would: the commitment shown before a
 * game, the seed revealed after it, and every throw and hand of the game recomputed from that
 * seed with the test's own code (support/fairCheck.ts), not the server's.
 */

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

async function loginTo(name: string, direction: string | null): Promise<TestClient> {
  const c = await ts.login(name);
  if (direction) await c.command(direction);
  return c;
}

/** The throws of two dice in some text, in the order told. */
const throwsIn = (text: string, re: RegExp): [number, number][] => [...text.matchAll(re)].map((m) => [Number(m[1]), Number(m[2])]);

describe('provably fair tables', () => {
  it('a whole Lich Bones game: every throw is a draw of the seed revealed at the end, from the client seed a player set', async () => {
    ts = await startTestServer({ seed: 5 });
    const [ana, bob, dee] = [await loginTo('Ana', 'north'), await loginTo('Bob', 'north'), await loginTo('Dee', 'north')];
    for (const c of [ana, bob]) expect(await c.command('sit bones')).toMatch(/You take a seat/);

    const before = readFair(await dee.command('fair bones'));
    expect(before).toMatchObject({ clientSeed: 'bones-table:1', nonce: 0, revealed: null });
    // Anyone in the room may look; only the seated may set the client seed, and the room hears it.
    expect(await dee.command('fair seed mine')).toBe('Only a seated player may set a client seed: sit at a table first.');
    expect(await ana.command('fair seed Desert-Rose#7')).toMatch(/^You set the client seed of game 1 at the bones table to Desert-Rose#7/);
    await dee.expect('Ana sets the client seed of game 1 at the bones table to Desert-Rose#7');
    expect(readFair(await bob.command('fair'))).toMatchObject({ commitment: before.commitment, clientSeed: 'Desert-Rose#7', nonce: 0 });
    const { tavern } = ts.server;
    const stateFor = (name: string) => tavern.tables.get('bones-table')!.stateFor(tavern.players.get(name)!);
    expect(stateFor('dee').fair).toEqual({ commitment: before.commitment, clientSeed: 'Desert-Rose#7', nonce: 0 });

    // Starting is not a draw: the client seed may still be set until the first throw.
    expect(await ana.command('start')).toMatch(/Round 1 of 16/);
    expect(await bob.command('fair seed Bob-was-here')).toMatch(/^You set the client seed of game 1/);
    for (let round = 1; round <= 16; round++) {
      const hero = /HERO: (\w+)/.exec(await dee.command('look bones'))![1];
      if (round % 2 === 0) await (hero === 'Ana' ? ana : bob).command('roll dice bones');
      else ts.clock.advance(30_000);
      if (round === 1) {
        expect(await ana.command('fair seed again')).toBe('This game has already made its first draw; the client seed can be set again before the next game draws.');
        expect(stateFor('ana').fair).toMatchObject({ clientSeed: 'Bob-was-here', nonce: 1 });
        expect(await dee.command('look dice bones')).toMatch(/show \d and \d \(\d+\); that throw was nonce 0 of game 1\./);
      }
    }
    await dee.expect('The seed of game 1 is revealed: it made 16 draws (nonces 0 to 15). Type fair bones to see it, and the commitment of game 2.');
    const told = throwsIn(dee.all, /throws (?:the opening attack roll|for the quest point \d+)(?: for \w+, the HERO)?: (\d) and (\d) \(\d+\)\./g);
    expect(told).toHaveLength(16);
    expect(await dee.command('look dice bones')).toMatch(/; that throw was nonce 15 of game 1\./);

    const after = readFair(await dee.command('fair bones'));
    expect(after.revealed).toEqual({ seed: after.revealed!.seed, commitment: before.commitment, clientSeed: 'Bob-was-here', draws: 16 });
    expect(sha256(after.revealed!.seed)).toBe(before.commitment);
    expect(told).toEqual(told.map((_, nonce) => drawOf(after.revealed!.seed, 'Bob-was-here', nonce).dice()));
    // The next game has its own seed, committed already, with the default client seed.
    expect(after).toMatchObject({ clientSeed: 'bones-table:2', nonce: 0 });
    expect(after.commitment).not.toBe(before.commitment);
    expect(stateFor('bob').fair).toEqual({ commitment: after.commitment, clientSeed: 'bones-table:2', nonce: 0 });
    // A plain client that reports no width (wrapped at 80 columns) still reads the revealed line whole.
    const plain = await ts.connect({ width: 0 });
    plain.send('connect Dee secret123');
    await plain.expect('Exits:');
    plain.inGame = true;
    const line = (await plain.command('fair bones')).split(/\r?\n/).find((l) => l.includes('revealed'));
    expect(line).toMatch(new RegExp(`revealed ${after.revealed!.seed} for commitment ${before.commitment}$`));
  }, 60_000);

  it('a Spice Run game: every roll, rerolls included, is the next nonce of the seed revealed when the game ends', async () => {
    ts = await startTestServer({ seed: 6 });
    const [ana, bob] = [await loginTo('Ana', null), await loginTo('Bob', null)];
    expect(readFair(await ana.command('fair'))).toMatchObject({ clientSeed: 'sand-table:1', nonce: 0 });
    await ana.command('sit sand');
    await bob.command('sit sand');
    const before = readFair(await ana.command('fair sand'));
    for (let step = 0; step < 400; step++) {
      const view = await ana.command('look sand');
      const who = /It is your turn/.test(view) ? ana : bob;
      const own = who === ana ? view : await bob.command('look sand');
      const reply = await who.command(/roll the dice/.test(own) ? 'roll dice sand' : /bet on/.test(own) ? 'bet 50' : 'play');
      // The two keep their seats and play again at once: the game's end is in the story.
      if (/The game of Spice Run is over/.test(reply)) break;
    }
    const told = throwsIn(ana.all, /throws? the dice: (\d) and (\d) \(\d+\)/g);
    expect(told.length).toBeGreaterThan(4);
    const after = readFair(await ana.command('fair sand'));
    expect(after.revealed).toMatchObject({ commitment: before.commitment, clientSeed: 'sand-table:1', draws: told.length });
    expect(sha256(after.revealed!.seed)).toBe(before.commitment);
    expect(told).toEqual(told.map((_, nonce) => drawOf(after.revealed!.seed, 'sand-table:1', nonce).dice()));
    expect(after).toMatchObject({ clientSeed: 'sand-table:2', nonce: 0 });
  }, 60_000);

  it("a Dragon's Lair deal: the hands are the revealed seed's two shuffles, dealt one card at a time from seat 1", async () => {
    ts = await startTestServer({ seed: 6 });
    const players = [await loginTo('Ana', 'east'), await loginTo('Bob', 'east'), await loginTo('Cyd', 'east')];
    for (const c of players) await c.command('sit lair');
    const before = readFair(await players[0].command('fair lair'));
    // The deal is the game's first draw: the client seed is set before start, and refused after.
    expect(await players[2].command('fair seed cyd')).toMatch(/^You set the client seed of game 1 at the lair table to cyd/);
    expect(await players[1].command('start')).toMatch(/You are dealt/);
    expect(await players[0].command('fair seed ana')).toMatch(/already made its first draw/);
    const hands = await Promise.all(players.map(async (c) => cardsIn(await c.command('hand')).sort()));
    expect(readFair(await players[0].command('fair lair'))).toMatchObject({ commitment: before.commitment, clientSeed: 'cyd', nonce: 2 });
    // Two stand up: the game is over, and its seed revealed.
    await players[1].command('stand');
    await players[2].command('stand');
    await players[0].expect('The seed of game 1 is revealed: it made 2 draws (nonces 0 to 1). Type fair lair to see it');
    const { revealed } = readFair(await players[0].command('fair lair'));
    expect(revealed).toMatchObject({ commitment: before.commitment, clientSeed: 'cyd', draws: 2 });
    expect(sha256(revealed!.seed)).toBe(before.commitment);

    // docs/fairness.md's card places: by suit hearts, diamonds, clubs, spades, each ace to 10.
    const deck = [...'hdcs'].flatMap((suit) => Array.from({ length: 10 }, (_, v) => `${v === 0 ? 'a' : v + 1}${suit}`));
    const pile = drawOf(revealed!.seed, 'cyd', 0).shuffle(deck);
    const dealt = players.map((_, seat) => [0, 1, 2, 3].map((round) => pile[round * players.length + seat]).sort());
    expect(hands).toEqual(dealt);
  }, 60_000);

  it('fair names a table in the room, or says why it cannot', async () => {
    ts = await startTestServer({ seed: 6 });
    const ana = await loginTo('Ana', null);
    expect(await ana.command('fair dragon')).toBe('There is no table "dragon" here.');
    expect(await ana.command('fair seed')).toBe('Usage: fair seed <word>');
    await ana.command('east');
    expect(readFair(await ana.command('fair'))).toMatchObject({ clientSeed: 'lair-table:1', nonce: 0 });
    await ana.command('sit lair');
    expect(await ana.command('fair seed two words')).toBe('A client seed is one word of letters, digits and punctuation (no spaces or accents).');
    expect(await ana.command(`fair seed ${'x'.repeat(65)}`)).toBe('A client seed is at most 64 characters.');
    await ana.command('stand');
    await ana.command('west');
    await ana.command('south');
    expect(await ana.command('fair')).toBe('There is no table here.');
  });
});

/** Cards as `hand` shows them: `7h (knight 7)`. */
function cardsIn(text: string): string[] {
  return [...text.matchAll(/\b(10|[2-9]|a)([hdcs]) \((?:knight|wizard|leprechaun|thief) \d+\)/g)].map((m) => m[1] + m[2]);
}
