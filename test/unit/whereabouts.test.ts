import { afterEach, describe, expect, it } from 'vitest';
import type { Tavern } from '../../src/world/tavern.js';
import { recordingSession, testTavern, type TestTavern } from '../support/tavern.js';

/** What a full scan of every character finds, room by room: the index must say the same. */
function scan(tavern: Tavern): Map<string, { present: string[]; away: string[] }> {
  const rooms = new Map<string, { present: string[]; away: string[] }>();
  for (const id of tavern.world.rooms.keys()) rooms.set(id, { present: [], away: [] });
  for (const p of tavern.players.values()) rooms.get(p.room)![p.session ? 'present' : 'away'].push(p.name);
  return rooms;
}

function indexed(tavern: Tavern): Map<string, { present: string[]; away: string[] }> {
  const rooms = new Map<string, { present: string[]; away: string[] }>();
  for (const id of tavern.world.rooms.keys()) {
    rooms.set(id, {
      present: [...tavern.whereabouts.present(id)].map((p) => p.name),
      away: [...tavern.whereabouts.away(id)].map((p) => p.name),
    });
  }
  return rooms;
}

const sorted = (m: Map<string, { present: string[]; away: string[] }>) =>
  [...m].map(([id, { present, away }]) => [id, [...present].sort(), [...away].sort()]);

/** The index is exactly what a scan finds, and nobody is filed twice. */
function expectExact(tavern: Tavern): void {
  expect(sorted(indexed(tavern))).toEqual(sorted(scan(tavern)));
  const filed = [...indexed(tavern).values()].flatMap((r) => [...r.present, ...r.away]);
  expect(filed.length).toBe(tavern.players.size);
}

describe('the room index (who is in each room)', () => {
  let t: TestTavern;
  afterEach(() => t.destroy());

  it('stays exact through logins, moves, a lost connection and a return, a takeover, a kick, a quit and a grace period running out', async () => {
    t = await testTavern({ admins: ['Ana'], graceMs: 60_000 });
    const { tavern, clock } = t;
    const start = tavern.world.start;
    const north = tavern.world.rooms.get(start)!.exits.north!;
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    const cyr = await t.enter('Cyr');
    expect([...tavern.whereabouts.present(start)].map((p) => p.name)).toEqual(['Ana', 'Bex', 'Cyr']);
    expectExact(tavern);

    await tavern.handleLine(bex.player, 'north');
    expect(tavern.playersIn(north).map((p) => p.name)).toEqual(['Bex']);
    expect(tavern.playersIn(start).map((p) => p.name)).toEqual(['Ana', 'Cyr']);
    expectExact(tavern);

    // Seated and disconnected: still in the room, lost in thought; told nothing.
    await tavern.handleLine(bex.player, 'sit bones');
    tavern.connectionLost(bex.player);
    expect(tavern.playersIn(north)).toEqual([]);
    expect([...tavern.whereabouts.away(north)].map((p) => p.name)).toEqual(['Bex']);
    expectExact(tavern);

    // Not seated and disconnected: out of the world at once.
    tavern.connectionLost(cyr.player);
    expect(tavern.players.has('cyr')).toBe(false);
    expectExact(tavern);

    // Back within the grace period: present again, in the same room.
    const bexAgain = await t.enter('Bex');
    expect(bexAgain.player).toBe(bex.player);
    expect(tavern.playersIn(north).map((p) => p.name)).toEqual(['Bex']);
    expect(tavern.whereabouts.away(north).size).toBe(0);
    expectExact(tavern);

    // A takeover: a second session for Ana; still one Ana, in one room.
    const second = recordingSession();
    await t.enter('Ana', second);
    expect(ana.session.closed).toMatch(/logged in as you from elsewhere/);
    expect(tavern.playersIn(start).map((p) => p.name)).toEqual(['Ana']);
    expect(tavern.playersIn(start)[0].session).toBe(second);
    expectExact(tavern);

    // Ana walks north and kicks Bex, who was seated: gone from the room and the table.
    await tavern.handleLine(ana.player, 'north');
    await tavern.handleLine(ana.player, 'kick bex');
    expect(tavern.players.has('bex')).toBe(false);
    expect(tavern.playersIn(north).map((p) => p.name)).toEqual(['Ana']);
    expectExact(tavern);

    // Dan sits, loses the connection, and the grace period runs out.
    const dan = await t.enter('Dan');
    await tavern.handleLine(dan.player, 'north');
    await tavern.handleLine(dan.player, 'sit bones');
    tavern.connectionLost(dan.player);
    expect(tavern.whereabouts.away(north).size).toBe(1);
    clock.advance(60_000);
    await tavern.release();
    expect(tavern.players.has('dan')).toBe(false);
    expect(tavern.whereabouts.away(north).size).toBe(0);
    expectExact(tavern);

    await tavern.handleLine(ana.player, 'quit');
    expect(tavern.players.size).toBe(0);
    expectExact(tavern);
  });

  it('tells a room only the people in it, in the order they came', async () => {
    t = await testTavern();
    const { tavern } = t;
    const ana = await t.enter('Ana');
    const bex = await t.enter('Bex');
    const cyr = await t.enter('Cyr');
    await tavern.handleLine(cyr.player, 'north');
    ana.session.take();
    bex.session.take();
    cyr.session.take();
    await tavern.handleLine(ana.player, 'say hello');
    expect(bex.session.take()).toMatch(/Ana says, 'hello'/);
    expect(cyr.session.take()).toBe('');
    await tavern.handleLine(cyr.player, 'south');
    expect([...tavern.whereabouts.present(tavern.world.start)].map((p) => p.name)).toEqual(['Ana', 'Bex', 'Cyr']);
  });
});
