/**
 * A token bucket: `burst` at once, then `perSecond`. The limits of this server that are rates
 * (a connection's input, TLS handshakes per address, a player's words on a channel) are each
 * one of these; times are milliseconds from whatever clock the caller keeps.
 */
export class Bucket {
  private tokens: number;

  constructor(
    readonly burst: number,
    readonly perSecond: number,
    private at: number,
  ) {
    this.tokens = burst;
  }

  /** Adds what `now` has earned since the last refill, up to the burst. */
  refill(now: number): void {
    if (now > this.at) this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.perSecond) / 1000);
    this.at = now;
  }

  /** Takes `n` if they are there (true), else takes nothing (false). */
  take(now: number, n = 1): boolean {
    this.refill(now);
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }

  /** Spends `n` whether they are there or not: what is overspent is a debt that `debtMs` waits off. */
  spend(n: number): void {
    this.tokens -= n;
  }

  /** Milliseconds until the debt is paid off (0: none), as of the last refill. */
  get debtMs(): number {
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens * 1000) / this.perSecond);
  }

  /** Whether it is full again at `now` (its owner may forget it). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }
}
