import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/dealer/profile.js';
import { commandsFor, escaped, inCharset, spoken } from '../../src/dealer/speech.js';
import { drawn, fitted, paint, together } from '../../src/text/markup.js';

/** What the table says, as the commands the dealer sends: plain, escaped for the MUD, within its line length. */

const mux = loadProfile('tinymux');
const diku = loadProfile('diku');
const ours = loadProfile('obsidian');

describe('spoken text', () => {
  it('keeps the sentences, drops the drawings and the colour', () => {
    expect(spoken(`${paint('name', 'Ana')} is the ${together('HERO now')}.`)).toBe('Ana is the HERO now.');
    expect(spoken(`Board:\n${drawn('+--+\n|5 |\n+--+', 'Square 5 holds 100.')}`)).toBe('Board:\nSquare 5 holds 100.');
    expect(spoken(fitted('a very wide layout', 'narrow one'))).toBe('narrow one');
    expect(spoken(paint('art', `x ${paint('coins', 'y')}`) + 'z')).toBe('z');
  });

  it('spells everything in ASCII where the MUD is not UTF-8, and never sends a control character', () => {
    expect(inCharset('7♥ “quoted” é\x1b[31m', mux)).toBe('7:hearts: "quoted" e[31m');
    expect(inCharset('a\tb\rc', ours)).toBe('a bc');
  });
});

describe('escaping', () => {
  it("writes every character TinyMUX would evaluate with a backslash, so [repeat(Z,40)] is printed as it is", () => {
    expect(escaped('flarb [repeat(Z,40)] %r \\ {x}; a,b ^$', mux)).toBe('flarb \\[repeat\\(Z\\,40\\)\\] \\%r \\\\ \\{x\\}\\; a\\,b \\^\\$');
  });

  it('writes tbaMUD colour codes and act() variables so they print as typed', () => {
    expect(escaped('seed a@rb $n', diku)).toBe('seed a@*rb $$n');
  });

  it('leaves the obsidian tavern alone: it evaluates nothing', () => {
    expect(escaped('[x] %r $n @r', ours)).toBe('[x] %r $n @r');
  });
});

describe('commands', () => {
  it('fills the template, one command a line of text', () => {
    expect(commandsFor(mux.commands.answer, 'You have 1,000 gold.\nNo bets.', { to: '#13' }, mux)).toEqual(['whisper #13=You have 1\\,000 gold.', 'whisper #13=No bets.']);
    expect(commandsFor(ours.commands.say, 'Ana is the HERO.', {}, ours)).toEqual(['say Ana is the HERO.']);
  });

  it('breaks a long line between words so that every command fits the line length', () => {
    const text = Array.from({ length: 120 }, (_, i) => `word${i},`).join(' ');
    const lines = commandsFor(diku.commands.answer, text, { to: 'Ana' }, diku);
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(diku.lineLength);
    expect(lines.map((l) => l.replace(/^tell Ana /, '')).join(' ')).toBe(text);
  });

  it('cuts a word longer than a line, escapes included', () => {
    const lines = commandsFor(mux.commands.say, '['.repeat(1200), {}, mux);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(mux.lineLength);
    expect(lines.map((l) => l.slice(4)).join('')).toBe('\\['.repeat(1200));
  });

  it("never begins a TinyMUX whisper with what would make it a pose, escaped or not", () => {
    expect(commandsFor(mux.commands.answer, ':waves', { to: '#13' }, mux)).toEqual(['whisper #13=- :waves']);
    // TinyMUX takes \; back to ; before it reads the whisper: guarded as a ; is.
    expect(commandsFor(mux.commands.answer, ';s finger', { to: '#13' }, mux)).toEqual(['whisper #13=- \\;s finger']);
  });

  it('poses only the first command of a posed line too long for one: the rest is said, not credited to the dealer mid-sentence', () => {
    const text = Array.from({ length: 150 }, (_, i) => `bet${i} won.`).join(' ');
    const lines = commandsFor('whisper {to}=:{text}', text, { to: '#13' }, mux, { then: mux.commands.answer });
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(mux.lineLength);
    expect(lines[0]).toMatch(/^whisper #13=:bet0 won\./);
    for (const l of lines.slice(1)) expect(l).toMatch(/^whisper #13=[^:;]/);
    expect(lines.map((l) => l.replace(/^whisper #13=:?/, '')).join(' ')).toBe(text);
  });
});
