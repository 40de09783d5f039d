import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { loginWithGmcp } from '../support/gmcp.js';
import type { TestClient } from '../support/client.js';
import { highRoll } from '../fixtures/high-roll/game.js';
import { worldWithCup } from '../fixtures/high-roll/world.js';

/**
 * A game the server has never heard of (test/fixtures/high-roll, written against the game
 * package's API alone) is registered by this test and hosted like the shipped three: help, look,
 * seats, coins through the ledger, GMCP and the provably fair draws need nothing of their own.
 */

let ts: TestServer | undefined;
afterEach(async () => {
  await ts?.destroy();
  ts = undefined;
});

const start = () => startTestServer({ seed: 4, moreGames: [highRoll], world: worldWithCup() });

async function coins(c: TestClient): Promise<number> {
  return Number(/carrying ([\d,]+) obsidian coins/.exec(await c.command('i'))![1].replace(/,/g, ''));
}

describe('a fourth game, registered by a test', () => {
  it('keeps its own words from being names, besides the other games\' words', async () => {
    ts = await start();
    const c = await ts.connect();
    expect(await c.command('create Cupbearer secret123')).toBe('"Cupbearer" is reserved; pick another name.');
    expect(await c.command('create Hero secret123')).toBe('"Hero" is reserved; pick another name.');
    expect(await c.command('create Dragon secret123')).toBe('"Dragon" is reserved; pick another name.');
    expect(await c.command('create Admin secret123')).toBe('"Admin" is reserved; pick another name.');
  });

  it('is in help with its rules and verbs, and look shows its table', async () => {
    ts = await start();
    const ana = await ts.login('Ana');
    expect(await ana.command('help')).toMatch(/^ {2}help high roll$/m);
    expect(await ana.command('help topics')).toMatch(/help high roll\./);
    const rules = await ana.command('help high roll');
    expect(rules).toMatch(/^High Roll: each seated player antes 25 obsidian coins \(ante\)/);
    expect(rules).toMatch(/Verbs at the table:\r?\n {2}ante +Put your ante in the pot for the next throw\.$/);
    expect(await ana.command('help ante')).toMatch(/^Usage: ante\r?\nPut your ante in the pot/);
    expect(await ana.command('up')).toMatch(/^A dice cup on an upturned crate is here\.$/m);
    expect(await ana.command('look cup')).toBe(
      'A leather dice cup sits on an upturned crate, and a chalk circle around it marks the pot.\r\n' +
        'High Roll at the cup table: the ante is 25 obsidian coins, one die each, the highest takes the pot.\r\n' +
        'Nobody is seated.\r\nThe pot is empty: ante to play.',
    );
    expect(await ana.command('ante')).toBe('"ante" is played at a table: sit at one first (sit <table>).');
  });

  it('seats players who ante, throw and are paid to the coin, with GMCP and the fair draws', async () => {
    ts = await start();
    const { client: ana, gmcp } = await loginWithGmcp(ts, 'Ana');
    const bex = await ts.login('Bex');
    for (const c of [ana, bex]) await c.command('up');
    expect(await ana.command('sit cup')).toBe('You take a seat at the cup table.');
    const seated = await gmcp.next<{ game: string; players: { name: string }[] }>('Table.State', (s) => s.players.length === 1);
    expect(seated).toMatchObject({ id: 'cup-table', game: 'high-roll', name: 'the cup table', phase: 'waiting', turn: null, ante: 25 });
    expect(await bex.command('sit cup')).toBe('You take a seat at the cup table.');
    expect(await bex.command('look cup')).toMatch(/^Seated: Ana, Bex \(you\)\.$/m);

    let purse = { Ana: 1000, Bex: 1000 };
    let decided = 0;
    for (let game = 1; game <= 8 && decided < 2; game++) {
      expect(await ana.command('ante')).toBe('You put 25 obsidian coins in the pot at the cup table; it holds 25 obsidian coins.');
      expect(await ana.command('ante')).toMatch(/^Your ante is in the pot already/);
      expect(await ana.command('roll dice cup')).toBe('The pot needs a second ante before the throw.');
      expect(await coins(ana)).toBe(purse.Ana - 25);
      expect(await bex.command('ante')).toBe('You put 25 obsidian coins in the pot at the cup table; it holds 50 obsidian coins.');
      expect(await gmcp.next('Table.State', (s: { anted: string[] }) => s.anted.length === 2)).toMatchObject({ phase: 'anting', anted: ['Ana', 'Bex'] });
      const told = await bex.command('roll dice cup');
      const m = /^The dice at the cup table fall: Ana (\d), you (\d)\. (You take the pot: 50 obsidian coins\.|Ana takes the pot: 50 obsidian coins\.|A tie for the highest: every ante goes back\.)/.exec(told);
      expect(m, told).not.toBeNull();
      const [a, b] = [Number(m![1]), Number(m![2])];
      purse = a === b ? purse : a > b ? { Ana: purse.Ana + 25, Bex: purse.Bex - 25 } : { Ana: purse.Ana - 25, Bex: purse.Bex + 25 };
      if (a !== b) decided++;
      expect(m![3]).toBe(a === b ? 'A tie for the highest: every ante goes back.' : a > b ? 'Ana takes the pot: 50 obsidian coins.' : 'You take the pot: 50 obsidian coins.');
      expect(told).toMatch(new RegExp(`The seed of game ${game} is revealed: it made 2 draws \\(nonces 0 to 1\\)\\. Type fair cup`));
      expect(await ana.command('look dice cup')).toBe(`The die on the cup table shows ${b}; that throw was nonce 1 of game ${game}.`);
      expect(await gmcp.next('Table.Dice')).toEqual({ table: 'cup-table', dice: [a], total: a });
      expect(await gmcp.next('Table.Dice')).toEqual({ table: 'cup-table', dice: [b], total: b });
      expect(await gmcp.next('Table.State', (s: { last: unknown }) => s.last !== null)).toMatchObject({ phase: 'waiting', anted: [], last: { dice: [['Ana', a], ['Bex', b]] } });
      expect([await coins(ana), await coins(bex)]).toEqual([purse.Ana, purse.Bex]);
      expect(await ana.command('history 1')).toMatch(
        a === b ? /High Roll at the cup table, ante: staked 25, returned/ : a > b ? /High Roll at the cup table, ante: staked 25, paid 50, won 25/ : /High Roll at the cup table, ante: staked 25, lost 25/,
      );
    }
    expect(decided).toBe(2);

    // An ante taken back by standing up: the pot is empty again, and the purse whole.
    expect(await ana.command('ante')).toMatch(/^You put 25/);
    expect(await ana.command('stand')).toMatch(/Your ante goes back to your purse\./);
    expect(await coins(ana)).toBe(purse.Ana);
    expect(await bex.command('look cup')).toMatch(/^Seated: Bex \(you\)\.\r\nThe pot is empty/m);
  });
});
