import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { checkGame } from '../../src/games/fair-check.js';
import { goldOf, MuxDealers, readBooks } from '../support/dealer.js';
import { dealerGames } from '../support/dealer-games.js';
import { describeNeeds } from '../support/needs.js';
import { tinymuxMissing } from '../support/tinymux.js';

/**
 * The dealer in a real TinyMUX (Debian's tinymux 2.12): a whole game of each kind
 * (test/support/dealer-games.ts), and a game from a module.
 */

const house = (data: string) => readBooks(data).balances.house ?? 0;

describeNeeds(tinymuxMissing())('the dealer in a TinyMUX', () => {
  let world: MuxDealers;
  beforeAll(async () => {
    world = await MuxDealers.start(['Croupier', 'Banker', 'Sharp', 'Cupper', 'Ana', 'Bob', 'Cyd', 'Dee']);
  }, 60_000);
  afterEach(() => world.clear());
  afterAll(() => world?.stop());

  dealerGames(() => world);

  it('deals a game from a module (--game-module) as it deals the package\'s own: High Roll, three dice for three players', async () => {
    const module = join(import.meta.dirname, '../fixtures/high-roll/game.ts');
    const { data } = await world.deal('Cupper', 'high-roll', { ante: 25 }, { args: ['--game-module', module] });
    const seats = await world.join('Cupper', 'Ana', 'Bob', 'Cyd');
    for (const p of seats) {
      expect(await p.command('sit')).toMatch(new RegExp(`${p.name} takes a seat at the table`));
      expect(await p.command('ante')).toMatch(new RegExp(`${p.name} puts 25 gold in the pot`));
    }
    expect(await seats[0].command('roll')).toMatch(/takes the pot|Every ante goes back/);
    const gold = seats.map((p) => goldOf(data, p.name));
    expect(gold.reduce((n, g) => n + g.gold, 0)).toBe(3000);
    expect(gold.every((g) => g.escrow === 0)).toBe(true);
    expect(house(data)).toBe(0);
    const record = JSON.parse(readFileSync(join(data, 'records', 'cupper-high-roll-1.json'), 'utf8'));
    expect(record.draws.map((d: { kind: string }) => d.kind)).toEqual(['die', 'die', 'die']);
    expect(checkGame(record)).toEqual({ problems: [], draws: 3 });
  }, 60_000);

  it('deals a game of three dice in one throw from a module: Chuck-a-luck, each die recorded and checked', async () => {
    const module = join(import.meta.dirname, '../fixtures/chuck-a-luck/game.ts');
    const { data } = await world.deal('Cupper', 'chuck-a-luck', { bettingMs: 600_000, minBet: 5 }, { args: ['--game-module', module] });
    const [ana, bob] = await world.join('Cupper', 'Ana', 'Bob');
    for (const p of [ana, bob]) expect(await p.command('sit')).toMatch(new RegExp(`${p.name} takes a seat at the table`));
    expect(await ana.command('bet 7 50')).toMatch(/Name a number from 1 to 6, then the amount: bet 4 50\./);
    expect(await ana.command('bet 4 50')).toMatch(/Ana puts 50 gold on 4\./);
    expect(await bob.command('bet 2 20')).toMatch(/Bob puts 20 gold on 2\./);
    const thrown = await ana.command('roll');
    const dice = /The house throws three dice at the table: (\d), (\d), (\d)\./.exec(thrown)!.slice(1).map(Number);
    expect(thrown).toMatch(/Game 1 is over\. Its seed was [0-9a-f]{64} \(commitment [0-9a-f]{64}, client seed cupper-chuck-a-luck:1, 1 draw\)\./);
    const gold = [ana, bob].map((p) => goldOf(data, p.name));
    expect(gold.every((g) => g.escrow === 0)).toBe(true);
    // Whatever the dice, what the players won the house paid, and what they lost it took.
    expect(gold.reduce((n, g) => n + g.gold, 0) + house(data)).toBe(2000);
    const record = JSON.parse(readFileSync(join(data, 'records', 'cupper-chuck-a-luck-1.json'), 'utf8'));
    expect(record.draws).toHaveLength(1);
    expect(record.draws[0].dice).toEqual(dice);
    expect(checkGame(record)).toEqual({ problems: [], draws: 1 });
  }, 60_000);
});
