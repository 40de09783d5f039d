/** The output path's bytes: one buffer per delivery, one write per socket per corked release, MCCP2 in order. */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/games/random.js';
import { Outbox, type Delivery, type Session } from '../../src/output/outbox.js';
import type { News } from '../../src/output/news.js';
import type { Store } from '../../src/store/index.js';
import { toAscii } from '../../src/telnet/charset.js';
import type { TelnetConnection } from '../../src/telnet/connection.js';
import { GMCP_PACKAGES, gmcpOf } from '../../src/telnet/gmcp.js';
import { HANG, paint, WHOLE } from '../../src/text/markup.js';
import { DO, GA, IAC, OptionCode, SB, SE } from '../../src/telnet/options.js';
import { deliveryBytes } from '../../src/telnet/delivery.js';
import { encodeFrame, encodeText, promptEnd } from '../../src/telnet/output.js';
import { chooseContent, clean, colourise, isPlainShort, render, type RenderProfile } from '../../src/telnet/render.js';
import { wrapLines } from '../../src/telnet/wrap.js';
import { bytes, connect, INITIAL_NEGOTIATION, roundTrip, startServer, waitFor } from '../support/telnetHarness.js';

/** The stages one after another, as render ran them before it had a short cut. */
function staged(text: string, p: RenderProfile): string {
  const coloured = colourise(chooseContent(clean(text), p.screenReader), p.colour);
  return wrapLines(p.ascii ? toAscii(coloured) : coloured, p.width);
}

describe('framing a delivery', () => {
  it('gives the bytes of encodeText followed by the prompt end, in one buffer', () => {
    const long = `${'Crowded. '.repeat(300)}\n`.repeat(3);
    const texts = ['', '> ', 'You are carrying 1,000 obsidian coins.\n> ', 'a\r\nb\rc\nd', 'café ÿ \xff end\n', '\x1b[1mbold\x1b[22m\n\n', 'nul \0 del \x7f tab \t\n', long, `${long}é`];
    for (const text of texts) {
      for (const tail of [undefined, promptEnd(false), promptEnd(true)]) {
        const expected = tail ? Buffer.concat([encodeText(text), tail]) : encodeText(text);
        expect(encodeFrame(text, tail), JSON.stringify(text)).toEqual(expected);
      }
    }
  });
});

describe("a delivery's bytes", () => {
  it('are encodeFrame of the rendered text and its prompt, for any mix of text, marks, profiles and prompts (short plain text is framed in one pass)', () => {
    const random = seededRandom(16);
    const pieces = ['word ', 'a', ' ', '\n', paint('coins', '50 coins'), paint('name', 'Ana'), '\x0e', '\x0f', '\x0ez', '\x10', 'é', '\t', '\r', HANG, paint('art', '+-+'), 'x'.repeat(25)];
    const profiles: RenderProfile[] = [
      { colour: 0, screenReader: false, ascii: false, width: 80 },
      { colour: 1, screenReader: true, ascii: false, width: 80 },
      { colour: 2, screenReader: false, ascii: true, width: 30 },
      { colour: 3, screenReader: true, ascii: false, width: 40 },
    ];
    let plain = 0;
    for (let n = 0; n < 600; n++) {
      const blocks: string[] = [];
      for (let b = random.int(3); b >= 0; b--) {
        let text = '';
        for (let i = 1 + random.int(8); i > 0; i--) text += pieces[random.int(pieces.length)];
        blocks.push(text);
      }
      const joined = blocks.join('\n');
      if (isPlainShort(joined, 80)) plain++;
      for (const profile of profiles) {
        for (const promptOpen of [false, true]) {
          const newLine = profile.screenReader && promptOpen ? '\n' : '';
          const shown = `${newLine}${render(joined, profile)}`;
          const c = { profile, wantsGmcp: () => false, promptOpen, eorEnabled: n % 2 === 0 };
          expect(deliveryBytes({ text: blocks }, c), JSON.stringify(blocks)).toEqual(encodeFrame(`${shown}${profile.screenReader ? ' ' : '\n'}> `, promptEnd(c.eorEnabled)));
          expect(c.promptOpen).toBe(true);
          c.promptOpen = promptOpen;
          expect(deliveryBytes({ text: blocks, prompt: false }, c), JSON.stringify(blocks)).toEqual(encodeFrame(`${shown}\n`));
          expect(c.promptOpen).toBe(false);
        }
      }
    }
    // Both ways were taken, many times.
    expect(plain).toBeGreaterThan(20);
    expect(plain).toBeLessThan(580);
  });
});

describe("render's short cut for short plain text", () => {
  const profiles: RenderProfile[] = [
    { colour: 0, screenReader: false, ascii: false, width: 80 },
    { colour: 1, screenReader: false, ascii: true, width: 30 },
    { colour: 3, screenReader: true, ascii: false, width: 10 },
  ];

  it('is taken only where every later stage would change nothing', () => {
    expect(isPlainShort(`You are carrying ${paint('coins', '1,000 obsidian coins')}.`, 80)).toBe(true);
    expect(isPlainShort('x'.repeat(81), 80)).toBe(false);
    expect(isPlainShort(`${paint('coins', 'x'.repeat(80))}`, 80)).toBe(true);
    for (const odd of ['tab\there', 'café', `a${HANG}b`, `${WHOLE}line`, paint('art', '+--+'), paint('spoken', 'a board'), 'esc\x1b[31m', 'cr\r']) {
      expect(isPlainShort(odd, 80), JSON.stringify(odd)).toBe(false);
    }
  });

  it('renders exactly what the stages render, for any mix of text, marks and widths', () => {
    const random = seededRandom(15);
    const pieces = ['word ', 'a', ' ', '\n', paint('coins', '50 coins'), paint('name', 'Ana'), '\x0e', '\x0f', '\x0ez', 'é', '\t', HANG, paint('art', '+-+'), paint('spoken', 'a box'), 'x'.repeat(25)];
    for (let n = 0; n < 600; n++) {
      let text = '';
      const length = 1 + random.int(12);
      for (let i = 0; i < length; i++) text += pieces[random.int(pieces.length)];
      for (const p of profiles) expect(render(text, p), JSON.stringify(text)).toBe(staged(text, p));
    }
  });
});

const quietStore = { hasUnwrittenChanges: false, flush: () => Promise.resolve() } as unknown as Store;

/** The Session server.ts makes of a connection, as far as the outbox uses it. */
function sessionOf(conn: TelnetConnection): Session {
  return {
    deliver: (d) => conn.deliver({ text: d.text, gmcp: d.news?.map(gmcpOf), prompt: d.prompt }),
    wants: (kind) => conn.wantsGmcp(GMCP_PACKAGES[kind]),
    close: (farewell) => conn.close(farewell),
    hideInput: () => conn.hideInput(),
    showInput: () => conn.showInput(),
    cork: () => conn.cork(),
    uncork: () => conn.uncork(),
    width: 80,
    colour: 'auto',
    screenReader: 'auto',
    colourInUse: false,
    screenReaderInUse: false,
  };
}

/** Counts what reaches the kernel: each _write or _writev of the socket is one system call. */
function countWrites(conn: TelnetConnection): { calls: number; chunks: number } {
  const socket = (conn as unknown as { socket: Record<string, (...args: unknown[]) => unknown> }).socket;
  const seen = { calls: 0, chunks: 0 };
  const write = socket._write.bind(socket);
  const writev = socket._writev.bind(socket);
  socket._write = (...args: unknown[]) => (seen.calls++, seen.chunks++, write(...args));
  socket._writev = (chunks: unknown, ...rest: unknown[]) => (seen.calls++, (seen.chunks += (chunks as unknown[]).length), writev(chunks, ...rest));
  return seen;
}

describe('a release', () => {
  it("keeps each outbox's mail for a session apart, though the mailbox is kept on the session", async () => {
    const told: (readonly string[] | undefined)[] = [];
    const session = { deliver: (d: { text?: readonly string[] }) => told.push(d.text), wants: () => false } as unknown as Session;
    const [one, two] = [new Outbox(quietStore), new Outbox(quietStore)];
    one.add(session, 'from the first');
    two.add(session, 'from the second');
    one.add(session, 'the first again');
    await one.release();
    expect(told).toEqual([['from the first', 'the first again']]);
    await two.release();
    expect(told).toEqual([['from the first', 'the first again'], ['from the second']]);
    expect(Object.keys(session)).toEqual(['deliver', 'wants']);
  });

  it('delivers text, prompt and GA at once when nothing waits for the disk', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    const outbox = new Outbox(quietStore);
    const session = sessionOf(side.conn);
    const offset = client.received.length;
    outbox.add(session, 'You are carrying 1,000 obsidian coins.');
    outbox.prompt(session);
    const writes = countWrites(side.conn);
    void outbox.release();
    await new Promise((resolve) => process.nextTick(resolve));
    expect(writes).toEqual({ calls: 1, chunks: 1 });
    const expected = bytes('You are carrying 1,000 obsidian coins.\r\n> ', [IAC, GA]);
    await client.waitForBytes(expected, offset);
    expect(client.after(offset)).toEqual(expected);
  });

  it('writes a first delivery at once, and the rest of the turn in one more write per socket', async () => {
    const harness = await startServer();
    const ana = await connect(harness);
    const bex = await connect(harness);
    const outbox = new Outbox(quietStore);
    const [a, b] = [sessionOf(ana.side.conn), sessionOf(bex.side.conn)];
    const [aWrites, bWrites] = [countWrites(ana.side.conn), countWrites(bex.side.conn)];
    const [aFrom, bFrom] = [ana.client.received.length, bex.client.received.length];
    for (const line of ['Ana says, one.', 'Bex says, two.', 'Ana says, three.', 'Bex says, four.']) {
      outbox.add(a, line);
      outbox.add(b, line);
      void outbox.release();
    }
    // The first went at once; the next three are corked until this tick's work is done.
    expect(aWrites.calls).toBe(1);
    expect(bWrites.calls).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(aWrites).toEqual({ calls: 2, chunks: 4 });
    expect(bWrites).toEqual({ calls: 2, chunks: 4 });
    const story = bytes(
      'Ana says, one.\r\n> ', [IAC, GA], 'Bex says, two.\r\n> ', [IAC, GA], 'Ana says, three.\r\n> ', [IAC, GA], 'Bex says, four.\r\n> ', [IAC, GA],
    );
    await ana.client.waitForBytes(story, aFrom);
    await bex.client.waitForBytes(story, bFrom);
    expect(ana.client.after(aFrom)).toEqual(story);
    // A new turn: a first delivery again, at once.
    outbox.add(a, 'Ana says, five.');
    void outbox.release();
    expect(aWrites.calls).toBe(3);
  });

  it('corks a session told again in a later tick of the same turn, until that tick ends (another player\'s line read in the same poll)', async () => {
    const harness = await startServer();
    const ana = await connect(harness);
    const outbox = new Outbox(quietStore);
    const a = sessionOf(ana.side.conn);
    const writes = countWrites(ana.side.conn);
    const from = ana.client.received.length;
    const tickEnds = () => new Promise((resolve) => process.nextTick(resolve));
    const told = (...lines: string[]) => {
      for (const line of lines) {
        outbox.add(a, line);
        void outbox.release();
      }
    };
    told('Bex says, one.');
    expect(writes.calls).toBe(1);
    await tickEnds();
    // A later tick of the same turn (as the next socket's read is): corked, both lines in one write at the tick's end.
    told('Cy says, two.', 'Di says, three.');
    expect(writes.calls).toBe(1);
    await tickEnds();
    expect(writes).toEqual({ calls: 2, chunks: 3 });
    // And in the next tick, still the same turn: corked again, never held past its tick.
    told('Eli says, four.', 'Fay says, five.');
    expect(writes.calls).toBe(2);
    await tickEnds();
    expect(writes).toEqual({ calls: 3, chunks: 5 });
    const story = bytes(
      'Bex says, one.\r\n> ', [IAC, GA], 'Cy says, two.\r\n> ', [IAC, GA], 'Di says, three.\r\n> ', [IAC, GA],
      'Eli says, four.\r\n> ', [IAC, GA], 'Fay says, five.\r\n> ', [IAC, GA],
    );
    await ana.client.waitForBytes(story, from);
    expect(ana.client.after(from)).toEqual(story);
  });

  it('keeps the order of deliveries behind one that waits for the disk', async () => {
    let finish: () => void = () => undefined;
    const store = { hasUnwrittenChanges: true, flush: () => new Promise<void>((resolve) => (finish = resolve)) };
    const outbox = new Outbox(store as unknown as Store);
    const told: string[] = [];
    const session = { ...sessionOf(null as unknown as TelnetConnection), cork: undefined, uncork: undefined, deliver: (d: { text?: readonly string[] }) => told.push(...(d.text ?? [])) };
    outbox.add(session, 'first, written');
    const first = outbox.release();
    store.hasUnwrittenChanges = false;
    outbox.add(session, 'second, nothing to write');
    const second = outbox.release();
    expect(told).toEqual([]);
    finish();
    await Promise.all([first, second]);
    expect(told).toEqual(['first, written', 'second, nothing to write']);
    outbox.add(session, 'third');
    void outbox.release();
    expect(told.at(-1)).toBe('third');
  });
});

describe('a release with nothing queued while a write is under way', () => {
  it('ends a message or an answered line in a prompt, and news alone (a panel, a list asked for) in none', async () => {
    const told: Delivery[] = [];
    const session = { deliver: (d: Delivery) => told.push(d), wants: () => true } as unknown as Session;
    const outbox = new Outbox(quietStore);
    const news: News = { kind: 'items-list', data: { location: 'inv', items: [] } };
    const deliver = async (tell: () => void) => {
      told.length = 0;
      tell();
      await outbox.release();
      return told.map((d) => d.prompt);
    };
    expect(await deliver(() => outbox.tell(session, { news }))).toEqual([false]);
    expect(await deliver(() => outbox.add(session, 'Bex waves.'))).toEqual([undefined]);
    expect(await deliver(() => outbox.prompt(session))).toEqual([undefined]);
    expect(await deliver(() => (outbox.tell(session, { news }), outbox.prompt(session)))).toEqual([undefined]);
    // Owed once: the next news alone has none again.
    expect(await deliver(() => outbox.tell(session, { news }))).toEqual([false]);
  });

  it('tells later news once, and only after its own write', async () => {
    const finishes: (() => void)[] = [];
    const store = { hasUnwrittenChanges: true, flush: () => new Promise<void>((resolve) => finishes.push(resolve)) };
    const outbox = new Outbox(store as unknown as Store);
    const told: string[] = [];
    const session = { ...sessionOf(null as unknown as TelnetConnection), cork: undefined, uncork: undefined, deliver: (d: { text?: readonly string[] }) => told.push(...(d.text ?? [])) };
    // A change is written with nothing to tell yet (a quit's "seen", say)...
    const first = outbox.release();
    // ... then news of a second change is queued, and waits for the second write.
    outbox.add(session, 'Bex leaves.');
    const second = outbox.release();
    finishes[0]();
    await first;
    expect(told).toEqual([]);
    finishes[1]();
    await second;
    store.hasUnwrittenChanges = false;
    await outbox.release();
    expect(told).toEqual(['Bex leaves.']);
  });
});

describe('MCCP2 with corked releases', () => {
  it('still inflates to every delivery, prompts and GA included, in order', async () => {
    const { COMPRESS2 } = OptionCode;
    const START = Buffer.from([IAC, SB, COMPRESS2, IAC, SE]);
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, DO, COMPRESS2]);
    await client.waitForBytes(START, INITIAL_NEGOTIATION.length);
    await roundTrip(client, side);
    const outbox = new Outbox(quietStore);
    const session = sessionOf(side.conn);
    const story: Buffer[] = [];
    for (const line of ['The dice clatter.', 'Ana says, hello.', 'You win 50 coins.']) {
      outbox.add(session, line);
      outbox.prompt(session);
      void outbox.release();
      story.push(bytes(`${line}\r\n> `, [IAC, GA]));
    }
    const inflated = () => {
      const rest = client.received.subarray(client.received.indexOf(START) + START.length);
      return zlib.inflateSync(rest, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    };
    await waitFor(() => inflated().equals(Buffer.concat(story)), 'the three deliveries, inflated');
  });
});
