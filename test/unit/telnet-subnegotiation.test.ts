import { describe, expect, it } from 'vitest';
import { SubnegotiationRepair } from '../../src/telnet/subnegotiation.js';

const IAC = 255, SB = 250, SE = 240, WILL = 251, NAWS = 31, TTYPE = 24;
const run = (...chunks: number[][]) => {
  const repair = new SubnegotiationRepair();
  return chunks.flatMap((c) => [...repair.push(Buffer.from(c))]);
};

describe('the subnegotiation repair', () => {
  it('passes well-formed input through untouched (the same buffer)', () => {
    const repair = new SubnegotiationRepair();
    const input = Buffer.from([0x61, IAC, SB, NAWS, 0, 80, IAC, IAC, IAC, SE, IAC, WILL, TTYPE, 0x62]);
    expect(repair.push(input)).toBe(input);
  });

  it('ends a subnegotiation broken by IAC <command>, keeping the command', () => {
    expect(run([IAC, SB, TTYPE, IAC, WILL, NAWS, 0x68, 0x69])).toEqual([IAC, SB, TTYPE, IAC, SE, IAC, WILL, NAWS, 0x68, 0x69]);
  });

  it('does so across a chunk boundary', () => {
    expect(run([IAC, SB, TTYPE, 1, IAC], [0x41, 0x6f, 0x6b])).toEqual([IAC, SB, TTYPE, 1, IAC, SE, IAC, 0x41, 0x6f, 0x6b]);
  });

  it('leaves IAC IAC inside a subnegotiation alone, and an option byte of 255 after WILL', () => {
    expect(run([IAC, SB, NAWS, 0, IAC, IAC, 0, 24, IAC, SE])).toEqual([IAC, SB, NAWS, 0, IAC, IAC, 0, 24, IAC, SE]);
    expect(run([IAC, WILL, IAC, 0x61])).toEqual([IAC, WILL, IAC, 0x61]);
  });
});
