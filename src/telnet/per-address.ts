import { isIPv6 } from 'node:net';
import { Bucket } from './bucket.js';

/**
 * The limits a newcomer meets at every port, counted per address so that one address cannot
 * take every socket (and every descriptor) the server has: docs/limits.md.
 */

/**
 * The address every limit counts by: IPv4 as it is (also when IPv4-mapped), an IPv6 address by
 * its /64, which is what one subscriber is usually given (a household can have billions).
 */
export function addressGroup(remote: string): string {
  const address = remote.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [before, after] = address.split('::');
  const head = groups(before);
  const tail = groups(after);
  const full = after === undefined ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/**
 * How many of something each address group holds (open connections, sockets on their way in),
 * with a limit on each; 0: no limit.
 */
export class OpenPerAddress {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** How many `address`'s group holds. */
  held(address: string): number {
    return this.open.get(addressGroup(address)) ?? 0;
  }

  /** Counts one in, or says no (counting nothing) when the address's group holds `limit` already. */
  admit(address: string): boolean {
    const group = addressGroup(address);
    const open = this.open.get(group) ?? 0;
    if (this.limit > 0 && open >= this.limit) return false;
    this.open.set(group, open + 1);
    return true;
  }

  /** Counts one admitted out. */
  release(address: string): void {
    const group = addressGroup(address);
    const left = (this.open.get(group) ?? 1) - 1;
    if (left > 0) this.open.set(group, left);
    else this.open.delete(group);
  }
}

/**
 * At most a sixth of `perMinute` at once per address group, then `perMinute` (a token bucket
 * each): TLS handshakes, which cost the server a signature each (a few ms of its one thread).
 * Full buckets are forgotten now and then.
 */
export class RatePerAddress {
  private readonly buckets = new Map<string, Bucket>();
  private takes = 0;
  /** Address groups refused since they last got one: logged once each. */
  private readonly refusing = new Set<string>();

  constructor(
    readonly perMinute: number,
    /** What is limited, for the log: `tls handshakes`. */
    private readonly what: string,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
  ) {}

  /** Whether one more may go now (always, with no limit). */
  take(address: string): boolean {
    if (this.perMinute === 0) return true;
    const now = this.now();
    if (++this.takes % 1024 === 0) for (const [group, b] of this.buckets) if (b.full(now)) this.buckets.delete(group);
    const group = addressGroup(address);
    let bucket = this.buckets.get(group);
    if (!bucket) this.buckets.set(group, (bucket = new Bucket(Math.max(1, Math.ceil(this.perMinute / 6)), this.perMinute / 60, now)));
    if (bucket.take(now)) {
      this.refusing.delete(group);
      return true;
    }
    if (!this.refusing.has(group)) {
      this.refusing.add(group);
      this.log(`${this.what} from ${address} refused: more than ${this.perMinute} a minute from there${fromGroup(address)}; closed without one until it slows down (not logged again till then)`);
    }
    return false;
  }
}

/**
 * A peer's address as the limits and the log count it: an IPv4 client of a dual-stack (`::`) port
 * arrives as `::ffff:1.2.3.4`, and is `1.2.3.4` as on an IPv4 port.
 */
export function peerAddress(raw: string | undefined): string {
  if (!raw) return 'unknown';
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(raw) ? raw.slice(7) : raw;
}

/** `address`'s /64, for the log, when it is an IPv6 address: what its limit counts. */
const fromGroup = (address: string) => (addressGroup(address) === address ? '' : ` (its /64, ${addressGroup(address)})`);

/** The one line a connection past the limit gets before it is closed. */
export const tooManyFrom = (limit: number) => `Too many connections from your address (${limit}); close one and try again.`;

/** The one line a connection past the greeting's limit gets before it is closed. */
export const tooManyAtTheGreeting = (limit: number) => `Too many connections are at the greeting right now (${limit}); try again in a minute.`;

/** The one line a connection gets when the greeting's last places are kept for addresses with none there. */
export const greetingKept = (kept: number) =>
  `The greeting is nearly full, and its last ${kept} places are kept for addresses with nobody waiting there; log in on the connection you have, or try again in a minute.`;

/**
 * The limits a newcomer meets, every port together (telnet, TLS, the web page's socket):
 * - the connections its address group holds (`perAddress`), and as many more sockets on their
 *   way in (a TLS handshake, a web request not yet a socket for the game), counted from accept;
 * - the connections at the greeting (not logged in yet), where idle ones may wait two minutes
 *   each (`atTheGreeting`), of which the last quarter is kept for addresses with none there, so
 *   that a few addresses cannot fill it.
 * Each refusal is one line to the newcomer; the log gets one line while an address stays at its
 * limit, and one while the greeting stays full.
 */
export class NewcomerLimits {
  private readonly open: OpenPerAddress;
  private readonly onTheWay: OpenPerAddress;
  private readonly greeting: OpenPerAddress;
  /** Connections at the greeting now, every address together. */
  private waiting = 0;
  /** Places at the greeting kept for addresses with none there. */
  readonly kept: number;
  /** Address groups at their limit (of connections, of sockets on their way in) whose refusal has been logged. */
  private readonly refusingOpen = new Set<string>();
  private readonly refusingOnTheWay = new Set<string>();
  /** Newcomers refused since the greeting was last under its limit (0: not full). */
  private greetingRefusals = 0;

  constructor(
    /** Connections one address may hold (and as many more on their way in); 0: no limit. */
    readonly perAddress: number,
    /** Connections that may be at the greeting at once; 0: no limit. */
    readonly atTheGreeting: number,
    private readonly log: (line: string) => void,
  ) {
    this.open = new OpenPerAddress(perAddress);
    this.onTheWay = new OpenPerAddress(perAddress);
    this.greeting = new OpenPerAddress(0);
    this.kept = Math.ceil(atTheGreeting / 4);
  }

  /**
   * A socket just accepted that is not yet a connection (a TLS handshake, a web request): null
   * when it may go on (counted until `arrived`), else the line it is told before it is closed.
   */
  coming(address: string): string | null {
    if (this.onTheWay.admit(address)) return null;
    this.logOnce(this.refusingOnTheWay, address, `sockets from ${address} refused: ${this.perAddress} on their way in from there already${fromGroup(address)} (TLS handshakes, web requests)`);
    return tooManyFrom(this.perAddress);
  }

  /** A socket counted by `coming` became a connection, or closed. */
  arrived(address: string): void {
    this.onTheWay.release(address);
    this.refusingOnTheWay.delete(addressGroup(address));
  }

  /** Null when the newcomer may stay (then counted for its address and at the greeting until it logs in or closes), else the line it is told. */
  admit(id: number | string, address: string): string | null {
    const refusal = this.greetingRefusal(id, address);
    if (refusal) return refusal;
    if (!this.open.admit(address)) {
      this.logOnce(this.refusingOpen, address, `connection ${id} from ${address} refused: ${this.perAddress} open from there already${fromGroup(address)}`);
      return tooManyFrom(this.perAddress);
    }
    this.greeting.admit(address);
    this.waiting++;
    return null;
  }

  /** An admitted connection logged in: it leaves the greeting. */
  loggedIn(address: string): void {
    this.greeting.release(address);
    this.waiting--;
  }

  /** An admitted connection closed; `atTheGreeting`: it had not logged in. */
  release(address: string, atTheGreeting: boolean): void {
    if (atTheGreeting) this.loggedIn(address);
    this.open.release(address);
    this.refusingOpen.delete(addressGroup(address));
  }

  private greetingRefusal(id: number | string, address: string): string | null {
    const limit = this.atTheGreeting;
    const full = limit > 0 && this.waiting >= limit;
    const keptFrom = limit > 0 && this.waiting >= limit - this.kept && this.greeting.held(address) > 0;
    if (!full && !keptFrom) {
      if (this.greetingRefusals) this.log(`fewer than ${limit} connections at the greeting again: newcomers are let in (${this.greetingRefusals} refused meanwhile)`);
      this.greetingRefusals = 0;
      return null;
    }
    if (this.greetingRefusals++ === 0) {
      this.log(
        `connection ${id} from ${address} refused: ${this.waiting} connections are at the greeting already (at most ${limit}); ` +
          `${full ? '' : `the last ${this.kept} places are kept for addresses with none there, and ${addressGroup(address)} has ${this.greeting.held(address)}; `}refusals are not logged again until fewer are`,
      );
    }
    return full ? tooManyAtTheGreeting(limit) : greetingKept(this.kept);
  }

  /** One line while an address stays at a limit, not one per refusal: a flood would fill the log. */
  private logOnce(refusing: Set<string>, address: string, line: string): void {
    const group = addressGroup(address);
    if (refusing.has(group)) return;
    refusing.add(group);
    this.log(`${line} (refusals from there are not logged again until one closes)`);
  }
}
