/**
 * The PROXY protocol header (v1 text, v2 binary) that HAProxy and other TCP proxies put before a
 * client's bytes to name the client. Pure: it reads a buffer's beginning and says how long the
 * header is and whom it names. proxy-protocol-js decodes the fields; what it leaves to the
 * receiver is done here: where the header ends (so that nothing after it is taken for it, nor
 * any of it for the player's input), the lengths, the ports, and that each address is one.
 */
import { SocketAddress } from 'node:net';
import { Command, INETProtocol, IPv4ProxyAddress, IPv6ProxyAddress, V1ProxyProtocol, V2ProxyProtocol } from 'proxy-protocol-js';

/** The protocol's own bound on a v1 line, CR LF included. */
export const MAX_V1_BYTES = 107;
/**
 * The longest v2 header taken (16 bytes and up to this much address and TLV data): a proxy's
 * TLVs (TLS details, a unique id, an AWS endpoint) stay far below it.
 */
export const MAX_V2_BYTES = 16 + 2048;

const V1_START = Buffer.from('PROXY ', 'latin1');
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);

export type HeaderRead =
  /** The bytes so far may be the start of a header: read more. */
  | { kind: 'more' }
  /**
   * A whole header of `length` bytes. `client` is the player's address and port, or null when
   * the connection is the proxy's own (v1 UNKNOWN, v2 LOCAL or an unspecified family: a health check).
   */
  | { kind: 'header'; length: number; version: 1 | 2; client: { address: string; port: number } | null }
  /** Not a header, or a broken one: why, in a few words for the log. */
  | { kind: 'bad'; reason: string };

/** Whether `bytes` (a stream's first bytes) begin with a header's signature: yes, no, or too few bytes to say. */
export function proxySignature(bytes: Buffer): 'yes' | 'no' | 'maybe' {
  for (const signature of [V1_START, V2_SIGNATURE]) {
    const n = Math.min(bytes.length, signature.length);
    if (bytes.subarray(0, n).equals(signature.subarray(0, n))) return n === signature.length ? 'yes' : 'maybe';
  }
  return 'no';
}

/** Reads the header at the start of `bytes`, the first bytes of a connection. */
export function readProxyHeader(bytes: Buffer): HeaderRead {
  const signature = proxySignature(bytes);
  if (signature === 'no') return bad('the connection did not begin with a PROXY protocol header');
  if (signature === 'maybe') return { kind: 'more' };
  return bytes[0] === V1_START[0] ? readV1(bytes) : readV2(bytes);
}

function readV1(bytes: Buffer): HeaderRead {
  const end = bytes.subarray(0, MAX_V1_BYTES).indexOf('\r\n');
  if (end < 0) return bytes.length >= MAX_V1_BYTES ? bad(`a PROXY v1 line longer than ${MAX_V1_BYTES} bytes`) : { kind: 'more' };
  const length = end + 2;
  const line = bytes.toString('latin1', 0, length);
  // UNKNOWN: the proxy could not say (or will not: a health check); whatever follows it is ignored.
  if (/^PROXY UNKNOWN[ \r]/.test(line)) return { kind: 'header', length, version: 1, client: null };
  let parsed: V1ProxyProtocol;
  try {
    parsed = V1ProxyProtocol.parse(line);
  } catch {
    return bad('a PROXY v1 line that does not read "PROXY TCP4|TCP6 <source> <destination> <port> <port>"');
  }
  const family = parsed.inetProtocol === INETProtocol.TCP4 ? 'ipv4' : 'ipv6';
  const address = addressOf(parsed.source.ipAddress, family);
  const ports = [parsed.source.port, parsed.destination.port];
  if (address === null || addressOf(parsed.destination.ipAddress, family) === null) return bad(`a PROXY v1 line whose addresses are not ${parsed.inetProtocol} addresses`);
  if (!/^PROXY \S+ \S+ \S+ \d{1,5} \d{1,5}\r\n$/.test(line) || ports.some((p) => p > 65535)) return bad('a PROXY v1 line with a port that is not 0 to 65535');
  return { kind: 'header', length, version: 1, client: { address, port: parsed.source.port } };
}

function readV2(bytes: Buffer): HeaderRead {
  if (bytes.length < 16) return { kind: 'more' };
  const length = 16 + bytes.readUInt16BE(14);
  if (length > MAX_V2_BYTES) return bad(`a PROXY v2 header of ${length} bytes (at most ${MAX_V2_BYTES} are taken)`);
  if (bytes.length < length) return { kind: 'more' };
  let parsed: V2ProxyProtocol;
  try {
    // Only the header itself: the library takes everything after the addresses for its TLVs.
    parsed = V2ProxyProtocol.parse(new Uint8Array(bytes.subarray(0, length)));
  } catch (e) {
    return bad(`a broken PROXY v2 header (${(e as { message?: string }).message ?? 'unreadable'})`);
  }
  // LOCAL is the proxy's own connection; so is PROXY with an address the receiver cannot use (UNSPEC, UNIX).
  const a = parsed.proxyAddress;
  if (parsed.command === Command.LOCAL || !(a instanceof IPv4ProxyAddress || a instanceof IPv6ProxyAddress)) {
    return { kind: 'header', length, version: 2, client: null };
  }
  const bytesOf = Buffer.from(a.sourceAddress.address);
  const text = a instanceof IPv4ProxyAddress ? [...bytesOf].join('.') : (bytesOf.toString('hex').match(/.{4}/g) ?? []).join(':');
  const address = addressOf(text, a instanceof IPv4ProxyAddress ? 'ipv4' : 'ipv6');
  if (address === null) return bad('a PROXY v2 header with an unreadable address');
  return { kind: 'header', length, version: 2, client: { address, port: a.sourcePort } };
}

/** The address as node writes it (`2001:db8::1`, `::ffff:1.2.3.4`), or null when it is not one of the family. */
function addressOf(text: string, family: 'ipv4' | 'ipv6'): string | null {
  try {
    return new SocketAddress({ address: text, family }).address;
  } catch {
    return null;
  }
}

function bad(reason: string): HeaderRead {
  return { kind: 'bad', reason };
}
