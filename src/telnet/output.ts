/** Text to telnet bytes: NVT line ends, UTF-8, IAC doubled. Pure. */
import { IAC } from './options.js';

/** Doubles every 0xFF so the client reads it as data, not as the start of a command. */
export function escapeIac(data: Buffer): Buffer {
  let count = 0;
  for (const byte of data) if (byte === IAC) count++;
  if (count === 0) return data;
  const escaped = Buffer.alloc(data.length + count);
  let at = 0;
  for (const byte of data) {
    escaped[at++] = byte;
    if (byte === IAC) escaped[at++] = IAC;
  }
  return escaped;
}

/** '\n' and '\r\n' become CR LF, a lone '\r' becomes CR NUL (RFC 854); then UTF-8, IAC escaped. */
export function encodeText(text: string): Buffer {
  const nvt = text.replace(/\r\n|\n|\r/g, (end) => (end === '\r' ? '\r\0' : '\r\n'));
  return escapeIac(Buffer.from(nvt, 'utf8'));
}
