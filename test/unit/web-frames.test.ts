import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, readFrame, writeFrame } from '../../src/web/frames.js';
import { webSession, WEB_WIDTH } from '../../src/web/session.js';
import { originAllowed } from '../../src/web/server.js';
import { paint } from '../../src/text/markup.js';
import type { ServerMessage } from '../../src/web/messages.js';

const frame = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value), 'utf8');
const read = (value: unknown) => readFrame(frame(value), false);

describe('frames from the page', () => {
  it('reads a line message as one line of input', () => {
    expect(read({ type: 'line', text: 'say hello' })).toEqual({ kind: 'line', text: 'say hello' });
    expect(read({ text: '', type: 'line' })).toEqual({ kind: 'line', text: '' });
  });

  it('cleans a line as telnet does: tabs become spaces, terminal sequences, control characters and the markup bytes go', () => {
    expect(read({ type: 'line', text: 'say\thi\u001b[31m\u000ew\u000f\u0007' })).toEqual({ kind: 'line', text: 'say hiw' });
  });

  it('replaces a lone surrogate sent in JSON, and drops the invisible Hangul filler', () => {
    expect(read('{"type":"line","text":"describe a\\ud800 b\\u3164"}')).toEqual({ kind: 'line', text: 'describe a\ufffd b' });
  });

  it('cuts a line over 1,024 bytes with telnet\'s notice, never inside a character', () => {
    const long = `say a${'é'.repeat(600)}`; // 5 + 1,200 bytes: byte 1,024 is the first half of an é
    const got = readFrame(frame({ type: 'line', text: long }), false);
    expect(got.kind).toBe('line');
    if (got.kind !== 'line') return;
    expect(got.notice).toBe('Your line was too long; it was cut to 1,024 bytes.');
    expect(Buffer.byteLength(got.text)).toBe(1023);
    expect(got.text).toBe(`say a${'é'.repeat(509)}`);
    expect(readFrame(frame({ type: 'line', text: 'a'.repeat(1024) }), false)).toEqual({ kind: 'line', text: 'a'.repeat(1024) });
  });

  it.each([
    ['broken JSON', '{"type":"line",', /not JSON/],
    ['a JSON string', '"look"', /not a JSON object/],
    ['a JSON array', '[1,2]', /not a JSON object/],
    ['null', 'null', /not a JSON object/],
    ['an unknown type', { type: 'gmcp', package: 'Core.Ping' }, /not understood/],
    ['no type', { text: 'look' }, /not understood/],
    ['an extra field', { type: 'line', text: 'look', hidden: true }, /not understood/],
    ['a __proto__ field', '{"type":"line","text":"look","__proto__":{"x":1}}', /not understood/],
    ['a number for text', { type: 'line', text: 42 }, /"text" as a string/],
    ['no text', { type: 'line' }, /"text" as a string/],
    ['a line break', { type: 'line', text: 'look\ngive 10 coins to bob' }, /without line breaks/],
    ['a carriage return', { type: 'line', text: 'look\r' }, /without line breaks/],
  ])('refuses %s with a one-line reason', (_what, value, reason) => {
    const got = read(value);
    expect(got.kind).toBe('refused');
    if (got.kind !== 'refused') return;
    expect(got.reason).toMatch(reason);
    expect(got.reason).not.toMatch(/\n/);
  });

  it('refuses binary frames and frames over the cap, whatever they hold', () => {
    expect(readFrame(frame({ type: 'line', text: 'look' }), true)).toEqual({ kind: 'refused', reason: expect.stringMatching(/binary/) });
    const big = frame({ type: 'line', text: 'x'.repeat(MAX_FRAME_BYTES) });
    expect(readFrame(big, false)).toEqual({ kind: 'refused', reason: 'That message was over 4,096 bytes; it was ignored.' });
    const justUnder = frame({ type: 'line', text: 'x'.repeat(MAX_FRAME_BYTES - 25) });
    expect(justUnder.length).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(readFrame(justUnder, false).kind).toBe('line');
  });
});

describe('frames to the page', () => {
  it('carries marked text as is, SO and SI included', () => {
    const text = `${paint('room', 'The Common Room')}\nExits: ${paint('exit', 'north')}`;
    const wire = writeFrame({ type: 'text', text });
    expect(JSON.parse(wire)).toEqual({ type: 'text', text });
    expect(wire).toContain('\\u000er');
  });

  it('maps every Session call to messages: a delivery is its text, its GMCP, then the prompt', () => {
    const sent: ServerMessage[] = [];
    const closed: (string | undefined)[] = [];
    const session = webSession({ send: (m) => sent.push(m), close: (farewell) => closed.push(farewell) });
    session.deliver({ text: ['Welcome.', 'Exits: north.'], news: [{ kind: 'room', data: { id: 'r', name: 'R', exits: {} } }] });
    session.hideInput();
    session.showInput();
    session.deliver({ news: [{ kind: 'status', data: { name: 'Ana', coins: 1000, room: 'common-room', table: null } }], prompt: false });
    session.deliver({ text: ['Farewell!'], prompt: false });
    session.close('Farewell!');
    expect(sent).toEqual([
      { type: 'text', text: 'Welcome.\nExits: north.' },
      { type: 'gmcp', package: 'Room.Info', data: { id: 'r', name: 'R', exits: {} } },
      { type: 'prompt', text: '> ' },
      { type: 'input', hidden: true },
      { type: 'input', hidden: false },
      { type: 'gmcp', package: 'Char.Status', data: { name: 'Ana', coins: 1000, room: 'common-room', table: null } },
      { type: 'text', text: 'Farewell!' },
    ]);
    expect(closed).toEqual(['Farewell!']);
    expect(session.width).toBe(WEB_WIDTH);
    expect(session.wants('table-state')).toBe(true);
  });
});

describe('the Origin check', () => {
  it('lets the page\'s own host in, and clients that are no browser', () => {
    expect(originAllowed('http://127.0.0.1:4080', '127.0.0.1:4080')).toBe(true);
    expect(originAllowed('http://Tavern.example:4080', 'tavern.example:4080')).toBe(true);
    expect(originAllowed('https://tavern.example', 'tavern.example')).toBe(true);
    expect(originAllowed(undefined, '127.0.0.1:4080')).toBe(true);
  });

  it('refuses other sites, other ports, opaque and broken origins', () => {
    expect(originAllowed('http://evil.example', '127.0.0.1:4080')).toBe(false);
    expect(originAllowed('http://127.0.0.1:9999', '127.0.0.1:4080')).toBe(false);
    expect(originAllowed('null', '127.0.0.1:4080')).toBe(false);
    expect(originAllowed('file://', '127.0.0.1:4080')).toBe(false);
    expect(originAllowed('not a url', '127.0.0.1:4080')).toBe(false);
    expect(originAllowed('http://127.0.0.1:4080', undefined)).toBe(false);
  });

  it('lets in the origins on the allow-list, exactly', () => {
    const allowed = ['https://mud.example.org', 'http://lan-box:8080/'];
    expect(originAllowed('https://mud.example.org', '10.0.0.5:4080', allowed)).toBe(true);
    expect(originAllowed('http://lan-box:8080', '10.0.0.5:4080', allowed)).toBe(true);
    expect(originAllowed('http://mud.example.org', '10.0.0.5:4080', allowed)).toBe(false);
    expect(originAllowed('https://mud.example.org.evil.example', '10.0.0.5:4080', allowed)).toBe(false);
  });
});
