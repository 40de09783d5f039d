/** Where the server listens by default, and how it writes and counts addresses. */
import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { everyAddress, hostAndPort } from '../../src/telnet/server.js';
import { peerAddress } from '../../src/telnet/per-address.js';

/** A listener that opens on the hosts given and fails with `code` on the others. */
function fakeListen(opens: string[], code: string, tried: string[]) {
  return (host: string): Promise<net.Server> => {
    tried.push(host);
    if (opens.includes(host)) return Promise.resolve({ close: () => undefined } as unknown as net.Server);
    return Promise.reject(Object.assign(new Error(`listen ${code} ${host}`), { code }));
  };
}

describe('the default host', () => {
  it('is :: (every IPv6 and IPv4 address) where the machine has IPv6', async () => {
    const tried: string[] = [];
    expect(await everyAddress(fakeListen(['::'], 'EAFNOSUPPORT', tried))).toBe('::');
    expect(tried).toEqual(['::']);
  });

  it('falls back to 0.0.0.0 on a machine without IPv6', async () => {
    for (const code of ['EAFNOSUPPORT', 'EADDRNOTAVAIL']) {
      expect(await everyAddress(fakeListen([], code, []))).toBe('0.0.0.0');
    }
  });

  it('does not hide another failure behind IPv4', async () => {
    await expect(everyAddress(fakeListen([], 'EMFILE', []))).rejects.toThrow(/EMFILE/);
  });
});

describe('addresses', () => {
  it('writes an IPv6 host in brackets before its port, as a URL does', () => {
    expect(hostAndPort('::', 4000)).toBe('[::]:4000');
    expect(hostAndPort('::1', 4443)).toBe('[::1]:4443');
    expect(hostAndPort('0.0.0.0', 4000)).toBe('0.0.0.0:4000');
    expect(hostAndPort('mud.example.org', 4000)).toBe('mud.example.org:4000');
  });

  it('counts an IPv4 player on a dual-stack port by their IPv4 address', () => {
    expect(peerAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(peerAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(peerAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(peerAddress('::ffff:1:2')).toBe('::ffff:1:2');
    expect(peerAddress(undefined)).toBe('unknown');
  });
});
