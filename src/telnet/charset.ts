/**
 * CHARSET (RFC 2066): once the client agrees (DO CHARSET) we request UTF-8; a client that
 * accepts gets UTF-8. Clients that cannot show it (TinyFugue cuts a line at the first byte
 * above 127) get ASCII, transliterated so that `café` still reads `cafe`.
 */
import anyAscii from 'any-ascii';
import { NegotiatedOption } from './options.js';
import type { Side } from './telnetlib.js';

const REQUEST = 1;
const ACCEPTED = 2;
const REJECTED = 3;
const TTABLE_IS = 4;
const TTABLE_REJECTED = 5;
const UTF8 = 'UTF-8';

export class CharsetOption extends NegotiatedOption {
  /** True once the client accepted UTF-8 (or asked for it itself). */
  utf8 = false;

  override enabled(at: Side): void {
    if (at === 'LOCAL' && this.mayStart()) this.sendSubnegotiation(Buffer.from(`\x01;${UTF8}`, 'latin1'));
  }

  override subnegotiation(data: Buffer): void {
    switch (data[0]) {
      case ACCEPTED:
        if (isUtf8(data.subarray(1).toString('latin1'))) this.utf8 = true;
        break;
      case REQUEST: {
        // The client offers its own list: take UTF-8 if it is there.
        const offered = charsetList(data.subarray(1));
        if (offered.some(isUtf8)) {
          this.utf8 = true;
          this.sendSubnegotiation(Buffer.from(`\x02${UTF8}`, 'latin1'));
        } else {
          this.sendSubnegotiation([REJECTED]);
        }
        break;
      }
      case TTABLE_IS:
        this.sendSubnegotiation([TTABLE_REJECTED]);
        break;
      // REJECTED, and anything else: nothing changes.
    }
  }
}

/** The names in a REQUEST's payload: an optional `[TTABLE]` and version, a separator, names. */
function charsetList(payload: Buffer): string[] {
  let text = payload.toString('latin1');
  if (text.startsWith('[TTABLE]')) text = text.slice('[TTABLE]'.length + 1);
  const separator = text.charAt(0);
  return separator ? text.slice(1).split(separator) : [];
}

function isUtf8(name: string): boolean {
  return /^utf-?8$/i.test(name.trim());
}

/**
 * Plain ASCII for a client that cannot take more: letters lose their accents (`naïve` ->
 * `naive`), typographic quotes, dashes and ellipses become `'`, `"`, `-` and `...`, and
 * whatever has no ASCII form becomes its nearest spelling (any-ascii covers all of Unicode).
 */
export function toAscii(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  // any-ascii promises ASCII; the replace keeps the promise even if a table were wrong.
  return anyAscii(text).replace(/[^\x00-\x7f]/g, '?');
}
