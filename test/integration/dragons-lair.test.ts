import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TestClient } from '../support/client.js';
import { gmcpMessages, gmcpPayloads, loginWithGmcp } from '../support/gmcp.js';
import { cardsIn, chooser, playDragonsLair, SecretWatch, type Seat } from '../support/table-play.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

async function coins(c: TestClient): Promise<number> {
  const m = /carrying ([\d,]+) obsidian coins/.exec(await c.command('i'));
  return Number(m![1].replace(/,/g, ''));
}

interface Seated {
  name: string;
  client: TestClient;
}

/** Logs the players in (as GMCP clients with the Table package), walks them to the card room and seats them, in order. */
async function seat(names: string[]): Promise<Seated[]> {
  const players: Seated[] = [];
  for (const name of names) {
    const { client } = await loginWithGmcp(ts, name);
    expect(await client.command('east')).toMatch(/The Card Room/);
    players.push({ name, client });
  }
  for (const p of players) expect(await p.client.command('sit lair')).toMatch(/You take a seat at the lair table/);
  return players;
}

/** A player as the secrecy watch sees them: `all` is every byte their socket received, GMCP included. */
function watched(p: Seated): Seat {
  return { name: p.name, client: { command: (line) => p.client.command(line), get all() { return Buffer.concat(p.client.raw).toString('latin1'); } } };
}

/** Each player's last Table.Hand is the hand they are shown. */
function sameHandOverGmcp(clients: Seated[]): (p: Seat, reply: string, cards: string[]) => void {
  return (p, reply, cards) => {
    if (/game has not started|not in the game|have left/i.test(reply)) return;
    const sent = gmcpMessages(clients.find((c) => c.name === p.name)!.client).filter((m) => m.name === 'Table.Hand');
    const last = sent.length ? (sent[sent.length - 1].data as { cards: string[] }).cards : [];
    expect([...last].sort(), `${p.name}'s Table.Hand`).toEqual([...cards].sort());
  };
}

describe("Dragon's Lair over telnet", () => {
  it('three players play a whole game: no hidden card reaches anyone else, in text or GMCP, and the coins add up', async () => {
    // A seed (and choices) whose game has every way a treasure can go, with the fair draws of docs/rulings.md.
    ts = await startTestServer({ seed: 3 });
    const players = await seat(['Ana', 'Bob', 'Cyd']);
    const { client: dee } = await loginWithGmcp(ts, 'Dee');
    await dee.command('east');
    const [ana, bo] = players.map((p) => p.client);
    expect(await ana.command('hand')).toMatch(/game has not started/);
    const watch = new SecretWatch(players.map(watched), [watched({ name: 'Dee', client: dee })], sameHandOverGmcp(players));
    const started = await bo.command('start');
    expect(started).toMatch(/Dragon's Lair begins with Ana, you and Cyd: each antes 50 obsidian coins, and the bank holds 150 game coins/);
    await dee.expect("Dragon's Lair begins with Ana, Bob and Cyd");
    expect(started).toMatch(/You are dealt (\S+ \(\w+ \d+\)(, )?){4}\./);
    const lapse = async () => {
      ts.clock.advance(10_000); // the time for a split runs out: all or nothing
      await dee.expect(/Time is up without an agreement/);
    };
    await playDragonsLair(players.map(watched), watch, { table: 'lair', look: 'look lair', pick: chooser(3), lapse });
    await watch.checkpoint();
    const story = [...players, { client: dee }].map((p) => p.client.all).join('\n');
    expect(watch.checked).toBeGreaterThan(400);
    // Every byte was watched, GMCP among them: the players' hands and the lairs went as data too.
    expect(players.map((p) => gmcpPayloads(p.client).length).reduce((a, b) => a + b, 0)).toBeGreaterThan(200);
    expect(watch.bytes).toBeGreaterThan(Buffer.concat(dee.raw).length);
    // The GMCP carried the game: every lair revealed, every hand dealt, to the players only.
    expect(gmcpPayloads(dee).some((m) => /^Table\.State .*"dragon":"[jqk][hdcs]"/.test(m))).toBe(true);
    expect(gmcpPayloads(dee).filter((m) => m.startsWith('Table.Hand'))).toEqual([]);
    expect(cardsIn(dee.all.split('Dragon\'s Lair begins')[1]).length).toBeGreaterThan(0); // she saw the public cards
    // The game this seed plays has every way a treasure can go.
    expect(story).toMatch(/The dragon is slain! The treasure die shows \d/);
    expect(story).toMatch(/alone takes lair \d's treasure/);
    expect(story).toMatch(/Agreed! Lair \d's treasure is shared/);
    expect(story).toMatch(/Time is up without an agreement: nobody gets lair \d's/);
    expect(story).toMatch(/must discard 1/);
    expect(story).toMatch(/sends the wizard \S+ against/);
    expect(story).toMatch(/thief \S+ robs/);
    expect(story).toMatch(/the leprechaun \S+ and takes/);
    expect(story).not.toMatch(/the (wizard|leprechaun) \S+ \(/);

    const over = /Settlement: Ana receives (\d+) obsidian coins?, Bob receives (\d+) obsidian coins?, Cyd receives (\d+) obsidian coins?/.exec(story)!;
    expect(over).not.toBeNull();
    const payouts = over.slice(1, 4).map(Number);
    expect(payouts.reduce((a, b) => a + b, 0)).toBe(150);
    const purses = await Promise.all(players.map((p) => coins(p.client)));
    expect(purses.reduce((a, b) => a + b, 0)).toBe(3000);
    expect(purses).toEqual(payouts.map((n) => 1000 - 50 + n));
  }, 120_000);
});

describe("Dragon's Lair: choices, refusals and leaving", () => {
  it('says whose choice it is, refuses anything out of turn or invalid with a reason, and holds on the clock', async () => {
    ts = await startTestServer({ seed: 3 });
    const [ana, bob] = (await seat(['Ana', 'Bob'])).map((p) => p.client);
    expect(await ana.command('hold')).toMatch(/The game has not started; once 2 players sit, type start/);
    const started = await ana.command('start');
    expect(started).toMatch(/It is your turn to play a card or hold \(pass 1 of 2, 60 seconds left\)\. Your hand: /);
    await bob.expect("It is Ana's turn to play a card or hold (pass 1 of 2, 60 seconds left).");
    expect(await bob.command('look lair')).toMatch(/It is Ana's turn to play a card or hold \(pass 1 of 2, 60 seconds left\)/);
    expect(await bob.command('hold')).toMatch(/It is Ana's turn to play a card or hold/);
    expect(await ana.command('play zz')).toMatch(/"zz" is not a card/);
    const mine = cardsIn(await ana.command('hand'));
    const theirs = cardsIn(await bob.command('hand'));
    expect(await ana.command(`play ${theirs[0]} lair 1`)).toMatch(new RegExp(`You hold no ${theirs[0]}; type hand to see your cards`));
    const knight = mine.find((c) => c.endsWith('h'))!;
    expect(knight).toBeDefined();
    expect(await ana.command(`play ${knight}`)).toMatch(/A knight needs a lair: play \S+ lair 1 or play \S+ lair 2/);
    expect(await ana.command(`play ${knight} lair 3`)).toMatch(/There are only two lairs/);
    expect(await ana.command(`play ${knight} bob`)).toMatch(/A knight attacks a dragon, not a player/);
    expect(await ana.command('split ana 3')).toMatch(/There is no treasure to divide right now/);
    expect(await ana.command('agree')).toMatch(/There is no treasure to divide right now/);
    expect(await ana.command(`discard ${mine[0]}`)).toMatch(/You only discard at the end of a turn/);
    const dee = await ts.login('Dee');
    await dee.command('east');
    expect(await dee.command('sit lair')).toMatch(/A game is under way; you can sit down when it ends/);
    expect(await dee.command('hand')).toMatch(/sit at one first/);
    const onlooker = await dee.command('look lair');
    expect(onlooker).toMatch(/Ana +4 cards +0 game coins +\(dealer\)/);
    expect(onlooker).not.toMatch(/Your hand/);
    expect(cardsIn(onlooker)).toEqual([]);

    ts.clock.advance(50_000);
    await ana.expect('It is your turn to play a card or hold (pass 1 of 2, 10 seconds left).');
    expect(await dee.command('look lair')).toMatch(/It is Ana's turn to play a card or hold \(pass 1 of 2, 10 seconds left\)/);
    ts.clock.advance(10_000);
    await bob.expect(/Ana took too long and holds\.[^]*It is your turn to play a card or hold \(pass 1 of 2/);
    expect(await ana.command('look lair')).toMatch(/It is Bob's turn/);
    expect(await bob.command('help dragons lair')).toMatch(/split ana 3 bo 1[^]*Verbs at the table:[^]*discard <card>/);
  });

  it('a player who stands up mid-game loses their hand, the game goes on, and they are paid at the end', async () => {
    ts = await startTestServer({ seed: 9 });
    const players = await seat(['Ana', 'Bob', 'Cyd']);
    const [ana, , cyd] = players.map((p) => p.client);
    await ana.command('start');
    expect(await ana.command('hold')).toMatch(/You hold/);
    const cydHand = cardsIn(await cyd.command('hand'));
    expect(await cyd.command('stand')).toMatch(/You stand up from the lair table[^]*You have left the game; your hand is discarded/);
    const told = await ana.expect(/Cyd has left the game; their hand is discarded \(([^]*?)\)\. Their game coins/);
    expect(cardsIn(told).sort()).toEqual(cydHand.sort());
    expect(await ana.command('look lair')).toMatch(/Cyd +has left the game/);
    const rest = players.slice(0, 2).map(watched);
    const lapse = async () => {
      ts.clock.advance(10_000);
      await ana.expect(/Time is up without an agreement/);
    };
    await playDragonsLair(rest, new SecretWatch(rest), { table: 'lair', look: 'look lair', pick: chooser(2), lapse });
    const story = ana.all;
    // Ana reads the settlement with herself as "you".
    const over = /Settlement: you receive (\d+) obsidian coins?, Bob receives (\d+) obsidian coins?, Cyd receives (\d+) obsidian coins?/.exec(story)!;
    expect(over).not.toBeNull();
    const payouts = over.slice(1, 4).map(Number);
    expect(payouts.reduce((a, b) => a + b, 0)).toBe(150);
    expect(await Promise.all(players.map((p) => coins(p.client)))).toEqual(payouts.map((n) => 950 + n));
  }, 60_000);

  it('the last opponent standing up ends a two-player game and settles it', async () => {
    ts = await startTestServer({ seed: 4 });
    const [ana, bob] = (await seat(['Ana', 'Bob'])).map((p) => p.client);
    await ana.command('start');
    expect(await coins(ana)).toBe(950);
    await bob.command('stand');
    await ana.expect(/over: too few players are left\. Game coins: you 0, Bob 0\. The 100 game coins left in the bank are shared evenly\. Settlement: you receive 50 obsidian coins, Bob receives 50 obsidian coins/);
    expect(await coins(ana)).toBe(1000);
    expect(await coins(bob)).toBe(1000);
    expect(await ana.command('look lair')).toMatch(/Seated: Ana \(you\)\.[^]*Waiting for 1 more player/);
  });

  it('direction words walk, or say you are seated: no table verb takes them', async () => {
    ts = await startTestServer({ seed: 3 });
    const [ana] = (await seat(['Ana', 'Bob'])).map((p) => p.client);
    await ana.command('start');
    for (const word of ['n', 's', 'e', 'w', 'u', 'd', 'north', 'south', 'east', 'west', 'up', 'down']) {
      const reply = await ana.command(word);
      expect(reply, word).toMatch(/^(You are seated at the lair table; stand up first\.|You cannot go \w+ from here\.)/);
    }
    expect(await ana.command('w')).toBe('You are seated at the lair table; stand up first.');
    expect(await ana.command('sp')).toMatch(/Usage: split/); // a prefix that is not a direction still finds the verb
    expect(await ana.command('look lair')).toMatch(/It is your turn to play a card or hold/);
  });

  it('every ante comes back after the server is stopped mid-game and restarted', async () => {
    ts = await startTestServer({ seed: 8 });
    const players = await seat(['Ana', 'Bob', 'Cyd']);
    await players[1].client.command('start');
    await players[0].client.command('hold');
    expect(await Promise.all(players.map((p) => coins(p.client)))).toEqual([950, 950, 950]);
    const stopped = ts;
    ts = await ts.restart();
    for (const name of ['ana', 'bob', 'cyd']) expect(stopped.logs.join('\n')).toContain(`closing: returned 50 coins from lair-table to ${name}`);
    const back = await Promise.all(['Ana', 'Bob', 'Cyd'].map((n) => ts.login(n)));
    expect(await Promise.all(back.map(coins))).toEqual([1000, 1000, 1000]);
    await back[0].command('east');
    expect(await back[0].command('look lair')).toMatch(/Nobody is seated/);
  });
});
