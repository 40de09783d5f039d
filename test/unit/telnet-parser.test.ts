import { describe, expect, it } from 'vitest';
import { TelnetParser, type ParserHandler } from '../../src/telnet/parser.js';

const IAC = 255, SB = 250, SE = 240, WILL = 251, DO = 253, GA = 249, AYT = 246, NAWS = 31, TTYPE = 24;

/** Everything the parser reports, as readable events. */
function parse(chunks: number[][], max = 64): string[] {
  const events: string[] = [];
  const handler: ParserHandler = {
    data: (b) => events.push(`data ${b.toString('latin1')}`),
    command: (c) => events.push(`command ${c}`),
    negotiation: (v, o) => events.push(`${v === WILL ? 'WILL' : v === DO ? 'DO' : v} ${o}`),
    subnegotiation: (o, p) => events.push(`sb ${o} [${[...p].join(',')}]`),
    overflow: () => events.push('overflow'),
  };
  const parser = new TelnetParser(handler, max);
  for (const c of chunks) parser.push(Buffer.from(c));
  // Adjacent data runs are one stream of bytes: join them for comparison.
  return events.reduce<string[]>((out, e) => {
    if (e.startsWith('data ') && out.at(-1)?.startsWith('data ')) out[out.length - 1] += e.slice(5);
    else out.push(e);
    return out;
  }, []);
}

const text = (s: string) => [...Buffer.from(s, 'latin1')];

describe('the telnet parser', () => {
  it('separates data, commands, negotiation and subnegotiation', () => {
    expect(parse([[...text('ab'), IAC, SB, NAWS, 0, 80, IAC, IAC, IAC, SE, IAC, WILL, TTYPE, IAC, GA, ...text('c')]])).toEqual([
      'data ab',
      'sb 31 [0,80,255]',
      'WILL 24',
      'command 249',
      'data c',
    ]);
  });

  it('hands over data runs without copying', () => {
    const chunk = Buffer.from('look\r\n');
    const seen: Buffer[] = [];
    new TelnetParser({ data: (b) => seen.push(b), command() {}, negotiation() {}, subnegotiation() {}, overflow() {} }, 64).push(chunk);
    expect(seen).toHaveLength(1);
    expect(seen[0].buffer).toBe(chunk.buffer);
  });

  it('reads IAC IAC as one 0xFF data byte', () => {
    expect(parse([[...text('a'), IAC, IAC, ...text('b')]])).toEqual(['data a\xffb']);
  });

  it('ends a subnegotiation broken by IAC <command>, and reads the command', () => {
    expect(parse([[IAC, SB, TTYPE, IAC, WILL, NAWS, ...text('hi')]])).toEqual(['sb 24 []', 'WILL 31', 'data hi']);
    expect(parse([[IAC, SB, TTYPE, 1, IAC, AYT, ...text('ok')]])).toEqual(['sb 24 [1]', 'command 246', 'data ok']);
  });

  it('does so across chunk boundaries, and finishes commands split between chunks', () => {
    expect(parse([[IAC, SB, TTYPE, 1, IAC], [0x41, 0x6f, 0x6b]])).toEqual(['sb 24 [1]', 'command 65', 'data ok']);
    expect(parse([[...text('x'), IAC], [DO], [NAWS, ...text('y')]])).toEqual(['data x', 'DO 31', 'data y']);
  });

  it('leaves an option byte of 255 after WILL alone', () => {
    expect(parse([[IAC, WILL, IAC, 0x61]])).toEqual(['WILL 255', 'data a']);
  });

  it('reports an overlong subnegotiation once and stops reading', () => {
    expect(parse([[IAC, SB, TTYPE, ...new Array(70).fill(0x41), IAC, SE, ...text('never')]])).toEqual(['overflow']);
  });
});
