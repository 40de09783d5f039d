/**
 * Open connections counted per remote address, so that one address cannot take every socket the
 * server has. Used by the telnet and web ports alike.
 */
export class OpenPerAddress {
  private readonly open = new Map<string, number>();

  /** `limit`: the most one address may hold at once; 0: no limit. */
  constructor(readonly limit: number) {}

  /** Counts a connection in, or says no (counting nothing) when its address holds `limit` already. */
  admit(address: string): boolean {
    const open = this.open.get(address) ?? 0;
    if (this.limit > 0 && open >= this.limit) return false;
    this.open.set(address, open + 1);
    return true;
  }

  /** Counts an admitted connection out. */
  release(address: string): void {
    const left = (this.open.get(address) ?? 1) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address);
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

/** The one line a connection past the limit gets before it is closed. */
export const tooManyFrom = (limit: number) => `Too many connections from your address (${limit}); close one and try again.`;

/** The one line a connection past the greeting's limit gets before it is closed. */
export const tooManyAtTheGreeting = (limit: number) => `Too many connections are at the greeting right now (${limit}); try again in a minute.`;

/**
 * The limits a newcomer meets, every port together (telnet, TLS, the web page's socket): the
 * connections its address holds, and the connections at the greeting (not logged in yet),
 * where idle ones may wait two minutes each. Each refusal is one line to the newcomer; the log
 * gets one line while an address stays at its limit, and one while the greeting stays full.
 */
export class NewcomerLimits {
  private readonly open: OpenPerAddress;
  /** Addresses at their limit whose refusal has been logged. */
  private readonly refusingFrom = new Set<string>();
  /** Newcomers refused since the greeting was last under its limit (0: not full). */
  private greetingRefusals = 0;

  constructor(
    /** Connections one address may hold; 0: no limit. */
    readonly perAddress: number,
    /** Connections that may be at the greeting at once; 0: no limit. */
    readonly atTheGreeting: number,
    private readonly log: (line: string) => void,
  ) {
    this.open = new OpenPerAddress(perAddress);
  }

  /**
   * Null when the newcomer may stay (then counted in for its address until release()), else the
   * line it is told before it is closed. `waiting`: the connections at the greeting now.
   */
  admit(id: number | string, address: string, waiting: number): string | null {
    if (this.atTheGreeting > 0 && waiting >= this.atTheGreeting) {
      if (this.greetingRefusals++ === 0) {
        this.log(`connection ${id} from ${address} refused: ${waiting} connections are at the greeting already (at most ${this.atTheGreeting}); refusals are not logged again until fewer are`);
      }
      return tooManyAtTheGreeting(this.atTheGreeting);
    }
    if (this.greetingRefusals) this.log(`fewer than ${this.atTheGreeting} connections at the greeting again: newcomers are let in (${this.greetingRefusals} refused meanwhile)`);
    this.greetingRefusals = 0;
    if (!this.open.admit(address)) {
      // One line while an address stays at the cap, not one per refusal: a flood would fill the log.
      if (!this.refusingFrom.has(address)) this.log(`connection ${id} from ${address} refused: ${this.perAddress} open from there already (refusals from there are not logged again until one closes)`);
      this.refusingFrom.add(address);
      return tooManyFrom(this.perAddress);
    }
    return null;
  }

  /** Counts an admitted connection out. */
  release(address: string): void {
    this.open.release(address);
    this.refusingFrom.delete(address);
  }
}

