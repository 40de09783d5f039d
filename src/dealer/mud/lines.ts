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
  private readonly latin1: boolean;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly scheduler: Scheduler,
    charset: 'ascii' | 'utf-8',
    private readonly quietMs = 300,
  ) {
    // An ASCII MUD is read a character a byte (never a broken sequence); what a player's client
    // typed through it is still UTF-8 more often than not, and each line is read as that where it is (asTyped).
    this.decoder = new StringDecoder(charset === 'utf-8' ? 'utf8' : 'latin1');
    this.latin1 = charset !== 'utf-8';
  }

  feed(chunk: Buffer): void {
    this.timer?.cancel();
    this.timer = null;
    const text = this.partial + this.decoder.write(chunk);
    // (A CR LF cut between two reads ends a line at the CR and adds an empty one: no harm.)
    const parts = text.split(/\r\n|\r|\n/);
    this.partial = parts.pop()!;
    for (const line of parts) this.onLine(this.asTyped(line));
    if (this.partial) this.timer = this.scheduler.setTimer(this.quietMs, () => this.flush());
  }

  /** What is left, as a line (a prompt, or the last words before the connection closed). */
  flush(): void {
    this.timer?.cancel();
    this.timer = null;
    const rest = this.partial;
    this.partial = '';
    if (rest) this.onLine(this.asTyped(rest));
  }

  /**
   * A line read a byte a character, as the UTF-8 it is where any of its bytes make a character
   * of it (`ñandú`; TinyMUX mangles an emoji's four bytes, which become U+FFFD beside it), else
   * as it was read (Latin-1 a client sent through a Diku). The two line separators become
   * spaces: the profiles' `.` takes neither, and a whisper holding one would go unanswered.
   */
  private asTyped(line: string): string {
    if (!this.latin1 || !/[\x80-\xff]/.test(line)) return line;
    const utf8 = Buffer.from(line, 'latin1').toString('utf8');
    return /[^\x00-\x7f\ufffd]/.test(utf8) ? utf8.replace(/[\u2028\u2029]/g, ' ') : line;
  }
}
