/**
 * The one input line: Enter sends it, Up and Down walk the history (a half-typed line is kept
 * as the newest entry), Escape clears it, Page Up and Page Down scroll the output. While the
 * server asks for a password the line is masked and nothing typed is remembered.
 */

const HISTORY_SIZE = 200;

/**
 * A `create` or `connect` line with its password hidden, or null for any other line: such a
 * line is echoed masked and never kept in the history.
 */
export function maskedLogin(text: string): string | null {
  const m = /^(\s*(?:create|connect)\s+\S+\s+)(.+)$/i.exec(text);
  return m ? `${m[1]}••••••••` : null;
}

export interface CommandLineHandlers {
  /** A line to send, and how to echo it (null: not at all, it was a password). */
  line(text: string, echo: string | null): void;
  page(direction: 1 | -1): void;
}

export class CommandLine {
  private readonly history: string[] = [];
  /** Where Up and Down are in the history: history.length means the line being typed. */
  private cursor = 0;
  private draft = '';
  private secret = false;

  constructor(
    form: HTMLFormElement,
    private readonly input: HTMLInputElement,
    private readonly promptLabel: HTMLElement,
    private readonly handlers: CommandLineHandlers,
  ) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    input.addEventListener('keydown', (event) => this.key(event));
  }

  /** Masks the line (a password is asked for) or shows it again. */
  setSecret(secret: boolean): void {
    this.secret = secret;
    this.input.type = secret ? 'password' : 'text';
    this.input.autocomplete = secret ? 'current-password' : 'off';
    this.input.setAttribute('aria-label', secret ? 'Password (hidden as you type)' : 'Command');
    this.input.placeholder = secret ? 'password (hidden)' : 'type a command, then Enter';
    this.input.value = '';
  }

  setPrompt(text: string): void {
    this.promptLabel.textContent = text.trimEnd() || '>';
  }

  focus(): void {
    this.input.focus();
  }

  private submit(): void {
    const text = this.input.value;
    const masked = maskedLogin(text);
    if (!this.secret && masked === null && text.trim() && this.history[this.history.length - 1] !== text) {
      this.history.push(text);
      if (this.history.length > HISTORY_SIZE) this.history.shift();
    }
    this.cursor = this.history.length;
    this.draft = '';
    this.input.value = '';
    this.handlers.line(text, this.secret ? null : (masked ?? text));
  }

  private key(event: KeyboardEvent): void {
    if (event.isComposing) return;
    switch (event.key) {
      case 'ArrowUp':
        if (this.secret || this.cursor === 0) return;
        if (this.cursor === this.history.length) this.draft = this.input.value;
        this.show(this.history[--this.cursor]);
        break;
      case 'ArrowDown':
        if (this.secret || this.cursor >= this.history.length) return;
        this.cursor++;
        this.show(this.cursor === this.history.length ? this.draft : this.history[this.cursor]);
        break;
      case 'Escape':
        this.input.value = '';
        this.cursor = this.history.length;
        break;
      case 'PageUp':
        this.handlers.page(-1);
        break;
      case 'PageDown':
        this.handlers.page(1);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  private show(text: string): void {
    this.input.value = text;
    // The caret goes to the end, as in a shell.
    this.input.setSelectionRange(text.length, text.length);
  }
}
