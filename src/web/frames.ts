/**
 * The page's frames, read with the telnet side's rules (a line is cleaned, and cut at the same
 * length with the same notice), and the server's frames written. Pure: no sockets.
 */
import { cleanLine, DEFAULT_MAX_LINE_BYTES, lineTooLongNotice, utf8SafeCut } from '../telnet/lines.js';
import type { ServerMessage } from './messages.js';

/** A frame from the page longer than this is refused whole (a line of 1,024 bytes fits with room to spare). */
export const MAX_FRAME_BYTES = 4096;

export type ReadFrame =
  /** One line to handle, with the notice to send first when it was cut. */
  | { kind: 'line'; text: string; notice?: string }
  /** A page asking to resume its session with its token (resume.ts). */
  | { kind: 'resume'; token: string }
  /** Nothing to handle: the one-line reason to tell the page. */
  | { kind: 'refused'; reason: string };

const SHAPE = 'only {"type":"line","text":"..."} and {"type":"resume","token":"..."} are understood';
/** A token as resume.ts makes them (32 bytes in base64url), with room to spare, and nothing else. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Reads one WebSocket frame from the page. */
export function readFrame(data: Buffer, isBinary: boolean, maxLineBytes = DEFAULT_MAX_LINE_BYTES): ReadFrame {
  if (isBinary) return refused('That message was binary; the page sends text frames of JSON.');
  if (data.length > MAX_FRAME_BYTES) {
    return refused(`That message was over ${MAX_FRAME_BYTES.toLocaleString('en-US')} bytes; it was ignored.`);
  }
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return refused(`That message was not JSON (${SHAPE}); it was ignored.`);
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return refused(`That message was not a JSON object (${SHAPE}); it was ignored.`);
  }
  const fields = message as Record<string, unknown>;
  const keys = Object.keys(fields);
  if (fields.type === 'resume' && keys.every((k) => k === 'type' || k === 'token')) {
    if (typeof fields.token !== 'string' || !TOKEN.test(fields.token)) return refused('A resume message needs its "token" as the server gave it; it was ignored.');
    return { kind: 'resume', token: fields.token };
  }
  if (fields.type !== 'line' || keys.some((k) => k !== 'type' && k !== 'text')) {
    return refused(`That message was not understood (${SHAPE}); it was ignored.`);
  }
  if (typeof fields.text !== 'string') return refused('A line message needs its "text" as a string; it was ignored.');
  if (/[\r\n]/.test(fields.text)) return refused('A line message holds one line, without line breaks; it was ignored.');
  const bytes = Buffer.from(fields.text, 'utf8');
  if (bytes.length <= maxLineBytes) return { kind: 'line', text: cleanLine(fields.text) };
  const cut = bytes.toString('utf8', 0, utf8SafeCut(bytes, maxLineBytes));
  return { kind: 'line', text: cleanLine(cut), notice: lineTooLongNotice(maxLineBytes) };
}

function refused(reason: string): ReadFrame {
  return { kind: 'refused', reason };
}

/** One message to the page, as the text of a frame. */
export function writeFrame(message: ServerMessage): string {
  return JSON.stringify(message);
}
