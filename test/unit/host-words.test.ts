import { settingsOf } from '../../src/games/settings.js';
import { describe, expect, it } from 'vitest';
import type { GameTable, HostWords, TableHost } from '../../src/games/api.js';
import { games } from '../../src/games/index.js';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { lichBones } from '../../src/games/lich-bones/table.js';
import { spiceRun } from '../../src/games/spice-run/table.js';
import { diceValues } from '../../src/games/random.js';
import { formatCoins } from '../../src/text/amount.js';
import { tavernWords } from '../../src/output/words.js';
import { FakeHostBase } from '../support/fakeHost.js';
import { plainFor } from '../support/plain.js';

/** A host of another world: its money is silver marks, a table is examined, no dealer takes whispers, its clock is a bell. */
const marks: HostWords = {
  money: (n) => `${formatCoins(n)} silver mark${n === 1 ? '' : 's'}`,
  moneyName: 'silver marks',
  dealer: 'Morwen',
  look: (table) => `examine ${table}`,
  timeOfDay: (at) => `${new Date(at).toISOString().slice(11, 16)} by the bell`,
};

/** What no text of a game may say where the host words things otherwise: the tavern's money, its verbs, its dealer, its clock. */
const TAVERN_ONLY = /obsidian|look <table>|whisper|dreaven|tavern/i;

class MarksHost<T> extends FakeHostBase implements TableHost<T> {
  constructor(
    readonly id: string,
    readonly label: string,
    readonly settings: T,
    people: string[],
    purse: number,
  ) {
    super(people, { words: marks });
    for (const name of people) this.purses.set(`player:${name}`, purse);
  }

  sit(game: GameTable, name: string): void {
    this.seats.push(name);
    game.onSit(name);
  }
}

/** Runs a table verb as `player` typed it; returns the reply. */
function type(game: GameTable, player: string, line: string): string {
  const [word, ...rest] = line.split(' ');
  let reply = '';
  game.commands.find((c) => c.key === word)!.run({ player, reply: (t) => (reply += t) }, rest.join(' '));
  return reply;
}

/** Everything `name` was told, and what they see at the table and in every verb's help. */
function everything(host: MarksHost<unknown>, game: GameTable, name: string): string {
  return [host.news(name), plainFor(game.describe(name), 'sight'), ...game.commands.map((c) => c.help)].join('\n');
}

describe("each game's help is worded with its host's words", () => {
  it('names the money, the verbs and the clock of the host it is given, and the tavern is worded as before', () => {
    for (const g of games) {
      const texts = [g.help(settingsOf(g), marks), ...Object.values(g.topics ?? {}).map((topic) => topic(settingsOf(g), marks))].join('\n');
      expect(texts, g.id).not.toMatch(TAVERN_ONLY);
    }
    const [spice, bones, lair] = ['spice-run', 'lich-bones', 'dragons-lair'].map((id) => games.find((g) => g.id === id)!);
    expect(spice.help(settingsOf(spice), marks)).toBe(spice.help(settingsOf(spice), tavernWords)); // no money named in it
    expect(bones.help(settingsOf(bones), marks)).toMatch(/gets 20,000 silver marks[^]*the HERO gets 1,000 silver marks/);
    expect(plainFor(bones.help(settingsOf(bones), marks), 'sight')).toMatch(/Bets \(minimum 5,000\), typed at the table, amount first or last:\n {2}bet hero 5000 {4}bet 5000 lich {4}bet attack 4 5000\n/);
    expect(bones.help(settingsOf(bones), marks)).toMatch(/\ngold shows your coins and your bets\./);
    expect(plainFor(bones.help(settingsOf(bones), tavernWords), 'sight')).toMatch(/whispered to Dreaven or typed at the table[^]*whisper dreaven hero 5000 {4}whisper dreaven 5000 lich[^]*\nwhisper dreaven gold \(or gold\) shows your coins/);
    expect(lair.help(settingsOf(lair), marks)).toMatch(/antes 50 silver marks into the bank[^]*down the list in examine <table>[^]*paid back as silver marks\.[^]*examine <table> shows the lairs/);
    expect(lair.help(settingsOf(lair), tavernWords)).toMatch(/antes 50 obsidian coins into the bank[^]*down the list in look <table>[^]*paid back as obsidian coins\.[^]*look <table> shows the lairs/);
  });
});

describe('what a table tells its players is worded with its host’s words', () => {
  it('Spice Run: the wagers and the board', () => {
    const host = new MarksHost('sand', 'the sand table', settingsOf(spiceRun), ['Ana', 'Bob'], 1000);
    const game = spiceRun.create(host);
    host.sit(game, 'Ana');
    host.sit(game, 'Bob');
    host.queue(...diceValues(2, 3));
    game.roll!('Ana', () => undefined);
    expect(type(game, 'Ana', 'bet 1000')).toBe('');
    const told = everything(host, game, 'Bob');
    expect(told).toMatch(/Ana places 1,000 silver marks on square 5\. The board holds 1,000 silver marks\./);
    expect(told).toMatch(/On the board: 1,000 silver marks in 1 wager\./);
    expect(told).not.toMatch(TAVERN_ONLY);
  });

  it('Lich Bones: a short purse, the hand-outs and when they come again, the bets, gold', () => {
    const host = new MarksHost('bones', 'the bones table', settingsOf(lichBones), ['Ana', 'Bob'], 0);
    const game = lichBones.create(host);
    host.handouts.note('Bob', 'lich-bones', host.clock.now());
    host.sit(game, 'Ana');
    host.sit(game, 'Bob');
    const bob = everything(host, game, 'Bob');
    expect(bob).toMatch(/You hold 0 silver marks, less than the smallest bet at this table \(5,000\), and the house paid you hand-outs less than 30 minutes ago: it pays you again from \d\d:\d\d by the bell\./);
    expect(bob).not.toMatch(TAVERN_ONLY);
    host.queue(0);
    expect(type(game, 'Ana', 'start')).toBe('');
    expect(type(game, 'Ana', 'bet hero 5000')).toBe('');
    const ana = everything(host, game, 'Ana');
    expect(ana).toMatch(/Morwen hands 20,000 silver marks to you\./);
    expect(ana).toMatch(/Morwen takes your 5,000 silver marks on HERO\./);
    expect(host.news('Bob')).toMatch(/It pays you again from \d\d:\d\d by the bell, in 30 minutes\./);
    expect(type(game, 'Bob', 'bet lich 5000')).toMatch(/^You hold 0 silver marks, less than the smallest bet/);
    expect(type(game, 'Ana', 'gold')).toBe('You have 15,000 silver marks. Your bets on the bones table: 5,000 on HERO (1:1 +10%) (5,000 silver marks in all).');
    expect(ana).not.toMatch(TAVERN_ONLY);
  });

  it("Dragon's Lair: the ante, a purse short of it, the table's look", () => {
    const host = new MarksHost('lair', 'the lair table', settingsOf(dragonsLair), ['Ana', 'Bob'], 10);
    const game = dragonsLair.create(host);
    host.sit(game, 'Ana');
    host.sit(game, 'Bob');
    expect(type(game, 'Ana', 'start')).toBe('You have only 10 silver marks, and the ante is 50: the game cannot start.');
    const told = everything(host, game, 'Bob');
    expect(told).toMatch(/Any seated player may type start; each antes 50 silver marks\./);
    expect(told).not.toMatch(TAVERN_ONLY);
  });
});
