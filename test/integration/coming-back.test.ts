/**
 * Coming back mid-game over TCP: a player whose connection dropped (or who left) is told on
 * return what the tables paid them or took meanwhile, from the ledger, and where the game they
 * sit at stands (whose turn, the seconds left, their wagers or their own hand only), with the
 * table's GMCP panels sent again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { enableGmcp, GmcpReader } from '../support/gmcp.js';
import { rollToPlace } from '../support/spiceRun.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

/** Connects as an existing character and returns the first reply: the room and what follows it. */
async function comeBack(name: string, opts: { gmcp?: boolean } = {}): Promise<{ client: TestClient; reply: string }> {
  const client = await ts.connect();
  if (opts.gmcp) enableGmcp(client);
  client.send(`connect ${name} secret123`);
  const reply = (await client.nextPrompt()).replace(/\r/g, '');
  client.inGame = true;
  return { client, reply };
}

async function coins(c: TestClient): Promise<number> {
  return Number(/carrying ([\d,]+) obsidian coins/.exec(await c.command('i'))![1].replace(/,/g, ''));
}

describe('coming back mid-game', () => {
  it('tells a dropped Spice Run player that the turn is theirs, with the seconds left and their wager, and sends the table panel again', async () => {
    ts = await startTestServer({ seed: 2 });
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    await ana.command('sit sand');
    await bex.command('sit sand');
    await rollToPlace(ana);
    await ana.command('bet 40');
    await rollToPlace(bex);
    await bex.command('bet 60');
    // Ana's turn: her connection drops, and 84 seconds go by.
    ana.close();
    await bex.expect('Ana stares blankly into the distance');
    ts.clock.advance(84_000);
    const { client, reply } = await comeBack('Ana', { gmcp: true });
    expect(reply).toMatch(/^You are back\.\n/);
    expect(reply).toMatch(/Exits: [^\n]*\nYou are still seated at the sand table\. Its game stands so:\n/);
    expect(reply).toMatch(/square +\d+: 40 obsidian coins of yours/);
    expect(reply).toMatch(/It is your turn to roll the dice/);
    expect(reply).toMatch(/You have 36 seconds left for your turn/);
    expect(reply).not.toMatch(/While you were away/);
    const panel = await new GmcpReader(client).next<{ id: string; turn: string }>('Table.State', (s) => s.id === 'sand-table');
    expect(panel.turn).toBe('Ana');
  });

  it('tells a player on the web page the same, on the same text path', async () => {
    ts = await startTestServer({ seed: 2, web: {} });
    const ana = await ts.loginWeb('Ana');
    const bex = await ts.login('Bex');
    await ana.command('sit sand');
    await bex.command('sit sand');
    ana.close();
    await bex.expect('Ana stares blankly into the distance');
    ts.clock.advance(30_000);
    const again = await ts.connectWeb();
    again.send('connect Ana secret123');
    const reply = await again.nextPrompt();
    expect(reply).toMatch(/You are still seated at the sand table\. Its game stands so:/);
    expect(reply).toMatch(/It is your turn to roll the dice[^]*You have 90 seconds left for your turn/);
  });

  it("tells a Dragon's Lair player whose connection dropped what the game paid them after they were gone, and only their own hand while it ran", async () => {
    ts = await startTestServer({ seed: 3 });
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    for (const c of [ana, bex]) {
      await c.command('east');
      await c.command('sit lair');
    }
    const before = await coins(ana);
    expect(await ana.command('start')).toMatch(/Dragon's Lair begins/);
    const bexHand = /Your hand: ([^\n]*)\./.exec(await bex.command('hand'))![1];

    // A drop mid-game: on return within the grace period, the game as Ana sees it, her hand and not Bex's.
    ana.close();
    await bex.expect('Ana stares blankly into the distance');
    const back = await comeBack('Ana');
    expect(back.reply).toMatch(/You are still seated at the lair table\. Its game stands so:\nDragon's Lair, turn 1 of \d+/);
    expect(back.reply).toMatch(/Your hand: [^\n]*\(\w+ \d+\)/);
    expect(back.reply).not.toContain(bexHand);
    expect(back.reply).toMatch(/\d+ seconds left/);

    // Dropped again, and gone for good: the grace period ends, the game ends without her and pays her game coins out.
    back.client.close();
    await bex.expect('Ana stares blankly into the distance');
    ts.clock.advance(120_000);
    const over = await bex.expect(/The game of Dragon's Lair is over[^\n]*/);
    const paid = Number(/Ana receives ([\d,]+) obsidian coins/.exec(over)![1].replace(/,/g, ''));
    expect(paid).toBeGreaterThan(0);

    const { client, reply } = await comeBack('Ana');
    expect(reply).toMatch(/Exits: [^\n]*\nWhile you were away, you lost your seat at the lair table: a seat is kept for 2 minutes after a connection drops\.\n/);
    expect(reply).toMatch(new RegExp(`While you were away, the tables settled a bet of yours and paid you ${paid} obsidian coins? \\(50 obsidian coins had been staked\\):\\n {2}Dragon's Lair at the lair table, [^\\n]*staked 50`));
    expect(reply).not.toMatch(/still seated/);
    expect(await coins(client)).toBe(before - 50 + paid);
    // Told once: the next return has nothing to tell.
    client.send('quit');
    await client.closedSoon();
    expect((await comeBack('Ana')).reply).not.toMatch(/While you were away/);
  });

  it('tells a HERO who dropped out of Lich Bones of the bonus paid meanwhile, as a payment and not as a settled bet', async () => {
    ts = await startTestServer({ seed: 4 });
    const ana = await ts.login('Ana');
    const bex = await ts.login('Bex');
    for (const c of [ana, bex]) {
      await c.command('north');
      await c.command('sit bones');
    }
    const hero = /(\w+) is the HERO/.exec(await ana.command('start'))![1];
    const [away, stays] = hero === 'Ana' ? [ana, bex] : [bex, ana];
    away.close();
    await stays.expect(`${hero} stares blankly into the distance`);
    // Betting closes, and Dreaven throws the opening attack roll for the HERO: the bonus is paid.
    ts.clock.advance(31_000);
    await stays.expect(/bonus of 1,000 obsidian coins/);
    const { reply } = await comeBack(hero);
    expect(reply).toMatch(/While you were away, the tables paid you 1,000 obsidian coins:\n {2}Lich Bones at the bones table, bonus for the opening attack roll: received 1,000\n/);
    expect(reply).not.toMatch(/settled/);
  });
});
