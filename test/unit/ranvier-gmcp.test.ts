import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { asciiJson, wantsTable, watch } from '../../plugins/ranvier/src/gmcp.js';
import type { RanvierPlayer, RanvierSocket } from '../../plugins/ranvier/src/ranvier.js';

/** The bundle's GMCP: what a connection's client asks for, and JSON that is one byte per character. */

/** A Ranvier stream over ranvier-telnet's TelnetSocket, as far as GMCP goes. */
function stream(): { socket: RanvierSocket; telnet: EventEmitter } {
  const telnet = Object.assign(new EventEmitter(), { telnetCommand: () => undefined });
  return { socket: { writable: true, write: () => undefined, socket: telnet } as unknown as RanvierSocket, telnet };
}

const player = (socket: RanvierSocket): RanvierPlayer => ({ name: 'Ana', room: null, socket, metadata: {} });

describe("the tables' GMCP", () => {
  it("follows the client's Core.Supports: Set, Add and Remove, by package name, whatever the version", () => {
    const { socket, telnet } = stream();
    watch(socket);
    const ana = player(socket);
    expect(wantsTable(ana)).toBe(false);
    telnet.emit('GMCP', 'Core.Supports.Set', ['Char 1', 'Table 1']);
    expect(wantsTable(ana)).toBe(true);
    telnet.emit('GMCP', 'Core.Supports.Remove', ['Table']);
    expect(wantsTable(ana)).toBe(false);
    telnet.emit('GMCP', 'Core.Supports.Add', ['Table 2']);
    expect(wantsTable(ana)).toBe(true);
    telnet.emit('GMCP', 'Core.Supports.Set', ['Char 1']);
    expect(wantsTable(ana)).toBe(false);
  });

  it('leaves a connection that speaks no GMCP alone', () => {
    const socket = { writable: true, write: () => undefined } as RanvierSocket;
    watch(socket);
    expect(wantsTable(player(socket))).toBe(false);
  });

  it('writes JSON in ASCII, each character past it a \\u escape, the same value read back', () => {
    const hand = { faces: [{ card: '7h', face: '7♥', name: '7 of hearts' }], note: 'café' };
    const json = asciiJson(hand);
    expect(json).toMatch(/^[\x20-\x7e]*$/);
    expect(json).toContain('7\\u2665');
    expect(JSON.parse(json)).toEqual(hand);
  });
});
