/**
 * Web session resume: a page whose connection dropped (a phone asleep, a changed network) comes
 * back as its character within two minutes, without the password, by a token the server gave
 * it at its login. Each token works once and is replaced at every resume; it is worthless once
 * the character quits or is logged in again elsewhere. Only the tokens' SHA-256 hashes are
 * kept, in memory: a restart ends every session (docs/web.md, "Resuming").
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock, Timer } from '../world/clock.js';
import { capitalise } from '../text/names.js';
import type { Login } from '../login/login.js';
import type { WebConnection } from './connection.js';

/** How long after its connection dropped a session may be resumed: the tables' grace for a seat, too. */
export const RESUME_MS = 120_000;

/** Why a token no longer works. */
type Ending = 'spent' | 'quit' | 'elsewhere' | 'expired';

/** A character's current token: its page is connected (until null), or dropped and resumable until then. */
interface Current {
  key: string;
  until: number | null;
  expiry: Timer | null;
}

export type Redeemed = { ok: true; key: string } | { ok: false; reason: string };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export class ResumeTokens {
  private readonly current = new Map<string, Current>();
  /** Each character's current token's hash. */
  private readonly byKey = new Map<string, string>();
  /** Tokens that ended, in the order they did, kept for a while to say why they are refused. */
  private readonly ended = new Map<string, { key: string; why: Ending; at: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly random: (bytes: number) => Buffer = randomBytes,
  ) {}

  /** A new token for a character who has just come in on a page; any earlier one is over. */
  issue(key: string): string {
    this.loggedIn(key);
    const token = this.random(32).toString('base64url');
    const hash = hashOf(token);
    this.current.set(hash, { key, until: null, expiry: null });
    this.byKey.set(key, hash);
    return token;
  }

  /** The character has logged in (anywhere, any way): a session left on a page cannot come back. */
  loggedIn(key: string): void {
    const hash = this.byKey.get(key);
    if (hash !== undefined) this.end(hash, 'elsewhere');
  }

  /** The character left the world on purpose (quit, kicked, banned), wherever their page is: its token is worthless. */
  left(key: string): void {
    const hash = this.byKey.get(key);
    if (hash !== undefined) this.end(hash, 'quit');
  }

  /** The page's connection dropped: its token works for RESUME_MS more. */
  dropped(token: string): void {
    const hash = hashOf(token);
    const c = this.current.get(hash);
    if (!c || c.until !== null) return;
    c.until = this.clock.now() + RESUME_MS;
    c.expiry = this.clock.setTimer(RESUME_MS, () => this.end(hash, 'expired'));
  }

  /** The session ended on purpose (quit, kicked, turned away): its token is worthless. */
  quit(token: string): void {
    this.end(hashOf(token), 'quit');
  }

  /** Takes a token for a resume: whose it was, or why it will not do. Either way it is spent. */
  redeem(token: string): Redeemed {
    const hash = hashOf(token);
    const c = this.current.get(hash);
    if (c && (c.until === null || this.clock.now() <= c.until)) {
      this.end(hash, 'spent');
      return { ok: true, key: c.key };
    }
    if (c) this.end(hash, 'expired');
    this.forgetOld();
    const ended = this.ended.get(hash);
    const name = ended && capitalise(ended.key);
    switch (ended?.why) {
      case 'spent':
        return refused(`That session was resumed already (each resume needs the newer token the server gave then).`);
      case 'quit':
        return refused(`${name} left the tavern: that session is over.`);
      case 'elsewhere':
        return refused(`${name} has been logged in again since: that session is over.`);
      case 'expired':
        return refused(`More than ${RESUME_MS / 60_000} minutes passed: that session is over.`);
      default:
        return refused('That session is not known here (the server may have restarted).');
    }
  }

  /** Tokens in play, for tests: current ones and those remembered as ended. */
  get size(): { current: number; ended: number } {
    this.forgetOld();
    return { current: this.current.size, ended: this.ended.size };
  }

  private end(hash: string, why: Ending): void {
    const c = this.current.get(hash);
    if (!c) return;
    c.expiry?.cancel();
    this.current.delete(hash);
    if (this.byKey.get(c.key) === hash) this.byKey.delete(c.key);
    this.ended.set(hash, { key: c.key, why, at: this.clock.now() });
    this.forgetOld();
  }

  /** An ended token is told apart for RESUME_MS, then forgotten like one never given. */
  private forgetOld(): void {
    const now = this.clock.now();
    for (const [hash, e] of this.ended) {
      if (now - e.at <= RESUME_MS) break;
      this.ended.delete(hash);
    }
  }
}

function refused(reason: string): Redeemed {
  return { ok: false, reason: `${reason} Log in again.` };
}

/** A page's resume request, kept in its place among the page's lines (the server's LineQueue). */
export class ResumeRequest {
  constructor(readonly token: string) {}
  get length(): number {
    return this.token.length;
  }
}

/** One page's part in resuming: the token it holds while a character is in, and what ends it. */
export class PageResume {
  private token: string | null = null;
  private resuming = false;
  /** A page asks once, first thing: any more asking is refused unheard (and unlogged). */
  private asked = false;

  constructor(
    private readonly tokens: ResumeTokens,
    private readonly page: Pick<WebConnection, 'send' | 'id' | 'remoteAddress'>,
    private readonly log: (line: string) => void,
  ) {}

  /** A character came in on this page, by password or by resume: a new token for it. */
  entered(key: string): void {
    this.token = this.tokens.issue(key);
    this.page.send({ type: 'resume-token', token: this.token, validMs: RESUME_MS, resumed: this.resuming });
    this.resuming = false;
  }

  /** `{"type":"resume"}` from the page, at the greeting (`login`), or refused with its reason. */
  async resume(token: string, login: Login | null): Promise<void> {
    if (this.asked) return this.refuse('A connection may ask to resume a session once; connect again.');
    this.asked = true;
    if (!login?.atTheGreeting || this.token) return this.refuse('A session can only be resumed at the greeting.');
    const redeemed = this.tokens.redeem(token);
    if (!redeemed.ok) {
      this.log(`connection ${this.page.id} from ${this.page.remoteAddress}: resume refused: ${redeemed.reason}`);
      return this.refuse(redeemed.reason);
    }
    this.resuming = true;
    if (!(await login.resume(redeemed.key))) {
      this.resuming = false;
      this.refuse('That character cannot come back now. Log in again.');
    }
  }

  /** The connection is gone: `dropped` (not closed on purpose), its session may come back for a while. */
  closed(dropped: boolean): void {
    if (this.token === null) return;
    if (dropped) this.tokens.dropped(this.token);
    else this.tokens.quit(this.token);
  }

  private refuse(reason: string): void {
    this.page.send({ type: 'resume-refused', reason });
  }
}
