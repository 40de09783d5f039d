import { describe, expect, it } from 'vitest';
import { OpenPerAddress } from '../../src/telnet/per-address.js';
import { parseWorld } from '../../src/rooms/world.js';

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
});
