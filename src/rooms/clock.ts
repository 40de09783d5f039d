/** Time as a service handed to whoever needs it, so tests can drive timers. */
export interface Clock {
  now(): number;
  setTimer(ms: number, fn: () => void): Timer;
}

export interface Timer {
  cancel(): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return { cancel: () => clearTimeout(t) };
  },
};
