import { SocketAddress } from 'node:net';

/** The 12 bytes every PROXY protocol v2 header begins with. */
export const V2_SIGNATURE = Buffer.from('0d0a0d0a000d0a515549540a', 'hex');

/** A PROXY v1 line, as HAProxy's `send-proxy` writes it. */
export function proxyV1(source: string, sourcePort = 56324, destination = '192.0.2.1', destinationPort = 4000): Buffer {
  const family = source.includes(':') ? 'TCP6' : 'TCP4';
  return Buffer.from(`PROXY ${family} ${source} ${destination} ${sourcePort} ${destinationPort}\r\n`, 'latin1');
}

/** An address's bytes in network order (4 for IPv4, 16 for IPv6). */
function addressBytes(address: string): Buffer {
  if (!address.includes(':')) return Buffer.from(address.split('.').map(Number));
  // Expand `::`, then read the eight groups.
  const full = new SocketAddress({ address, family: 'ipv6' }).address;
  const [head, tail = ''] = full.split('::');
  // A dotted IPv4 tail (::ffff:1.2.3.4) is two groups.
  const dotted = (g: string) => {
    if (!g.includes('.')) return [g];
    const hex = Buffer.from(g.split('.').map(Number)).toString('hex');
    return [hex.slice(0, 4), hex.slice(4)];
  };
  const groups = (part: string) => (part ? part.split(':').flatMap(dotted) : []);
  const all = full.includes('::') ? [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)] : groups(full);
  return Buffer.from(all.map((g) => g.padStart(4, '0')).join(''), 'hex');
}

/**
 * A PROXY v2 header, as HAProxy's `send-proxy-v2` writes it: PROXY (or LOCAL, a health check)
 * over TCP, with `tlvs` after the addresses.
 */
export function proxyV2(source: string | null, opts: { sourcePort?: number; command?: 'PROXY' | 'LOCAL'; tlvs?: Buffer } = {}): Buffer {
  const command = opts.command ?? 'PROXY';
  const tlvs = opts.tlvs ?? Buffer.alloc(0);
  let family = 0x00;
  let addresses = Buffer.alloc(0);
  if (source !== null) {
    const v6 = source.includes(':');
    family = v6 ? 0x21 : 0x11; // INET6 or INET, STREAM
    const ports = Buffer.alloc(4);
    ports.writeUInt16BE(opts.sourcePort ?? 56324, 0);
    ports.writeUInt16BE(4000, 2);
    addresses = Buffer.concat([addressBytes(source), addressBytes(v6 ? '2001:db8::1' : '192.0.2.1'), ports]);
  }
  const meta = Buffer.alloc(4);
  meta[0] = 0x20 | (command === 'PROXY' ? 1 : 0);
  meta[1] = family;
  meta.writeUInt16BE(addresses.length + tlvs.length, 2);
  return Buffer.concat([V2_SIGNATURE, meta, addresses, tlvs]);
}
