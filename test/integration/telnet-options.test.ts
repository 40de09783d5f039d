/** Byte-level tests of the MUD options: MTTS, CHARSET, GMCP, MSSP, and what they change. */
import { describe, expect, it } from 'vitest';
import { DO, DONT, EOR, GA, IAC, OptionCode, SB, SE, WILL, WONT } from '../../src/telnet/options.js';
import { paint } from '../../src/text/markup.js';
import { gmcpFrame } from '../../src/telnet/gmcp.js';
import { bytes, connect, INITIAL_NEGOTIATION, roundTrip, startServer, waitFor, type RawClient, type ServerSide } from '../support/telnetHarness.js';

const { TTYPE, CHARSET, GMCP, MSSP, EOR: EOR_OPTION } = OptionCode;
const SEND = [IAC, SB, TTYPE, 1, IAC, SE];
const is = (name: string) => bytes([IAC, SB, TTYPE, 0], name, [IAC, SE]);
const gmcp = (text: string) => bytes([IAC, SB, GMCP], text, [IAC, SE]);
const count = (haystack: Buffer, needle: number[]) => {
  let n = 0;
  for (let at = haystack.indexOf(Buffer.from(needle)); at >= 0; at = haystack.indexOf(Buffer.from(needle), at + 1)) n++;
  return n;
};

/** Plays a client's TTYPE answers, one per SEND, and returns how many SENDs it got. */
async function answerTtype(client: RawClient, side: ServerSide, answers: string[]): Promise<number> {
  client.send([IAC, WILL, TTYPE]);
  for (const [i, answer] of answers.entries()) {
    await waitFor(() => count(client.received, SEND) > i || side.conn.closed, `SEND number ${i + 1}`);
    client.send(is(answer));
  }
  await roundTrip(client, side);
  return count(client.received, SEND);
}

describe('TTYPE and MTTS', () => {
  it('cycles TinTin++: name, terminal, MTTS 271, and stops at the MTTS answer', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    expect(await answerTtype(client, side, ['TINTIN++', 'xterm-256color', 'MTTS 271'])).toBe(3);
    expect(side.conn.terminal).toMatchObject({ client: 'TINTIN++', type: 'xterm-256color', mtts: 271 });
    // 271 = ANSI, VT100, UTF-8, 256 colours, truecolour.
    expect(side.conn.profile).toMatchObject({ colour: 3, ascii: false, screenReader: false });
  });

  it('cycles KBtin until an answer repeats, and asks at most 4 times', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    expect(await answerTtype(client, side, ['KBtin', 'hardcopy', 'unknown', 'KBtin-2.1'])).toBe(4);
    // A fifth answer, unasked, changes nothing.
    client.send(is('MTTS 64'));
    await roundTrip(client, side);
    expect(count(client.received, SEND)).toBe(4);
    expect(side.conn.terminal).toMatchObject({ client: 'KBtin', mtts: null });
    expect(side.conn.profile).toMatchObject({ colour: 1, ascii: true, screenReader: false });
  });

  it('stops when tf5 repeats itself, and gives it 16 colours and ASCII', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    expect(await answerTtype(client, side, ['TINYFUGUE', 'ANSI-ATTR', 'ANSI-ATTR'])).toBe(3);
    client.send([IAC, DONT, CHARSET]);
    await roundTrip(client, side);
    expect(side.conn.profile).toMatchObject({ colour: 1, ascii: true });
  });

  it('takes the screen-reader bit, and a plain terminal name for no colour', async () => {
    const harness = await startServer();
    const reader = await connect(harness);
    await answerTtype(reader.client, reader.side, ['MUDLET', 'ANSI-TRUECOLOR', 'MTTS 2893']);
    expect(reader.side.conn.profile).toMatchObject({ colour: 3, screenReader: true, ascii: false });
    const dumb = await connect(harness);
    await answerTtype(dumb.client, dumb.side, ['dumb', 'dumb']);
    expect(dumb.side.conn.profile).toMatchObject({ colour: 0, screenReader: false, ascii: true });
  });

  it('lets the player override colour and screen reader either way', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    await answerTtype(client, side, ['XTERM', 'XTERM']);
    expect(side.conn.profile.colour).toBe(1);
    side.conn.colour = 'off';
    side.conn.screenReader = 'on';
    expect(side.conn.profile).toMatchObject({ colour: 0, screenReader: true });
    const offset = client.received.length;
    side.conn.deliver({ text: [paint('won', 'You win 50 coins.')] });
    await client.waitForBytes([IAC, GA], offset);
    expect(client.after(offset).includes(0x1b)).toBe(false);
    side.conn.colour = 'on';
    side.conn.screenReader = 'auto';
    expect(side.conn.profile).toMatchObject({ colour: 1, screenReader: false });
  });

  it('gives colour "on" 16 colours to a client that said nothing', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.colour = 'on';
    side.conn.deliver({ text: [paint('room', 'The Common Room')], prompt: false });
    await client.waitForBytes(bytes('\x1b[1m\x1b[93mThe Common Room'), INITIAL_NEGOTIATION.length);
  });

  it('is never asked again by a client that refuses TTYPE', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, WONT, TTYPE, IAC, WILL, TTYPE]);
    await roundTrip(client, side);
    expect(count(client.received, SEND)).toBe(0);
  });
});

describe('CHARSET', () => {
  it('requests UTF-8 after DO CHARSET; a rejection keeps ASCII', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, DO, CHARSET]);
    await client.waitForBytes([IAC, SB, CHARSET, 1, ...Buffer.from(';UTF-8'), IAC, SE], INITIAL_NEGOTIATION.length);
    client.send([IAC, SB, CHARSET, 3, IAC, SE]);
    await roundTrip(client, side);
    expect(side.conn.profile.ascii).toBe(true);
  });

  it('answers a request of the client: UTF-8 accepted when it is in the list, else rejected', async () => {
    const harness = await startServer();
    const picky = await connect(harness);
    picky.client.send([IAC, WILL, CHARSET], [IAC, SB, CHARSET, 1], ' ISO-8859-1 KOI8-R', [IAC, SE]);
    await picky.client.waitForBytes([IAC, DO, CHARSET, IAC, SB, CHARSET, 3, IAC, SE], INITIAL_NEGOTIATION.length);
    expect(picky.side.conn.profile.ascii).toBe(true);
    const modern = await connect(harness);
    modern.client.send([IAC, WILL, CHARSET], [IAC, SB, CHARSET, 1], ';ISO-8859-1;utf-8', [IAC, SE]);
    await modern.client.waitForBytes(bytes([IAC, SB, CHARSET, 2], 'UTF-8', [IAC, SE]), INITIAL_NEGOTIATION.length);
    expect(modern.side.conn.profile.ascii).toBe(false);
  });
});

describe('GMCP', () => {
  async function gmcpClient(supports?: string) {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, DO, GMCP]);
    if (supports) client.send(gmcp(`Core.Supports.Set ${supports}`));
    await roundTrip(client, side);
    return { client, side };
  }

  it('sends nothing to a client that did not enable it', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    expect(side.conn.wantsGmcp('Char.Status')).toBe(false);
    side.conn.gmcp('Char.Name', { name: 'Ana' });
    side.conn.deliver({ gmcp: [{ name: 'Room.Info', data: { id: 'common-room' } }], text: ['Hello.'] });
    await client.waitForBytes([IAC, GA], INITIAL_NEGOTIATION.length);
    expect(client.after(INITIAL_NEGOTIATION.length)).toEqual(bytes('Hello.\r\n> ', [IAC, GA]));
  });

  it('takes Core.Hello and answers Core.Ping', async () => {
    const { client, side } = await gmcpClient();
    client.send(gmcp('Core.Hello {"client": "Mudlet\\u001b[31m", "version": "4.17.2"}'), gmcp('Core.Ping'));
    await client.waitForBytes(gmcp('Core.Ping'), INITIAL_NEGOTIATION.length);
    await roundTrip(client, side);
    expect(side.conn.terminal.client).toBe('Mudlet[31m 4.17.2');
  });

  it('sends Char, Room and Comm to every GMCP client, and Table only once listed in Core.Supports', async () => {
    const { client, side } = await gmcpClient('["Char 1", "Room 1"]');
    expect(side.conn.wantsGmcp('Char.Status')).toBe(true);
    expect(side.conn.wantsGmcp('Comm.Channel.Text')).toBe(true);
    expect(side.conn.wantsGmcp('Table.State')).toBe(false);
    client.send(gmcp('Core.Supports.Add ["Table 1"]'));
    await roundTrip(client, side);
    expect(side.conn.wantsGmcp('Table.State')).toBe(true);
    const offset = client.received.length;
    side.conn.deliver({ gmcp: [{ name: 'Table.Dice', data: { table: 'sand-table', dice: [3, 4], total: 7 } }, { name: 'Char.Name', data: { name: 'Ana' } }], text: ['The dice land.'] });
    const expected = bytes(
      gmcp('Table.Dice {"table":"sand-table","dice":[3,4],"total":7}'),
      gmcp('Char.Name {"name":"Ana"}'),
      'The dice land.\r\n> ',
      [IAC, GA],
    );
    await client.waitForBytes(expected, offset);
    expect(client.after(offset)).toEqual(expected);
    client.send(gmcp('Core.Supports.Remove ["Table"]'));
    await roundTrip(client, side);
    expect(side.conn.wantsGmcp('Table.Hand')).toBe(false);
  });

  it('ignores broken JSON, unknown packages, bad names and oversized lists', async () => {
    const { client, side } = await gmcpClient('["Table 1"]');
    client.send(
      gmcp('Core.Supports.Set ["Table 1", broken'),
      gmcp('Core.Supports.Set "Table"'),
      gmcp('Char.Login {"name": "x"}'),
      gmcp('core.supports.remove'),
      gmcp('.Core.Ping'),
      gmcp('Core'),
      gmcp('Core.Supports.Add ' + JSON.stringify(Array.from({ length: 200 }, (_, i) => `P${i} 1`))),
    );
    await roundTrip(client, side);
    expect(side.conn.wantsGmcp('Table.State')).toBe(true);
    expect(side.conn.closed).toBe(false);
    expect(client.after(INITIAL_NEGOTIATION.length).includes(Buffer.from('Core.Ping'))).toBe(false);
  });

  it('frames one data object once however many clients it goes to, and each name apart', () => {
    const state = { id: 'bones-table', bets: [{ player: 'Ana', amount: 5000 }] };
    const frame = gmcpFrame({ name: 'Table.State', data: state });
    expect(frame).toEqual(gmcp('Table.State {"id":"bones-table","bets":[{"player":"Ana","amount":5000}]}'));
    expect(gmcpFrame({ name: 'Table.State', data: state })).toBe(frame);
    expect(gmcpFrame({ name: 'Table.Other', data: state })).toEqual(gmcp('Table.Other {"id":"bones-table","bets":[{"player":"Ana","amount":5000}]}'));
    expect(gmcpFrame({ name: 'Core.Ping' })).toEqual(gmcp('Core.Ping'));
  });

  it('escapes IAC in what it sends', async () => {
    const { client, side } = await gmcpClient();
    const offset = client.received.length;
    side.conn.gmcp('Comm.Channel.Text', { text: 'ÿ' });
    await client.waitForBytes(gmcp('Comm.Channel.Text {"text":"\u00ff"}'), offset);
  });
});

describe('MSSP', () => {
  it('sends the variables from the provider after DO MSSP, with the protocol flags, lists as repeated values', async () => {
    const harness = await startServer({ mssp: () => ({ NAME: 'The Obsidian Scorpion', PLAYERS: '3', GAMEPLAY: ['Roleplaying', 'Social'], ANSI: '1' }) });
    const { client, side } = await connect(harness);
    client.send([IAC, DO, MSSP]);
    const v = (name: string, ...values: string[]) => bytes([1], name, ...values.flatMap((x) => [[2], x]));
    await client.waitForBytes([IAC, SE], INITIAL_NEGOTIATION.length);
    await roundTrip(client, side);
    const sent = client.after(INITIAL_NEGOTIATION.length);
    expect(sent.subarray(0, 3)).toEqual(Buffer.from([IAC, SB, MSSP]));
    expect(sent.includes(v('NAME', 'The Obsidian Scorpion'))).toBe(true);
    expect(sent.includes(v('PLAYERS', '3'))).toBe(true);
    expect(sent.includes(v('GAMEPLAY', 'Roleplaying', 'Social'))).toBe(true);
    expect(sent.includes(v('MCCP', '1'))).toBe(true);
    expect(sent.includes(v('GMCP', '1'))).toBe(true);
    expect(count(sent, [1, ...Buffer.from('ANSI')])).toBe(1);
  });

  it('answers MSSP-REQUEST in plain text, one VARIABLE<TAB>VALUE a line, and hangs up', async () => {
    const harness = await startServer({ mssp: () => ({ NAME: 'The Obsidian Scorpion', PORT: '4000', GENRE: ['Fantasy'] }) });
    const { client, side } = await connect(harness);
    side.conn.onLine(() => side.conn.closeWithMssp());
    client.send('MSSP-REQUEST\r\n');
    await waitFor(() => client.ended, 'the hang-up');
    const text = client.after(INITIAL_NEGOTIATION.length).toString();
    expect(text).toMatch(/^MSSP-REPLY-START\r\n/);
    expect(text).toContain('NAME\tThe Obsidian Scorpion\r\n');
    expect(text).toContain('PORT\t4000\r\n');
    expect(text).toContain('UTF-8\t1\r\n');
    expect(text).toMatch(/MSSP-REPLY-END\r\n$/);
  });
});

describe('deliveries', () => {
  it('end a prompt in IAC EOR once EOR is agreed, and in IAC GA again once it is refused', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    let offset = client.received.length;
    side.conn.deliver({});
    await client.waitForBytes(bytes('> ', [IAC, GA]), offset);
    client.send([IAC, DO, EOR_OPTION]);
    await roundTrip(client, side);
    offset = client.received.length;
    side.conn.deliver({});
    await client.waitForBytes(bytes('> ', [IAC, EOR]), offset);
    client.send([IAC, DONT, EOR_OPTION]);
    await roundTrip(client, side);
    offset = client.received.length;
    side.conn.deliver({});
    await client.waitForBytes(bytes('> ', [IAC, GA]), offset);
  });

  it('give a screen reader each message on a line of its own, its prompt on the message line, and no lone prompt line', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    side.conn.screenReader = 'on';
    const start = INITIAL_NEGOTIATION.length;
    side.conn.deliver({ text: ["Ana shouts, 'one'"] });
    side.conn.deliver({ text: ['[ooc] Ana: two'] });
    // The second message starts a line of its own: the client's cursor waited after the first prompt.
    const news = bytes("Ana shouts, 'one' > ", [IAC, GA], '\r\n[ooc] Ana: two > ', [IAC, GA]);
    await client.waitForBytes(news, start);
    expect(client.after(start)).toEqual(news);
    // The player's Enter ends the prompt's line: the reply starts where the cursor is, its prompt on its own last line.
    const lines: string[] = [];
    side.conn.onLine((line) => lines.push(line));
    client.send(bytes('i\r\n'));
    await waitFor(() => lines.length === 1, 'the line');
    const replied = client.received.length;
    side.conn.deliver({ text: ['You are carrying 1,000 obsidian coins.\nYou hold nothing else.'] });
    const reply = bytes('You are carrying 1,000 obsidian coins.\r\nYou hold nothing else. > ', [IAC, GA]);
    await client.waitForBytes(reply, replied);
    expect(client.after(replied)).toEqual(reply);
    // A last word before closing ends its line.
    const last = client.received.length;
    side.conn.deliver({ text: ['Farewell!'], prompt: false });
    await client.waitForBytes(bytes('\r\nFarewell!\r\n'), last);
    expect(client.after(last)).toEqual(bytes('\r\nFarewell!\r\n'));
    // Sighted players keep the prompt on a line of its own.
    side.conn.screenReader = 'off';
    const later = client.received.length;
    side.conn.deliver({ text: ['Bex says, hello.'] });
    await client.waitForBytes(bytes('Bex says, hello.\r\n> ', [IAC, GA]), later);
  });

  it('wrap every block to the reported width', async () => {
    const harness = await startServer();
    const { client, side } = await connect(harness);
    client.send([IAC, WILL, 31, IAC, SB, 31, 0, 30, 0, 24, IAC, SE]);
    await roundTrip(client, side);
    const offset = client.received.length;
    side.conn.deliver({ text: ['Your bet of 5,000 obsidian coins on ATTACK 6 is placed.', 'Short line.'], prompt: false });
    await client.waitForBytes(bytes('Short line.\r\n'), offset);
    expect(client.after(offset).toString()).toBe('Your bet of 5,000 obsidian\r\ncoins on ATTACK 6 is placed.\r\nShort line.\r\n');
  });
});
