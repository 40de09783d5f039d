import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { playOutSpiceRun, rollToPlace } from '../support/spiceRun.js';
import type { TestClient } from '../support/client.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

async function coins(c: TestClient): Promise<number> {
  const m = /carrying ([\d,]+) obsidian coins/.exec(await c.command('i'));
  return Number(m![1].replace(/,/g, ''));
}

/** A seed whose game, played as the escape test plays it, ends in a 2 or 12 before the board is empty. */
const SWEEP_SEED = 4;

/** Seats Ana and Bob at the sand table; Ana is Player 1. */
async function seatTwo(): Promise<[TestClient, TestClient]> {
  const a = await ts.login('Ana');
  const b = await ts.login('Bob');
  await a.expect('Bob arrives.');
  expect(await a.command('sit sand')).toMatch(/You take a seat at the sand table/);
  expect(await b.command('sit table')).toMatch(/A game of Spice Run begins: Ana is Player 1, you are Player 2/);
  await a.expect('A game of Spice Run begins: you are Player 1, Bob is Player 2');
  return [a, b];
}

/** Rolls until the dice give a square (2 and 12 mean roll again while placing), then bets. */
async function placeWager(who: TestClient, stake: number): Promise<string> {
  await rollToPlace(who);
  return who.command(`bet ${stake}`);
}


describe('Spice Run over telnet', () => {
  it('refuses a bet beyond the purse once, from the ledger, and a bet before the throw by the rules first', async () => {
    ts = await startTestServer({ seed: 7 });
    const [a] = await seatTwo();
    expect(await a.command('bet 5000')).toBe('You must roll the dice before you can bet.');
    await rollToPlace(a);
    expect(await a.command('bet 5000')).toBe('You have only 1,000 obsidian coins; that needs 5,000 obsidian coins.');
    expect(await coins(a)).toBe(1000);
  });

  it.each([
    ['standard', 7],
    ['all-or-none', 8],
    ['take-and-give', 9],
  ] as const)('two players play a whole %s game; the coins add up to what the board said', async (variant, seed) => {
    ts = await startTestServer({ seed });
    const [a, b] = await seatTwo();
    expect(await a.command('look sand')).toMatch(/PLAYER|P  \|/);
    expect(await a.command(`variant ${variant}`)).toMatch(/You choose the/);
    expect(await b.command('look sand')).toMatch(new RegExp(`Variant: ${{ standard: 'standard', 'all-or-none': 'All or None', 'take-and-give': 'Take and Give' }[variant]}`));
    const story = await playOutSpiceRun(a, b, '100');
    if (variant !== 'standard') expect(story).toMatch(/sweeps? the whole board/);
    expect(story).toMatch(/You throw the dice: \d and \d \(\d+\)/);
    // Ana is Player 1, named first: "you" when the reply was hers.
    const result = /The game of Spice Run is over: (?:Ana|you) (won|lost|broke even) ?([\d,]*)/.exec(story);
    expect(result).not.toBeNull();
    const anaNet = result![1] === 'broke even' ? 0 : (result![1] === 'won' ? 1 : -1) * Number(result![2].replace(/,/g, ''));
    const ca = await coins(a);
    const cb = await coins(b);
    expect(ca + cb).toBe(2000);
    expect(ca).toBe(1000 + anaNet);
    expect(await a.command('look dice sand')).toMatch(/The dice on the sand table show \d and \d \(\d+\)/);
  });

  it('tells the player on turn "It is your turn", and everyone else whose turn it is', async () => {
    ts = await startTestServer({ seed: 3 });
    const cyd = await ts.login('Cyd');
    const [a, b] = await seatTwo();
    await cyd.expect("It is Ana's turn to roll the dice to place a wager.");
    let r = await rollToPlace(a);
    const square = /You throw the dice: \d and \d \((\d+)\)/.exec(r)![1];
    expect(r).toMatch(new RegExp(`It is your turn to bet on square ${square}\\. Type bet <amount>\\.`));
    for (const other of [b, cyd]) {
      const seen = await other.expect(new RegExp(`It is Ana's turn to bet on square ${square}\\.`));
      expect(seen).toMatch(/Ana throws the dice/);
      expect(seen).not.toMatch(/your turn/);
    }
    expect(await a.command('bet 10')).toMatch(/You place 10 obsidian coins[^]*It is Bob's turn to roll the dice to place a wager\./);
    await b.expect('Ana places 10 obsidian coins');
    await b.expect('It is your turn to roll the dice to place a wager. Type roll dice.');
  });

  it('w walks (or says you are seated) rather than withdraw the game', async () => {
    ts = await startTestServer({ seed: 3 });
    const [a] = await seatTwo();
    expect(await a.command('w')).toMatch(/^You cannot go west from here|^You are seated at the sand table; stand up first/);
    expect(await a.command('n')).toBe('You are seated at the sand table; stand up first.');
    expect(await a.command('look sand')).toMatch(/It is your turn to roll the dice/);
    expect(await a.command('wi')).toMatch(/You withdraw the game/);
  });

  it('refuses moves out of turn and bad bets, and shows the board with wagers', async () => {
    ts = await startTestServer({ seed: 3 });
    const [a, b] = await seatTwo();
    expect(await b.command('roll dice sand')).toMatch(/Ana's turn/);
    expect(await a.command('bet 10')).toMatch(/roll the dice before/);
    expect(await a.command('variant all-or-none')).toMatch(/All or None/);
    expect(await b.command('variant standard')).toMatch(/only be chosen by Player 1/);
    await rollToPlace(a);
    expect(await a.command('bet 0')).toMatch(/no coins at all: the least is 1/);
    expect(await a.command('bet 5,000')).toMatch(/only 1,000/);
    expect(await a.command('bet -3')).toMatch(/not a whole number/);
    expect(await a.command('bet 40')).toMatch(/You place 40 obsidian coins on square \d+/);
    expect(await b.command('look sand')).toMatch(/P1 40/);
    expect(await a.command('i')).toMatch(/carrying 960 obsidian coins[^]*40 obsidian coins on the sand table/);
  });

  it('withdraw returns every wager and the two play again at once; standing up withdraws the game and leaves', async () => {
    ts = await startTestServer({ seed: 5 });
    const [a, b] = await seatTwo();
    await placeWager(a, 100);
    expect(await coins(a)).toBe(900);
    const withdrawn = await b.command('withdraw');
    expect(withdrawn).toMatch(/You withdraw the game: every wager goes back to its owner \(100 obsidian coins to Ana\)/);
    // Both keep their seats (docs/rulings.md, Spice Run): the next game begins, Ana still Player 1.
    expect(withdrawn).toMatch(/The next game of Spice Run begins at once: Ana is Player 1, you are Player 2\.[^]*Whoever would rather not play again types stand\./);
    await a.expect('Bob withdraws the game: every wager goes back to its owner (100 obsidian coins to you)');
    expect(await coins(a)).toBe(1000);
    expect(await a.command('look sand')).toMatch(/Player 1: Ana[^]*It is your turn to roll the dice to place a wager/);
    expect(await a.command('stand')).toMatch(/You stand up/);
    await b.expect('Ana has left the table, so the game is withdrawn');
    expect(await b.command('look sand')).toMatch(/You sit waiting for an opponent/);
  });

  it('a player who quits from a seat hears the game withdrawn, their wager back, before the farewell and with no stray prompt', async () => {
    ts = await startTestServer({ seed: 5 });
    const [a, b] = await seatTwo();
    await placeWager(a, 100);
    a.send('quit');
    await a.closedSoon();
    const last = a.all.slice(a.all.lastIndexOf('It is Bob'));
    expect(last).toMatch(/You have left the table, so the game is withdrawn: every wager goes back to its owner \(100 obsidian coins to you\)\.[^]*Farewell!/);
    expect(last.split('> ')).toHaveLength(2); // the prompt of the bet's answer, and none after the quit
    await b.expect('Ana has left the table, so the game is withdrawn');
  });

  it('a player who lets the turn lapse for two minutes has the game withdrawn', async () => {
    ts = await startTestServer({ seed: 5 });
    const [a, b] = await seatTwo();
    await placeWager(a, 100);
    expect(await b.command('look sand')).toMatch(/You have 120 seconds left for your turn; then the game is withdrawn and you get up\./);
    expect(await a.command('look sand')).toMatch(/Bob has 120 seconds left for this turn/);
    ts.clock.advance(110_000);
    await b.expect('10 seconds left for your turn, or the game is withdrawn and you get up. It is your turn to roll the dice to place a wager.');
    expect(await a.command('look sand')).toMatch(/Bob has 10 seconds left for this turn/);
    expect(a.all).not.toMatch(/10 seconds left for your turn/);
    ts.clock.advance(11_000);
    await a.expect('Bob let the turn lapse');
    // Idle for a whole turn is away: Bob gets up, and Ana waits for another player instead of a rematch.
    await b.expect('You let your turn lapse, so you give up your seat.');
    await a.expect('Bob gets up from the sand table.');
    expect(await coins(a)).toBe(1000);
    expect(await b.command('look sand')).toMatch(/Ana sits waiting for an opponent/);
    expect(await a.command('look sand')).toMatch(/You sit waiting for an opponent/);
  });

  it('a player who disconnects keeps the seat for two minutes, then the game is withdrawn', async () => {
    ts = await startTestServer({ seed: 5 });
    const [a, b] = await seatTwo();
    await placeWager(a, 100);
    a.close(); // Bob is on turn; Ana drops
    await b.expect('Ana stares blankly');
    ts.clock.advance(30_000);
    const a2 = await ts.login('Ana');
    expect(await a2.command('look sand')).toMatch(/Player 1: Ana/);
    a2.close(); // and drops again: a fresh two minutes from now
    await b.expect('Ana stares blankly');
    ts.clock.advance(30_000);
    await b.command('roll dice sand'); // Bob's own turn clock restarts
    ts.clock.advance(61_000);
    expect(await b.command('look sand')).toMatch(/Player 1: Ana/);
    ts.clock.advance(30_000);
    await b.expect('Ana has left the table, so the game is withdrawn');
    expect(await coins(b)).toBe(1000);
    const a3 = await ts.login('Ana');
    expect(await coins(a3)).toBe(1000);
  });

  it('a loser cannot escape (issue 26): withdraw waits for the throw, a lapsed 3-11 is played, a 2 or 12 settles at the throw', async () => {
    ts = await startTestServer({ seed: SWEEP_SEED });
    const [a, b] = await seatTwo();
    for (const who of [a, b, a, b]) await placeWager(who, 100);
    let lapsed = false;
    let swept = '';
    for (let step = 0; step < 100 && !swept; step++) {
      const view = await a.command('look sand');
      expect(view, 'the board emptied before a 2 or 12: pick another seed').toMatch(/P1 100/);
      const mine = /It is your turn to roll/.test(view);
      const [roller, other, rollerName] = mine ? [a, b, 'Ana'] : [b, a, 'Bob'];
      const thrown = await roller.command('roll dice sand');
      if (/The game of Spice Run is over/.test(thrown)) {
        swept = thrown;
        break;
      }
      expect(thrown).toMatch(/Type play to take square \d+\./);
      expect(await other.command('withdraw')).toMatch(
        new RegExp(`^The dice have spoken: ${rollerName} must play the \\d+ first; then you may withdraw\\.$`),
      );
      if (lapsed) {
        expect(await roller.command('play')).toMatch(/You (collect|play the)/);
        continue;
      }
      ts.clock.advance(110_000);
      await roller.expect(/10 seconds left for your turn, or the \d+ is played for you\./);
      ts.clock.advance(10_000);
      await other.expect(new RegExp(`${rollerName} let the turn lapse, so the \\d+ is played for them\\.`));
      lapsed = true;
    }
    expect(lapsed).toBe(true);
    // The 2 or 12 moved the board with the throw: nobody typed play, and nothing went back.
    expect(swept).toMatch(/(Two|Twelve): the whole board goes to Player [12]\.[^]*sweeps? the whole board/);
    expect(swept).not.toMatch(/withdraw|goes back to its owner/);
    expect((await coins(a)) + (await coins(b))).toBe(2000);
    // The next game begins at once, with nothing on the board.
    expect(swept).toMatch(/The next game of Spice Run begins at once/);
    expect(await a.command('look sand')).not.toMatch(/P1 100/);
  });

  it('with the same seed, the same commands throw the same dice', async () => {
    const throws: string[][] = [];
    for (let run = 0; run < 2; run++) {
      ts = await startTestServer({ seed: 42 });
      const [a, b] = await seatTwo();
      const seen: string[] = [];
      for (let i = 0; i < 2; i++) {
        for (const who of [a, b]) {
          const r = await placeWager(who, 10);
          seen.push(/You place 10 obsidian coins on square (\d+)/.exec(r)![1]);
        }
      }
      throws.push(seen);
      await ts.destroy();
    }
    expect(throws[0]).toEqual(throws[1]);
    expect(throws[0]).toHaveLength(4);
  });

  it('every wager comes back after the server is stopped mid-game and restarted', async () => {
    ts = await startTestServer({ seed: 11 });
    const [a, b] = await seatTwo();
    await placeWager(a, 120);
    await placeWager(b, 80);
    expect(await coins(a)).toBe(880);
    const stopped = ts;
    ts = await ts.restart();
    expect(stopped.logs.join('\n')).toMatch(/closing: returned 120 coins from sand-table to ana/);
    const a2 = await ts.login('Ana');
    const b2 = await ts.login('Bob');
    expect(await coins(a2)).toBe(1000);
    expect(await coins(b2)).toBe(1000);
    expect(await a2.command('look sand')).toMatch(/Nobody is playing/);
  });
});
