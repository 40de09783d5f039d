/**
 * The page's side of resuming a session (docs/web.md, "Resuming"). The token the server gives
 * at every login and every resume lives in sessionStorage, not localStorage: it is this tab's
 * alone (two tabs are two sessions, never racing for one single-use token), it outlives a
 * reload and a dropped network but not the tab, and nothing of it stays on a shared computer
 * once the tab is closed.
 */
import type { ClientMessage, ServerMessage } from '../../src/web/messages.js';

const STORAGE_KEY = 'obsidian-scorpion.resume-token';

export class Resumer {
  /** While a resume is being answered: what the server sent meanwhile (its greeting), held back. */
  private held: ServerMessage[] | null = null;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null) {}

  /** Whether the page holds a token, so that a dropped connection can come back as it was. */
  get holding(): boolean {
    return this.read() !== null;
  }

  get resuming(): boolean {
    return this.held !== null;
  }

  /** A new connection is open: the resume message to send before anything else, if any. */
  opened(): ClientMessage | null {
    const token = this.read();
    if (token === null) return null;
    this.held = [];
    return { type: 'resume', token };
  }

  /** Holds back the server's text while a resume is answered; true when `message` was held. */
  hold(message: ServerMessage): boolean {
    if (this.held === null || message.type !== 'text') return false;
    this.held.push(message);
    return true;
  }

  /** A new token (after a login or a resume): kept. True when it answers this page's resume. */
  tokenGiven(token: string): boolean {
    this.write(token);
    const answered = this.held !== null;
    this.held = null;
    return answered;
  }

  /** The resume was refused: the token is dropped, and what was held back is to be shown now. */
  refused(): ServerMessage[] {
    const held = this.held ?? [];
    this.ended();
    return held;
  }

  /** The server ended the session on purpose (quit, a login elsewhere): there is nothing to come back to. */
  ended(): void {
    this.held = null;
    try {
      this.storage?.removeItem(STORAGE_KEY);
    } catch {
      // storage refused (a private window): there was nothing kept
    }
  }

  private read(): string | null {
    try {
      return this.storage?.getItem(STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private write(token: string): void {
    try {
      this.storage?.setItem(STORAGE_KEY, token);
    } catch {
      // storage refused: this page simply cannot resume
    }
  }
}

/** The tab's sessionStorage, or null where the browser refuses it. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
