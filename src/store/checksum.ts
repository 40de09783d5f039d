import { crc32c } from '@node-rs/crc32';

/**
 * The checksums that make any changed byte of the file engine's files found (PostgreSQL's WAL
 * does the same with CRC-32C): every journal line and the checkpoint end with
 * `,"crc":"<8 hex digits>"}`, the CRC-32C of the same JSON without that field. They stay one
 * JSON object each (jq and the like read them as before), and the check needs no parsing: the
 * bytes before the field, then the closing brace.
 */

const FIELD = Buffer.from(',"crc":"');
/** `,"crc":"` + 8 hex digits + `"}`. */
const TAIL = FIELD.length + 8 + 2;
const CLOSE = Buffer.from('}');
const HEX8 = /^[0-9a-f]{8}$/;

const hex = (n: number) => n.toString(16).padStart(8, '0');

/** A JSON object's text with its checksum as the last field. */
export function seal(json: string): string {
  return `${json.slice(0, -1)},"crc":"${hex(crc32c(json))}"}`;
}

/**
 * A sealed text's checksum; null when it has none (written before checksums: accepted as it
 * is); 'changed' when the checksum does not match the bytes.
 */
export function sealOf(bytes: Buffer): string | null | 'changed' {
  const end = bytes.length;
  if (end < TAIL + 2 || bytes[end - 1] !== 0x7d || bytes[end - 2] !== 0x22 || !bytes.subarray(end - TAIL, end - TAIL + FIELD.length).equals(FIELD)) return null;
  const crc = bytes.toString('latin1', end - 10, end - 2);
  if (!HEX8.test(crc)) return 'changed';
  return hex(crc32c(CLOSE, crc32c(bytes.subarray(0, end - TAIL)))) === crc ? crc : 'changed';
}

/**
 * Where the first sealed text with a right checksum at the start of `bytes` ends, or -1 when
 * none does: the end of a whole journal line inside bytes that have no newline after it.
 */
export function sealedPrefixEnd(bytes: Buffer): number {
  for (let at = bytes.indexOf(FIELD); at >= 0; at = bytes.indexOf(FIELD, at + 1)) {
    const end = at + TAIL;
    if (end > bytes.length) return -1;
    const crc = sealOf(bytes.subarray(0, end));
    if (crc !== null && crc !== 'changed') return end;
  }
  return -1;
}

/** The checksum a line written by `seal` ends with (the caller knows it is sealed). */
export const sealedCrc = (text: string) => text.slice(text.lastIndexOf('"crc":"') + 7, text.lastIndexOf('"crc":"') + 15);
