import { LONGEST_WAIT_MS } from '../games/deadline.js';

/** Time as a service handed to whoever needs it, so tests can drive timers. */
export interface Clock {
  now(): number;
  /** Calls `fn` once, when now() has reached the time `ms` from now (never before). */
  setTimer(ms: number, fn: () => void): Timer;
}

export interface Timer {
  cancel(): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const due = Date.now() + ms;
    let handle: NodeJS.Timeout;
    // Node's setTimeout may fire a millisecond before Date.now() reaches the deadline; rules
    // then refuse the timeout as early. So an early wake-up waits out the remainder, as does
    // one cut short on purpose: Node fires a wait longer than LONGEST_WAIT_MS at once.
    const arm = (delay: number) => {
      handle = setTimeout(() => {
        const left = due - Date.now();
        if (left > 0) arm(left);
        else fn();
      }, Math.min(delay, LONGEST_WAIT_MS));
      handle.unref();
    };
    arm(ms);
    return { cancel: () => clearTimeout(handle) };
  },
};

/** Waits `ms` on the clock; rejects with the signal's reason if it aborts first (the timer is cancelled). */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      timer.cancel();
      reject(signal!.reason);
    };
    const timer = clock.setTimer(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
