import { afterEach, describe, expect, it } from 'vitest';
import type { GameDefinition } from '../../src/games/api.js';
import { games } from '../../src/games/index.js';
import { settingsOf } from '../../src/games/settings.js';
import { unmarked } from '../../src/text/markup.js';
import { game as chuckALuck } from '../fixtures/chuck-a-luck/game.js';
import { highRoll } from '../fixtures/high-roll/game.js';
import { playOutSpiceRun, rollToPlace } from './spiceRun.js';
import { chooser, playDragonsLair, SecretWatch, toldCoins, type Seat } from './table-play.js';

/**
 * The host contract: what every host of the game package (src/games) owes its players, tried over
 * a real socket as they would, whatever the host is. As test/integration/store-contract.test.ts is one
 * suite run against both store engines, this is one suite run against every host: the tavern
 * (test/integration/host-contract-tavern.test.ts) and any other (a Ranvier world) that implements
 * a `HostDriver` and calls `hostContract(driver)` from a test file of its own.
 *
 * It asks of a host: seats (sit, stand, a full table refused, sitting at two tables refused), coins
 * through a whole game of each kind (every coin as the game told it to its player, and the total
 * kept: what the players gain the house pays), timers (a turn lapses with nobody typing), and
 * secrecy (in a whole Dragon's Lair game, no byte any player or onlooker receives shows a card
 * another player holds or laid face down). Everything else it reads is the games' own words, which
 * are the same in every host but for what the host words itself (its money: HostWords); what
 * differs between hosts is in the driver.
 */

/** Text as a player reads it, whatever the host's wrapping: no codes of colour or markup, and each run of spaces one space. */
const plain = (text: string) => unmarked(text).replace(/\x1b\[[\d;]*m/g, '').replace(/[\s\u00a0\x0c]+/g, ' ').trim();

/** A host under test: how to start a world of it with the tables a test wants. */
export interface HostDriver {
  /** The host's name, in the tests' titles: `the tavern`. */
  readonly name: string;
  /**
   * What follows an amount of the host's money in what the tables say, as a pattern: `obsidian
   * coins?` (the tavern: "100 obsidian coins"), `gold` (a Ranvier world: "100 gold").
   */
  readonly money: string;
  /**
   * Starts a world with these tables and nothing else the tests could trip on: all the tables in
   * the one room every player comes into. `seed`: the host's repeatable randomness (the same seed,
   * the same draws), where it has one; a host without may ignore it.
   */
  start(tables: readonly TableSpec[], opts?: { seed?: number; games?: readonly GameDefinition[] }): Promise<HostWorld>;
  /**
   * The games this host can be given beside the package's (`games` of start): a host that loads
   * games from outside (the tavern's `--game-module`) takes the tests' own; absent, only the package's run.
   */
  readonly addsGames?: boolean;
  /** What the host answers to a word that is no command of it (`Unknown command "ante"`), so a game's verb is seen to be one. */
  readonly unknown?: RegExp;
}

/** The tests' own games, which no host knows until it is given them: one on the engine with a die each, one throwing three dice at once. */
export const FIXTURE_GAMES: readonly GameDefinition[] = [highRoll, chuckALuck];

/** The module of each of the tests' own games, for a host that takes a game as a module (a Ranvier world's gameModules). */
export const FIXTURE_MODULES: Readonly<Record<string, string>> = {
  [highRoll.id]: 'test/fixtures/high-roll/game.ts',
  [chuckALuck.id]: 'test/fixtures/chuck-a-luck/game.ts',
};

/** A table as the tests ask for it. */
export interface TableSpec {
  /** The word that names the table in commands (`sand`); the host names it `the <word> table` in prose. */
  word: string;
  /** Its game's id (GameDefinition.id): `spice-run`, `lich-bones`, `dragons-lair`. */
  game: string;
  /** Over the game's defaults (keys of GameDefinition.settings), as the host's world data gives them. */
  settings?: Record<string, unknown>;
}

/** A running world of the host. */
export interface HostWorld {
  /**
   * Logs a new player in over TCP: a character made with 1,000 coins, standing in the room of the
   * tables, at the prompt. The name is 3 to 7 letters, new to this world.
   */
  login(name: string): Promise<HostClient>;
  /** The host's line that shows a table to a player, with what its game says of it: `look sand`. */
  look(word: string): string;
  /** The coins in a player's purse now, read from the host's books (not from what they were told). */
  coins(name: string): Promise<number>;
  /** The house's coins now (hand-outs and winnings come from it, losses go to it; it may be below zero). */
  house(): Promise<number>;
  /**
   * Lets `ms` of the host's time pass, firing every table timer that falls due: a fake clock
   * advanced, or, for a host on real timers, a real wait (the tests give such waits short deadline
   * settings, never more than a few seconds).
   */
  elapse(ms: number): Promise<void>;
  /** Closes every client and stops the world, removing whatever it made. */
  stop(): Promise<void>;
}

/** A player's connection. */
export interface HostClient {
  /** Sends a line and answers what the host said to it, up to the next prompt (other players' news before it left out). */
  command(line: string): Promise<string>;
  /** Waits until what arrived after the last match (or command) matches; answers the text up to the match. */
  expect(pattern: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Every byte received since the connection opened, one character a byte (latin1), protocol bytes and all. */
  readonly all: string;
  close(): void;
}

const STARTING_COINS = 1000;

/** A player of the tests: their name and connection (a Seat of table-play.ts). */
interface Player extends Seat {
  client: HostClient;
}

export function hostContract(driver: HostDriver): void {
  /** A pattern of what a table says, its amounts (`100 coins`) in the host's money. */
  const told = (pattern: string) => new RegExp(pattern.replace(/(\d+) coins/g, `$1 ${driver.money}`));
  describe(`the host contract: ${driver.name}`, () => {
    let world: HostWorld | null = null;
    afterEach(async () => {
      await world?.stop();
      world = null;
    });

    async function open(tables: TableSpec[], seed = 1): Promise<HostWorld> {
      world = await driver.start(tables, { seed });
      return world;
    }

    /** Logs the players in; each starts with 1,000 coins. */
    async function players(w: HostWorld, ...names: string[]): Promise<Player[]> {
      const seats: Player[] = [];
      for (const name of names) {
        seats.push({ name, client: await w.login(name) });
        expect(await w.coins(name), `${name}'s starting purse`).toBe(STARTING_COINS);
      }
      return seats;
    }

    /**
     * Each purse is 1,000 and every coin the tables told its player (once a look at `table` shows
     * they have heard all there was); returns the purses.
     */
    async function purses(w: HostWorld, table: string, seats: Player[]): Promise<number[]> {
      const got: number[] = [];
      for (const p of seats) {
        await p.client.command(w.look(table));
        const purse = await w.coins(p.name);
        expect(purse, `${p.name}'s purse against what the tables told them`).toBe(STARTING_COINS + toldCoins(p.client.all, driver.money));
        got.push(purse);
      }
      return got;
    }

    const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

    /** A refusal is one line, and the player does not take the seat. */
    async function refused(p: Seat, line: string): Promise<string> {
      const reply = await p.client.command(line);
      expect(reply.trim().split(/\r?\n/), `${p.name}: ${line}`).toHaveLength(1);
      expect(reply).not.toMatch(/You take a seat/);
      return reply;
    }

    it('seats: sit and stand; a full table and a second table are refused in one line, and no coin moves', async () => {
      const w = await open([
        { word: 'sand', game: 'spice-run' },
        { word: 'lair', game: 'dragons-lair', settings: { maxPlayers: 2 } },
      ]);
      const [ana, bob, cyd] = await players(w, 'Ana', 'Bob', 'Cyd');
      const house = await w.house();
      const seatsAt = async (p: Seat, word: string) => (await p.client.command(w.look(word))).split(/\r?\n/).find((l) => /^Seated: /.test(l));
      expect(await ana.client.command('sit lair')).toMatch(/the lair table/);
      expect(await bob.client.command('sit lair')).toMatch(/the lair table/);
      expect(await seatsAt(cyd, 'lair')).toBe('Seated: Ana and Bob.');

      await refused(cyd, 'sit lair'); // two seats, both taken
      expect(await seatsAt(cyd, 'lair')).toBe('Seated: Ana and Bob.');
      await refused(ana, 'sit sand'); // seated at the lair table already
      expect(await cyd.client.command('sit sand')).toMatch(/You wait at the sand table for someone to play Spice Run against\./);

      await bob.client.command('stand');
      expect(await seatsAt(ana, 'lair')).toBe('Seated: Ana (you).');
      // Ana's refused seat was never hers: the sand table's second seat is free for Bob.
      expect(await bob.client.command('sit sand')).toMatch(/A game of Spice Run begins: Cyd is Player 1, you are Player 2\./);
      await refused(ana, 'sit sand'); // both seats taken, and she sits elsewhere
      expect(await ana.client.command(w.look('sand'))).toMatch(/Player 1: Cyd; +Player 2: Bob/);

      expect(await cyd.client.command('stand')).toMatch(/the game is withdrawn/);
      await bob.client.command('stand');
      await ana.client.command('stand');
      expect(await ana.client.command(w.look('sand'))).toMatch(/Nobody is playing\./);
      expect(await seatsAt(ana, 'lair')).toBeUndefined();
      expect(await ana.client.command('sit sand')).toMatch(/You wait at the sand table/); // free to sit again
      expect(await purses(w, 'sand', [ana, bob, cyd])).toEqual([1000, 1000, 1000]);
      expect(await w.house()).toBe(house);
    });

    it('Spice Run: a whole game, every purse as told after every step, and the coins stay between the two players', async () => {
      const w = await open([{ word: 'sand', game: 'spice-run' }], 7);
      const seats = await players(w, 'Ana', 'Bob');
      const [ana, bob] = seats;
      const house = await w.house();
      await ana.client.command('sit sand');
      expect(await bob.client.command('sit sand')).toMatch(/A game of Spice Run begins: Ana is Player 1, you are Player 2/);
      let steps = 0;
      const story = await playOutSpiceRun(ana.client, bob.client, '100', { table: 'sand', look: w.look('sand'), after: async () => void (steps++, await purses(w, 'sand', seats)) });
      expect(steps).toBeGreaterThan(8);
      expect(story).toMatch(told('You place 100 coins on square \\d+'));
      const over = /The game of Spice Run is over: (?:Ana|you) (won|lost|broke even) ?([\d,]*)/.exec(ana.client.all);
      expect(over).not.toBeNull();
      const anaNet = over![1] === 'broke even' ? 0 : (over![1] === 'won' ? 1 : -1) * Number(over![2].replace(/,/g, ''));
      const [a, b] = await purses(w, 'sand', seats);
      expect(a).toBe(1000 + anaNet);
      expect(a + b).toBe(2000);
      expect(await w.house()).toBe(house);
    });

    it("Lich Bones: a whole game of bets, throws, hand-outs and the HERO's bonus; every purse as told, and the house pays what the players gain", async () => {
      const w = await open([{ word: 'bones', game: 'lich-bones', settings: { rounds: 2, minBet: 10, handout: 100, heroBonus: 10 } }], 21);
      const seats = await players(w, 'Ana', 'Bob');
      const [ana, bob] = seats;
      const house = await w.house();
      for (const p of seats) expect(await p.client.command('sit bones')).toMatch(/the bones table/);
      const started = await ana.client.command('start');
      expect(started).toMatch(told('Dreaven hands 100 coins to each of you and Bob\\.'));
      expect(started).toMatch(/place your bets/);
      await purses(w, 'bones', seats);
      for (let round = 1; !/Lich Bones is over/.test(ana.client.all); round++) {
        expect(round).toBeLessThan(10);
        await ana.client.command('bet hero 10');
        if (!/on LICH/.test(await bob.client.command('gold'))) await bob.client.command('bet lich 20');
        await bob.client.command('bet beseech 10');
        await purses(w, 'bones', seats);
        const hero = /HERO: (\w+)/.exec(await ana.client.command(w.look('bones')))![1];
        expect(await (hero === 'Ana' ? ana : bob).client.command('roll dice bones')).toMatch(/You throw (the opening attack roll|for the quest point \d+): \d and \d \(\d+\)\./);
        await purses(w, 'bones', seats);
      }
      expect(ana.client.all).toMatch(/Dreaven settles \d+ bets?: /);
      expect(ana.client.all).toMatch(told('Dreaven takes your 10 coins on HERO'));
      expect(ana.client.all + bob.client.all).toMatch(told('Dreaven tosses you, the HERO, a bonus of 10 coins'));
      const gained = sum(await purses(w, 'bones', seats)) - 2000;
      expect(gained).toBe(sum(seats.map((p) => toldCoins(p.client.all, driver.money))));
      expect(gained).not.toBe(0);
      expect(await w.house()).toBe(house - gained);
    });

    it("Dragon's Lair: a whole game with an onlooker; no byte anyone receives shows a hidden card, and each purse is the ante and the settlement as told", async () => {
      const w = await open([{ word: 'lair', game: 'dragons-lair' }], 3);
      const seats = await players(w, 'Ana', 'Bob', 'Cyd');
      const [dee] = await players(w, 'Dee');
      const house = await w.house();
      for (const p of seats) expect(await p.client.command('sit lair')).toMatch(/the lair table/);
      const watch = new SecretWatch(seats, [dee]);
      const started = await seats[1].client.command('start');
      expect(started).toMatch(told("Dragon's Lair begins with Ana, you and Cyd: each antes 50 coins, and the bank holds 150 game coins"));
      expect(started).toMatch(/You are dealt (\S+ \(\w+ \d+\)(, )?){4}\./);
      await dee.client.expect("Dragon's Lair begins with Ana, Bob and Cyd");
      await playDragonsLair(seats, watch, { table: 'lair', look: w.look('lair'), pick: chooser(3) });
      await watch.checkpoint();
      expect(watch.checked).toBeGreaterThan(200);
      expect(dee.client.all).toMatch(/Lair \d is revealed/); // the onlooker saw the public cards
      expect(seats[0].client.all).toMatch(/^The game of Dragon's Lair is over: .* Settlement: /m);
      const got = await purses(w, 'lair', seats);
      expect(sum(got)).toBe(3000);
      expect(got.some((n) => n !== 1000)).toBe(true);
      expect(await w.house()).toBe(house);
    }, 120_000);

    const contractGames = [...games, ...(driver.addsGames ? FIXTURE_GAMES : [])];
    for (const game of contractGames) {
      const extra = games.includes(game) ? [] : [game];

      it(`${game.title}: a table of it seats and stands a player, help names its verbs and tells its topics, each verb typed bare answers, and no coin appears or vanishes`, async () => {
        const w = (world = await driver.start([{ word: 'felt', game: game.id }], { seed: 1, games: extra }));
        const [ana, bob] = await players(w, 'Ana', 'Bob');
        const total = async () => (await w.coins('Ana')) + (await w.coins('Bob')) + (await w.house());
        const before = await total();
        const gameName = game.title.toLowerCase().replace(/'/g, '');
        const help = await ana.client.command(`help ${gameName}`);
        const verbs = game.verbs(settingsOf(game), { money: String, moneyName: '', dealer: '', look: String, timeOfDay: String });
        for (const v of verbs) if (!v.claims) expect(help, `help ${game.title} names ${v.key}`).toContain(v.key);
        // Each help topic of the game is its own (help lich bones odds), whatever other game has one of that name.
        for (const [topic, text] of Object.entries(game.topics ?? {})) {
          const opening = plain(text(settingsOf(game), { money: String, moneyName: '', dealer: '', look: String, timeOfDay: String }).split('\n')[0]).slice(0, 40);
          expect(plain(await ana.client.command(`help ${gameName} ${topic}`)), `help ${gameName} ${topic}`).toContain(opening);
        }
        expect(await ana.client.command('sit felt')).toMatch(/the felt table/);
        expect(await bob.client.command('sit felt')).toMatch(/the felt table/);
        expect(await bob.client.command(w.look('felt'))).toMatch(/Ana/);
        for (const v of verbs) {
          if (v.claims) continue;
          const reply = await ana.client.command(v.key);
          expect(reply.trim(), `${v.key} typed bare`).not.toBe('');
          if (driver.unknown) expect(reply, `${v.key} typed bare`).not.toMatch(driver.unknown);
          expect(await w.coins('Ana')).toBeGreaterThanOrEqual(0);
        }
        await ana.client.command('stand');
        await bob.client.command('stand');
        expect(await bob.client.command(w.look('felt'))).not.toMatch(/Seated: Ana/);
        expect(await total()).toBe(before);
      });

      it(`${game.title}: a table whose settings the game refuses stops the start, naming the key`, async () => {
        await expect(driver.start([{ word: 'felt', game: game.id, settings: { nonsense: 1 } }], { games: extra })).rejects.toThrow(/settings\.nonsense is not a setting of this game/);
      });
    }

    it('timers: a turn lapses with nobody typing, on the table clock and not before', async () => {
      const w = await open([
        { word: 'sand', game: 'spice-run', settings: { turnMs: 2000 } },
        { word: 'lair', game: 'dragons-lair', settings: { choiceMs: 2000 } },
      ]);
      const [ana, bob, cyd, dee] = await players(w, 'Ana', 'Bob', 'Cyd', 'Dee');
      await ana.client.command('sit sand');
      await bob.client.command('sit sand');
      await rollToPlace(ana.client);
      expect(await ana.client.command('bet 100')).toMatch(told('You place 100 coins on square'));
      expect(await w.coins('Ana')).toBe(900);
      await w.elapse(1000);
      expect(await ana.client.command(w.look('sand'))).toMatch(/It is Bob's turn to roll/);
      await w.elapse(1000);
      await ana.client.expect(told('Bob let the turn lapse, so the game is withdrawn: every wager goes back to its owner \\(100 coins to you\\)\\.'));
      // Idle through a turn is away: Bob loses his seat, and Ana, left waiting, hears it.
      await ana.client.expect('Bob gets up from the sand table.');
      await bob.client.expect('You let your turn lapse, so you give up your seat.');
      expect(await ana.client.command(w.look('sand'))).toMatch(/You sit waiting for an opponent/);
      expect(await w.coins('Ana')).toBe(1000);

      await cyd.client.command('sit lair');
      await dee.client.command('sit lair');
      expect(await cyd.client.command('start')).toMatch(/It is (your|Dee's) turn to play a card or hold/);
      const first = /It is (\w+)'s turn to play a card or hold/.test(await dee.client.command(w.look('lair'))) ? 'Cyd' : 'Dee';
      await w.elapse(2000);
      await (first === 'Cyd' ? dee : cyd).client.expect(`${first} took too long and holds.`);
      expect(await purses(w, 'lair', [ana, bob, cyd, dee])).toEqual([1000, 1000, 950, 950]);
    });
  });
}
