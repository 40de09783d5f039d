import type { TableHost } from '../../src/games/table.js';
import type { CoinMove, Party } from '../../src/games/rules.js';
import { FakeClock } from './fakeClock.js';

/**
 * What every fake table host shares: purses in a map that refuse to go below zero (the house
 * excepted) as the ledger does, a fake clock, and random values the test queues. Subclasses
 * decide how what is said is recorded.
 */
export abstract class FakeHostBase implements Omit<TableHost, 'id' | 'label' | 'settings' | 'toRoom' | 'toPlayer' | 'showDice'> {
  readonly clock = new FakeClock();
  readonly purses = new Map<string, number>();
  protected seats: string[] = [];
  private draws: number[] = [];
  readonly random = {
    int: (n: number) => {
      const v = this.draws.shift();
      if (v === undefined || v >= n) throw new Error(`no queued value below ${n}`);
      return v;
    },
  };

  queue(...values: number[]): void {
    this.draws.push(...values);
  }

  seated = () => [...this.seats];
  isConnected = () => true;
  balance = (name: string) => this.purses.get(`player:${name}`) ?? 0;

  transfer(moves: readonly CoinMove[]) {
    const key = (p: Party) => (p.kind === 'house' ? 'house' : `${p.kind}:${p.name}`);
    const after = new Map(this.purses);
    for (const m of moves) {
      after.set(key(m.from), (after.get(key(m.from)) ?? 0) - m.amount);
      after.set(key(m.to), (after.get(key(m.to)) ?? 0) + m.amount);
    }
    const short = [...after].find(([k, n]) => k !== 'house' && n < 0);
    if (short) return { ok: false as const, reason: `${short[0]} is short` };
    for (const [k, n] of after) this.purses.set(k, n);
    return { ok: true as const };
  }

  setTimer = (ms: number, fn: () => void) => this.clock.setTimer(ms, fn);
  unseat = () => undefined;
}
