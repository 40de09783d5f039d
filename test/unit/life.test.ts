import { afterEach, describe, expect, it } from 'vitest';
import { testTavern, type TestTavern } from '../support/tavern.js';
import type { Audience } from '../../src/world/tavern.js';
import { Player } from '../../src/world/player.js';

/**
 * The tavern's life on a fake clock: timed lines at the host's rate, only where someone hears
 * them, never while a room is hushed (a story, a table at a quiet phase), and floors kept stocked.
 */

let t: TestTavern;
afterEach(async () => {
  t?.tavern.life.stop();
  await t?.destroy();
});

/** Every line the tavern tells a room, by room id, from now on. */
function toldRooms(tt: TestTavern): Map<string, string[]> {
  const told = new Map<string, string[]>();
  const tell = tt.tavern.tell.bind(tt.tavern);
  tt.tavern.tell = (to: Audience, what) => {
    if (!(to instanceof Player) && !(Symbol.iterator in to) && typeof what === 'string') told.set(to.room, [...(told.get(to.room) ?? []), what]);
    tell(to, what);
  };
  return told;
}

const MINUTE = 60_000;

describe('the life of the tavern', () => {
  it('gives each room with someone in it a line of its own or of its people about as often as the host says, and empty rooms none', async () => {
    t = await testTavern({ linesEverySeconds: 60 });
    const { session } = await t.enter('Ana');
    const told = toldRooms(t);
    t.tavern.life.start();
    t.clock.advance(60 * MINUTE);
    const common = told.get('common-room') ?? [];
    // One an hour's minute on average, between half and one and a half times the rate apart.
    expect(common.length).toBeGreaterThanOrEqual(40);
    expect(common.length).toBeLessThanOrEqual(120);
    const room = t.tavern.world.rooms.get('common-room')!;
    const lines = new Set([...room.lines, ...room.npcs.flatMap((n) => n.lines ?? [])]);
    expect(common.every((l) => lines.has(l))).toBe(true);
    expect(new Set(common).size).toBeGreaterThan(5); // Sarra's, Tolan's, Kesh's and the cat's
    expect(common.some((l, i) => i > 0 && l === common[i - 1])).toBe(false); // never the same line twice running
    // The kitchen yard and the cellar have lines too, but nobody was there to hear them.
    expect([...told.keys()]).toEqual(['common-room']);
    await t.tavern.release();
    expect(session.take()).toContain(common[0]);
  });

  it('says nothing at all at a rate of 0', async () => {
    t = await testTavern({ linesEverySeconds: 0 });
    await t.enter('Ana');
    const told = toldRooms(t);
    t.tavern.life.start();
    t.clock.advance(60 * MINUTE);
    expect(told.size).toBe(0);
  });

  it('keeps quiet while a story is told, and tells it a line at a time; the story stops when the room empties', async () => {
    t = await testTavern({ linesEverySeconds: 2, storyPauseSeconds: 5 });
    const { player } = await t.enter('Ana');
    const told = toldRooms(t);
    t.tavern.life.start();
    t.tavern.life.tell('common-room', 'Kesh', ['one', 'two', 'three']);
    expect(t.tavern.life.tellerIn('common-room')).toBe('Kesh');
    expect(t.tavern.life.hushed('common-room')).toBe(true);
    t.clock.advance(10_000);
    expect(told.get('common-room')).toEqual(['one', 'two', 'three']);
    expect(t.tavern.life.tellerIn('common-room')).toBeUndefined();
    t.clock.advance(10_000);
    expect(told.get('common-room')!.length).toBeGreaterThan(3); // the room's own lines again
    told.clear();
    t.tavern.life.tell('common-room', 'Kesh', ['one', 'two', 'three']);
    t.tavern.connectionLost(player);
    t.clock.advance(60_000);
    expect(told.get('common-room')).toEqual(['one', 'Ana leaves.'].map((l) => expect.stringContaining(l.slice(0, 3))));
    expect(t.tavern.life.tellerIn('common-room')).toBeUndefined();
  });

  it('keeps the floors stocked from the world data, topping them up at its pace', async () => {
    t = await testTavern();
    const floor = { kind: 'room', room: 'kitchen-yard' } as const;
    t.tavern.life.start();
    expect(t.tavern.ledger.count(floor, 'date')).toBe(3);
    expect(t.tavern.ledger.count({ kind: 'room', room: 'cellar' }, 'wine')).toBe(1);
    t.tavern.ledger.moveThings([{ thing: 'date', n: 3, from: floor, to: { kind: 'house' }, why: 'eaten' }]);
    t.clock.advance(29 * MINUTE);
    expect(t.tavern.ledger.count(floor, 'date')).toBe(0);
    t.clock.advance(MINUTE);
    expect(t.tavern.ledger.count(floor, 'date')).toBe(3);
    t.clock.advance(24 * 60 * MINUTE);
    expect(t.tavern.ledger.count(floor, 'date')).toBe(3); // never more than its stock
  });
});
