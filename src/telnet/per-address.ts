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
