import { randomBytes } from 'node:crypto';
import type { Timer } from '../games/api.js';
import type { Scheduler } from './clock.js';
import { fill, pattern, type Profile, type SetupAsk } from './profile.js';
import { cleanLine } from './trust.js';

/**
 * One connection's way in, as the profile's login dialogue says: answer each prompt it expects,
 * give up on a line that says the login failed, then send the setup and wait for the ready line
 * (asked again every second while the MUD is still setting up). A fresh `secret` every login.
 *
 * A setup step that asks the MUD (TinyMUX: the dbref of the dealer's ear) holds back the steps
 * after it until its answer, with a fresh tag, comes; the ready line counts only once every step
 * is sent.
 *
 * A line that says the login failed is believed at once during the dialogue. Once its last
 * answer is sent, anyone may be able to make the dealer read such a line (a thing that hears it
 * connect and @pemits the words), so it stands only if the dealer is not ready soon after.
 */

export type SessionState = 'login' | 'setting up' | 'ready' | 'failed';

const PROBE_EVERY_MS = 1000;
const PROBES = 15;
/** How long a refusal read after the dialogue waits to be proved wrong by the ready line. */
const REFUSAL_WAIT_MS = 5000;

export class Session {
  readonly secret = randomBytes(16).toString('hex');
  state: SessionState = 'login';
  private fired = new Set<number>();
  private tag = '';
  private probes = 0;
  private probeTimer: Timer | null = null;
  private refusal: Timer | null = null;
  /** The setup steps still to send, and the answer the first of them waits for. */
  private steps: (string | SetupAsk)[] = [];
  private asking: { re: RegExp; send: string } | null = null;

  constructor(
    private readonly profile: Profile,
    private readonly character: string,
    private readonly password: string,
    private readonly scheduler: Scheduler,
    private readonly io: {
      send(line: string): void;
      ready(): void;
      failed(reason: string): void;
    },
    /** Commands sent first once logged in, before the profile's setup (purse mode's lock). */
    private readonly first: readonly string[] = [],
  ) {
    if (profile.login.length === 0) this.setUp();
  }

  /** A line of the MUD's while not yet ready; true when the session took it. */
  read(raw: string): void {
    if (this.state === 'ready' || this.state === 'failed') return;
    const line = cleanLine(raw);
    if (this.profile.loginFailed.some((f) => new RegExp(f).test(line))) {
      const reason = `the MUD refused the login: ${line.replaceAll(this.password, '*****')}`;
      if (this.state === 'login') return this.fail(reason);
      this.refusal ??= this.scheduler.setTimer(REFUSAL_WAIT_MS, () => this.fail(reason));
    }
    if (this.state === 'login') {
      const i = this.profile.login.findIndex((s, n) => !this.fired.has(n) && new RegExp(s.expect).test(line));
      if (i >= 0) {
        this.fired.add(i);
        this.io.send(fill(this.profile.login[i].send, { character: this.character, password: this.password }));
        if (this.fired.size === this.profile.login.length) this.setUp();
      }
    }
    const answer = this.asking?.re.exec(line);
    if (answer) {
      this.io.send(fill(this.asking!.send, { ...answer.groups, secret: this.secret, character: this.character }));
      this.asking = null;
      this.sendSteps();
    }
    if (this.asking || this.steps.length) return;
    if (pattern(this.profile.ready.expect, { secret: this.secret, tag: this.tag, character: this.character }).test(line) && (this.tag || !this.profile.ready.send)) {
      if (this.state === 'login') this.sendSetup();
      this.probeTimer?.cancel();
      this.refusal?.cancel();
      this.state = 'ready';
      this.io.ready();
    }
  }

  /** The connection went: nothing more to do for this session. */
  end(): void {
    this.probeTimer?.cancel();
    this.refusal?.cancel();
    if (this.state !== 'failed') this.state = 'failed';
  }

  private setUp(): void {
    this.sendSetup();
    this.state = 'setting up';
    this.probe();
  }

  private sendSetup(): void {
    this.steps = [...this.first, ...this.profile.setup];
    this.sendSteps();
  }

  /** Sends the setup up to its next step that asks the MUD. */
  private sendSteps(): void {
    const values = { secret: this.secret, character: this.character };
    for (let step = this.steps.shift(); step !== undefined; step = this.steps.shift()) {
      if (typeof step === 'string') {
        this.io.send(fill(step, values));
        continue;
      }
      const tag = randomBytes(6).toString('hex');
      this.asking = { re: pattern(step.answer, { ...values, tag }), send: step.send };
      return this.io.send(fill(step.ask, { ...values, tag }));
    }
  }

  /** Asks for the ready line (where the profile asks for it), again each second until it comes. */
  private probe(): void {
    const send = this.profile.ready.send;
    if (!send) return;
    if (this.probes++ >= PROBES) return this.fail('the MUD never showed the dealer ready (check the profile\'s setup and ready lines)');
    this.tag = randomBytes(6).toString('hex');
    this.io.send(fill(send, { secret: this.secret, tag: this.tag, character: this.character }));
    this.probeTimer = this.scheduler.setTimer(PROBE_EVERY_MS, () => this.probe());
  }

  private fail(reason: string): void {
    if (this.state === 'failed') return;
    this.probeTimer?.cancel();
    this.refusal?.cancel();
    this.state = 'failed';
    this.io.failed(reason);
  }
}
