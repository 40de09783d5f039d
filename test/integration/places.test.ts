import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The places beyond the common room, over telnet: the kitchen yard (dates under the palm, kept
 * stocked, and a kank who likes them), the cellar (a bottle only a close look finds) and the
 * private booth off the card room, which a party reserves for its own game.
 */

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

describe('the places of the tavern', () => {
  it('keeps the way back of every new place the opposite of the way there', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    for (const [there, back, name] of [['west', 'east', 'The Kitchen Yard'], ['down', 'up', 'The Cellar']]) {
      expect(await ana.command(there)).toMatch(new RegExp(`^${name}`));
      expect(await ana.command(back)).toMatch(/^The Obsidian Scorpion, Common Room/);
    }
    await ana.command('east');
    expect(await ana.command('east')).toMatch(/^A Private Booth/);
    expect(await ana.command('west')).toMatch(/^The Card Room/);
  });

  it('has dates under the palm in the kitchen yard, topped up every half hour, and a kank who takes them', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    expect(await ana.command('west')).toMatch(/\r\nA great kank named Bellow chews its cud in a thorny pen\.\r\nThere are 3 dried dates here\.\r\n/);
    expect(await ana.command('get all.date')).toBe('You pick up 3 dried dates.');
    expect(await ana.command('look')).not.toMatch(/dried date/);
    expect(await ana.command('give date to kank')).toBe("Bellow takes a dried date from Ana's palm with surprising delicacy, and hums happily.");
    expect(await ana.command('give 2 date to kank')).toBe("Bellow takes 2 dried dates from Ana's palm with surprising delicacy, and hums happily.");
    expect(await ana.command('give jug to kank')).toBe('You carry nothing to give.');
    ts.clock.advance(30 * 60_000);
    expect(await ana.command('look')).toMatch(/\r\nThere are 3 dried dates here\.\r\n/);
    expect(await ana.command('eat date')).toBe('Pick it up first (get date).');
    await ana.command('get date');
    expect(await ana.command('eat date')).toBe('You chew a dried date slowly. Sweet, and only a little gritty.');
  });

  it('hides a bottle in the cellar that only a look at the casks finds, and it can be drunk, leaving the bottle', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    expect(await ana.command('down')).not.toMatch(/bottle/);
    expect(await ana.command('look casks')).toMatch(/the floor has not been swept in years\.\r\nThere, half hidden, you find a dusty bottle of Tyrian red\.$/);
    expect(await ana.command('get bottle')).toBe('You pick up a dusty bottle of Tyrian red.');
    expect(await ana.command('look casks')).toMatch(/the floor has not been swept in years\.$/);
    expect(await ana.command('drink wine')).toBe('You break the seal on a dusty bottle of Tyrian red and drink. It tastes of another century, and of a better one.');
    expect(await ana.command('i')).toMatch(/\r\n {2}an empty bottle$/);
    // Dropped, it lies in plain sight: only the cellar's own stock hides behind the casks.
    expect(await ana.command('drop bottle')).toBe('You drop an empty bottle.');
    expect(await ana.command('look')).toMatch(/\r\nAn empty glass bottle lies on the floor\.\r\n/);
  });

  it('lets a party reserve the booth: nobody else comes in until it ends or runs out', async () => {
    ts = await startTestServer();
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    const cyd = await ts.login('Cyd');
    for (const c of [ana, bex, cyd]) await c.command('east');
    expect(await ana.command('reserve')).toBe('This is no private room: only a booth or a private room can be reserved.');
    await ana.command('east');
    await cyd.command('east');
    expect(await ana.command('reserve for Bex')).toBe('Cyd is here and is not of your party: a room is reserved only for those in it and those you name.');
    expect(await ana.command('reserve for Bex Zed')).toBe('There is no character called "Zed".');
    expect(await ana.command('reserve for bex, cyd')).toMatch(/^You reserve A Private Booth for your party \(Ana, Bex and Cyd\) until \d\d:\d\d by the tavern's clock\. Nobody else may come in\.$/);
    await cyd.expect(/Ana reserves A Private Booth for Ana's party \(Ana, Bex and Cyd\) until/);
    await bex.expect(/Ana has reserved A Private Booth for Ana's party \(Ana, Bex and Cyd\) until \d\d:\d\d by the tavern's clock; you may come in\./);
    expect(await bex.command('east')).toMatch(/^A Private Booth/);
    expect(await cyd.command('west')).toMatch(/^The Card Room/);
    const dee = await ts.login('Dee');
    await dee.command('east');
    expect(await dee.command('east')).toMatch(/^A Private Booth is reserved for Ana's party \(Ana, Bex and Cyd\) until \d\d:\d\d by the tavern's clock\.$/);
    expect(await ana.command('look')).toMatch(/\r\nReserved for Ana's party \(Ana, Bex and Cyd\) until/);
    // The party plays at the booth's own table.
    expect(await bex.command('sit table')).toMatch(/You take a seat at the booth table/);
    expect(await dee.command('reserve off')).toBe('This is no private room: only a booth or a private room can be reserved.');
    expect(await bex.command('reserve off')).toBe('You end the reservation of A Private Booth; anyone may come in now.');
    expect(await dee.command('east')).toMatch(/^A Private Booth/);
    expect(await dee.command('reserve off')).toBe('A Private Booth is not reserved.');
    // Reserved again, it runs out after the world's hour.
    await dee.command('west');
    expect(await ana.command('reserve')).toBe('Bex is here and is not of your party: a room is reserved only for those in it and those you name.');
    await bex.command('stand');
    await bex.command('west');
    expect(await ana.command('reserve')).toMatch(/^You reserve A Private Booth for yourself until/);
    expect(await dee.command('east')).toMatch(/is reserved for Ana until/);
    ts.clock.advance(60 * 60_000);
    await ana.expect('The reservation of A Private Booth for Ana has run out; anyone may come in now.');
    expect(await dee.command('east')).toMatch(/^A Private Booth/);
  });
});
