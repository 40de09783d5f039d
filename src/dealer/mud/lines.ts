import { StringDecoder } from 'node:string_decoder';
import type { Scheduler } from '../clock.js';

/**
 * The MUD's text (telnet commands already taken out) cut into lines. A line ends in CR LF, LF
 * or CR; a piece with no end that stays quiet for `quietMs` is a prompt (a Diku writes its prompt
 * with neither a newline nor a GA), and is handed on as a line of its own.
 */
export class LineReader {
  private partial = '';
  private timer: { cancel(): void } | null = null;
  private readonly decoder: StringDecoder;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly scheduler: Scheduler,
    charset: 'ascii' | 'utf-8',
    private readonly quietMs = 300,
  ) {
    // ASCII MUDs send Latin-1 at worst: one character a byte, never a broken sequence.
    this.decoder = new StringDecoder(charset === 'utf-8' ? 'utf8' : 'latin1');
  }

  feed(chunk: Buffer): void {
    this.timer?.cancel();
    this.timer = null;
    const text = this.partial + this.decoder.write(chunk);
    // (A CR LF cut between two reads ends a line at the CR and adds an empty one: no harm.)
    const parts = text.split(/\r\n|\r|\n/);
    this.partial = parts.pop()!;
    for (const line of parts) this.onLine(line);
    if (this.partial) this.timer = this.scheduler.setTimer(this.quietMs, () => this.flush());
  }

  /** What is left, as a line (a prompt, or the last words before the connection closed). */
  flush(): void {
    this.timer?.cancel();
    this.timer = null;
    const rest = this.partial;
    this.partial = '';
    if (rest) this.onLine(rest);
  }
}
