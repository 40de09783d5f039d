import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/client.js';
import { enableGmcp, gmcpMessages, gmcpPayloads } from '../support/gmcp.js';
import { testWorlds } from '../support/ranvier.js';
import { rollToPlace } from '../support/spiceRun.js';

/**
 * The tables' GMCP package in a Ranvier world whose telnet networking speaks GMCP (the tests'
 * world offers it through ranvier-telnet): a client that asks for Table gets Table.State,
 * Table.Dice and Table.Hand as at the tavern (docs/gmcp.md), each message whole and in ASCII;
 * a client that does not ask gets none.
 */

const { world, player } = testWorlds();

/** A player whose client turns GMCP on and asks for the Table package before logging in. */
async function mudlet(port: number, name: string): Promise<TestClient> {
  const c = await TestClient.connect(port);
  await c.nextPrompt(20_000);
  enableGmcp(c, ['Char 1', 'Table 1']);
  // ranvier-telnet takes a connection's first packet for negotiation alone: the name goes in one of its own, as a client's typing does.
  await new Promise((r) => setTimeout(r, 200));
  c.send(name);
  await c.nextPrompt(20_000);
  c.inGame = true;
  return c;
}

const last = (c: TestClient, name: string) => gmcpMessages(c).filter((m) => m.name === name).at(-1)?.data as Record<string, unknown> | undefined;

describe("the tables' GMCP in a Ranvier world", () => {
  it("sends a Table client the room's tables on entering, each change of a table's state, every throw and its own hand, whole and in ASCII", async () => {
    const { port } = await world();
    const ana = await mudlet(port, 'Ana');
    const bob = await mudlet(port, 'Bob');
    const cyd = await player(port, 'Cyd');
    // Coming into the hall: its three tables.
    await ana.until(() => gmcpMessages(ana).filter((m) => m.name === 'Table.State').length >= 3, 'the hall tables');
    expect(gmcpMessages(ana).filter((m) => m.name === 'Table.State').map((m) => (m.data as { id: string }).id)).toEqual([
      'casino:sand-table@casino:hall',
      'casino:dune-table@casino:hall',
      'casino:lair-table@casino:hall',
    ]);
    await ana.command('sit sand');
    await bob.command('sit sand');
    await rollToPlace(ana);
    const state = last(bob, 'Table.State')!;
    expect(state).toMatchObject({ id: 'casino:sand-table@casino:hall', game: 'spice-run', name: 'the sand table', phase: 'placing', turn: 'Ana' });
    expect(state.players).toEqual([
      { name: 'Ana', seat: 1, connected: true },
      { name: 'Bob', seat: 2, connected: true },
    ]);
    expect(state.fair).toMatchObject({ commitment: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: expect.any(Number) });
    expect((state.panel as { title: string }).title).toBe('Spice Run');
    const dice = last(bob, 'Table.Dice')!;
    expect(dice).toMatchObject({ table: 'casino:sand-table@casino:hall', dice: [expect.any(Number), expect.any(Number)] });
    await ana.command('withdraw');
    await bob.command('stand');
    await ana.command('stand');
    // Dragon's Lair: each hand to its owner alone, card faces (7♥) and all.
    await ana.command('sit lair');
    await bob.command('sit lair');
    await ana.command('start');
    await ana.until(() => !!last(ana, 'Table.Hand'), "Ana's hand");
    await bob.until(() => !!last(bob, 'Table.Hand'), "Bob's hand");
    const hand = last(ana, 'Table.Hand') as { table: string; cards: string[]; faces: { card: string; face: string }[] };
    expect(hand.table).toBe('casino:lair-table@casino:hall');
    expect(hand.faces.map((f) => f.card)).toEqual(hand.cards);
    expect(hand.faces.every((f) => /[♥♦♣♠]/.test(f.face))).toBe(true);
    const bobs = (last(bob, 'Table.Hand') as { cards: string[] }).cards;
    expect(JSON.stringify(gmcpMessages(bob).filter((m) => m.name === 'Table.Hand'))).not.toMatch(new RegExp(hand.cards.filter((c) => !bobs.includes(c)).map((c) => `"${c}"`).join('|')));
    // Every payload is ASCII (the faces as \u escapes), so no frame is cut short.
    for (const c of [ana, bob]) for (const p of gmcpPayloads(c)) expect(p).toMatch(/^[\x20-\x7e]*$/);
    // A client that asked for nothing gets nothing.
    expect(gmcpPayloads(cyd)).toEqual([]);
  }, 60_000);
});
