import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD } from '../../src/server.js';
import { loadWorld, parseWorld } from '../../src/world/world.js';
import { OPPOSITE, type Direction } from '../../src/text/directions.js';

describe('the world data', () => {
  it('ships the tavern of the contract: Spice Run in the common room, Lich Bones north, Dragon\'s Lair east', async () => {
    const world = await loadWorld(DEFAULT_WORLD);
    const common = world.rooms.get(world.start)!;
    expect(common.tables.map((t) => t.game)).toEqual(['spice-run']);
    const north = world.rooms.get(common.exits.north!)!;
    expect(north.tables.map((t) => t.game)).toEqual(['lich-bones']);
    expect(north.npcs.map((n) => n.name)).toContain('Dreaven');
    const east = world.rooms.get(common.exits.east!)!;
    expect(east.tables.map((t) => t.game)).toEqual(['dragons-lair']);
  });

  it('gives every exit a way back in the opposite direction', async () => {
    const world = await loadWorld(DEFAULT_WORLD);
    for (const room of world.rooms.values()) {
      for (const [dir, to] of Object.entries(room.exits)) {
        expect(world.rooms.get(to!)!.exits[OPPOSITE[dir as Direction]]).toBe(room.id);
      }
    }
  });

  it('reports every problem of a broken world at once', () => {
    const broken = {
      start: 'nowhere',
      rooms: [
        { id: 'a', name: 'A', description: 'x', tables: [{ id: 't', keywords: ['t'], description: 'd' }] },
        { id: 'a', name: 'A2', description: 'y' },
        { id: 'c', name: 'C', description: 'z', exits: { north: 'b', sideways: 'a' } },
      ],
    };
    let message = '';
    try {
      parseWorld(broken);
    } catch (e) {
      message = (e as Error).message;
    }
    for (const problem of ['room a is defined twice', 'every table needs an id, a name and a game', '"sideways" is not a direction', 'unknown room b', 'the start room "nowhere" does not exist']) {
      expect(message).toContain(problem);
    }
  });

  it('takes a list of admins by name, and refuses anything else in it', () => {
    const world = (admins: unknown) => ({ start: 'a', rooms: [{ id: 'a', name: 'A', description: 'x' }], admins });
    expect(parseWorld(world(undefined)).admins).toEqual([]);
    expect(parseWorld(world(['Ana', 'bex'])).admins).toEqual(['Ana', 'bex']);
    expect(() => parseWorld(world('Ana'))).toThrow(/admins must be a list of character names/);
    expect(() => parseWorld(world(['Ana', 'B', 'Ana Bex', 7]))).toThrow(/admins: "B" is not a character's name[^]*"Ana Bex" is not[^]*7 is not/);
  });
});

describe('the world data, checked', () => {
  it('needs every NPC to have a name', () => {
    const world = { start: 'a', rooms: [{ id: 'a', name: 'A', description: 'x', npcs: [{ keywords: ['x'], short: 's', description: 'd' }] }] };
    expect(() => parseWorld(world)).toThrow(/every NPC needs a name/);
  });
});
