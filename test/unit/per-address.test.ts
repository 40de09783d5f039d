import { describe, expect, it } from 'vitest';
import { NewcomerLimits, OpenPerAddress } from '../../src/telnet/per-address.js';
import { parseWorld } from '../../src/world/world.js';
import { defaultTavernSettings } from '../../src/world/tavern.js';

describe('open connections per address', () => {
  it('admits up to the limit from one address, each address on its own, and frees a place on release', () => {
    const open = new OpenPerAddress(2);
    expect(open.admit('10.0.0.1')).toBe(true);
    expect(open.admit('10.0.0.1')).toBe(true);
    expect(open.admit('10.0.0.1')).toBe(false);
    // A refusal counts nothing: one release is enough for the next.
    expect(open.admit('10.0.0.2')).toBe(true);
    open.release('10.0.0.1');
    expect(open.admit('10.0.0.1')).toBe(true);
    expect(open.admit('10.0.0.1')).toBe(false);
  });

  it('has no limit at 0, and takes a release it never counted without going below none', () => {
    const open = new OpenPerAddress(0);
    for (let i = 0; i < 1000; i++) expect(open.admit('10.0.0.1')).toBe(true);
    const one = new OpenPerAddress(1);
    one.release('10.0.0.9');
    expect(one.admit('10.0.0.9')).toBe(true);
    expect(one.admit('10.0.0.9')).toBe(false);
  });

  it('is read from the world as connectionsPerAddress, 0 or more', () => {
    const world = (settings: unknown) => ({ start: 'a', rooms: [{ id: 'a', name: 'A', description: 'x' }], settings });
    expect(parseWorld(world({ connectionsPerAddress: 20 })).settings.connectionsPerAddress).toBe(20);
    expect(parseWorld(world({ connectionsPerAddress: 0 })).settings.connectionsPerAddress).toBe(0);
    expect(() => parseWorld(world({ connectionsPerAddress: -1 }))).toThrow(/connectionsPerAddress must be a whole number, 0 or more \(0: no limit\)/);
    expect(() => parseWorld(world({ connectionsPerAddress: '5' }))).toThrow(/connectionsPerAddress must be a whole number/);
  });

  it('is read from the world as greetingLimit too, and defaults to 10 per address and 200 at the greeting', () => {
    const world = (settings: unknown) => ({ start: 'a', rooms: [{ id: 'a', name: 'A', description: 'x' }], settings });
    expect(parseWorld(world({ greetingLimit: 50 })).settings.greetingLimit).toBe(50);
    expect(() => parseWorld(world({ greetingLimit: 1.5 }))).toThrow(/greetingLimit must be a whole number, 0 or more \(0: no limit\)/);
    expect(defaultTavernSettings.connectionsPerAddress).toBe(10);
    expect(defaultTavernSettings.greetingLimit).toBe(200);
  });
});

describe('the limits a newcomer meets', () => {
  it('refuses past the greeting limit with one line, logged once until the greeting has room again', () => {
    const logs: string[] = [];
    const limits = new NewcomerLimits(10, 3, (l) => logs.push(l));
    expect(limits.admit(1, '10.0.0.1', 2)).toBeNull();
    expect(limits.admit(2, '10.0.0.2', 3)).toBe('Too many connections are at the greeting right now (3); try again in a minute.');
    expect(limits.admit(3, '10.0.0.3', 3)).not.toBeNull();
    expect(limits.admit(4, '10.0.0.4', 2)).toBeNull();
    expect(logs).toEqual([
      'connection 2 from 10.0.0.2 refused: 3 connections are at the greeting already (at most 3); refusals are not logged again until fewer are',
      'fewer than 3 connections at the greeting again: newcomers are let in (2 refused meanwhile)',
    ]);
  });

  it('refuses past the limit per address with one line, logged once while that address stays at it, and counts a refused one for nothing', () => {
    const logs: string[] = [];
    const limits = new NewcomerLimits(2, 0, (l) => logs.push(l));
    expect(limits.admit(1, '10.0.0.1', 0)).toBeNull();
    expect(limits.admit(2, '10.0.0.1', 1)).toBeNull();
    expect(limits.admit(3, '10.0.0.1', 2)).toBe('Too many connections from your address (2); close one and try again.');
    expect(limits.admit(4, '10.0.0.1', 2)).not.toBeNull();
    // No greeting limit (0): any number may wait there.
    expect(limits.admit(5, '10.0.0.2', 100_000)).toBeNull();
    limits.release('10.0.0.1');
    expect(limits.admit(6, '10.0.0.1', 2)).toBeNull();
    expect(limits.admit(7, '10.0.0.1', 2)).not.toBeNull();
    expect(logs).toEqual([
      'connection 3 from 10.0.0.1 refused: 2 open from there already (refusals from there are not logged again until one closes)',
      'connection 7 from 10.0.0.1 refused: 2 open from there already (refusals from there are not logged again until one closes)',
    ]);
  });

  it('has neither limit at 0', () => {
    const limits = new NewcomerLimits(0, 0, () => undefined);
    for (let i = 0; i < 1000; i++) expect(limits.admit(i, '10.0.0.1', i)).toBeNull();
  });
});
