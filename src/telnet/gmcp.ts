/**
 * GMCP (option 201): `Package.Message <json>` inside a subnegotiation, both ways.
 * From the client we take Core.Hello, Core.Supports.Set/Add/Remove and Core.Ping, and hand on
 * Char.Items.Inv (the player's list asked for again); anything else, broken JSON or oversized
 * lists are ignored. What we send is docs/gmcp.md.
 */
import { NegotiatedOption, OptionCode } from './options.js';
import { subnegotiationFrame } from './output.js';

/** Longest GMCP message we read; the parser closes a connection past its own, larger cap. */
export const MAX_GMCP_MESSAGE = 4096;
/** At most this many packages in Core.Supports (Mudlet lists about a dozen). */
const MAX_SUPPORTED = 64;
/** Packages sent only to clients that listed them in Core.Supports (docs/gmcp.md). */
const OPT_IN = new Set(['table']);
const NAME = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)+$/;

/** An out-of-band message for the client's panels (docs/gmcp.md). */
export interface GmcpMessage {
  /** `Package.Message`, e.g. `Char.Status`. */
  name: string;
  data?: unknown;
}

/**
 * The GMCP package of each kind of news the tavern tells a client's panels (src/rooms/news.ts):
 * the one place the server writes these names (docs/gmcp.md). The web page takes the same.
 */
export const GMCP_PACKAGES = {
  character: 'Char.Name',
  status: 'Char.Status',
  room: 'Room.Info',
  speech: 'Comm.Channel.Text',
  'table-state': 'Table.State',
  'table-dice': 'Table.Dice',
  'table-hand': 'Table.Hand',
  'items-list': 'Char.Items.List',
  'items-add': 'Char.Items.Add',
  'items-remove': 'Char.Items.Remove',
} as const;

export type PanelNewsKind = keyof typeof GMCP_PACKAGES;

/** News for the panels as the GMCP message that carries it. */
export function gmcpOf(news: { kind: PanelNewsKind; data: unknown }): GmcpMessage {
  return { name: GMCP_PACKAGES[news.kind], data: news.data };
}

/** A client's request for something of its player's (Char.Items.Inv: what they carry), kept in its place among the lines it typed (the server's LineQueue). */
export class GmcpRequest {
  constructor(readonly what: 'items') {}
  get length(): number {
    return this.what.length;
  }
}

/** Who hears a client's requests (the connection, which hands them to whoever serves its player). */
export interface GmcpAsked {
  asked(request: GmcpRequest): void;
}

const ITEMS = new GmcpRequest('items');

export class GmcpOption extends NegotiatedOption {
  /** Core.Hello's client and version, cleaned: for the log. */
  hello: { client: string; version: string } | null = null;
  /** The package names of Core.Supports, lower case, without their versions. */
  readonly supports = new Set<string>();

  constructor(
    host: ConstructorParameters<typeof NegotiatedOption>[0],
    code: number,
    private readonly owner: GmcpAsked,
  ) {
    super(host, code);
  }

  override subnegotiation(data: Buffer): void {
    if (!this.local) return;
    const message = parseGmcp(data);
    if (!message) return;
    const list = Array.isArray(message.data) ? message.data.filter((p) => typeof p === 'string').slice(0, MAX_SUPPORTED) : [];
    switch (message.name.toLowerCase()) {
      case 'core.hello': {
        const hello = message.data as { client?: unknown; version?: unknown } | null;
        if (hello && typeof hello === 'object') this.hello = { client: shortText(hello.client), version: shortText(hello.version) };
        break;
      }
      case 'core.supports.set':
        if (!Array.isArray(message.data)) break;
        this.supports.clear();
        for (const p of list) this.supports.add(packageOf(p));
        break;
      case 'core.supports.add':
        for (const p of list) if (this.supports.size < MAX_SUPPORTED) this.supports.add(packageOf(p));
        break;
      case 'core.supports.remove':
        for (const p of list) this.supports.delete(packageOf(p));
        break;
      case 'core.ping':
        this.send({ name: 'Core.Ping' });
        break;
      case 'char.items.inv':
        this.owner.asked(ITEMS);
        break;
    }
  }

  /** Whether a message of this package (`Table.State`, `Char`) would reach the client. */
  wants(name: string): boolean {
    if (!this.local) return false;
    const root = name.split('.')[0].toLowerCase();
    return !OPT_IN.has(root) || this.supports.has(root);
  }

  /** Sends one message if the client wants it; false when it was not sent. */
  send(message: GmcpMessage): boolean {
    if (!this.wants(message.name)) return false;
    this.sendSubnegotiation(encodeGmcp(message));
    return true;
  }
}

/** A client's message, or null for anything malformed (too long, bad name, broken JSON). */
export function parseGmcp(payload: Buffer): GmcpMessage | null {
  if (payload.length > MAX_GMCP_MESSAGE) return null;
  const text = payload.toString('utf8').trim();
  const space = text.search(/\s/);
  const name = space < 0 ? text : text.slice(0, space);
  if (!NAME.test(name)) return null;
  if (space < 0) return { name };
  try {
    return { name, data: JSON.parse(text.slice(space + 1)) as unknown };
  } catch {
    return null;
  }
}

export function encodeGmcp(message: GmcpMessage): Buffer {
  const json = message.data === undefined ? '' : ` ${JSON.stringify(message.data)}`;
  return Buffer.from(`${message.name}${json}`, 'utf8');
}

/** Frames already made, by the data object they carry. */
const frames = new WeakMap<object, { name: string; frame: Buffer }>();

/**
 * `IAC SB GMCP <message> IAC SE`. One data object sent to a whole room (a Table.State that is
 * the same for every viewer, a Table.Dice) is encoded once, not once per client: data is never
 * changed once it is handed to a session.
 */
export function gmcpFrame(message: GmcpMessage): Buffer {
  const { data } = message;
  if (typeof data !== 'object' || data === null) return subnegotiationFrame(OptionCode.GMCP, encodeGmcp(message));
  const made = frames.get(data);
  if (made && made.name === message.name) return made.frame;
  const frame = subnegotiationFrame(OptionCode.GMCP, encodeGmcp(message));
  frames.set(data, { name: message.name, frame });
  return frame;
}

/** `"Table 1"` -> `table`. */
function packageOf(entry: string): string {
  return entry.trim().split(/\s+/)[0].toLowerCase().slice(0, 40);
}

function shortText(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[^\x20-\x7e]/g, '').slice(0, 40) : '';
}
