import anyAscii from 'any-ascii';
import { BOUND, MARK_CLOSE, MARK_OPEN, styleOfCode } from '../text/markup.js';
import { fill, type Profile } from './profile.js';

/**
 * What the table says, made into commands the MUD takes as plain text: the marks (src/text/
 * markup.ts) read as a screen reader gets them (boards told in sentences, since a whisper cannot
 * draw a grid), no colour, ASCII where the MUD is not UTF-8, every character the MUD would
 * evaluate escaped its way, and each command within the MUD's line length. Nothing a player
 * typed is ever sent in a form the MUD would run.
 */

/** Marked text as plain sentences: the `spoken` and `narrow` forms kept, `art` and `wide` dropped, marks removed. */
export function spoken(text: string): string {
  if (!text.includes(MARK_OPEN)) return text.replaceAll(BOUND, ' ').replace(/[\x0b\x0c]/g, '');
  let out = '';
  const dropping: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === MARK_OPEN) {
      const style = styleOfCode(text[i + 1] ?? '');
      dropping.push(dropping.at(-1) === true || style === 'art' || style === 'wide');
      i++;
    } else if (c === MARK_CLOSE) {
      dropping.pop();
    } else if (!dropping.at(-1)) {
      out += c;
    }
  }
  return out.replaceAll(BOUND, ' ').replace(/[\x0b\x0c]/g, '').replace(/\n{2,}/g, '\n');
}

/** Text as the MUD's character set takes it, without control characters. */
export function inCharset(text: string, profile: Pick<Profile, 'charset'>): string {
  const clean = text.replace(/\t/g, ' ').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
  return profile.charset === 'ascii' ? anyAscii(clean).replace(/[^\x20-\x7e\n]/g, '?') : clean;
}

/** Every character the MUD would evaluate, written its way (`[` as `\[` on TinyMUX). */
export function escaped(text: string, profile: Pick<Profile, 'escape'>): string {
  let out = '';
  for (const c of text) {
    const rule = profile.escape.find((e) => e.chars.includes(c));
    out += rule ? rule.by.replaceAll('$&', c) : c;
  }
  return out;
}

/**
 * The commands that say `text` with `template` (`say {text}`, `whisper {to}={text}`): one per
 * line of the text, and more where a line would not fit the MUD's line length, broken between
 * words. `values` fills the template's other placeholders (`{to}`). A posed line (`pose
 * {text}`, `whisper {to}=:{text}`) is posed in its first command only: what follows a break is
 * no sentence of the dealer's name, so it goes with `then` (`say {text}`, `whisper {to}={text}`).
 */
export function commandsFor(template: string, text: string, values: Record<string, string>, profile: Profile, posed?: { then: string }): string[] {
  const room = profile.lineLength - Math.max(fill(template, { ...values, text: '' }).length, posed ? fill(posed.then, { ...values, text: '' }).length : 0);
  const out: string[] = [];
  const command = (piece: string) => {
    // The guard is for what begins a said line; a posed one begins after the mark, where nothing is read as one.
    const first = posed && out.length === 0;
    out.push(fill(first || !posed ? template : posed.then, { ...values, text: escaped(first ? piece : guarded(piece, profile.guard), profile) }));
  };
  for (const line of inCharset(spoken(text), profile).split('\n')) {
    const words = line.trim().split(/ +/).filter(Boolean);
    let piece = '';
    const flush = () => {
      if (piece) command(piece);
      piece = '';
    };
    for (const word of words) {
      const next = piece ? `${piece} ${word}` : word;
      if (cost(next, profile) <= room) {
        piece = next;
        continue;
      }
      flush();
      // A word longer than a whole line (a seed's 64 digits fit; a flood of one word may not) is cut.
      let rest = word;
      while (cost(rest, profile) > room) {
        let n = Math.max(1, Math.floor(room / 2));
        while (n < rest.length && cost(rest.slice(0, n + 1), profile) <= room) n++;
        command(rest.slice(0, n));
        rest = rest.slice(n);
      }
      piece = rest;
    }
    flush();
  }
  return out;
}

/** How long text is once escaped (guarded text may take two more). */
function cost(text: string, profile: Profile): number {
  return escaped(text, profile).length + 2;
}

/**
 * Text that must not begin with one of `guard` (a whisper beginning with `:` is a pose on
 * TinyMUX) gets a dash first: looked at before escaping, since the MUD takes an escaped `\;` back
 * to `;` before it reads the whisper.
 */
function guarded(text: string, guard: string): string {
  return guard && guard.includes(text[0]) ? `- ${text}` : text;
}
