import { settingsOf } from '../../src/games/settings.js';
import { describe, expect, it } from 'vitest';
import { lichBones } from '../../src/games/lich-bones/table.js';
import type { LichBonesSettings } from '../../src/games/lich-bones/state.js';
import type { GameTable, HandoutRecord, TableHost } from '../../src/games/api.js';
import { FakeClock } from '../support/fakeClock.js';
import { diceValues } from '../../src/games/random.js';
import { BETS_HERE } from '../../src/games/lich-bones/bets.js';
import { FakeHostBase, handoutsInMemory } from '../support/fakeHost.js';
import { paint, together } from '../../src/text/markup.js';
import { plainFor } from '../support/plain.js';
import { tavernWords } from '../../src/output/words.js';

/** `look <table>` as a sighted player reads it. */
const look = (game: GameTable, viewer: string) => plainFor(game.describe(viewer), 'sight');
/** The columns of the bets in Table.State's panel. */
const BET_COLUMNS = [{ label: 'Player' }, { label: 'Bet' }, { label: 'Coins', numeric: true }];

/** A host that keeps purses in a map, records what each person in the room hears, and draws the values a test queues. */
class FakeHost extends FakeHostBase implements TableHost {
  readonly id = 'bones-table';
  readonly label = 'the bones table';

  readonly settings: LichBonesSettings;

  constructor(given: Record<string, unknown> = {}, shared: ConstructorParameters<typeof FakeHostBase>[1] = {}) {
    // Zed watches without a seat: he hears what the room hears.
    super(['Zed'], shared);
    this.settings = settingsOf(lichBones, given);
  }

  sit(game: GameTable, name: string, purse = 1000): void {
    if (!this.purses.has(`player:${name}`)) this.purses.set(`player:${name}`, purse);
    this.enter(name);
    this.seats.push(name);
    game.onSit(name);
  }
}

function table(settings?: Record<string, unknown>) {
  const host = new FakeHost(settings);
  return { host, game: lichBones.create(host) };
}

/** What the room (Zed, watching) has heard so far. */
/** Ana (an empty purse) sits, is drawn HERO and starts: the opening roll is due in 5 s. */
function anaStarts() {
  const { host, game } = table({ bettingMs: 5000 });
  host.sit(game, 'Ana', 0);
  host.queue(0); // Ana is the HERO
  game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '');
  return { host, game };
}

const said = (host: FakeHost) => host.heard.get('Zed')!.join('\n');

describe('the Lich Bones table', () => {
  it('takes its settings from the world data over the defaults, and help odds follows them', () => {
    const s = settingsOf(lichBones, { minBet: 100, payouts: { drain: { win: 8, per: 1 } } });
    expect(s.minBet).toBe(100);
    expect(s.rounds).toBe(16);
    expect(s.payouts.drain).toEqual({ win: 8, per: 1 });
    expect(s.payouts.attack[4]).toEqual({ win: 5, per: 11 });
    expect(lichBones.topics!.odds(settingsOf(lichBones, { payouts: { drain: { win: 8, per: 1 } } }), tavernWords)).toMatch(/DRAIN\s+2\/3\/12 8:1/);
    expect(lichBones.topics!.odds(settingsOf(lichBones), tavernWords)).toMatch(/DRAIN\s+2\/3\/12 7:1/);
  });

  it('starts by itself 60 seconds after the first player sits, and names the HERO', () => {
    const { host, game } = table();
    host.sit(game, 'Ana');
    expect(said(host)).toMatch(/Lich Bones begins in 60 seconds/);
    host.clock.advance(59_000);
    expect(said(host)).not.toMatch(/is the HERO/);
    host.queue(0);
    host.clock.advance(1_000);
    expect(said(host)).toMatch(/Ana is the HERO!\nRound 1 of 16, the opening attack roll: place your bets!/);
    // The phrases scripts match are bound: no screen's wrapping breaks them apart.
    const marked = host.marked.get('Zed')!.join('\n');
    expect(marked).toContain(together('Ana is the HERO'));
    expect(marked).toContain(together('place your bets'));
    expect(host.balance('Ana')).toBe(21_000);
  });

  it('calls a seven-out: each bettor hears their own bets settled, the room the totals, and a new HERO is drawn', () => {
    const { host, game } = table();
    host.sit(game, 'Ana', 0);
    host.sit(game, 'Bob', 0);
    host.queue(0); // Ana is the HERO
    const replies: string[] = [];
    const reply = (t: string) => void replies.push(t);
    game.commands.find((c) => c.key === 'start')!.run({ player: 'Bob', reply }, '');
    game.whisper!('Ana', 'hero 5000', reply);
    game.whisper!('Bob', '5000 LICH', reply);
    expect(replies).toEqual([]);
    expect(host.news('Ana')).toMatch(/stops\. Ana is the HERO! That is you: you throw the dice \(roll dice bones\)\.\n[^]*You throw with roll dice bones, or Dreaven throws in your place in 30 seconds\.\nDreaven takes your 5,000 obsidian coins on HERO\.\nDreaven chalks up 5,000 obsidian coins from Bob on LICH\./);
    expect(host.news('Bob')).toMatch(/Dreaven chalks up 5,000 obsidian coins from Ana on HERO\.\nDreaven takes your 5,000 obsidian coins on LICH\./);

    host.queue(...diceValues(2, 4));
    game.roll!('Ana', reply);
    expect(host.news('Ana')).toMatch(/^You throw the opening attack roll: 2 and 4 \(6\)\.\nDreaven tosses you, the HERO, a bonus of 1,000/);
    expect(said(host)).toMatch(/Ana, the HERO, throws the opening attack roll: 2 and 4 \(6\)\.[^]*The quest point is 6!/);
    expect(host.balance('Ana')).toBe(20_000 - 5000 + 1000);

    game.whisper!('Bob', 'cheer 15000', reply);
    expect(host.news('Bob')).toMatch(/Dreaven takes your 10,000 obsidian coins on CHEER LICH \(capped at twice your LICH bet; you asked for 15,000\)\.$/);
    game.whisper!('Bob', 'inferno 5001', reply);
    expect(replies.at(-1)).toMatch(/^INFERNO is four equal parts/);
    // A whisper that names no bet says which words before it lists the bets; one that names a bet wrongly gets that bet's
    // own reason, and a mistyped amount the amount's, whichever comes first.
    game.whisper!('Bob', 'xx', reply);
    expect(replies.at(-1)).toBe(`"xx" is no bet. ${BETS_HERE}`);
    game.whisper!('Bob', 'flarbflarbflarbflarbflarbflarb 5000', reply);
    expect(replies.at(-1)).toMatch(/^"flarbflarbflarbflarbflar\.\.\." is no bet\. The bets at this table: hero/);
    game.whisper!('Bob', 'attack 7 5000', reply);
    expect(replies.at(-1)).toBe('ATTACK takes 4, 5, 6, 8, 9 or 10, like attack 4 5000.');
    for (const typo of ['5k lich', '$500 lich', 'five lich']) {
      game.whisper!('Bob', typo, reply);
      expect(replies.at(-1)).toMatch(/^"[^"]+" is not a whole number of /);
    }
    game.whisper!('Bob', 'drain 50000', reply);
    // The host's own reason for a short purse reaches the player (the tavern frames it in Dreaven's voice).
    expect(replies.at(-1)).toBe('player:Bob is short');
    expect(host.balance('Bob')).toBe(5000);

    host.news('Zed');
    host.queue(...diceValues(3, 4), 1); // a seven, then Bob is drawn
    host.clock.advance(30_000);
    const story = said(host);
    expect(story).toMatch(/Time! Betting is closed\. Dreaven throws for the quest point 6 for Ana, the HERO: 3 and 4 \(7\)\./);
    expect(story).toMatch(/Seven! The LICH's bony claws/);
    // The room hears one line of totals, not a line per bet.
    expect(story).toMatch(/Dreaven settles 3 bets: Ana loses 5,000 obsidian coins and Bob wins 13,833 obsidian coins\./);
    expect(story).not.toMatch(/CHEER/);
    const bob = host.news('Bob');
    expect(bob).toMatch(/Dreaven pays your LICH: 5,500 obsidian coins won/); // the early 10%
    expect(bob).toMatch(/Dreaven pays your CHEER LICH: 8,333 obsidian coins won/); // 5:6, rounded down
    expect(bob).toMatch(/Dreaven settles 3 bets: Ana loses 5,000 obsidian coins and you win 13,833 obsidian coins\./);
    expect(host.news('Ana')).toMatch(/Dreaven sweeps away your HERO: 5,000 obsidian coins lost\./);
    // Your own coins won and lost are marked, for colour; nobody else's.
    expect(host.marked.get('Bob')!.join('\n')).toContain(paint('won', '5,500 obsidian coins won'));
    expect(host.marked.get('Bob')!.join('\n')).toContain(paint('won', 'you win 13,833 obsidian coins'));
    expect(host.marked.get('Zed')!.join('\n')).not.toContain(paint('won', 'Bob wins 13,833 obsidian coins'));
    expect(story).toMatch(/Dreaven calls for a new champion\. Bob is the HERO!\nRound 3 of 16/);
    expect(host.balance('Bob')).toBe(20_000 + 5500 + 8333);
    expect(host.throws.at(-1)).toEqual([3, 4]);
    expect(look(game, 'Bob')).toMatch(/round 3 of 16\. HERO: Bob \(you\); next throw: the opening attack roll/);
    expect(look(game, 'Ana')).toMatch(/Last throw: Dreaven threw for you 3 and 4 \(7\)\./);
  });

  it('keeps its next deadline when telling the story of a step fails: Dreaven still throws when the phase runs out', () => {
    const { host, game } = table();
    host.sit(game, 'Ana', 0);
    host.queue(0); // Ana is the HERO
    const tell = host.tell;
    host.tell = () => {
      throw new Error('a fault while telling the story');
    };
    // The start's hand-out moves and its state is kept; only its telling fails.
    expect(() => game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '')).toThrow('a fault while telling the story');
    host.tell = tell;
    expect(host.balance('Ana')).toBe(20_000);
    // The betting phase closes 30 seconds after the start, not when the start itself was due (60 s after Ana sat).
    host.queue(...diceValues(3, 4));
    host.clock.advance(30_000);
    expect(said(host)).toMatch(/Time! Betting is closed\. Dreaven throws the opening attack roll for Ana, the HERO: 3 and 4 \(7\)/);
  });

  it("throws when the phase runs out even when the clock reads a millisecond short as the host's timer wakes, then ticks on while the table looks (Node's timers, under load)", () => {
    const { host, game } = table({ bettingMs: 5000 }); // shorter than the 10 s warning: one timer, the deadline's
    const clock = host.clock;
    const trueNow = clock.now.bind(clock);
    // The first timer to wake finds the clock one millisecond short of its time at the first
    // reading; every later reading shows the true time (the clock ticked meanwhile).
    let lag = 0;
    let woken = false;
    const setTimer = host.setTimer;
    host.setTimer = (ms, fn) =>
      setTimer(ms, () => {
        if (!woken) lag = 1;
        woken = true;
        fn();
      });
    clock.now = () => {
      const t = trueNow() - lag;
      lag = 0;
      return t;
    };
    host.sit(game, 'Ana', 0);
    host.queue(0); // Ana is the HERO
    game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '');
    host.news('Zed');
    host.queue(...diceValues(3, 4));
    clock.advance(5000);
    expect(woken).toBe(true);
    expect(said(host)).toMatch(/Time! Betting is closed\. Dreaven throws the opening attack roll for Ana, the HERO: 3 and 4 \(7\)/);
  });

  it('tries a throw again a second later when the purses refuse its coins (books that could not be written), instead of waiting for a player', () => {
    const { host } = anaStarts();
    host.news('Zed');
    const transfer = host.transfer.bind(host);
    let refusals = 0;
    host.transfer = (...args: Parameters<typeof transfer>) => (refusals++ < 2 ? { ok: false as const, reason: 'the books could not be written' } : transfer(...args));
    host.queue(...diceValues(3, 4), ...diceValues(3, 4), ...diceValues(3, 4));
    host.clock.advance(5000);
    expect(said(host)).not.toMatch(/Time!/);
    expect(host.clock.pending()).toBe(1);
    host.clock.advance(999);
    expect(said(host)).not.toMatch(/Time!/);
    host.clock.advance(1);
    expect(refusals).toBe(2);
    expect(said(host)).not.toMatch(/Time!/);
    host.clock.advance(1000);
    expect(said(host)).toMatch(/Time! Betting is closed\. Dreaven throws the opening attack roll for Ana, the HERO: 3 and 4 \(7\)/);
  });

  it('tries a throw again after 1, then 2 seconds when its rules throw (dice that could not be drawn), instead of waiting for a player', () => {
    const { host } = anaStarts();
    host.news('Zed');
    // No dice queued: the random source throws inside the rules' timeout.
    expect(() => host.clock.advance(5000)).toThrow(/no queued value/);
    expect(host.clock.pending()).toBe(1);
    host.clock.advance(999);
    expect(() => host.clock.advance(1)).toThrow(/no queued value/);
    host.queue(...diceValues(3, 4));
    host.clock.advance(1999);
    expect(said(host)).not.toMatch(/Time!/);
    host.clock.advance(1);
    expect(said(host)).toMatch(/Time! Betting is closed\. Dreaven throws the opening attack roll for Ana, the HERO: 3 and 4 \(7\)/);
  });

  it('starts that pause at 1 second again once a step has stood', () => {
    const { host } = anaStarts();
    expect(() => host.clock.advance(5000)).toThrow(/no queued value/);
    host.queue(...diceValues(3, 4));
    host.clock.advance(1000); // the opening roll stands
    host.news('Zed');
    const next = host.clock.pending();
    expect(next).toBe(1);
    // The next round's throw faults: tried again 1 s later, not 2.
    let threw = 0;
    for (let i = 0; i < 120 && !threw; i++) {
      try {
        host.clock.advance(1000);
      } catch {
        threw++;
      }
    }
    expect(threw).toBe(1);
    host.queue(...diceValues(3, 4));
    host.clock.advance(1000);
    expect(said(host)).toMatch(/Dreaven throws the opening attack roll for Ana, the HERO: 3 and 4 \(7\)/);
  });

  it('pays a timeout once when the purses throw after its coins moved (a fault after the books were written): no retry', () => {
    const { host } = anaStarts();
    host.queue(...diceValues(3, 4), ...diceValues(3, 4));
    const before = host.balance('Ana');
    const transfer = host.transfer.bind(host);
    let calls = 0;
    host.transfer = (...args: Parameters<typeof transfer>) => {
      const r = transfer(...args);
      if (calls++ === 0) throw new Error('the panels broke after the books were written');
      return r;
    };
    expect(() => host.clock.advance(5000)).toThrow('the panels broke');
    host.clock.advance(1000);
    expect(host.balance('Ana') - before).toBe(1000); // the HERO bonus of a critical hit, once
    expect(calls).toBe(1);
  });

  it('keeps the state and the deadline of a step whose hand-out note throws after its coins moved, and pays it once', () => {
    const record = handoutsInMemory();
    let notes = 0;
    const handouts: HandoutRecord = {
      last: record.last,
      note: (...a) => {
        if (notes++ === 0) throw new Error('the disk refused the hand-out note');
        record.note(...a);
      },
    };
    const host = new FakeHost({ bettingMs: 5000, handout: 0 }, { handouts });
    const game = lichBones.create(host);
    host.sit(game, 'Ana', 1000);
    host.queue(0);
    game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '');
    host.queue(...diceValues(3, 4), ...diceValues(3, 4));
    const before = host.balance('Ana');
    expect(() => host.clock.advance(5000)).toThrow('the disk refused');
    expect(host.balance('Ana') - before).toBe(1000);
    expect(host.clock.pending(), "the next round's deadline").toBe(1);
    host.clock.advance(1000);
    expect(host.balance('Ana') - before).toBe(1000);
  });

  it('says "both" of two bets it returns after the last round', () => {
    const { host, game } = table({ rounds: 1 });
    host.sit(game, 'Ana', 0);
    host.queue(0);
    game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '');
    for (const bet of ['hero 5000', 'attack 6 5000']) game.commands.find((c) => c.key === 'bet')!.run({ player: 'Ana', reply: () => undefined }, bet);
    host.queue(...diceValues(4, 4));
    game.roll!('Ana', () => undefined);
    expect(said(host)).toMatch(/Dreaven returns both bets still on the table to their owners\.\nThe last round is fought/);
    expect(said(host)).toMatch(/A new fight against the LICH begins: one round of Lich Bones!/);
  });

  it('returns every bet after round 16 and hands out again', () => {
    const { host, game } = table({ rounds: 1 });
    host.sit(game, 'Ana', 0);
    host.queue(0);
    game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '');
    game.commands.find((c) => c.key === 'bet')!.run({ player: 'Ana', reply: () => undefined }, 'hero 5000');
    host.queue(...diceValues(4, 4));
    expect(host.gamesOver).toBe(0);
    game.roll!('Ana', () => undefined);
    expect(host.gamesOver).toBe(1);
    expect(host.news('Ana')).toMatch(/Dreaven returns your HERO: 5,000 obsidian coins back\.\nThe last round is fought/);
    expect(said(host)).toMatch(/Dreaven returns the bet still on the table to its owner\.\nThe last round is fought/);
    expect(host.balance('Ana')).toBe(20_000 + 1000 + 20_000);
    expect(host.purses.get('escrow:Ana')).toBe(0);
    expect(look(game, 'Ana')).toMatch(/waiting for a game/);
    expect(host.clock.pending()).toBe(0);
  });

  it('warns the seated players 10 seconds before the game starts and before Dreaven throws; the onlooker is not warned', () => {
    const { host, game } = table();
    host.sit(game, 'Ana');
    host.sit(game, 'Bob');
    host.news('Ana');
    host.clock.advance(49_999);
    expect(host.news('Ana')).toBe('');
    host.clock.advance(1);
    expect(host.news('Ana')).toBe('Dreaven: "10 seconds left before the fight begins, unless someone seated types start first."');
    expect(host.news('Bob')).toMatch(/10 seconds left before the fight begins/);
    host.queue(1); // Bob is the HERO
    host.clock.advance(10_000);
    host.news('Ana');
    host.news('Bob');
    host.news('Zed');
    expect(look(game, 'Ana')).toMatch(/Betting closes in 30 seconds/);
    host.clock.advance(20_000);
    expect(host.news('Ana')).toBe('Dreaven: "10 seconds left to bet! Then I throw for Bob."');
    expect(host.news('Bob')).toBe('Dreaven: "10 seconds left to bet! Roll dice bones, or I throw in your place."');
    expect(host.news('Zed')).toBe('');
    expect(look(game, 'Zed')).toMatch(/Betting closes in 10 seconds/);
  });

  it('seats 200 by default, or as many as the table setting says', () => {
    expect(lichBones.seats(settingsOf(lichBones))).toBe(200);
    expect(lichBones.seats(settingsOf(lichBones, { seats: 12 }))).toBe(12);
  });

  it('pays hand-outs from one game per 30 minutes per character, across two tables, and says when they come again', () => {
    const handouts = handoutsInMemory();
    const clock = new FakeClock();
    const first = new FakeHost({}, { handouts, clock });
    const second = new FakeHost({}, { handouts, clock });
    const [a, b] = [lichBones.create(first), lichBones.create(second)];
    const start = (game: GameTable, player: string) => game.commands.find((c) => c.key === 'start')!.run({ player, reply: () => undefined }, '');

    first.sit(a, 'Ana', 0);
    first.queue(0);
    start(a, 'Ana');
    expect(first.balance('Ana')).toBe(20_000);
    first.seats.splice(0);
    a.onStand('Ana', 'stand');

    // Straight over to the other table: no second start hand-out there.
    clock.advance(60_000);
    second.sit(b, 'Ana', 0);
    second.sit(b, 'Bob', 0);
    second.queue(1);
    second.news('Ana');
    start(b, 'Ana');
    const ana = second.news('Ana');
    expect(ana).toMatch(/Dreaven hands 20,000 obsidian coins to Bob\.\n/);
    // Told once, to her alone, with the time the house pays her again (30 minutes after the first game opened).
    const again = new Date(clock.now() - 60_000 + 30 * 60_000).toISOString().slice(11, 16);
    expect(ana).toContain(
      `Dreaven tells you: "The house paid you hand-outs at a game of Lich Bones less than 30 minutes ago, so this game pays you none. It pays you again from ${again} by the tavern's clock, in 29 minutes."`,
    );
    expect(second.news('Bob')).not.toMatch(/tells you:/);
    expect(second.news('Zed')).toMatch(/Dreaven hands 20,000 obsidian coins to Bob\. Ana was paid hand-outs by another game less than 30 minutes ago and gets none\./);
    expect(second.balance('Ana')).toBe(0);
    expect(second.balance('Bob')).toBe(20_000);
    second.seats.splice(0);
    b.onStand('Ana', 'stand');
    b.onStand('Bob', 'stand');

    // Half an hour after the first, the first table pays her again.
    clock.advance(29 * 60_000);
    first.sit(a, 'Ana');
    first.queue(0);
    start(a, 'Ana');
    expect(first.balance('Ana')).toBe(40_000);
  });

  it('gives GMCP a Table.State with every bet on the table (when each was placed, and a HERO or LICH bet\'s rate), and each throw for Table.Dice', () => {
    const { host, game } = table();
    expect(game.tableState('Zed')).toMatchObject({ phase: 'waiting', players: [], turn: null, deadline: null, round: 0, hero: null, bets: [] });
    // Its panel, for a client that knows no game (docs/gmcp.md, "The panel"): no throw yet, no bets.
    expect(game.tableState('Zed').panel.parts).toEqual([
      { kind: 'facts', facts: [{ label: 'Round', value: '0 of 16' }, { label: 'HERO', value: 'none yet', id: 'hero' }, { label: 'Point', value: 'not set', id: 'point' }] },
      { kind: 'lines', id: 'bets', label: 'Bets on the table', columns: BET_COLUMNS, rows: [], empty: 'No bets on the table.' },
    ]);
    host.sit(game, 'Ana', 0);
    host.sit(game, 'Bob', 0);
    const before = host.stateChanges;
    host.queue(1);
    game.commands.find((c) => c.key === 'start')!.run({ player: 'Ana', reply: () => undefined }, '');
    game.whisper!('Ana', 'hero 5000', () => undefined);
    host.tellings.length = 0;
    game.whisper!('Bob', 'lich 6000', () => undefined);
    expect(host.stateChanges).toBeGreaterThan(before);
    // A bet is told in one call: the state, as Bob's own small move (a crowd's panels may lag), and its line.
    expect(host.tellings.map((news) => news.map((n) => n.kind))).toEqual([['state', 'say']]);
    expect(host.tellings[0][0]).toEqual({ kind: 'state', by: 'Bob' });
    host.tellings.length = 0;
    host.queue(...diceValues(2, 4));
    game.roll!('Bob', () => undefined);
    expect(host.throws).toEqual([[2, 4]]);
    expect(host.tellings).toHaveLength(1);
    expect(host.tellings[0].slice(0, 2)).toEqual([{ kind: 'state' }, { kind: 'dice', dice: [2, 4] }]);
    // A second HERO bet, on the point: it pays the point's rate, not the opening roll's.
    game.whisper!('Ana', 'hero 5000', () => undefined);
    expect(game.tableState('Zed')).toEqual({
      phase: 'betting',
      players: [
        { name: 'Ana', seat: 1, connected: true },
        { name: 'Bob', seat: 2, connected: true },
      ],
      turn: 'Bob',
      deadline: host.clock.now() + 30_000,
      round: 2,
      rounds: 16,
      hero: 'Bob',
      point: 6,
      bets: [
        { player: 'Ana', bet: 'HERO', amount: 5000, placedOn: null, rate: { win: 1, per: 1, bonusPercent: 10 } },
        { player: 'Ana', bet: 'HERO', amount: 5000, placedOn: 6, rate: { win: 9, per: 10, bonusPercent: 0 } },
        { player: 'Bob', bet: 'LICH', amount: 6000, placedOn: null, rate: { win: 1, per: 1, bonusPercent: 10 } },
      ],
      lastThrow: { dice: [2, 4], total: 6 },
      panel: {
        title: 'Lich Bones',
        parts: [
          { kind: 'facts', facts: [{ label: 'Round', value: '2 of 16' }, { label: 'HERO', value: 'Bob', id: 'hero' }, { label: 'Point', value: '6', id: 'point' }] },
          { kind: 'dice', label: 'Last throw', dice: [2, 4] },
          {
            kind: 'lines',
            id: 'bets',
            label: 'Bets on the table',
            columns: BET_COLUMNS,
            rows: [
              ['Ana', { text: 'HERO', note: 'before the opening roll, pays 1:1 +10%' }, '5,000'],
              ['Ana', { text: 'HERO', note: 'on point 6, pays 9:10' }, '5,000'],
              ['Bob', { text: 'LICH', note: 'before the opening roll, pays 1:1 +10%' }, '6,000'],
            ],
            empty: 'No bets on the table.',
          },
        ],
      },
    });
  });

  it('at 200 seats, tells each bettor their own result and the room one line of totals, not a line per bet', () => {
    const { host, game } = table();
    const names = Array.from({ length: 200 }, (_, i) => `P${String(i).padStart(3, '0')}`);
    for (const name of names) host.sit(game, name, 0);
    host.queue(0); // P000 is the HERO
    game.commands.find((c) => c.key === 'start')!.run({ player: 'P000', reply: () => undefined }, '');
    for (const [i, name] of names.entries()) {
      game.whisper!(name, i % 2 ? 'lich 5000' : 'hero 5000', () => undefined);
      game.whisper!(name, 'beseech 5000', () => undefined);
    }
    // In a crowd only the bettor hears their bet called.
    expect(host.news('P007')).toMatch(/Dreaven takes your 5,000 obsidian coins on LICH\.\nDreaven takes your 5,000 obsidian coins on BESEECH\.$/);
    expect(host.news('Zed')).not.toMatch(/chalks up/);
    expect(look(game, 'P150')).toMatch(/Seated: P000, P001, P002, P003, P004 and 195 others, you among them\./);
    expect(look(game, 'P150')).toMatch(/ {2}P004: [^\n]*\n {2}You: 5,000 on HERO[^\n]*\n {2}and 194 more players' bets, 1,940,000 obsidian coins in all\./);

    host.queue(...diceValues(3, 4));
    game.roll!('P000', () => undefined);
    const room = host.news('Zed').split('\n');
    expect(room.length).toBeLessThanOrEqual(6);
    expect(room).toContain('Dreaven settles 400 bets for 200 players: 100 win 50,000 obsidian coins between them, 100 lose 1,000,000 obsidian coins.');
    const mine = host.news('P007').split('\n');
    expect(mine.length).toBeLessThanOrEqual(7);
    expect(mine).toContain('Dreaven sweeps away your LICH: 5,000 obsidian coins lost. Dreaven sweeps away your BESEECH: 5,000 obsidian coins lost.');
    expect(mine).toContain('Dreaven settles 400 bets for 200 players: 100 win 50,000 obsidian coins between them, 100 lose 1,000,000 obsidian coins; you lose 10,000 obsidian coins.');
    expect(host.balance('P008')).toBe(20_000 + 5_500 - 5_000);
  });

  it('stops its timer when disposed', () => {
    const { host, game } = table();
    host.sit(game, 'Ana');
    expect(host.clock.pending()).toBe(1);
    game.dispose();
    host.clock.advance(60_000);
    expect(said(host)).not.toMatch(/is the HERO/);
  });
});
