/**
 * GMCP over a TestClient: turning it on, reading what arrived, waiting for a message. The
 * TestClient keeps every subnegotiation it receives, in order; these read the GMCP ones.
 */
import type { TestClient } from './client.js';
import type { TestServer } from './server.js';

const IAC = 255, SB = 250, SE = 240, WILL = 251, DO = 253, GMCP = 201, TTYPE = 24;

/** Every package of docs/gmcp.md. */
export const ALL_PACKAGES = ['Char 1', 'Room 1', 'Comm 1', 'Table 1'];

export interface Gmcp {
  name: string;
  data: unknown;
}

/** One GMCP message from the client, framed. */
export function gmcpBytes(text: string): number[] {
  return [IAC, SB, GMCP, ...Buffer.from(text, 'utf8'), IAC, SE];
}

/** The client's terminal type answers (the client's name, then `MTTS <bits>`), unasked. */
export function terminalBytes(...names: string[]): number[] {
  return [IAC, WILL, TTYPE, ...names.flatMap((n) => [IAC, SB, TTYPE, 0, ...Buffer.from(n, 'ascii'), IAC, SE])];
}

/** Says DO GMCP and which packages the client wants. */
export function enableGmcp(c: TestClient, packages = ALL_PACKAGES): void {
  c.sendBytes([IAC, DO, GMCP, ...gmcpBytes(`Core.Supports.Set ${JSON.stringify(packages)}`)]);
}

/** The payload of every GMCP message received so far, as text, IAC doubling undone. */
export function gmcpPayloads(c: TestClient): string[] {
  return c.commands
    .filter((x) => x[1] === SB && x[2] === GMCP)
    .map((x) => {
      const bytes: number[] = [];
      for (let i = 3; i < x.length - 2; i++) {
        bytes.push(x[i]);
        if (x[i] === IAC && x[i + 1] === IAC) i++;
      }
      return Buffer.from(bytes).toString('utf8');
    });
}

/** Every GMCP message received so far, parsed. */
export function gmcpMessages(c: TestClient): Gmcp[] {
  return gmcpPayloads(c).map((text) => {
    const space = text.indexOf(' ');
    return space < 0 ? { name: text, data: undefined } : { name: text.slice(0, space), data: JSON.parse(text.slice(space + 1)) as unknown };
  });
}

/**
 * Keeps a place in a client's GMCP messages: `since()` gives what arrived after the last call,
 * `next(name)` waits for the next message of that name.
 */
export class GmcpReader {
  private seen = 0;

  constructor(readonly client: TestClient) {}

  /** The messages that arrived since the last since() or next(), and moves past them. */
  since(): Gmcp[] {
    const all = gmcpMessages(this.client);
    const fresh = all.slice(this.seen);
    this.seen = all.length;
    return fresh;
  }

  /** Skips what has arrived so far. */
  skip(): void {
    this.seen = gmcpMessages(this.client).length;
  }

  /** Waits for the next message called `name` (that `accept` takes), and moves past it. */
  async next<T = Record<string, unknown>>(name: string, accept: (data: T) => boolean = () => true): Promise<T> {
    let found: T | undefined;
    await this.client.until(() => {
      const all = gmcpMessages(this.client);
      for (let i = this.seen; i < all.length; i++) {
        if (all[i].name === name && accept(all[i].data as T)) {
          found = all[i].data as T;
          this.seen = i + 1;
          return true;
        }
      }
      return false;
    }, `GMCP ${name}; got ${JSON.stringify(gmcpMessages(this.client).slice(this.seen))}`);
    return found!;
  }
}

/** Logs a character in over a client that asked for GMCP first (with these packages). */
export async function loginWithGmcp(ts: TestServer, name: string, packages = ALL_PACKAGES): Promise<{ client: TestClient; gmcp: GmcpReader }> {
  const client = await ts.connect();
  enableGmcp(client, packages);
  client.send(`connect ${name} secret123`);
  let reply = await client.nextPrompt();
  if (/There is no character/.test(reply)) {
    client.send(`create ${name} secret123`);
    reply = await client.nextPrompt();
  }
  if (!/Exits:/.test(reply)) throw new Error(`login as ${name} failed: ${reply}`);
  client.inGame = true;
  return { client, gmcp: new GmcpReader(client) };
}
