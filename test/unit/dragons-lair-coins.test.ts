import { describe, expect, it } from 'vitest';
import { seededRandom, type RandomSource } from '../../src/games/random.js';
import { apply, defaultSettings, newTable, type DragonsLairAction, type DragonsLairState } from '../../src/games/dragons-lair/rules.js';
import type { CoinMove, Party } from '../../src/games/api.js';

/**
 * Tried as whimsical (or abusive) players would: random moves, shares, agreements, discards,
 * timeouts and walk-outs at any moment, over many games. However a game goes, the house is never
 * involved, nothing is paid but the antes, and every ante comes back to someone.
 */

const NAMES = ['Ana', 'Bo', 'Cy', 'Dee', 'Eli'];
const T0 = 1_000_000;

/** A random action for the state: often a legal one, sometimes not (the rules must refuse those cleanly). */
function randomAction(s: DragonsLairState, pick: RandomSource): DragonsLairAction {
  const seated = s.seats.filter((seat) => !seat.gone);
  const anyone = seated.length ? seated[pick.int(seated.length)].name : NAMES[0];
  const choosing = s.queue[0]?.player ?? anyone;
  const roll = pick.int(100);
  if (roll < 3) return { type: 'leave', player: anyone, cause: pick.int(2) ? 'asked' : 'disconnected' };
  if (roll < 6) return { type: 'start', player: anyone };
  if (roll < 10) return { type: 'timeout' };
  const n = s.negotiation;
  if (n && roll < 50) {
    if (pick.int(2)) return { type: 'agree', player: n.contributors[pick.int(n.contributors.length)] };
    // Shares that sometimes add up, sometimes do not.
    let left = n.treasure + (pick.int(5) === 0 ? 1 : 0);
    const shares = n.contributors.map((name, i) => {
      const amount = i === n.contributors.length - 1 ? left : pick.int(left + 1);
      left -= amount;
      return { name, amount };
    });
    return { type: 'split', player: n.contributors[pick.int(n.contributors.length)], shares };
  }
  if (s.phase === 'discarding') {
    const over = seated.filter((seat) => seat.hand.length > s.settings.maxHand);
    const who = over.length ? over[pick.int(over.length)] : seated[0];
    if (who?.hand.length) return { type: 'discard', player: who.name, card: who.hand[pick.int(who.hand.length)] };
  }
  const hand = s.seats.find((seat) => seat.name === choosing)?.hand ?? [];
  if (!hand.length || roll < 30) return { type: 'hold', player: choosing };
  const card = hand[pick.int(hand.length)];
  const target = NAMES[pick.int(NAMES.length)];
  const lair = 1 + pick.int(2);
  const how = pick.int(3);
  return { type: 'play', player: choosing, card, ...(how === 0 ? { lair } : how === 1 ? { target } : {}) };
}

describe("Dragon's Lair: coins balance", () => {
  it('pays out exactly the antes, and never touches the house, over many random games', () => {
    const reasons = new Set<string>();
    let refused = 0;
    let games = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const pick = seededRandom(seed);
      const random = seededRandom(seed + 50_000);
      const players = NAMES.slice(0, 2 + pick.int(4));
      const START = 60;
      const purse = new Map(players.map((p) => [p, START]));
      const escrow = new Map(players.map((p) => [p, 0]));
      let now = T0;
      // A small ante now and then, so that some games end with an empty bank.
      let s = newTable(seed % 3 ? defaultSettings : { ...defaultSettings, ante: 3 });
      const step = (action: DragonsLairAction): boolean => {
        const r = apply(s, action, { random, now });
        if (!r.ok) {
          expect(r.reason.length).toBeGreaterThan(0);
          refused++;
          return false;
        }
        apply_(r.moves);
        s = r.state;
        for (const e of r.events) if (e.type === 'gameOver') reasons.add(e.result.reason);
        return true;
      };
      const apply_ = (moves: CoinMove[]) => {
        const book = (p: Party) => {
          expect(p.kind).not.toBe('house');
          return p.kind === 'escrow' ? escrow : purse;
        };
        for (const m of moves) {
          expect(Number.isSafeInteger(m.amount) && m.amount > 0).toBe(true);
          const from = book(m.from) as Map<string, number>;
          const to = book(m.to) as Map<string, number>;
          const [a, b] = [(m.from as { name: string }).name, (m.to as { name: string }).name];
          from.set(a, from.get(a)! - m.amount);
          to.set(b, to.get(b)! + m.amount);
          expect(from.get(a)).toBeGreaterThanOrEqual(0);
        }
      };
      for (const p of players) expect(step({ type: 'sit', player: p })).toBe(true);
      expect(step({ type: 'start', player: players[pick.int(players.length)] })).toBe(true);
      games++;
      const over = () => s.phase === 'over';
      for (let i = 0; !over() && i < 5_000; i++) {
        if (s.deadline !== null && pick.int(8) === 0) now = Math.max(now, s.deadline);
        step(randomAction(s, pick));
        // While a game is on, escrow holds exactly the antes still to be paid out.
        if (!over()) for (const p of players) expect(escrow.get(p)).toBe(s.antes[p] ?? 0);
      }
      expect(s.phase).toBe('over');
      for (const p of players) expect(escrow.get(p)).toBe(0);
      expect([...purse.values()].reduce((a, b) => a + b, 0)).toBe(START * players.length);
    }
    expect(games).toBe(100);
    expect(refused).toBeGreaterThan(0);
    expect([...reasons].sort()).toEqual(['bank', 'players', 'rounds']);
  });
});
