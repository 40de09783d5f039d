/** The framing stage: text to telnet bytes (NVT line ends, UTF-8, IAC doubled). Pure. */
// Node's own, not the global: that one is a getter, called at every delivery's frame.
import { Buffer } from 'node:buffer';
import { BOUND, MARK_CLOSE, MARK_OPEN } from '../text/markup.js';
import { commands } from './telnetlib.js';

const { IAC, SB, SE, GA, EOR } = commands;

/** Doubles every 0xFF so the client reads it as data, not as the start of a command. */
export function escapeIac(data: Buffer): Buffer {
  let at = data.indexOf(IAC);
  if (at < 0) return data;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(data.subarray(from, at + 1), Buffer.from([IAC]));
    from = at + 1;
    at = data.indexOf(IAC, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}

/** '\n' and '\r\n' become CR LF, a lone '\r' becomes CR NUL (RFC 854); then UTF-8, IAC escaped. */
export function encodeText(text: string): Buffer {
  const nvt = text.replace(/\r\n|\n|\r/g, (end) => (end === '\r' ? '\r\0' : '\r\n'));
  return escapeIac(Buffer.from(nvt, 'utf8'));
}

/**
 * encodeText(text) followed by `tail` (a prompt's IAC GA/EOR), in one buffer. Text of ASCII
 * with plain line ends, nearly every delivery, takes native passes only (a scan, LF to CR LF,
 * one copy): no per-character JavaScript, no second buffer.
 */
export function encodeFrame(text: string, tail?: Buffer): Buffer {
  // A CR needs CR NUL (or is half a CR LF), anything beyond ASCII needs UTF-8 and IAC doubled.
  if (text.includes('\r') || Buffer.byteLength(text, 'utf8') !== text.length) return tail ? Buffer.concat([encodeText(text), tail]) : encodeText(text);
  const nvt = text.includes('\n') ? text.replaceAll('\n', '\r\n') : text;
  const out = Buffer.allocUnsafe(nvt.length + (tail?.length ?? 0));
  out.write(nvt, 0, 'latin1');
  if (tail) tail.copy(out, nvt.length);
  return out;
}

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const OPEN = MARK_OPEN.charCodeAt(0);
const CLOSE = MARK_CLOSE.charCodeAt(0);
const BOUND_SPACE = BOUND.charCodeAt(0);

/**
 * The frame of a short plain reply (render.ts's isPlainShort, its colour stage done), in one pass
 * over its characters: what encodeFrame gives for `head + render(text) + after`, then `tail`,
 * without the three strings in between. Colour marks still in `text` (where no colour is in use)
 * are dropped, a bound space is sent as a space, and every line end becomes CR LF. Every
 * character is ASCII: isPlainShort let nothing else through, and colour adds only ASCII.
 */
export function encodePlainFrame(head: string, text: string, after: string, tail?: Buffer): Buffer {
  const size = head.length + text.length + after.length + lineEnds(head) + lineEnds(text) + lineEnds(after) + (tail?.length ?? 0);
  const out = Buffer.allocUnsafe(size);
  let n = putPlain(out, 0, head);
  n = putPlain(out, n, text);
  n = putPlain(out, n, after);
  if (tail) n += tail.copy(out, n);
  return n === size ? out : out.subarray(0, n);
}

function lineEnds(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function putPlain(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) {
      out[at++] = CR;
      out[at++] = LF;
    } else if (c === BOUND_SPACE) out[at++] = SPACE;
    else if (c === OPEN) i++; // the mark and its style letter
    else if (c !== CLOSE) out[at++] = c;
  }
  return at;
}

/** What ends a prompt: IAC EOR once the client agreed to EOR, IAC GA otherwise. */
export function promptEnd(eor: boolean): Buffer {
  return eor ? PROMPT_END_EOR : PROMPT_END_GA;
}

const PROMPT_END_GA = Buffer.from([IAC, GA]);
const PROMPT_END_EOR = Buffer.from([IAC, EOR]);

/** IAC SB <option> <payload, IAC doubled> IAC SE. */
export function subnegotiationFrame(option: number, payload: Buffer | readonly number[]): Buffer {
  return Buffer.concat([Buffer.from([IAC, SB, option]), escapeIac(Buffer.from(payload)), Buffer.from([IAC, SE])]);
}
