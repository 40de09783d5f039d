import { describe, expect, it } from 'vitest';
import { NewcomerLimits, OpenPerAddress, RatePerAddress } from '../../src/telnet/per-address.js';
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
    for (const n of [1, 2, 3]) expect(limits.admit(n, `10.0.0.${n}`)).toBeNull();
    expect(limits.admit(4, '10.0.0.4')).toBe('Too many connections are at the greeting right now (3); try again in a minute.');
    expect(limits.admit(5, '10.0.0.5')).not.toBeNull();
    limits.loggedIn('10.0.0.1');
    expect(limits.admit(6, '10.0.0.6')).toBeNull();
    expect(logs).toEqual([
      'connection 4 from 10.0.0.4 refused: 3 connections are at the greeting already (at most 3); refusals are not logged again until fewer are',
      'fewer than 3 connections at the greeting again: newcomers are let in (2 refused meanwhile)',
    ]);
  });

  it('refuses past the limit per address with one line, logged once while that address stays at it, and counts a refused one for nothing', () => {
    const logs: string[] = [];
    const limits = new NewcomerLimits(2, 0, (l) => logs.push(l));
    expect(limits.admit(1, '10.0.0.1')).toBeNull();
    expect(limits.admit(2, '10.0.0.1')).toBeNull();
    expect(limits.admit(3, '10.0.0.1')).toBe('Too many connections from your address (2); close one and try again.');
    expect(limits.admit(4, '10.0.0.1')).not.toBeNull();
    // No greeting limit (0): any number may wait there.
    for (let i = 0; i < 1000; i++) expect(limits.admit(5 + i, `10.1.${i >> 8}.${i & 255}`)).toBeNull();
    limits.release('10.0.0.1', true);
    expect(limits.admit(6, '10.0.0.1')).toBeNull();
    expect(limits.admit(7, '10.0.0.1')).not.toBeNull();
    expect(logs).toEqual([
      'connection 3 from 10.0.0.1 refused: 2 open from there already (refusals from there are not logged again until one closes)',
      'connection 7 from 10.0.0.1 refused: 2 open from there already (refusals from there are not logged again until one closes)',
    ]);
  });

  it('counts an IPv6 address by its /64, for connections and at the greeting alike', () => {
    const logs: string[] = [];
    const limits = new NewcomerLimits(3, 0, (l) => logs.push(l));
    for (let i = 1; i <= 3; i++) expect(limits.admit(i, `2001:db8:1:2::${i}`)).toBeNull();
    expect(limits.admit(4, '2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('Too many connections from your address (3); close one and try again.');
    expect(limits.admit(5, '2001:db8:1:3::1')).toBeNull();
    expect(logs).toEqual([
      'connection 4 from 2001:db8:1:2:ffff:ffff:ffff:fffe refused: 3 open from there already (its /64, 2001:db8:1:2::/64) (refusals from there are not logged again until one closes)',
    ]);
  });

  it("keeps the greeting's last quarter for addresses with nobody waiting there", () => {
    const logs: string[] = [];
    const limits = new NewcomerLimits(0, 8, (l) => logs.push(l));
    // Two addresses take the first six places (of eight, two kept).
    for (let i = 0; i < 6; i++) expect(limits.admit(i, i % 2 ? '10.0.0.1' : '2001:db8::1')).toBeNull();
    const kept = 'The greeting is nearly full, and its last 2 places are kept for addresses with nobody waiting there; log in on the connection you have, or try again in a minute.';
    expect(limits.admit(6, '10.0.0.1')).toBe(kept);
    expect(limits.admit(7, '2001:db8::ffff')).toBe(kept);
    // Addresses with nobody at the greeting still come in, to the very limit.
    expect(limits.admit(8, '10.0.0.2')).toBeNull();
    expect(limits.admit(9, '10.0.0.3')).toBeNull();
    expect(limits.admit(10, '10.0.0.4')).toBe('Too many connections are at the greeting right now (8); try again in a minute.');
    // A player who logs in leaves the greeting: their address is welcome there again.
    limits.loggedIn('10.0.0.2');
    limits.loggedIn('10.0.0.1');
    limits.loggedIn('10.0.0.1');
    expect(limits.admit(11, '10.0.0.2')).toBeNull();
    expect(logs[0]).toBe(
      'connection 6 from 10.0.0.1 refused: 6 connections are at the greeting already (at most 8); the last 2 places are kept for addresses with none there, and 10.0.0.1 has 3; refusals are not logged again until fewer are',
    );
  });

  it('counts sockets on their way in per address, as many as connections, apart from them', () => {
    const logs: string[] = [];
    const limits = new NewcomerLimits(2, 0, (l) => logs.push(l));
    expect(limits.coming('10.0.0.1')).toBeNull();
    expect(limits.coming('10.0.0.1')).toBeNull();
    expect(limits.coming('10.0.0.1')).toBe('Too many connections from your address (2); close one and try again.');
    expect(limits.coming('10.0.0.2')).toBeNull();
    // Two connections besides.
    expect(limits.admit(1, '10.0.0.1')).toBeNull();
    expect(limits.admit(2, '10.0.0.1')).toBeNull();
    limits.arrived('10.0.0.1');
    expect(limits.coming('10.0.0.1')).toBeNull();
    expect(logs).toEqual(['sockets from 10.0.0.1 refused: 2 on their way in from there already (TLS handshakes, web requests) (refusals from there are not logged again until one closes)']);
  });

  it('has neither limit at 0', () => {
    const limits = new NewcomerLimits(0, 0, () => undefined);
    for (let i = 0; i < 1000; i++) expect(limits.admit(i, '10.0.0.1')).toBeNull();
    for (let i = 0; i < 1000; i++) expect(limits.coming('10.0.0.1')).toBeNull();
  });
});

describe('TLS handshakes per address', () => {
  it('lets a sixth of a minute\'s worth go at once, then one every 60 / N seconds, per /64, logging once while an address is refused', () => {
    let now = 0;
    const logs: string[] = [];
    const rate = new RatePerAddress(60, 'tls handshakes', () => now, (l) => logs.push(l));
    const burst = Array.from({ length: 40 }, () => rate.take('2001:db8:5:6::1')).filter(Boolean).length;
    expect(burst).toBe(10);
    expect(rate.take('2001:db8:5:6::99')).toBe(false);
    expect(rate.take('2001:db8:5:7::1')).toBe(true);
    now += 1000;
    expect(rate.take('2001:db8:5:6::1')).toBe(true);
    expect(rate.take('2001:db8:5:6::1')).toBe(false);
    expect(logs).toEqual([
      'tls handshakes from 2001:db8:5:6::1 refused: more than 60 a minute from there (its /64, 2001:db8:5:6::/64); closed without one until it slows down (not logged again till then)',
      'tls handshakes from 2001:db8:5:6::1 refused: more than 60 a minute from there (its /64, 2001:db8:5:6::/64); closed without one until it slows down (not logged again till then)',
    ]);
    const none = new RatePerAddress(0, 'tls handshakes', () => now, () => undefined);
    for (let i = 0; i < 1000; i++) expect(none.take('10.0.0.1')).toBe(true);
  });
});
