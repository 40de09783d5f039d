import { DO, DONT, IAC, SB, SE, WILL, WONT } from './options.js';

type State = 'data' | 'iac' | 'option' | 'sb' | 'sb-iac';

/**
 * telnetlib's reader, inside a subnegotiation, ignores IAC followed by anything but IAC or SE
 * and keeps swallowing every byte, typed lines included, until an SE turns up. Such a client
 * would seem hung. This filter, on the bytes before telnetlib sees them, ends a subnegotiation
 * that meets IAC <command> (IAC SE is put in front, as RFC 854 implementations commonly treat
 * it), so the command and the lines after it are read normally.
 */
export class SubnegotiationRepair {
  private state: State = 'data';

  push(chunk: Buffer): Buffer {
    let out: number[] | null = null; // only copied when something must be inserted
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.state === 'sb-iac' && byte !== IAC && byte !== SE) {
        out ??= [...chunk.subarray(0, i)];
        out.push(SE, IAC);
        this.state = 'iac';
      }
      out?.push(byte);
      this.state = next(this.state, byte);
    }
    return out ? Buffer.from(out) : chunk;
  }
}

function next(state: State, byte: number): State {
  switch (state) {
    case 'data':
      return byte === IAC ? 'iac' : 'data';
    case 'iac':
      if (byte === SB) return 'sb';
      if (byte === WILL || byte === WONT || byte === DO || byte === DONT) return 'option';
      return 'data';
    case 'option':
      return 'data';
    case 'sb':
      return byte === IAC ? 'sb-iac' : 'sb';
    case 'sb-iac':
      return byte === IAC ? 'sb' : 'data'; // IAC IAC is a data 255; IAC SE ends it
  }
}
