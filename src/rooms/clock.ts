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
    // then refuse the timeout as early. So an early wake-up waits out the remainder.
    const arm = (delay: number) => {
      handle = setTimeout(() => {
        const left = due - Date.now();
        if (left > 0) arm(left);
        else fn();
      }, delay);
      handle.unref();
    };
    arm(ms);
    return { cancel: () => clearTimeout(handle) };
  },
};
