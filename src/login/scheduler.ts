/** Gives back what acquire() granted. Calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant(release: Release): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** Queues a waiter, or rejects at once if the signal has already gone; an abort takes it out again. */
function enqueue(queue: Waiter[], signal: AbortSignal | undefined, remove: (w: Waiter) => void): Promise<Release> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const waiter: Waiter = { grant: resolve, signal };
    if (signal) {
      waiter.onAbort = () => {
        remove(waiter);
        reject(signal.reason);
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
    }
    queue.push(waiter);
  });
}

function handOver(w: Waiter, release: Release): void {
  if (w.onAbort) w.signal!.removeEventListener('abort', w.onAbort);
  w.grant(release);
}

/**
 * A fixed number of slots shared fairly between lanes (one lane per address). Each lane keeps
 * its own queue, and the lanes take turns: a lane with a thousand waiters gets one slot, then
 * every other waiting lane gets one, before it gets its second. A waiter whose signal aborts
 * (its connection went away) leaves its queue without ever taking a slot.
 */
export class FairScheduler {
  private running = 0;
  /** Lanes with waiters, in turn order: the first is served next, then goes to the back. */
  private readonly lanes = new Map<string, Waiter[]>();

  constructor(readonly slots: number) {
    if (!Number.isSafeInteger(slots) || slots < 1) throw new Error(`a scheduler needs at least one slot, not ${slots}`);
  }

  /** How many slots are taken. */
  get inFlight(): number {
    return this.running;
  }

  /** How many wait for a slot, over every lane. */
  get waiting(): number {
    let n = 0;
    for (const queue of this.lanes.values()) n += queue.length;
    return n;
  }

  /** Resolves with the slot once it is this lane's turn and a slot is free. */
  acquire(lane: string, signal?: AbortSignal): Promise<Release> {
    if (this.running < this.slots && this.lanes.size === 0 && !signal?.aborted) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    let queue = this.lanes.get(lane);
    if (!queue) this.lanes.set(lane, (queue = []));
    const granted = enqueue(queue, signal, (w) => {
      queue.splice(queue.indexOf(w), 1);
      if (queue.length === 0 && this.lanes.get(lane) === queue) this.lanes.delete(lane);
    });
    if (queue.length === 0) this.lanes.delete(lane); // the signal had already aborted
    return granted;
  }

  /** Runs `job` in a slot of this lane. */
  async run<T>(lane: string, job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(lane, signal);
    try {
      return await job();
    } finally {
      release();
    }
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.dispatch();
    };
  }

  private dispatch(): void {
    while (this.running < this.slots) {
      const next = this.lanes.entries().next();
      if (next.done) return;
      const [lane, queue] = next.value;
      const w = queue.shift()!;
      this.lanes.delete(lane);
      if (queue.length) this.lanes.set(lane, queue); // to the back of the turn order
      this.running++;
      handOver(w, this.releaser());
    }
  }
}

/**
 * One holder per key at a time (one password check per account): the others wait in
 * arrival order, and one whose signal aborts leaves the line.
 */
export class OneAtATime {
  /** A key is held while it is in this map; its array holds those waiting for it. */
  private readonly held = new Map<string, Waiter[]>();

  isHeld(key: string): boolean {
    return this.held.has(key);
  }

  acquire(key: string, signal?: AbortSignal): Promise<Release> {
    const queue = this.held.get(key);
    if (!queue) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      this.held.set(key, []);
      return Promise.resolve(this.releaser(key));
    }
    return enqueue(queue, signal, (w) => queue.splice(queue.indexOf(w), 1));
  }

  private releaser(key: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.held.get(key)!;
      const next = queue.shift();
      if (next) handOver(next, this.releaser(key));
      else this.held.delete(key);
    };
  }
}
