/**
 * What the telnet and the web test clients share: the text the server has sent, as one
 * transcript, waited on by pattern, and a command's reply read up to the prompt that ends it.
 * Each client records into `text`, calls `wake()` when it grows, and says what a prompt is.
 */
export abstract class Transcript {
  protected text = '';
  /** How much of `text` has been matched and moved past. */
  protected consumed = 0;
  protected closedFlag = false;
  private waiters: (() => void)[] = [];
  private syncs = 0;
  /** Set once logged in: commands first sync with the server (see command()). */
  inGame = false;

  abstract send(line: string): void;
  /** The text up to the next prompt, without the prompt. */
  abstract nextPrompt(timeoutMs?: number): Promise<string>;

  get closed(): boolean {
    return this.closedFlag;
  }

  /**
   * Waits until text after the last match satisfies `pattern`; returns the text up to and
   * including the match, and moves past it.
   */
  async expect(pattern: RegExp | string, timeoutMs = 5000): Promise<string> {
    const re = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rest = this.text.slice(this.consumed);
      const m = re.exec(rest);
      if (m) {
        const upto = rest.slice(0, m.index + m[0].length);
        this.consumed += upto.length;
        return upto;
      }
      if (this.closedFlag) throw new Error(`connection closed while waiting for ${re}; got:\n${rest}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${re}; got:\n${rest}`);
      await this.more(left);
    }
  }

  /** Sends a line and returns its reply, up to and without the prompt that ends it. */
  async command(line: string): Promise<string> {
    if (this.inGame) {
      // Once the answer to a unique probe is back, everything the server sent before it
      // (other players' news) is behind us, and the next prompt ends our own reply.
      const token = `sync${++this.syncs}x`;
      this.send(`look ${token}`);
      await this.expect(`"${token}"`);
      await this.nextPrompt();
    }
    this.consumed = this.text.length;
    this.send(line);
    return this.nextPrompt();
  }

  /** Waits for the connection to close. */
  async closedSoon(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closedFlag) {
      if (Date.now() > deadline) throw new Error('connection did not close');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Resolves when something more arrives (or the connection closes), or after `ms`. */
  protected more(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  protected wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
