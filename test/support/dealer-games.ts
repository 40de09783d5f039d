import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { checkGame } from '../../src/games/fair-check.js';
import { purses, readBooks, type DealerPlayer } from './dealer.js';
import { playOutSpiceRun } from './spiceRun.js';
import { chooser, playDragonsLair, SecretWatch, toldCoins } from './table-play.js';

/**
 * A whole game of each kind through the dealer, as its players meet it on any MUD: a character
 * logged in as an ordinary player, dealing to players who whisper to it from their own
 * connections. Every purse is the dealer's books (read back from its journal), checked after
 * every step against what the dealer told that player; in Dragon's Lair, nothing any connection
 * receives shows a card another player holds; each game's record checks out. Run for TinyMUX
 * (test/integration/dealer-tinymux.test.ts) and this project's own server (dealer-obsidian.test.ts).
 */

/** A MUD with the characters the games need: dealers Croupier, Banker and Sharp, players Ana, Bob, Cyd and Dee. */
export interface DealerWorld {
  /** Starts a dealer of `game` as `character`, with the table's `settings`; answers where its books are. */
  deal(character: string, game: string, settings?: object): Promise<{ data: string }>;
  /** Players logged in, in the dealer's room, who whisper to it. */
  join(dealer: string, ...names: string[]): Promise<DealerPlayer[]>;
}

/** The house's gold on the books: what it took in, less what it paid out (below nothing when the players gained). */
const house = (data: string) => readBooks(data).balances.house ?? 0;
const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

export function dealerGames(world: () => DealerWorld): void {
  it('Lich Bones: a whole game of bets, throws, hand-outs and the HERO bonus; every purse as told, and the house pays what the players gain', async () => {
    const { data } = await world().deal('Croupier', 'lich-bones', { rounds: 2, minBet: 10, handout: 100, heroBonus: 10 });
    const seats = await world().join('Croupier', 'Ana', 'Bob');
    const [ana, bob] = seats;
    expect(await ana.command('gold')).toMatch(/You have 1,000 gold/);
    for (const p of seats) expect(await p.command('sit')).toMatch(new RegExp(`${p.name} takes a seat at the bones table`));
    const started = await ana.command('start');
    // Said to the room, where Ana hears it (named, or "you" where the MUD words a pose for each reader).
    expect(started).toMatch(/hands 100 gold to each of (you|Ana) and Bob\./);
    expect(started).toMatch(/place your bets/);
    await bob.sync();
    expect(bob.all).toMatch(/\b(Ana|Bob) is the HERO!/);
    await purses(data, 'Croupier', seats);
    for (let round = 1; !/Lich Bones is over/.test(ana.all); round++) {
      expect(round).toBeLessThan(10);
      // A bet is the room's news, told in the bettor's name (a pose the MUD may word for each reader), not again to them.
      expect(await ana.command('hero 10')).toMatch(/chalks up 10 gold from (Ana|you) on HERO|You have a LICH bet|HERO bet/);
      if (!/on LICH/.test(await bob.command('gold'))) expect(await bob.command('20 lich')).toMatch(/chalks up 20 gold from (Bob|you) on LICH/);
      expect(await bob.command('bet beseech 10')).toMatch(/chalks up 10 gold from (Bob|you) on BESEECH/);
      await purses(data, 'Croupier', seats);
      const hero = /HERO: (\w+)/.exec(await ana.command('look table'))![1];
      expect(await (hero === 'Ana' ? ana : bob).command('roll dice bones')).toMatch(new RegExp(`${hero}, the HERO, throws (the opening attack roll|for the quest point \\d+): \\d and \\d \\(\\d+\\)\\.`));
      await purses(data, 'Croupier', seats);
    }
    expect(ana.all).toMatch(/settles \d+ bets?: /);
    const gained = sum(await purses(data, 'Croupier', seats)) - 2000;
    expect(gained).toBe(sum(seats.map((p) => toldCoins(p.all, 'gold', 'Croupier', p.name))));
    expect(gained).not.toBe(0);
    expect(house(data)).toBe(-gained);
    // The game's end revealed its seed, and the next game's commitment was said aloud.
    expect(ana.all).toMatch(/^Game 1 is over\. Its seed was [0-9a-f]{64} \(commitment [0-9a-f]{64}/m);
    expect(ana.all).toMatch(/^Game 2 is committed to the seed whose SHA-256 is [0-9a-f]{64}\.$/m);
    expect(readBooks(data).games).toHaveLength(1);
    // Its record, as `npm run verify -- game` reads it, checks out.
    const record = JSON.parse(readFileSync(join(data, 'records', 'croupier-lich-bones-1.json'), 'utf8'));
    expect(checkGame(record)).toEqual({ problems: [], draws: record.draws.length });
    expect(record.draws.length).toBeGreaterThan(1);
  }, 120_000);

  it('Spice Run: a whole game, every purse as told after every step, and the gold stays between the two players', async () => {
    const { data } = await world().deal('Banker', 'spice-run');
    const seats = await world().join('Banker', 'Cyd', 'Dee');
    const [cyd, dee] = seats;
    await cyd.command('sit');
    expect(await dee.command('sit')).toMatch(/A game of Spice Run begins: Cyd is Player 1, Dee is Player 2/);
    let steps = 0;
    const story = await playOutSpiceRun(cyd, dee, '100', { look: 'look table', after: async () => void (steps++, await purses(data, 'Banker', seats)) });
    expect(steps).toBeGreaterThan(8);
    expect(story).toMatch(/(Cyd|Dee) places 100 gold on square \d+/);
    const [c, d] = await purses(data, 'Banker', seats);
    expect(c + d).toBe(2000);
    expect(house(data)).toBe(0);
  }, 180_000);

  it("Dragon's Lair: a whole game with an onlooker; nothing any connection receives shows a hidden card, and the antes come back as settled", async () => {
    const { data } = await world().deal('Sharp', 'dragons-lair', { negotiationMs: 20_000 });
    const seats = await world().join('Sharp', 'Ana', 'Bob', 'Cyd');
    const [dee] = await world().join('Sharp', 'Dee');
    for (const p of seats) expect(await p.command('sit')).toMatch(new RegExp(`${p.name} takes a seat at the lair table`));
    // The shared play and watch of table-play.ts, through the dealer: a seat's client is its DealerPlayer.
    const seat = (p: DealerPlayer) => ({ name: p.name, client: p });
    const watch = new SecretWatch(seats.map(seat), [seat(dee)]);
    const started = await seats[1].command('start');
    expect(started).toMatch(/Dragon's Lair begins with Ana, Bob and Cyd: each antes 50 gold/);
    expect(started).toMatch(/You are dealt (\S+ \(\w+ \d+\)(, )?){4}\./);
    await playDragonsLair(seats.map(seat), watch, { table: 'lair', look: 'look table', pick: chooser(3) });
    await watch.checkpoint();
    expect(watch.checked).toBeGreaterThan(200);
    // Every checkpoint looked at every byte each connection received from the MUD (DealerPlayer.raw), with
    // the hands as they were then; the hands at the end, once more over everything.
    for (const viewer of [...seats, dee]) {
      for (const other of seats) if (other !== viewer) for (const card of watch.hand(other.name)) expect(viewer.raw.includes(`${card} (`), `${viewer.name} saw ${other.name}'s ${card}`).toBe(false);
    }
    await dee.sync();
    expect(dee.all).toMatch(/Lair \d is revealed/);
    const got = await purses(data, 'Sharp', seats);
    expect(sum(got)).toBe(3000);
    expect(got.some((n) => n !== 1000)).toBe(true);
    expect(house(data)).toBe(0);
    const record = JSON.parse(readFileSync(join(data, 'records', 'sharp-dragons-lair-1.json'), 'utf8'));
    expect(checkGame(record, dragonsLair.freshDecks)).toEqual({ problems: [], draws: record.draws.length });
  }, 300_000);

}
