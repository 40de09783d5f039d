import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { startTestServer, type TestServer } from '../support/server.js';
import { DEFAULT_WORLD } from '../../src/server.js';

/**
 * The barkeep over telnet: `list` (a line per ware with `<N> obsidian coins`), `buy` and
 * `order` (several, for someone, a round), paid to the house as one transaction, refused with
 * the reason and nothing taken; the wares, prices and words are the world data's.
 */

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

describe('the barkeep', () => {
  it('lists what she sells, a line per ware with its price in obsidian coins', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const list = (await ana.command('list')).split(/\r?\n/);
    expect(list[0]).toMatch(/^Sarra jerks a thumb at the slate behind the bar/);
    const wares = list.filter((l) => /obsidian coins/.test(l));
    expect(wares).toEqual([
      '   5 obsidian coins  a jug of kank-milk ale (buy ale)',
      '   2 obsidian coins  a cup of water (buy water)',
      '  12 obsidian coins  a cup of spiced broy (buy broy)',
      '   3 obsidian coins  a honey cake (buy cake)',
      '   8 obsidian coins  a skewer of roast erdlu (buy skewer)',
    ]);
    // In a 40-column window each ware is its price, and its name on the line under it, indented.
    const narrow = await ts.login('Bex', undefined, { width: 40 });
    expect((await narrow.command('list')).split(/\r?\n/).slice(3, 7)).toEqual([
      '   5 obsidian coins',
      '    a jug of kank-milk ale (buy ale)',
      '   2 obsidian coins',
      '    a cup of water (buy water)',
    ]);
    await ana.command('north');
    expect(await ana.command('list')).toBe('Nobody here is selling anything.');
    expect(await ana.command('buy ale')).toBe('Nobody here is selling anything.');
  });

  it('sells one or several, paid to the house in one transaction; the room sees it and Sarra says her line', async () => {
    ts = await startTestServer({ settings: { admins: ['Ana'] } });
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    expect(await ana.command('buy ale')).toBe('You buy a jug of kank-milk ale for 5 obsidian coins.\r\nSarra sets a jug of kank-milk ale on the bar and sweeps the coins into her apron.');
    await bex.expect('Ana buys a jug of kank-milk ale.\r\nSarra sets a jug of kank-milk ale on the bar and sweeps the coins into her apron.');
    expect(await ana.command('buy 3 ale')).toMatch(/^You buy 3 jugs of kank-milk ale for 15 obsidian coins\./);
    expect(await ana.command('order a honey cake')).toMatch(/^You buy a honey cake for 3 obsidian coins\./);
    expect(await ana.command('or 2 kank-milk ale')).toMatch(/^You buy 2 jugs of kank-milk ale for 10 obsidian coins\./);
    expect(await ana.command('i')).toMatch(/^You are carrying 967 obsidian coins and:\r\n {2}6 jugs of kank-milk ale\r\n {2}a honey cake$/);
    // The house's income: 33 coins out of the world, seen by the audit.
    expect(await ana.command('audit')).toMatch(/The house has taken 33 obsidian coins out of the world[^]*Things carried: 7\./);
  });

  it('buys for someone present, and for one of the tavern\'s people who takes it', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    const cyd = await ts.login('Cyd');
    expect(await ana.command('buy ale for bex')).toMatch(/^You buy a jug of kank-milk ale for Bex, for 5 obsidian coins\./);
    await bex.expect('Ana buys you a jug of kank-milk ale.');
    await cyd.expect('Ana buys a jug of kank-milk ale for Bex.');
    expect(await bex.command('i')).toMatch(/\n {2}a jug of kank-milk ale$/);
    expect(await ana.command('buy broy for kesh')).toBe(
      'You buy a cup of spiced broy for Kesh, for 12 obsidian coins.\r\nSarra sets a cup of spiced broy on the bar and sweeps the coins into her apron.\r\nKesh takes a cup of spiced broy from Ana with a nod, and drinks half of it in one swallow. "Now. Ask me about the storm."',
    );
    expect(await ana.command('buy cake for kesh')).toBe('Kesh has no use for a honey cake.');
    expect(await ana.command('buy ale for zed')).toBe('There is nobody called "zed" here.');
    expect(await ana.command('i')).toBe('You are carrying 983 obsidian coins.');
  });

  it('pours a round: one each for everyone here, or for the players at your table', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    const cyd = await ts.login('Cyd');
    expect(await ana.command('order a round')).toMatch(/^You buy a round for the room: 3 jugs of kank-milk ale, one each, for 15 obsidian coins\./);
    await bex.expect('Ana buys a round: a jug of kank-milk ale for you.');
    expect(await ana.command('order a round for the table')).toBe('You sit at no table: order a round buys one for everyone in the room.');
    await ana.command('sit sand');
    await bex.command('sit sand');
    expect(await ana.command('order a round of broy for the table')).toMatch(/^You buy a round for the sand table: 2 cups of spiced broy, one each, for 24 obsidian coins\./);
    await cyd.expect('Ana buys a round of cups of spiced broy.');
    // A ware bought for everyone, or for the table, is a round of it.
    expect(await bex.command('buy water for the table')).toMatch(/^You buy a round for the sand table: 2 cups of water, one each, for 4 obsidian coins\./);
    expect(await cyd.command('buy cake for everyone')).toMatch(/^You buy a round for the room: 3 honey cakes, one each, for 9 obsidian coins\./);
    expect(await cyd.command('i')).toMatch(/\n {2}a jug of kank-milk ale\r\n {2}a honey cake$/);
    expect(await bex.command('i')).toMatch(/\n {2}a jug of kank-milk ale\r\n {2}a cup of water\r\n {2}a cup of spiced broy\r\n {2}a honey cake$/);
    expect(await ana.command('i')).toMatch(/^You are carrying 961 obsidian coins and:/);
  });

  it('refuses with the reason and takes nothing: too few coins, nothing of that name, too many at once', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    expect(await ana.command('buy')).toBe('Usage: buy [<n>] <thing> [for <name>] | buy a round [of <thing>] [for the table]');
    expect(await ana.command('buy wine')).toBe('Sarra sells no "wine" here. Type list to see what is sold.\r\nSarra shakes her head. "We don\'t pour that here."');
    expect(await ana.command('buy 21 ale')).toBe('Sarra pours from 1 to 20 at a time.');
    expect(await ana.command('buy 0 ale')).toBe('Sarra pours from 1 to 20 at a time.');
    for (const n of ['-1', '1,000', '2.5']) expect(await ana.command(`buy ${n} ale`)).toBe('Sarra pours from 1 to 20 at a time.');
    await ana.command('give 995 coins to bex');
    expect(await ana.command('buy 2 ale')).toBe('You have only 5 obsidian coins; 2 jugs of kank-milk ale cost 10 obsidian coins.\r\nSarra folds her arms. "Coin first, friend. Always coin first."');
    expect(await ana.command('buy broy')).toMatch(/^You have only 5 obsidian coins; a cup of spiced broy costs 12 obsidian coins\./);
    expect(await ana.command('i')).toBe('You are carrying 5 obsidian coins.');
    expect(await bex.command('i')).toBe('You are carrying 1,995 obsidian coins.');
  });

  it('takes its wares, prices and words from the world data', async () => {
    const world = JSON.parse(await readFile(DEFAULT_WORLD, 'utf8'));
    const sarra = world.rooms[0].npcs.find((n: { name: string }) => n.name === 'Sarra');
    sarra.shop = { wares: [{ thing: 'water', price: 7 }], words: { sold: '{npc} hands {actor} {things}.' } };
    ts = await startTestServer({ world });
    const ana = await ts.login('Ana');
    expect(await ana.command('list')).toBe('Sarra sells:\r\n  7 obsidian coins  a cup of water (buy water)\r\nbuy <thing>, buy <n> <thing>, or buy <thing> for <name>.');
    expect(await ana.command('buy water')).toBe('You buy a cup of water for 7 obsidian coins.\r\nSarra hands Ana a cup of water.');
    expect(await ana.command('buy ale')).toBe('Sarra sells no "ale" here. Type list to see what is sold.');
    expect(await ana.command('order a round')).toBe('A round of what? Type list to see what Sarra sells.');
  });
});
