/**
 * The GMCP producers with 200 players at the bones table, in-process (sessions that record what
 * they get): one Table.State per player per delivery, built once for the room, since nothing at
 * Lich Bones differs between viewers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import type { GmcpMessage } from '../../src/telnet/gmcp.js';
import { recordingSession, type RecordingSession } from '../support/tavern.js';
import type { Player } from '../../src/world/player.js';

const SEATED = 200;

/** Letters only, as names must be. */
const nameOf = (i: number) => 'Aa' + String.fromCharCode(97 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26));
const gmcpOf = (r: RecordingSession, from: number): GmcpMessage[] => r.gmcpTold.slice(from);

let ts: TestServer;
const players: Player[] = [];
const sessions: RecordingSession[] = [];

beforeAll(async () => {
  ts = await startTestServer({ seed: 4 });
  const { tavern } = ts.server;
  for (let i = 0; i < SEATED; i++) {
    const session = recordingSession({ gmcp: true });
    const record = await tavern.createCharacter(nameOf(i), 'x');
    const p = tavern.enter(record!, session);
    await tavern.handleLine(p, 'north');
    await tavern.handleLine(p, 'sit bones');
    players.push(p);
    sessions.push(session);
  }
  await tavern.handleLine(players[0], 'start');
}, 60_000);

afterAll(async () => {
  await ts?.destroy();
});

describe('200 players at the bones table', () => {
  it('a throw builds Table.State once, and every player gets it once, with Table.Dice and their own Char.Status', async () => {
    const { tavern } = ts.server;
    const table = tavern.tables.get('bones-table')!;
    for (const [i, p] of players.entries()) await tavern.handleLine(p, i % 2 ? 'bet lich 5000' : 'bet hero 5000');
    let built = 0;
    const stateFor = table.stateFor.bind(table);
    table.stateFor = (viewer) => {
      built++;
      return stateFor(viewer);
    };
    const from = sessions.map((s) => s.gmcpTold.length);
    const purse = (p: Player) => tavern.ledger.balance(p.purse);
    const before = players.map(purse);
    const hero = players.find((p) => p.name === table.stateFor(p).turn)!;
    built = 0;
    await tavern.handleLine(hero, 'roll dice bones');
    expect(built).toBe(1);
    const states = sessions.map((s, i) => gmcpOf(s, from[i]).filter((m) => m.name === 'Table.State'));
    expect(states.every((got) => got.length === 1)).toBe(true);
    expect(new Set(states.map((got) => got[0].data)).size).toBe(1); // one object for the room
    const dice = sessions.map((s, i) => gmcpOf(s, from[i]).filter((m) => m.name === 'Table.Dice'));
    expect(dice.every((got) => got.length === 1)).toBe(true);
    // Char.Status went to exactly those whose purse the throw changed (winners, the HERO's bonus), each their own.
    const statuses = sessions.map((s, i) => gmcpOf(s, from[i]).filter((m) => m.name === 'Char.Status'));
    const changed = players.filter((p, i) => purse(p) !== before[i]);
    expect(changed.length).toBeGreaterThan(0);
    for (const [i, got] of statuses.entries()) {
      if (purse(players[i]) === before[i]) expect(got).toEqual([]);
      else expect(got.map((m) => m.data)).toEqual([{ name: players[i].name, coins: purse(players[i]), room: 'bones-room', table: 'bones-table' }]);
    }
  });
});
