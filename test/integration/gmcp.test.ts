/**
 * A GMCP client over TCP against the real server: every message of the stable surface (docs/clients.md,
 * "Protocols"; shapes in docs/gmcp.md), when it comes and to whom.
 * (Core.Hello, Core.Supports and Core.Ping: protocols.test.ts. Comm.Channel.Text: the speech commands' tests.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { gmcpMessages, gmcpPayloads, loginWithGmcp, type Gmcp, type GmcpReader } from '../support/gmcp.js';
import { rollToPlace } from '../support/spiceRun.js';

let ts: TestServer;
afterEach(async () => {
  await ts?.destroy();
});

type Data = Record<string, unknown>;
const named = (messages: Gmcp[], name: string) => messages.filter((m) => m.name === name).map((m) => m.data as Data);
const names = (messages: Gmcp[]) => messages.map((m) => m.name);

/** Sends a line and returns the GMCP that came with its reply (and nothing from before it). */
async function during(reader: GmcpReader, line: string): Promise<{ reply: string; gmcp: Gmcp[] }> {
  await reader.client.command('look');
  reader.skip();
  const reply = await reader.client.command(line);
  return { reply, gmcp: reader.since() };
}

/** Rolls at the sand table until the roll may be bet on (a 2 or 12 is thrown again). */
async function rollToBet(reader: GmcpReader): Promise<void> {
  await rollToPlace(reader.client);
}

describe('GMCP after login', () => {
  it('sends Char.Name, Char.Status, Room.Info and then the Table.State of the room', async () => {
    ts = await startTestServer();
    const ana = await loginWithGmcp(ts, 'Ana');
    const got = ana.gmcp.since();
    expect(named(got, 'Char.Name')).toEqual([{ name: 'Ana' }]);
    expect(named(got, 'Char.Status')).toEqual([{ name: 'Ana', coins: 1000, room: 'common-room', table: null }]);
    expect(named(got, 'Room.Info')).toEqual([
      { id: 'common-room', name: 'The Obsidian Scorpion, Common Room', exits: { north: 'bones-room', east: 'card-room', south: 'street', west: 'kitchen-yard', up: 'roof', down: 'cellar' } },
    ]);
    const [state] = named(got, 'Table.State');
    expect(state).toMatchObject({ id: 'sand-table', game: 'spice-run', name: 'the sand table', phase: 'waiting', players: [], turn: null, deadline: null, now: ts.clock.now() });
    expect(state.board).toHaveLength(9);
    expect(names(got).indexOf('Room.Info')).toBeLessThan(names(got).indexOf('Table.State'));
    expect(names(got)[0]).toBe('Char.Name');
  });

  it('sends the Table package only to clients that asked for it, and nothing to a client without GMCP', async () => {
    ts = await startTestServer();
    const bex = await loginWithGmcp(ts, 'Bex', ['Char 1', 'Room 1']);
    const plain = await ts.login('Cyd');
    await bex.client.command('sit sand');
    await plain.command('sit sand'); // the game starts: news for everyone here
    await bex.client.command('look');
    expect(names(gmcpMessages(bex.client))).toEqual(expect.arrayContaining(['Char.Name', 'Char.Status', 'Room.Info']));
    expect(names(gmcpMessages(bex.client)).filter((n) => n.startsWith('Table.'))).toEqual([]);
    expect(gmcpPayloads(plain)).toEqual([]);
  });

  it('sends everything again to a connection that takes the character over', async () => {
    ts = await startTestServer();
    const first = await loginWithGmcp(ts, 'Ana');
    await first.client.command('east');
    await first.client.command('sit lair');
    const second = await loginWithGmcp(ts, 'Ana');
    const got = second.gmcp.since();
    expect(names(got)).toEqual(expect.arrayContaining(['Char.Name', 'Char.Status', 'Room.Info', 'Table.State']));
    expect(named(got, 'Char.Status')).toEqual([{ name: 'Ana', coins: 1000, room: 'card-room', table: 'lair-table' }]);
    expect(named(got, 'Table.State')[0]).toMatchObject({ id: 'lair-table', players: [{ name: 'Ana', seat: 1, connected: true, left: false }] });
  });
});

describe('Char.Status', () => {
  it('follows the coins, the room and the seat, whatever moves them, and only when they change', async () => {
    ts = await startTestServer({ seed: 3 });
    const ana = await loginWithGmcp(ts, 'Ana');
    const bex = await loginWithGmcp(ts, 'Bex');
    ana.gmcp.skip();

    // A gift: the giver in their reply, the receiver on its own.
    const gift = await during(bex.gmcp, 'give 50 coins to ana');
    expect(named(gift.gmcp, 'Char.Status')).toEqual([{ name: 'Bex', coins: 950, room: 'common-room', table: null }]);
    expect(await ana.gmcp.next('Char.Status')).toEqual({ name: 'Ana', coins: 1050, room: 'common-room', table: null });
    // A gift the purse cannot pay: the ledger refuses it, nothing moves, nothing is sent.
    const tooMuch = await during(bex.gmcp, 'give 951 coins to ana');
    expect(tooMuch.reply).toMatch(/You have only 950 obsidian coins\./);
    expect(named(tooMuch.gmcp, 'Char.Status')).toEqual([]);

    // Nothing changed, nothing sent.
    expect(named((await during(ana.gmcp, 'look')).gmcp, 'Char.Status')).toEqual([]);

    // Walking: the room, its exits, its table, in that order.
    const walk = await during(ana.gmcp, 'north');
    expect(names(walk.gmcp)).toEqual(['Room.Info', 'Table.State', 'Char.Status']);
    expect(named(walk.gmcp, 'Room.Info')).toEqual([{ id: 'bones-room', name: 'The Gaming Room', exits: { south: 'common-room' } }]);
    expect(named(walk.gmcp, 'Table.State')[0]).toMatchObject({ id: 'bones-table', game: 'lich-bones', phase: 'waiting' });
    expect(named(walk.gmcp, 'Char.Status')).toEqual([{ name: 'Ana', coins: 1050, room: 'bones-room', table: null }]);

    // Sitting, and the hand-out when the game starts.
    expect(named((await during(ana.gmcp, 'sit bones')).gmcp, 'Char.Status')).toEqual([{ name: 'Ana', coins: 1050, room: 'bones-room', table: 'bones-table' }]);
    const start = await during(ana.gmcp, 'start');
    expect(start.reply).toMatch(/20,000 obsidian coins/);
    expect(named(start.gmcp, 'Char.Status')).toEqual([{ name: 'Ana', coins: 21_050, room: 'bones-room', table: 'bones-table' }]);

    // A wager goes on the table.
    const bet = await during(ana.gmcp, 'bet hero 5000');
    expect(named(bet.gmcp, 'Char.Status')).toEqual([{ name: 'Ana', coins: 16_050, room: 'bones-room', table: 'bones-table' }]);
    expect(named(bet.gmcp, 'Table.State')).toHaveLength(1);
    expect(named(bet.gmcp, 'Table.State')[0].bets).toEqual([{ player: 'Ana', bet: 'HERO', amount: 5000, placedOn: null, rate: { win: 1, per: 1, bonusPercent: 10 } }]);

    // The throw: Table.Dice as the text tells it, and the coins as inventory counts them.
    const thrown = await during(ana.gmcp, 'roll dice bones');
    const [dice] = named(thrown.gmcp, 'Table.Dice');
    const [a, b] = dice.dice as number[];
    expect(dice).toEqual({ table: 'bones-table', dice: [a, b], total: a + b });
    expect(thrown.reply).toContain(`${a} and ${b}`);
    expect(named(thrown.gmcp, 'Table.State')[0].lastThrow).toEqual({ dice: [a, b], total: a + b });
    const inPurse = async () => Number(/carrying ([\d,]+) obsidian/.exec(await ana.client.command('i'))![1].replace(/,/g, ''));
    const last = () => named(gmcpMessages(ana.client), 'Char.Status').pop()!;
    expect(last().coins).toBe(await inPurse());

    // Standing up (a bet still on the table comes back), then walking back.
    const stand = await during(ana.gmcp, 'stand');
    expect(named(stand.gmcp, 'Char.Status')).toEqual([{ name: 'Ana', coins: await inPurse(), room: 'bones-room', table: null }]);
    const seated = last();
    expect(named((await during(ana.gmcp, 'south')).gmcp, 'Char.Status')).toEqual([{ ...seated, room: 'common-room' }]);
  });

  it('comes on its own when a timer moves the coins: a turn that lapses returns the wagers', async () => {
    ts = await startTestServer({ seed: 3 });
    const ana = await loginWithGmcp(ts, 'Ana');
    const bex = await loginWithGmcp(ts, 'Bex');
    await ana.client.command('sit sand');
    await bex.client.command('sit sand');
    await rollToBet(ana.gmcp);
    await ana.client.command('bet 40');
    await ana.gmcp.next('Char.Status', (s: Data) => s.coins === 960);
    ts.clock.advance(120_000); // Bex's turn lapses: the game is withdrawn
    await ana.client.expect(/withdrawn/);
    expect(await ana.gmcp.next('Char.Status', (s: Data) => s.coins === 1000)).toMatchObject({ name: 'Ana', room: 'common-room' });
  });
});

describe('Table.State and Table.Dice', () => {
  it('go to everyone in the room (onlookers too, nobody elsewhere), one Table.State per delivery', async () => {
    ts = await startTestServer({ seed: 5 });
    const ana = await loginWithGmcp(ts, 'Ana');
    const bex = await loginWithGmcp(ts, 'Bex');
    const cyd = await loginWithGmcp(ts, 'Cyd'); // watches
    const dee = await loginWithGmcp(ts, 'Dee');
    await dee.client.command('north');
    dee.gmcp.skip();
    await ana.client.command('sit sand');

    // Bex sits and the game begins: several changes, one message.
    const sat = await during(bex.gmcp, 'sit sand');
    expect(sat.reply).toMatch(/A game of Spice Run begins/);
    const states = named(sat.gmcp, 'Table.State');
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({
      id: 'sand-table',
      phase: 'placing',
      players: [{ name: 'Ana', seat: 1, connected: true }, { name: 'Bex', seat: 2, connected: true }],
      turn: 'Ana',
      deadline: ts.clock.now() + 120_000,
      now: ts.clock.now(),
      variant: 'standard',
      roll: null,
    });
    expect(await cyd.gmcp.next('Table.State', (s: Data) => s.phase === 'placing')).toEqual(states[0]);

    // A throw: the same dice to all three.
    const thrown = await during(ana.gmcp, 'roll dice sand');
    const [dice] = named(thrown.gmcp, 'Table.Dice');
    const [a, b] = dice.dice as number[];
    expect(thrown.reply).toContain(`You throw the dice: ${a} and ${b}`);
    expect(await bex.gmcp.next('Table.Dice')).toEqual(dice);
    expect(await cyd.gmcp.next('Table.Dice')).toEqual(dice);
    if (a + b !== 2 && a + b !== 12) {
      const bet = await during(ana.gmcp, 'bet 40');
      expect(named(bet.gmcp, 'Table.State')).toHaveLength(1);
      const board = named(bet.gmcp, 'Table.State')[0].board as { square: number; wagers: unknown[] }[];
      expect(board.find((sq) => sq.square === a + b)!.wagers).toEqual([{ player: 'Ana', amount: 40 }]);
      expect((await cyd.gmcp.next('Table.State', (s: Data) => s.turn === 'Bex')).board).toEqual(board);
    }
    await dee.client.command('look');
    expect(dee.gmcp.since().filter((m) => m.name.startsWith('Table.'))).toEqual([]);
  });

  it("sends a Dragon's Lair hand to its owner only, and the lairs without a card face down", async () => {
    ts = await startTestServer({ seed: 3 });
    const ana = await loginWithGmcp(ts, 'Ana');
    const bex = await loginWithGmcp(ts, 'Bex');
    const cyd = await loginWithGmcp(ts, 'Cyd');
    for (const p of [ana, bex, cyd]) await p.client.command('east');
    await ana.client.command('sit lair');
    await bex.client.command('sit lair');
    const start = await during(ana.gmcp, 'start');
    const [hand] = named(start.gmcp, 'Table.Hand');
    expect(hand.table).toBe('lair-table');
    expect(hand.cards).toHaveLength(4);
    const shown = (await ana.client.command('hand')).match(/\b(10|[2-9]|[ajqk])[hdcs]\b/g)!;
    expect([...(hand.cards as string[])].sort()).toEqual([...new Set(shown)].sort());
    const [state] = named(start.gmcp, 'Table.State');
    expect(state).toMatchObject({ id: 'lair-table', game: 'dragons-lair', phase: 'playing', turn: 'Ana', round: 1, bank: 100 });
    expect(state.hands).toEqual([{ player: 'Ana', cards: 4 }, { player: 'Bex', cards: 4 }]);
    expect(state.lairs).toEqual([
      { lair: 1, dragon: null, strength: null, faceDown: true, laid: [] },
      { lair: 2, dragon: null, strength: null, faceDown: true, laid: [] },
    ]);
    const bexHand = (await bex.gmcp.next<Data>('Table.Hand')).cards as string[];
    expect(bexHand.filter((c) => (hand.cards as string[]).includes(c))).toEqual([]);
    await cyd.client.command('look');
    expect(named(gmcpMessages(cyd.client), 'Table.Hand')).toEqual([]);
    expect(gmcpPayloads(cyd.client).join('\n')).not.toMatch(new RegExp([...(hand.cards as string[]), ...bexHand].map((c) => `"${c}"`).join('|')));
  });
});
