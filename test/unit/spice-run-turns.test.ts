/**
 * Whose turn it is in Spice Run: the turn clock (restarted by every valid move, and what happens when
 * it runs out in each phase and variant), and refusals that say what can be done now.
 */
import { describe, expect, it } from 'vitest';
import { apply, setup } from '../../src/games/spice-run/rules.js';
import { defaultSettings } from '../../src/games/spice-run/state.js';
import { ANA, BO, FOUR, T0, TURN, act, e, flows, inPlay, ofType, p, refusal, throws } from '../support/spice-run-play.js';

describe('Spice Run: the turn clock', () => {
  it('restarts on every valid move by the player on turn, not on refusals', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [3], now: T0 + 1000 }).state;
    expect(rolled.deadline).toBe(T0 + 1000 + TURN);
    const refused = apply(rolled, { type: 'roll', player: BO }, { random: throws(), now: T0 + 5000 });
    expect(refused.ok).toBe(false);
    const bet = act(rolled, { type: 'bet', player: ANA, amount: 1 }, { now: T0 + 2000 }).state;
    expect(bet.deadline).toBe(T0 + 2000 + TURN);
  });

  it('follows the settings', () => {
    const quick = { turnMs: 10_000 };
    const s = setup([ANA, BO], quick, T0);
    expect(s.deadline).toBe(T0 + 10_000);
    const step = apply(s, { type: 'roll', player: ANA }, { random: throws(6), now: T0 + 1 }, quick);
    expect(step.ok && step.state.deadline).toBe(T0 + 1 + 10_000);
  });

  it('refuses a stale timeout', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [3], now: T0 + 60_000 }).state;
    // The timer scheduled for the first deadline fires after Ana acted: it is stale now.
    expect(refusal(rolled, { type: 'timeout' }, T0 + TURN)).toBe('Ana still has time to take their turn.');
  });

  it('withdraws for the idle player once the deadline has passed, when nothing waits to be played', () => {
    const s = act(inPlay('standard', FOUR), { type: 'roll', player: ANA }, { dice: [5], now: T0 }).state;
    const idle = act(act(s, { type: 'play', player: ANA }).state, { type: 'timeout' }, { now: T0 + TURN });
    expect(ofType(idle.events, 'withdrawn')[0]).toMatchObject({ player: BO, cause: 'idle' });
    expect(idle.moves.reduce((sum, m) => sum + m.amount, 0)).toBe(180);
    expect(idle.state.phase).toBe('over');
  });

  it('plays a lapsed 3-11 for the roller in standard, and the game goes on', () => {
    const rolled = act(inPlay('standard', FOUR), { type: 'roll', player: ANA }, { dice: [7], now: T0 }).state;
    const lapsed = act(rolled, { type: 'timeout' }, { now: T0 + TURN });
    expect(lapsed.events.map((ev) => ev.type)).toEqual(['appliedFor', 'collected']);
    expect(ofType(lapsed.events, 'appliedFor')[0]).toEqual({ type: 'appliedFor', player: ANA, square: 7, played: true, cause: 'idle' });
    expect(flows(lapsed.moves)).toEqual([
      [e(ANA), p(ANA), 100],
      [e(BO), p(ANA), 50],
    ]);
    expect(lapsed.state).toMatchObject({ phase: 'play', turn: 1, awaiting: 'roll', deadline: T0 + 2 * TURN });
  });

  it('plays a lapsed 3-11 in take-and-give and skips the bet on it again', () => {
    const rolled = act(inPlay('take-and-give', FOUR), { type: 'roll', player: ANA }, { dice: [9], now: T0 }).state;
    const lapsed = act(rolled, { type: 'timeout' }, { now: T0 + TURN });
    expect(ofType(lapsed.events, 'appliedFor')[0]).toMatchObject({ player: ANA, square: 9, played: true });
    expect(flows(lapsed.moves)).toEqual([[e(BO), p(ANA), 10]]);
    expect(lapsed.state).toMatchObject({ phase: 'play', turn: 1, awaiting: 'roll' });
    // A roller who played but lets the bet again lapse skips it too.
    const took = act(act(rolled, { type: 'play', player: ANA }, { now: T0 }).state, { type: 'timeout' }, { now: T0 + TURN });
    expect(took.events).toEqual([{ type: 'appliedFor', player: ANA, square: 9, played: false, cause: 'idle' }]);
    expect(took.moves).toEqual([]);
    expect(took.state).toMatchObject({ phase: 'play', turn: 1, awaiting: 'roll' });
  });

  it('skips a lapsed all-or-none bet: nothing moves and the turn passes', () => {
    const rolled = act(inPlay('all-or-none', FOUR), { type: 'roll', player: ANA }, { dice: [8], now: T0 }).state;
    const lapsed = act(rolled, { type: 'timeout' }, { now: T0 + TURN });
    expect(lapsed.events).toEqual([{ type: 'appliedFor', player: ANA, square: 8, played: false, cause: 'idle' }]);
    expect(lapsed.moves).toEqual([]);
    expect(lapsed.state).toMatchObject({ phase: 'play', turn: 1, awaiting: 'roll', board: rolled.board });
  });

  it('still withdraws when a placement bet lapses: no throw in play waits', () => {
    const rolled = act(setup([ANA, BO], defaultSettings, T0), { type: 'roll', player: ANA }, { dice: [8], now: T0 }).state;
    const lapsed = act(rolled, { type: 'timeout' }, { now: T0 + TURN });
    expect(ofType(lapsed.events, 'withdrawn')[0]).toMatchObject({ player: ANA, cause: 'idle' });
  });
});

describe('Spice Run: refusals say what can be done now', () => {
  it('out of turn, out of phase and out of order', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    expect(refusal(s, { type: 'roll', player: BO })).toBe("It is Ana's turn to roll the dice to place a wager.");
    expect(refusal(s, { type: 'bet', player: ANA, amount: 10 })).toBe('You must roll the dice before you can bet.');
    expect(refusal(s, { type: 'play', player: ANA })).toBe('You must roll the dice before you can play.');
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [7] }).state;
    expect(refusal(rolled, { type: 'roll', player: ANA })).toBe('It is your turn to bet on square 7. Type bet <amount>.');
    expect(refusal(rolled, { type: 'play', player: ANA })).toBe('It is your turn to bet on square 7. Type bet <amount>.');
    expect(refusal(rolled, { type: 'bet', player: BO, amount: 10 })).toBe("It is Ana's turn to bet on square 7.");
    expect(refusal(rolled, { type: 'roll', player: 'Cy' })).toBe('Only Ana and Bo are playing this game of Spice Run.');
  });

  it('never changes the state it was given', () => {
    const s = inPlay('take-and-give', FOUR);
    const copy = structuredClone(s);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [7] });
    act(rolled.state, { type: 'play', player: ANA });
    act(s, { type: 'withdraw', player: BO, cause: 'asked' });
    expect(s).toEqual(copy);
  });
});
