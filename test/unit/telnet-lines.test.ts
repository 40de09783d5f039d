import { describe, expect, it } from 'vitest';
import { cleanLine, LineAssembler, lineTooLongNotice, utf8SafeCut } from '../../src/telnet/lines.js';
import { encodeText, escapeIac } from '../../src/telnet/output.js';
import { cleanTerminalType } from '../../src/telnet/mtts.js';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

/** Feeds one chunk and returns the lines it completed, as the assembler tells them. */
function linesOf(assembler: LineAssembler, chunk: Buffer): { text: string; cut: boolean }[] {
  const lines: { text: string; cut: boolean }[] = [];
  assembler.push(chunk, (text, cut) => lines.push({ text, cut }));
  return lines;
}

/** Feeds the chunks in order and returns the texts of every completed line. */
function texts(assembler: LineAssembler, ...chunks: Buffer[]): string[] {
  return chunks.flatMap((chunk) => linesOf(assembler, chunk).map((line) => line.text));
}

describe('LineAssembler line ends', () => {
  it.each([
    ['CR LF', '\r\n'],
    ['CR NUL', '\r\0'],
    ['LF alone', '\n'],
    ['CR alone', '\r'],
  ])('ends a line at %s', (_name, end) => {
    expect(texts(new LineAssembler(), bytes(`look${end}bet 5${end}`))).toEqual(['look', 'bet 5']);
  });

  it('waits for the line end before giving a line', () => {
    const assembler = new LineAssembler();
    expect(texts(assembler, bytes('roll di'))).toEqual([]);
    expect(texts(assembler, bytes('ce\r\n'))).toEqual(['roll dice']);
  });

  it('treats a CR at the end of one chunk and LF or NUL at the start of the next as one line end', () => {
    const assembler = new LineAssembler();
    expect(texts(assembler, bytes('look\r'))).toEqual(['look']);
    expect(texts(assembler, bytes('\nsay hi\r'), bytes('\0inventory\n'))).toEqual(['say hi', 'inventory']);
  });

  it('counts an empty line between two line ends (pressing enter twice)', () => {
    expect(texts(new LineAssembler(), bytes('a\r\n\r\nb\n\n'))).toEqual(['a', '', 'b', '']);
  });

  it('gives CR CR as two lines: only LF or NUL is swallowed after a CR', () => {
    expect(texts(new LineAssembler(), bytes('a\r\rb\r'))).toEqual(['a', '', 'b']);
  });
});

describe('LineAssembler decoding and cleaning', () => {
  it('decodes UTF-8 across chunk boundaries', () => {
    const line = bytes('café ÿ 🎲\n');
    const assembler = new LineAssembler();
    const got = [...line].flatMap((byte) => texts(assembler, Buffer.from([byte])));
    expect(got).toEqual(['café ÿ 🎲']);
  });

  it('replaces bad UTF-8 bytes instead of failing', () => {
    const got = texts(new LineAssembler(), bytes('a', [0xff, 0xc3], 'b', [0x80, 0xf0, 0x9f], '\n'));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^a\uFFFD+b\uFFFD+$/);
  });

  it('strips every terminal escape sequence whole', () => {
    expect(texts(new LineAssembler(), bytes('say \x1b[2J\x1b[31mred\x1b[0m\n'))).toEqual(['say red']);
  });

  it('strips C0 controls and C1 controls (a C1 CSI with its sequence), and turns TAB into a space', () => {
    const got = texts(new LineAssembler(), bytes('a\x00\x07b\x1fc\u0085\u009b31md\te\u00a0f\n'));
    expect(got).toEqual(['abcd e\u00a0f']);
  });

  it('strips format characters: a bidi override cannot turn text around, zero-width ones cannot hide words', () => {
    const got = texts(new LineAssembler(), bytes('say \u202eslaes\u202c hi\u200b\u200c\u200d\u2060\ufeff\u2066there\u2069\u00ad!\n'));
    expect(got).toEqual(['say slaes hithere!']);
    expect(cleanLine('emote \u202dwaves\u061c')).toBe('emote waves');
  });

  it('strips the Hangul fillers and the other invisible letters, so no one speaks as a blank, but keeps variation selectors', () => {
    const got = texts(new LineAssembler(), bytes('say \u3164\n\u115f\u1160say hi\uffa0 there\u034f\u17b4\u180b!\n'));
    expect(got).toEqual(['say ', 'say hi there!']);
    expect(cleanLine('describe A \u3164\u3164\u3164 tall figure')).toBe('describe A  tall figure');
    expect(cleanLine('say \u2764\ufe0f \u845b\u{e0100}')).toBe('say \u2764\ufe0f \u845b\u{e0100}');
  });

  it('turns a lone surrogate (a web page can send one) into U+FFFD, and keeps a whole pair', () => {
    expect(cleanLine('say a\ud800b\udc00c \ud83c\udfb2')).toBe('say a\ufffdb\ufffdc \ud83c\udfb2');
    expect(cleanLine('say \ud83c')).toBe('say \ufffd');
  });
});

describe('LineAssembler editing (clients in character mode)', () => {
  it('erases the last character on Backspace or DEL, as typed one key at a time', () => {
    const assembler = new LineAssembler();
    const keys = 'exitz\x7fs\r\0lokk\b\bok\r\n';
    expect([...keys].flatMap((key) => texts(assembler, bytes(key)))).toEqual(['exits', 'look']);
  });

  it('erases a whole UTF-8 character, and nothing before the line start', () => {
    expect(texts(new LineAssembler(), bytes('caf\u00e9\x7fe \ud83c\udfb2\x7f!\n\x7f\x7fok\n'))).toEqual(['cafe !', 'ok']);
  });

  it('erases the line on eraseLine (IAC EL) and a character on eraseCharacter (IAC EC)', () => {
    const assembler = new LineAssembler();
    texts(assembler, bytes('say oops'));
    assembler.eraseLine();
    texts(assembler, bytes('lookx'));
    assembler.eraseCharacter();
    expect(texts(assembler, bytes('\n'))).toEqual(['look']);
  });

  it('cleanLine takes out a terminal sequence whole, not just its ESC, and spaces out line and paragraph separators', () => {
    expect(cleanLine('say \x1b[31mred\x1b[0m and \x1b[1;38;2;255;0;0mbold')).toBe('say red and bold');
    expect(cleanLine('say \x1b]0;a title\x07hi \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\')).toBe('say hi link');
    expect(cleanLine('say \x9b31mred \x9d0;title\x9c \x1b(Bdone \x1bPq#0\x1b\\!')).toBe('say red  done !');
    // A string never closed is no sequence: its ESC goes, the words after it stay; a lone ESC goes alone.
    expect(cleanLine('say hi \x1b]0;no end')).toBe('say hi ]0;no end');
    expect(cleanLine('say hi \x1bPlease give')).toBe('say hi Please give');
    expect(cleanLine('say a\x1b')).toBe('say a');
    expect(cleanLine('say A\u2028[Announcement] free coins\u2029B')).toBe('say A [Announcement] free coins B');
  });

  it('cleanLine keeps ordinary text untouched', () => {
    expect(cleanLine('bet 1,000 on 7 ¡olé!')).toBe('bet 1,000 on 7 ¡olé!');
  });
});

describe('LineAssembler length cap', () => {
  it('keeps a line of exactly the cap whole', () => {
    const [line] = linesOf(new LineAssembler(8), bytes('12345678\n'));
    expect(line).toEqual({ text: '12345678', cut: false });
  });

  it('gives a whole line in one chunk (the usual case) as byte by byte: the cap, a CR LF after a CR, controls', () => {
    const cases = ['12345678\r\n', '123456789\r\n', 'say\thi\r\n', '\r\n', 'a\r\nb\r\n', 'caf\xe9\r\n'];
    for (const line of cases) {
      const whole = linesOf(new LineAssembler(8), Buffer.from(line, 'latin1'));
      const byByte = new LineAssembler(8);
      const pieces = [...Buffer.from(line, 'latin1')].flatMap((b) => linesOf(byByte, Buffer.from([b])));
      expect(whole, JSON.stringify(line)).toEqual(pieces);
    }
    // After a lone CR, the LF that starts the next chunk is swallowed, not a line of its own.
    const assembler = new LineAssembler();
    expect(texts(assembler, bytes('look\r'), bytes('\r\n'))).toEqual(['look', '']);
  });

  it('cuts an over-long line to the cap, marks it, and drops the rest up to the line end', () => {
    const assembler = new LineAssembler(8);
    expect(linesOf(assembler, bytes('1234567890'))).toEqual([]);
    expect(linesOf(assembler, bytes('abcdef\r\nnext\n'))).toEqual([
      { text: '12345678', cut: true },
      { text: 'next', cut: false },
    ]);
  });

  it('never splits a multibyte character at the cut', () => {
    // 'ab' + three-byte '€' (E2 82 AC) + 'c': a cap of 4 falls inside the euro sign.
    const [line] = linesOf(new LineAssembler(4), bytes('ab€c\n'));
    expect(line).toEqual({ text: 'ab', cut: true });
    // A cap of 5 keeps the whole euro sign.
    expect(linesOf(new LineAssembler(5), bytes('ab€c\n'))[0]).toEqual({ text: 'ab€', cut: true });
  });

  it('utf8SafeCut backs up only over an incomplete character', () => {
    const dice = bytes('x🎲'); // 78 F0 9F 8E B2
    expect(utf8SafeCut(dice, 5)).toBe(5);
    expect(utf8SafeCut(dice, 4)).toBe(1);
    expect(utf8SafeCut(dice, 2)).toBe(1);
    expect(utf8SafeCut(dice, 1)).toBe(1);
    expect(utf8SafeCut(bytes([0x80, 0x80, 0x80, 0x80]), 4)).toBe(4);
  });

  it('words the notice with a grouped number', () => {
    expect(lineTooLongNotice(1024)).toBe('Your line was too long; it was cut to 1,024 bytes.');
  });
});

describe('output encoding', () => {
  it('doubles every raw 0xFF and leaves other bytes alone', () => {
    expect(escapeIac(Buffer.from([0x41, 0xff, 0x42, 0xff, 0xff]))).toEqual(
      Buffer.from([0x41, 0xff, 0xff, 0x42, 0xff, 0xff, 0xff, 0xff]),
    );
    const plain = Buffer.from('no iac here');
    expect(escapeIac(plain)).toBe(plain);
  });

  it('turns line ends into CR LF (lone CR into CR NUL) and encodes UTF-8', () => {
    expect(encodeText('a\nb\r\nc\rÿ')).toEqual(bytes('a\r\nb\r\nc\r\0', [0xc3, 0xbf]));
  });
});

describe('terminal type names', () => {
  it('keeps printable ASCII only, trimmed and capped', () => {
    expect(cleanTerminalType(bytes(' xterm\x1b[31m-256color\x00 '))).toBe('xterm[31m-256color');
    expect(cleanTerminalType(Buffer.alloc(500, 'A'))).toHaveLength(40);
    expect(cleanTerminalType(bytes([0xff, 0x80, 0x01]))).toBe('');
  });
});
