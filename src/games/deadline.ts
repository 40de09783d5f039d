/**
 * A table's deadline on the clock: the rules keep "closes at T" in their state and never sleep
 * (so tests advance a fake clock), and the table arms one of these for it, cleared with the table. Ten seconds before T the players it concerns are warned
 * (docs/rulings.md, Deadline warnings: `10 seconds left`), and at T the table feeds the rules their timeout.
 */
import { paint } from '../text/markup.js';
import type { TableHost, Timer } from './api.js';

/** The longest one timer is asked to wait (2^31 - 1 ms, about 24.8 days: Node's setTimeout fires a longer one at once). */
export const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** How long before a deadline the warning comes. */
export const WARNING_MS = 10_000;

export class Deadline {
  private timer: Timer | null = null;
  /**
   * The deadline whose warning was given: when the wall clock is set back after it, the timer
   * wakes before the deadline by that clock and the table arms the same deadline again, which is
   * then not warned of twice. Kept when cancelled: a later deadline is another number.
   */
  private warned: number | null = null;

  constructor(private readonly host: Pick<TableHost, 'clock' | 'setTimer'>) {}

  /**
   * Waits for `at` (null: nothing waits), replacing whatever was armed: `warn` ten seconds before
   * (when there are more than ten seconds left now; a shorter wait is told in full where it is
   * set, or was given already for this very deadline), then `due`. Only one timer is live at a time.
   */
  set(at: number | null, warn: () => void, due: () => void): void {
    this.cancel();
    if (at === null) return;
    const fireDue = () => {
      this.timer = null;
      due();
    };
    if (at !== this.warned && at - WARNING_MS > this.host.clock.now()) {
      this.wait(at - WARNING_MS, () => {
        this.warned = at;
        this.wait(at, fireDue);
        warn();
      });
    } else {
      this.wait(at, fireDue);
    }
  }

  /** Calls `fn` at `at`, in steps of at most LONGEST_WAIT_MS: a host's timer on Node fires a longer wait at once. */
  private wait(at: number, fn: () => void): void {
    const left = Math.max(0, at - this.host.clock.now());
    this.timer = this.host.setTimer(Math.min(left, LONGEST_WAIT_MS), () => (left > LONGEST_WAIT_MS ? this.wait(at, fn) : fn()));
  }

  cancel(): void {
    this.timer?.cancel();
    this.timer = null;
  }
}

/** "30 minutes", "90 seconds". */
export function duration(ms: number): string {
  const minutes = ms / 60_000;
  if (Number.isInteger(minutes)) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const seconds = Math.round(ms / 1000);
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** "10 seconds", "1 second": what is left until `at`, rounded up, marked as a deadline. */
export function secondsLeft(at: number, now: number): string {
  const n = Math.max(0, Math.ceil((at - now) / 1000));
  return paint('deadline', `${n} second${n === 1 ? '' : 's'}`);
}
