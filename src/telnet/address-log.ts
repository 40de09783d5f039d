import { addressGroup } from './per-address.js';

/** Connections from one address a minute whose coming and going is logged one by one. */
export const LOGGED_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

/**
 * The log's connection lines, summed up per address: the first LOGGED_PER_MINUTE connections
 * from an address group in a minute are logged as ever (`connection 12 from ...`, `connection
 * 12 closed`); past them they are counted, and one line at the minute's end says how many. A
 * script that connects and hangs up as fast as it can writes a line a minute, not 200 KB a second.
 */
export class AddressLog {
  private readonly quiet = new Map<string, { logged: number; unlogged: number }>();
  private since: number;

  constructor(
    private readonly log: (line: string) => void,
    private readonly now: () => number,
  ) {
    this.since = now();
  }

  /** A connection from `address`: whether its lines go to the log one by one. */
  opening(address: string): boolean {
    this.endMinute();
    const group = addressGroup(address);
    let counts = this.quiet.get(group);
    if (!counts) this.quiet.set(group, (counts = { logged: 0, unlogged: 0 }));
    if (counts.logged < LOGGED_PER_MINUTE) {
      counts.logged++;
      return true;
    }
    counts.unlogged++;
    return false;
  }

  /** Once a minute is over (or `now`, at a stop): one line for each address with connections not logged. */
  endMinute(now = false): void {
    const at = this.now();
    if (!now && at - this.since < MINUTE_MS) return;
    for (const [group, counts] of this.quiet) {
      if (counts.unlogged) {
        this.log(`${group}: ${counts.unlogged.toLocaleString('en-US')} more connections in the last minute were not logged one by one (past ${LOGGED_PER_MINUTE} a minute from one address, each is only counted)`);
      }
    }
    this.quiet.clear();
    this.since = at;
  }
}
