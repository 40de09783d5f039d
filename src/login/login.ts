import type { Clock, Timer } from '../world/clock.js';
import type { Session } from '../output/outbox.js';
import { MIN_PASSWORD, nameProblem, passwordProblem } from './accounts.js';
import { capitalise } from '../text/names.js';
import type { Door } from './door.js';
import type { Tavern } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { charAccount } from '../store/account.js';
import { coinsText, named } from '../output/palette.js';
import { tavernWords } from '../output/words.js';
import type { CharacterRecord } from '../store/index.js';
import { banHere } from '../commands/admin.js';

export const MAX_PASSWORD_TRIES = 3;
export const LOGIN_TIMEOUT_MS = 120_000;

const GREETING = [
  '',
  '   The Obsidian Scorpion',
  '   a tavern on the caravan road, where obsidian coins change hands',
  '',
  'To make a new character:        create <name> <password>',
  'To return as your character:    connect <name> <password>',
  'Or just type a name to begin.',
].join('\n');

type Step =
  | { kind: 'greeting' }
  | { kind: 'confirm-new'; name: string }
  | { kind: 'new-password'; name: string }
  | { kind: 'repeat-password'; name: string; password: string }
  | { kind: 'password'; key: string };

/**
 * The conversation at the door, before a character is chosen: `create`, `connect`, or a bare
 * name for the interactive flow. It never shows passwords and hides the client's echo for them.
 * Hashing, waits after wrong guesses and the creation limit are the Door's, shared by all.
 */
export class Login {
  private step: Step = { kind: 'greeting' };
  private failures = 0;
  private timer: Timer;
  /** Answers the door is working on (a hash waiting its turn in a storm): the time is the server's, not the client's. */
  private waitingOnDoor = 0;
  private done = false;
  /** Aborted when the connection goes: a waiting password check then leaves every queue. */
  private readonly gone = new AbortController();

  constructor(
    private readonly tavern: Tavern,
    private readonly session: Session,
    /** The connection's remote address, for the Door's per-address limits. */
    private readonly address: string,
    private readonly door: Door,
    private readonly clock: Clock,
    private readonly entered: (p: Player) => void,
  ) {
    this.timer = this.armTimer();
    session.deliver({ text: [GREETING] });
  }

  /** The two minutes to log in; a client waiting for the door's answer then gets two more. */
  private armTimer(): Timer {
    return this.clock.setTimer(LOGIN_TIMEOUT_MS, () => {
      if (this.waitingOnDoor > 0) this.timer = this.armTimer();
      else this.turnAway('You took too long to log in. Come back when you are ready.');
    });
  }

  /** Waits for the door (hashing, a wait after wrong guesses), which does not count against the client's time. */
  private async fromTheDoor<T>(answer: Promise<T>): Promise<T> {
    this.waitingOnDoor++;
    try {
      return await answer;
    } finally {
      this.waitingOnDoor--;
    }
  }

  /** Stops the idle timer when the connection goes away. */
  dispose(): void {
    this.done = true;
    this.timer.cancel();
    // Only a check still waiting needs telling; an abort's reason carries a stack, kept per connection.
    if (this.waitingOnDoor > 0) this.gone.abort();
  }

  /** One line at the door. The caller runs lines one after another, never two at once. */
  async handleLine(line: string): Promise<void> {
    if (this.done) return;
    // `quit` leaves from any prompt (a password is never "quit": it is shorter than any allowed).
    if (line.trim().toLowerCase() === 'quit') {
      this.turnAway('Come back when the road brings you here. Farewell!');
      return;
    }
    const reply = await this.step_(line.trim());
    if (this.done) return;
    this.session.deliver({ text: reply ? [reply] : [] });
  }

  private async step_(text: string): Promise<string | null> {
    const s = this.step;
    switch (s.kind) {
      case 'greeting':
        return this.greeting(text);
      case 'confirm-new': {
        if (/^y(es)?$/i.test(text)) {
          this.step = { kind: 'new-password', name: s.name };
          this.session.hideInput();
          return `Choose a password for ${s.name} (at least ${MIN_PASSWORD} characters):`;
        }
        if (/^no?$/i.test(text)) {
          this.step = { kind: 'greeting' };
          return 'Then what name shall it be?';
        }
        return `Please answer yes or no: make a new character called ${s.name}? (yes/no)`;
      }
      case 'new-password': {
        const problem = passwordProblem(text);
        if (problem) return `${problem} Try again:`;
        this.step = { kind: 'repeat-password', name: s.name, password: text };
        return 'Type the same password again:';
      }
      case 'repeat-password': {
        if (text !== s.password) {
          this.step = { kind: 'new-password', name: s.name };
          return 'The two passwords differ. Choose a password:';
        }
        return this.create(s.name, text);
      }
      case 'password': {
        // The echo stays off until the password is right: a retry is typed blind too.
        const ok = await this.checkPassword(s.key, text);
        return ok === true ? null : ok || 'Wrong password. Try again:';
      }
    }
  }

  private async greeting(text: string): Promise<string | null> {
    if (!text) return 'Type a name, or create <name> <password>, or connect <name> <password>.';
    const m = /^(create|connect)\s+(\S+)\s+(.+)$/i.exec(text);
    if (m) {
      const [, verb, name, password] = m;
      if (verb.toLowerCase() === 'create') return this.create(name, password);
      const key = name.toLowerCase();
      if (!(await this.tavern.store.nameTaken(key))) return `There is no character called ${capitalise(name)}. To make one: create ${name} <password>`;
      const ok = await this.checkPassword(key, password);
      return ok === true ? null : ok || 'Wrong password.';
    }
    if (/^(create|connect)\b/i.test(text)) return 'Usage: create <name> <password>   or   connect <name> <password>';
    const name = text;
    const key = name.toLowerCase();
    if (await this.tavern.store.nameTaken(key)) {
      if (this.done) return null;
      this.step = { kind: 'password', key };
      this.session.hideInput();
      return `Welcome back, ${capitalise(name)}. Password:`;
    }
    const problem = nameProblem(name, this.tavern.npcNames(), this.gameWords());
    if (problem) return problem;
    this.step = { kind: 'confirm-new', name: capitalise(name) };
    return `There is no one called ${capitalise(name)} here yet. Make a new character by that name? (yes/no)`;
  }

  /** Words the games played here keep from being names (their bet words), and the name of the tavern's dealer. */
  private gameWords(): string[] {
    return [tavernWords.dealer, ...[...this.tavern.tables.values()].flatMap((t) => t.definition.reservedNames ?? [])];
  }

  private async create(name: string, password: string): Promise<string | null> {
    this.step = { kind: 'greeting' };
    this.session.showInput();
    const problem = nameProblem(name, this.tavern.npcNames(), this.gameWords()) ?? passwordProblem(password);
    if (problem) return problem;
    const taken = `${capitalise(name)} is already taken; pick another name.`;
    if (await this.tavern.store.nameTaken(name.toLowerCase())) return this.done ? null : taken; // no hash spent on it
    const allowed = this.door.reserveCreation(this.address);
    if (!allowed.ok) return allowed.reason;
    const hash = await this.fromTheDoor(this.door.hashNew(this.address, password, this.gone.signal));
    if (this.done || hash === null) {
      allowed.reservation.cancel();
      return null;
    }
    // Someone may have taken the name meanwhile: the store says so.
    const record = await this.tavern.createCharacter(name, hash);
    if (!record) {
      allowed.reservation.cancel();
      return taken;
    }
    allowed.reservation.confirm();
    this.door.madeFrom(record.name.toLowerCase(), this.address);
    if (this.done) {
      this.tavern.store.letGo(record.name.toLowerCase());
      return null;
    }
    // Through the outbox, so the welcome (and its coins) is only told once it is on disk.
    const coins = this.tavern.ledger.balance(charAccount(record.name.toLowerCase()));
    this.tavern.outbox.add(this.session, `Welcome to the Obsidian Scorpion, ${named(record.name)}. You carry ${coinsText(coins)}.`);
    this.enter(record);
    return null;
  }

  /** True once in; else false, or the line to answer with instead of "Wrong password" (the attempt was not checked). */
  private async checkPassword(key: string, password: string): Promise<boolean | string> {
    const record = await this.tavern.store.fetchCharacter(key);
    if (!record || this.done) return false;
    const stored = record.passwordHash;
    const tell = (line: string) => this.session.deliver({ text: [line], prompt: false }); // the prompt follows the answer
    const verdict = await this.fromTheDoor(this.door.checkPassword({ address: this.address, account: key, password, stored }, this.gone.signal, tell));
    if (this.done || verdict.kind === 'gone') return false;
    if (verdict.kind === 'refused') return verdict.line;
    if (verdict.kind === 'right') {
      const newHash = verdict.newHash;
      return this.claimAndEnter(key, record, () => {
        if (newHash) this.replaceHash(key, stored, newHash);
      });
    }
    this.failures += 1;
    if (this.failures >= MAX_PASSWORD_TRIES) this.turnAway('Too many wrong passwords. Goodbye.');
    return false;
  }

  /** Whether the conversation is at its start (not halfway through a step-by-step login). */
  get atTheGreeting(): boolean {
    return !this.done && this.step.kind === 'greeting';
  }

  /**
   * Enters as `key` without a password: a web page resuming its session, whose single-use token
   * the caller has taken (src/web/resume.ts). Only at the greeting; false if it cannot be.
   */
  async resume(key: string): Promise<boolean> {
    if (!this.atTheGreeting) return false;
    const record = await this.tavern.store.fetchCharacter(key);
    if (!record || this.done) return false;
    return this.claimAndEnter(key, record);
  }

  /** Claims the character (servers that share a database play one at a time), then enters. */
  private async claimAndEnter(key: string, record: Readonly<CharacterRecord>, claimed?: () => void): Promise<boolean> {
    const refusal = await this.tavern.store.claim(key);
    if (this.done || refusal) {
      if (!refusal && !this.tavern.players.has(key)) this.tavern.store.letGo(key);
      if (refusal) this.turnAway(refusal);
      return false;
    }
    claimed?.();
    this.enter(this.tavern.store.character(key) ?? record);
    return true;
  }

  /**
   * A banned character is turned away with one line, once the password is right: the reason is
   * for the character's owner, not for anyone who types the name.
   */
  private refuseIfBanned(key: string): boolean {
    const banned = banHere(this.tavern, key);
    if (!banned) return false;
    if (banned.refusal === null) {
      this.tavern.log(`login: ${key} is banned (by ${banned.ban.by}) but an admin here, so let in`);
      return false;
    }
    this.tavern.log(`login refused: ${key} is banned`);
    this.turnAway(banned.refusal);
    return true;
  }

  private enter(record: Readonly<CharacterRecord>): void {
    const key = record.name.toLowerCase();
    if (this.refuseIfBanned(key)) {
      if (!this.tavern.players.has(key)) this.tavern.store.letGo(key); // claimed for nothing
      return;
    }
    this.dispose();
    this.session.showInput();
    const p = this.tavern.enter(record, this.session);
    this.entered(p);
    void this.tavern.release();
  }

  /** An old-cost hash made again at a good login; it reaches the disk with the login's own write (enter releases). */
  private replaceHash(key: string, old: string, passwordHash: string): void {
    if (this.tavern.store.character(key)?.passwordHash !== old) return; // changed meanwhile: the newer one stands
    this.tavern.store.record({ kind: 'password', key, passwordHash });
  }

  /** Ends the conversation at the door and closes the connection with a last word. */
  turnAway(farewell: string): void {
    if (this.done) return;
    this.dispose();
    this.session.showInput();
    this.session.close(farewell);
  }
}
