import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { journalEntries } from '../support/journal.js';

/**
 * Things in hand, over telnet as a player types them: the inventory's lines under its coins,
 * get, drop, give <thing> to <name>, look <thing>, drink and eat, with ordinals, counts and
 * `all`, and a one-line reason for everything refused (nothing moved).
 */

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

const lines = (text: string) => text.replace(/\r\n/g, '\n').split('\n');

describe('things in hand', () => {
  it('lists what is carried under the coins line, one line a kind, counted', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    expect(await ana.command('i')).toBe('You are carrying 1,000 obsidian coins.');
    await ana.command('buy 3 ale');
    await ana.command('buy cake');
    await ana.command('drink ale');
    expect(lines(await ana.command('inventory'))).toEqual([
      'You are carrying 982 obsidian coins and:',
      '  2 jugs of kank-milk ale',
      '  an empty clay jug',
      '  a honey cake',
    ]);
  });

  it('drops and picks up by keyword, count, ordinal and all; the room sees it and the look lists the floor', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    await ana.command('buy 3 ale');
    await ana.command('drink ale');
    // In the world's order: ale, ale, the empty jug. The third jug is the empty one.
    expect(await ana.command('drop 3.jug')).toBe('You drop an empty clay jug.');
    await bex.expect('Ana drops an empty clay jug.');
    expect(await ana.command('drop 2 ale')).toBe('You drop 2 jugs of kank-milk ale.');
    expect(await bex.command('look')).toMatch(/\nThere are 2 jugs of kank-milk ale here\.\r\nAn empty clay jug lies on its side on the floor\.\r\n/);
    expect(await bex.command('get 2.jug')).toBe('You pick up a jug of kank-milk ale.');
    await ana.expect('Bex picks up a jug of kank-milk ale.');
    expect(await bex.command('get all.jug')).toBe('You pick up a jug of kank-milk ale and an empty clay jug.');
    expect(await bex.command('get all')).toBe('There is nothing here to pick up.');
    expect(lines(await bex.command('i')).slice(1)).toEqual(['  2 jugs of kank-milk ale', '  an empty clay jug']);
    expect(await ana.command('i')).toBe('You are carrying 985 obsidian coins.');
    expect(await bex.command('drop all')).toBe('You drop 2 jugs of kank-milk ale and an empty clay jug.');
    expect(await ana.command('take all')).toBe('You pick up 2 jugs of kank-milk ale and an empty clay jug.');
  });

  it('refuses, with the reason, what is not there, not so many, or not for taking, and moves nothing', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    expect(await ana.command('get')).toBe('Usage: get <thing> | get <n> <thing> | get all[.<thing>]');
    expect(await ana.command('get jug')).toBe('You cannot take shelves of clay jugs: it stays where it is.');
    expect(await ana.command('get sarra')).toBe('Sarra is not yours to take.');
    expect(await ana.command('get sand')).toBe('You cannot take a grid of nine squares scrawled in the sand: it stays where it is.');
    expect(await ana.command('get unicorn')).toBe('You see no "unicorn" here.');
    expect(await ana.command('drop jug')).toBe('You carry nothing to drop.');
    expect(await ana.command('drop 5 coins')).toBe('Coins stay in your purse: give them to someone instead (give <n> coins to <name>).');
    await ana.command('buy 2 ale');
    expect(await ana.command('drop 3 ale')).toBe('You have only 2 jugs of kank-milk ale.');
    expect(await ana.command('drop 3.ale')).toBe('You carry no "3.ale".');
    expect(await ana.command('drop wine')).toBe('You carry no "wine".');
    await ana.command('drop ale');
    expect(await ana.command('get 2 ale')).toBe('There is only a jug of kank-milk ale here.');
    expect(lines(await ana.command('i')).slice(1)).toEqual(['  a jug of kank-milk ale']);
  });

  it('gives a thing to someone present, while give <n> coins to <name> keeps its meaning', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    const cyd = await ts.login('Cyd');
    expect(await ana.command('give 3 coins to Bex')).toBe('You give 3 obsidian coins to Bex.');
    expect(await ana.command('give 5 to bex')).toBe('You give 5 obsidian coins to Bex.');
    expect(await ana.command('give ale to bex')).toBe('You carry nothing to give.');
    await ana.command('buy 3 ale');
    expect(await ana.command('give ale to bex')).toBe('You give a jug of kank-milk ale to Bex.');
    await bex.expect('Ana gives you a jug of kank-milk ale.');
    await cyd.expect('Ana gives a jug of kank-milk ale to Bex.');
    expect(await ana.command('give 2 ale to cyd')).toBe('You give 2 jugs of kank-milk ale to Cyd.');
    expect(await ana.command('give ale to cyd')).toBe('You carry nothing to give.');
    await ana.command('buy cake');
    expect(await ana.command('give ale to cyd')).toBe('You carry no "ale".');
    expect(await bex.command('give ale to Zed')).toBe('There is nobody called "Zed" here.');
    expect(await bex.command('give ale to bex')).toBe('You pass a jug of kank-milk ale from one hand to the other.');
    expect(await bex.command('give ale to sarra')).toBe('Sarra has no use for a jug of kank-milk ale.');
    expect(await bex.command('give ale')).toBe('Usage: give <n> coins to <name> | give <thing> to <name>');
    expect(await bex.command('give 0 coins to ana')).toBe('That is no coins at all: the least is 1.');
    expect(await bex.command('i')).toMatch(/^You are carrying 1,008 obsidian coins and:\r?\n {2}a jug of kank-milk ale$/);
    expect(await cyd.command('i')).toMatch(/\n {2}2 jugs of kank-milk ale$/);
  });

  it('hands a thing to one of the tavern\'s people who takes it, and tips the bard with coins (the house\'s)', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    await ana.command('buy 2 ale');
    await ana.command('drink ale');
    // A jug of ale comes first in the inventory, but Sarra takes the empty one.
    expect(await ana.command('give jug to sarra')).toBe('Sarra takes an empty clay jug from Ana and stacks it under the bar with a grunt that might be thanks.');
    expect(await ana.command('give jug to sarra')).toBe('Sarra has no use for a jug of kank-milk ale.');
    await ana.command('drop ale');
    expect(await ana.command('give 5 coins to tolan')).toBe(
      "You give 5 obsidian coins to Tolan.\r\nTolan catches 5 obsidian coins in his cap without missing a beat, and works Ana's name into the next verse.",
    );
    expect(await ana.command('give 5 coins to kesh')).toBe('Kesh pushes your coins back: "Bet them at the table, friend."');
    expect(await ana.command('i')).toBe('You are carrying 985 obsidian coins.');
    expect(await ana.command('audit')).toMatch(/The house has taken 15 obsidian coins out of the world/);
  });

  it('looks at a thing carried before the room\'s fixtures, and at one on the floor', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    expect(await ana.command('look jug')).toMatch(/^Rows of stoppered clay jugs line the shelves/);
    await ana.command('buy ale');
    expect(await ana.command('look jug')).toMatch(/^A squat clay jug, stoppered with a plug of wax[^]*\nYou are carrying a jug of kank-milk ale\.$/);
    await ana.command('drop ale');
    expect(await ana.command('look ale')).toMatch(/\nOn the floor here: a jug of kank-milk ale\.$/);
    expect(await ana.command('look 2.ale')).toBe('You see no "2.ale" here.');
  });

  it('drinks and eats with the lines the room sees, leaving what a thing leaves, and raises a toast', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    await ana.command('buy 2 ale');
    await ana.command('buy cake');
    expect(await ana.command('drink ale to Bex')).toBe(
      'You raise a jug of kank-milk ale to Bex.\r\nYou pull the stopper from a jug of kank-milk ale and drink deep: sour, warm, and welcome all the same.',
    );
    await bex.expect('Ana raises a jug of kank-milk ale to you.\r\nAna pulls the stopper from a jug of kank-milk ale and drinks deep.');
    expect(await ana.command('drink to the fallen lair')).toMatch(/^You raise a jug of kank-milk ale to the fallen lair\.\r\nYou pull the stopper/);
    await bex.expect('Ana raises a jug of kank-milk ale to the fallen lair.');
    // Her own words, told of her to the room: "my win" is her win.
    await ana.command('buy ale');
    expect(await ana.command('drink to my win, and to me')).toMatch(/^You raise a jug of kank-milk ale to my win, and to me\.\r\n/);
    await bex.expect('Ana raises a jug of kank-milk ale to their win, and to them.');
    expect(await ana.command('eat cake')).toBe('You eat a honey cake in three sticky bites.');
    await bex.expect('Ana eats a honey cake in three sticky bites, then licks their fingers.');
    expect(lines(await ana.command('i')).slice(1)).toEqual(['  3 empty clay jugs']);
    expect(await ana.command('drink jug')).toBe('You cannot drink an empty clay jug.');
    expect(await ana.command('drink')).toBe('You have nothing to drink. Whoever sells things here lists them (list).');
    expect(await ana.command('eat')).toBe('You have nothing to eat. Whoever sells things here lists them (list).');
    expect(await ana.command('eat wine')).toBe('You carry no "wine".');
    await ana.command('buy 2 cake');
    expect(await ana.command('drink cake')).toBe('You cannot drink a honey cake; eat it instead.');
    expect(await ana.command('eat 2 cake')).toBe('One at a time: eat cake.');
    await ana.command('drop cake');
    await ana.command('drop cake');
    expect(await ana.command('eat cake')).toBe('Pick it up first (get cake).');
  });

  it('keeps things and their places across a restart, one journal entry a move, a purchase with its coins', async () => {
    ts = await startTestServer();
    let ana = await ts.login('Ana');
    await ana.command('buy 2 ale');
    await ana.command('drop ale');
    ts = await ts.restart();
    ana = await ts.login('Ana');
    expect(lines(await ana.command('i'))).toEqual(['You are carrying 990 obsidian coins and:', '  a jug of kank-milk ale']);
    expect(await ana.command('look')).toMatch(/\nA jug of kank-milk ale stands forgotten on the floor, sweating in the heat\.\r\n/);
    // The floors stocked at the first start (and full at the second, so not again), then Ana's purchase and her drop.
    const moved = (await journalEntries(ts.dataDir)).filter((e) => e.things).map((e) => ({ kind: e.kind, moves: e.moves, things: e.things }));
    expect(moved).toEqual([
      { kind: 'things', things: [{ thing: 'date', n: 3, from: 'house', to: 'room:kitchen-yard', why: 'kitchen-yard stocked' }] },
      { kind: 'things', things: [{ thing: 'wine', n: 1, from: 'house', to: 'room:cellar', why: 'cellar stocked' }] },
      {
        kind: 'coins',
        moves: [{ from: 'char:ana', to: 'house', amount: 10, why: 'Ana bought 2 ale from Sarra' }],
        things: [{ thing: 'ale', n: 2, from: 'house', to: 'char:ana', why: 'bought from Sarra by Ana' }],
      },
      { kind: 'things', things: [{ thing: 'ale', n: 1, from: 'char:ana', to: 'room:common-room', why: 'Ana dropped it' }] },
    ]);
  });
});
