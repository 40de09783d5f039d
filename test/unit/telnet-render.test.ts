import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { toAscii } from '../../src/telnet/charset.js';
import { BOUND, hanging, HANG, paint, together, unmarked, whole, WHOLE, type Style } from '../../src/text/markup.js';
import { chooseContent, clean, colourise, render, RENDERED_KEPT, type RenderProfile } from '../../src/telnet/render.js';
import { wrapLines, WRAPPED_KEPT } from '../../src/telnet/wrap.js';

const plain: RenderProfile = { colour: 0, screenReader: false, ascii: false, width: 80 };
const ESC = '\x1b';
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const widest = (s: string) => Math.max(...stripAnsi(s).split('\n').map((l) => [...l].length));

const STYLES: Style[] = ['room', 'exit', 'speech', 'name', 'coins', 'won', 'lost', 'turn', 'deadline', 'heading', 'hint', 'channel', 'warning'];

describe('the colour stage', () => {
  it('with colour off sends no ESC byte, whatever the text holds', () => {
    const text = STYLES.map((s) => paint(s, `a ${s}`)).join(' ') + ` ${ESC}[31mforged${ESC}]0;title\x07 \x9b2J`;
    const out = render(text, plain);
    expect(out).not.toContain(ESC);
    expect(out).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(out).toContain('a room a exit');
    expect(out).toContain('[31mforged]0;title 2J');
  });

  it('paints every style in 16 colours, and 256 and truecolour where the client has them', () => {
    for (const style of STYLES) {
      const basic = colourise(paint(style, 'x'), 1);
      expect(basic, style).toMatch(/^\x1b\[[0-9;]+m/);
      expect(basic, style).not.toMatch(/38;[25];/);
      expect(stripAnsi(basic)).toBe('x');
    }
    expect(colourise(paint('room', 'x'), 2)).toMatch(/\x1b\[38;5;\d+m/);
    expect(colourise(paint('room', 'x'), 3)).toContain('\x1b[38;2;242;193;78m');
  });

  it('reopens the outer style after a nested one, and keeps every line self-contained', () => {
    const out = colourise(paint('speech', `Bex says, '${paint('coins', '50 coins')} for you'\nand more`), 1);
    const [first, second] = out.split('\n');
    // After the coins close, the speech colour is opened again before " for you".
    expect(first).toMatch(/50 coins\x1b\[39m\x1b\[97m for you/);
    expect(second.startsWith('\x1b[97m')).toBe(true);
    expect(stripAnsi(out)).toBe("Bex says, '50 coins for you'\nand more");
  });

  it('ignores a stray close mark and closes a mark left open', () => {
    expect(colourise('a\x0fb', 0)).toBe('ab');
    expect(stripAnsi(colourise(`${paint('won', 'x').slice(0, -1)} y`, 1))).toBe('x y');
  });
});

describe('the screen-reader choice', () => {
  const board = `${paint('art', '+---+\n| 7 |\n+---+')}\n${paint('spoken', 'Square 7 holds 50 coins.')}\nYour turn.`;

  it('keeps the art and drops the spoken form for everyone else', () => {
    expect(chooseContent(board, false)).toBe('+---+\n| 7 |\n+---+\nYour turn.');
  });

  it('drops the art, with its lines, and keeps the spoken form for a screen reader', () => {
    expect(chooseContent(board, true)).toBe('Square 7 holds 50 coins.\nYour turn.');
    expect(chooseContent(`Look:\n${paint('art', '=====')}`, true)).toBe('Look:');
    expect(chooseContent(`a ${paint('art', '*')} b`, true)).toBe('a  b');
  });

  it('keeps colour marks inside what it keeps', () => {
    expect(chooseContent(paint('spoken', `It is ${paint('turn', 'your')} turn.`), true)).toBe(paint('turn', 'your').replace(/^/, 'It is ') + ' turn.');
  });
});

describe('the charset stage: ASCII for clients that cannot take more', () => {
  it('transliterates accents, typographic quotes, dashes and ellipses', () => {
    expect(toAscii('café naïve')).toBe('cafe naive');
    expect(toAscii('\u2018single\u2019 \u201cdouble\u201d en\u2013dash em\u2014dash wait\u2026')).toBe(`'single' "double" en-dash em-dash wait...`);
  });

  it('never lets a byte above 127 through', () => {
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i + 0x80)).join('') + '🎲日本';
    expect(Buffer.from(toAscii(all), 'utf8').every((b) => b < 128)).toBe(true);
  });

  it('leaves ASCII alone (the same string back)', () => {
    const text = 'You carry 1,000 obsidian coins.';
    expect(toAscii(text)).toBe(text);
  });

  it('is applied after colour: the escapes survive and the words are ASCII', () => {
    const out = render(paint('speech', 'Ana says, \u201cSant\u00e9!\u201d'), { ...plain, colour: 1, ascii: true });
    expect(stripAnsi(out)).toBe('Ana says, "Sante!"');
    expect(Buffer.from(out).every((b) => b < 128)).toBe(true);
  });
});

describe('a long block rendered again', () => {
  it('is the same text as the first time for the same profile, and its own for every other profile', () => {
    const block = `${paint('room', 'The Common Room')}\n${'Sand creeps over the floor café; '.repeat(20)}\n${paint('art', '+--+')}${paint('spoken', 'A drawn box.')}`;
    const profiles: RenderProfile[] = [
      { colour: 0, screenReader: false, ascii: false, width: 80 },
      { colour: 1, screenReader: false, ascii: false, width: 80 },
      { colour: 0, screenReader: true, ascii: false, width: 80 },
      { colour: 0, screenReader: false, ascii: true, width: 80 },
      { colour: 0, screenReader: false, ascii: false, width: 40 },
    ];
    const first = profiles.map((p) => render(block, p));
    expect(new Set(first).size).toBe(profiles.length);
    expect(profiles.map((p) => render(block, p))).toEqual(first);
    expect(first[3]).toContain('cafe;');
    expect(first[2]).toContain('A drawn box.');
    expect(first[0]).not.toContain('A drawn box.');
    // More blocks than are kept: still each rendered right.
    for (let i = 0; i <= RENDERED_KEPT; i++) render(`${i} ${block}`, profiles[0]);
    expect(render(block, profiles[1])).toBe(first[1]);
  });
});

describe('the wrapping stage', () => {
  it('keeps a wrapped line for the next time, per width, and gives the same text as the first time', () => {
    const line = 'The sand outside hisses against the shutters while the lamps swing. '.repeat(4).trim();
    const at40 = wrapLines(line, 40);
    const at60 = wrapLines(line, 60);
    expect(at40).not.toBe(at60);
    expect(wrapLines(line, 40)).toBe(at40);
    expect(wrapLines(line, 60)).toBe(at60);
    expect(Math.max(...at40.split('\n').map((l) => stringWidth(l)))).toBeLessThanOrEqual(40);
    // More distinct lines than are kept: still each wrapped right.
    for (let i = 0; i <= WRAPPED_KEPT; i++) wrapLines(`${i} ${line}`, 40);
    expect(wrapLines(line, 40)).toBe(at40);
  });

  const prose =
    'Mudbrick walls the colour of old bone hold back the heat of the day, and the air is thick with kank-milk ale, sweat and smoke.';

  it('wraps every line to the width, at word boundaries', () => {
    const out = wrapLines(prose, 40);
    expect(widest(out)).toBeLessThanOrEqual(40);
    expect(out.replace(/\n/g, ' ')).toBe(prose);
    expect(out.split('\n')[0]).toBe('Mudbrick walls the colour of old bone');
  });

  it('hangs continuation lines under the first non-blank column', () => {
    const out = wrapLines(`    ${prose}`, 40).split('\n');
    expect(out.length).toBeGreaterThan(2);
    for (const line of out) expect(line.startsWith('    ')).toBe(true);
    expect(out[1][4]).not.toBe(' ');
  });

  it('hangs continuation lines under a HANG mark: a help column stays a column', () => {
    const lines = [
      hanging('  give <n> coins to <name>', 'Hand coins to someone in the room: give 50 coins to ana, give 1,000 coins to ana.', 30),
      hanging('  look [<thing>]', 'Look at the room, or at something or someone in it.', 30),
    ].join('\n');
    const out = wrapLines(lines, 60).split('\n');
    expect(out).toEqual([
      '  give <n> coins to <name>    Hand coins to someone in the',
      '                              room: give 50 coins to ana,',
      '                              give 1,000 coins to ana.',
      '  look [<thing>]              Look at the room, or at',
      '                              something or someone in it.',
    ]);
    expect(out.join('\n')).not.toContain(HANG);
  });

  it('gives up the column on a screen too narrow for it: the head alone, the body indented under it', () => {
    const out = wrapLines(hanging('  give <n> coins to <name>', 'Hand coins to someone in the room.', 30), 40).split('\n');
    expect(out).toEqual(['  give <n> coins to <name>', '    Hand coins to someone in the room.']);
  });

  it('wraps coloured text by what shows, and colours each line on its own', () => {
    const out = render(`${paint('room', 'The Common Room')} ${prose}`, { ...plain, colour: 1, width: 30 });
    expect(widest(out)).toBeLessThanOrEqual(30);
    for (const line of out.split('\n')) expect(line.split('\x1b[').length % 2).toBe(1); // opens and closes pair up
    expect(stripAnsi(out).replace(/\n/g, ' ')).toBe(`The Common Room ${prose}`);
  });

  it('measures wide characters as two columns', () => {
    const out = wrapLines('日本語 '.repeat(10).trim(), 20);
    const lines = out.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(20);
    expect(lines[0]).toBe('日本語 日本語 日本語');
  });

  it('never wraps a whole-line mark\'s line, and wraps the lines around it', () => {
    const long = `  revealed ${'a'.repeat(64)} for commitment ${'b'.repeat(64)}`;
    const out = render(`${whole(long)}\n${'word '.repeat(30).trim()}`, { colour: 0, screenReader: false, ascii: true, width: 80 }).split('\n');
    expect(out[0]).toBe(long);
    expect(out.slice(1).every((l) => l.length <= 80)).toBe(true);
    expect(out.length).toBeGreaterThan(2);
  });

  it('never breaks a bound phrase: it moves to the next line whole, or overflows one it cannot fit, and is sent with spaces', () => {
    const hero = `The HERO has fled the fight! Dreaven calls for a new champion. ${together('Abcdefghijklmnop is the HERO')}!`;
    for (const width of [20, 40, 60, 80]) {
      for (const colour of [0, 1] as const) {
        const out = stripAnsi(render(paint('speech', hero), { colour, screenReader: false, ascii: false, width }));
        expect(out).toMatch(/^.*Abcdefghijklmnop is the HERO!$/m);
        expect(out).not.toContain(BOUND);
      }
    }
    const commitment = `  ${together(`commitment ${'c'.repeat(64)}`)} and more words after it`;
    const at40 = wrapLines(commitment, 40).split('\n');
    expect(at40[0]).toBe(`  commitment ${'c'.repeat(64)}`);
    expect(at40.slice(1).every((l) => l.length <= 40)).toBe(true);
    // Short enough for the quick path: still sent with spaces.
    expect(render(`You are carrying ${paint('coins', together('135,528 obsidian coins'))}.`, { ...plain, width: 30 })).toBe('You are carrying\n135,528 obsidian coins.');
    expect(render(together('a b'), plain)).toBe('a b');
    // A phrase that fits leaves the other long words of its line to be cut as ever.
    const cut = wrapLines(`Round 1: ${together('place your bets')}! ${'x'.repeat(100)}`, 40).split('\n');
    expect(cut[0]).toBe('Round 1: place your bets!');
    expect(Math.max(...cut.map((l) => l.length))).toBe(40);
    expect(unmarked(together('a b c'))).toBe('a b c');
  });

  it('cuts a word longer than the line, and treats a screen narrower than 20 as 20', () => {
    const out = wrapLines('x'.repeat(50), 10).split('\n');
    expect(out).toEqual(['x'.repeat(20), 'x'.repeat(20), 'x'.repeat(10)]);
  });

  it('wraps a table of numbers wider than the screen without losing a number', () => {
    const row = Array.from({ length: 12 }, (_, i) => String(i * 1111).padStart(6)).join(' ');
    const out = wrapLines(`  ${row}`, 50);
    expect(widest(out)).toBeLessThanOrEqual(50);
    expect(out.split(/\s+/).filter(Boolean)).toEqual(row.trim().split(/\s+/));
  });
});

describe('clean', () => {
  it('keeps line ends, marks, the hang mark, the whole-line mark and bound spaces; drops every other control character', () => {
    expect(clean(`a\tb\r\n\x0er\x0f${HANG}${WHOLE}${BOUND}\x00\x1b\x7f\x9bc`)).toBe(`a b\n\x0er\x0f${HANG}${WHOLE}${BOUND}c`);
  });
});
