import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_V1_BYTES, MAX_V2_BYTES, proxySignature, readProxyHeader } from '../../src/telnet/proxy-header.js';
import { TrustedProxies } from '../../src/telnet/trusted-proxies.js';
import { proxyV1, proxyV2, V2_SIGNATURE } from '../support/proxyHeaders.js';

const telnet = Buffer.from([255, 251, 24]); // IAC WILL TTYPE: a client's own first bytes

describe('reading a PROXY protocol header', () => {
  it('reads a v1 line for IPv4 and IPv6, and says where it ends so the bytes after it stay the client’s', () => {
    const v4 = proxyV1('203.0.113.7', 51000);
    expect(readProxyHeader(Buffer.concat([v4, Buffer.from('connect Ana secret\r\n')]))).toEqual({
      kind: 'header',
      length: v4.length,
      version: 1,
      client: { address: '203.0.113.7', port: 51000 },
    });
    const v6 = proxyV1('2001:db8:0:0::17', 443, '2001:db8::1');
    expect(readProxyHeader(v6)).toEqual({ kind: 'header', length: v6.length, version: 1, client: { address: '2001:db8::17', port: 443 } });
  });

  it('reads a v2 header for IPv4 and IPv6, TLVs included in its length and nothing after it', () => {
    const tlvs = Buffer.from([0x05, 0x00, 0x03, 0x61, 0x62, 0x63]); // PP2_TYPE_UNIQUE_ID "abc"
    const v4 = proxyV2('198.51.100.20', { sourcePort: 40000, tlvs });
    expect(readProxyHeader(Buffer.concat([v4, telnet]))).toEqual({ kind: 'header', length: v4.length, version: 2, client: { address: '198.51.100.20', port: 40000 } });
    const v6 = proxyV2('2001:db8::42');
    expect(readProxyHeader(v6)).toEqual({ kind: 'header', length: 16 + 36, version: 2, client: { address: '2001:db8::42', port: 56324 } });
    // An IPv4 client behind an IPv6 proxy is written the way node writes its own peers.
    expect(readProxyHeader(proxyV2('::ffff:192.0.2.9'))).toMatchObject({ client: { address: '::ffff:192.0.2.9' } });
  });

  it('takes v1 UNKNOWN and v2 LOCAL (health checks) as the proxy’s own connection', () => {
    expect(readProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({ kind: 'header', length: 15, version: 1, client: null });
    expect(readProxyHeader(Buffer.from('PROXY UNKNOWN ffff:: ffff:: 1 2\r\nrest'))).toEqual({ kind: 'header', length: 33, version: 1, client: null });
    expect(readProxyHeader(proxyV2(null, { command: 'LOCAL' }))).toEqual({ kind: 'header', length: 16, version: 2, client: null });
    // LOCAL with addresses: they are skipped, and the connection is still the proxy's.
    const local = proxyV2('203.0.113.7', { command: 'LOCAL' });
    expect(readProxyHeader(local)).toEqual({ kind: 'header', length: local.length, version: 2, client: null });
  });

  it('asks for more while a header may still be coming, a byte at a time', () => {
    for (const header of [proxyV1('203.0.113.7'), proxyV2('203.0.113.7'), proxyV2('2001:db8::42')]) {
      for (let n = 1; n < header.length; n++) expect(readProxyHeader(header.subarray(0, n))).toEqual({ kind: 'more' });
      expect(readProxyHeader(header)).toMatchObject({ kind: 'header', length: header.length });
    }
  });

  it('refuses what is not a header, or a broken one, with a reason', () => {
    const bad = (bytes: Buffer | string) => readProxyHeader(Buffer.from(bytes as string));
    expect(bad(telnet)).toEqual({ kind: 'bad', reason: 'the connection did not begin with a PROXY protocol header' });
    expect(bad('connect Ana secret\r\n')).toMatchObject({ kind: 'bad' });
    expect(bad('proxy TCP4 1.2.3.4 5.6.7.8 1 2\r\n')).toMatchObject({ kind: 'bad' });
    // A v1 line that never ends within the protocol's 107 bytes.
    expect(bad(`PROXY TCP4 ${'1'.repeat(MAX_V1_BYTES)}`)).toMatchObject({ kind: 'bad', reason: /longer than 107 bytes/ });
    expect(bad('PROXY TCP4 1.2.3.4 5.6.7.8 1\r\n')).toMatchObject({ kind: 'bad', reason: /does not read/ });
    expect(bad('PROXY TCP9 1.2.3.4 5.6.7.8 1 2\r\n')).toMatchObject({ kind: 'bad', reason: /does not read/ });
    expect(bad('PROXY TCP4 1.2.3.999 5.6.7.8 1 2\r\n')).toMatchObject({ kind: 'bad', reason: /not TCP4 addresses/ });
    expect(bad('PROXY TCP4 2001:db8::1 5.6.7.8 1 2\r\n')).toMatchObject({ kind: 'bad', reason: /not TCP4 addresses/ });
    expect(bad('PROXY TCP6 1.2.3.4 2001:db8::1 1 2\r\n')).toMatchObject({ kind: 'bad', reason: /not TCP6 addresses/ });
    expect(bad('PROXY TCP4 1.2.3.4 5.6.7.8 70000 2\r\n')).toMatchObject({ kind: 'bad', reason: /port/ });
    expect(bad('PROXY TCP4  1.2.3.4 5.6.7.8 1 2\r\n')).toMatchObject({ kind: 'bad' });
    // v2: another version, an unknown command, an address shorter than its family's, a length past the cap.
    const v2 = proxyV2('203.0.113.7');
    const withByte = (at: number, value: number) => Buffer.from(v2.map((b, i) => (i === at ? value : b)));
    expect(readProxyHeader(withByte(12, 0x11))).toMatchObject({ kind: 'bad', reason: /version/ });
    expect(readProxyHeader(withByte(12, 0x2f))).toMatchObject({ kind: 'bad', reason: /command/ });
    const short = Buffer.concat([V2_SIGNATURE, Buffer.from([0x21, 0x11, 0x00, 0x04]), Buffer.alloc(4)]);
    expect(readProxyHeader(short)).toMatchObject({ kind: 'bad', reason: /shorter/ });
    const huge = Buffer.concat([V2_SIGNATURE, Buffer.from([0x21, 0x11, 0xff, 0xff])]);
    expect(readProxyHeader(huge)).toEqual({ kind: 'bad', reason: `a PROXY v2 header of ${16 + 0xffff} bytes (at most ${MAX_V2_BYTES} are taken)` });
  });

  it('tells a header’s signature from a client’s first bytes, early', () => {
    expect(proxySignature(Buffer.from('PRO'))).toBe('maybe');
    expect(proxySignature(Buffer.from('PROXY '))).toBe('yes');
    expect(proxySignature(Buffer.from('PROXY'))).toBe('maybe');
    expect(proxySignature(Buffer.from('Proxy '))).toBe('no');
    expect(proxySignature(Buffer.from('\r\n'))).toBe('maybe'); // an empty line, or v2's first bytes
    expect(proxySignature(Buffer.from('\r\nhello'))).toBe('no');
    expect(proxySignature(V2_SIGNATURE)).toBe('yes');
    expect(proxySignature(telnet)).toBe('no');
  });
});

describe('the trusted proxies (--trust-proxy)', () => {
  const request = (peer: string, forwardedFor?: string) =>
    ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

  it('reads addresses, CIDR ranges and loopback, and says what is wrong with anything else', () => {
    const trusted = TrustedProxies.parse('127.0.0.1, 10.0.0.0/8,fd00::/8') as TrustedProxies;
    expect(trusted.entries).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.200.3.4', 'fd00::5'].map((a) => trusted.trusts(a))).toEqual([true, true, true, true]);
    expect(['127.0.0.2', '11.0.0.1', 'fe80::1', 'garbage'].map((a) => trusted.trusts(a))).toEqual([false, false, false, false]);
    expect((TrustedProxies.parse(['loopback']) as TrustedProxies).trusts('127.9.9.9')).toBe(true);
    expect(TrustedProxies.parse('127.0.0.1,nginx.local')).toBe('"nginx.local" is not an address, a CIDR range (10.0.0.0/8, fd00::/8) or one of loopback, linklocal, uniquelocal');
    expect(TrustedProxies.parse('10.0.0.0/33')).toMatch(/"10.0.0.0\/33" is not/);
    expect(TrustedProxies.parse('').valueOf()).toBe(TrustedProxies.none);
    expect(TrustedProxies.none.trusts('127.0.0.1')).toBe(false);
  });

  it('takes X-Forwarded-For only from a trusted proxy, and only as far back as the hops are trusted', () => {
    const trusted = TrustedProxies.parse('127.0.0.1,10.0.0.0/8') as TrustedProxies;
    expect(trusted.clientOf(request('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    // The client's own claim comes first in the header, and is not believed: the first hop that is not a proxy is.
    expect(trusted.clientOf(request('127.0.0.1', '1.1.1.1, 203.0.113.7, 10.0.0.3'))).toBe('203.0.113.7');
    // From anyone else the header is ignored.
    expect(trusted.clientOf(request('198.51.100.1', '203.0.113.7'))).toBe('198.51.100.1');
    expect(TrustedProxies.none.clientOf(request('127.0.0.1', '203.0.113.7'))).toBe('127.0.0.1');
    // No header, an empty one, or one that is no address: the proxy's own.
    expect(trusted.clientOf(request('127.0.0.1'))).toBe('127.0.0.1');
    expect(trusted.clientOf(request('127.0.0.1', ''))).toBe('127.0.0.1');
    expect(trusted.clientOf(request('127.0.0.1', 'unknown'))).toBe('127.0.0.1');
    expect(trusted.clientOf(request('127.0.0.1', 'junk, 10.0.0.3'))).toBe('10.0.0.3');
    expect(trusted.clientOf(request('::ffff:127.0.0.1', '2001:db8::7'))).toBe('2001:db8::7');
  });
});
