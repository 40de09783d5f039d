/**
 * Spice Run before play: Player 1 and the variant, the placement of four wagers (rolling again on a
 * 2 or 12), and a skipped placement bet calling the game off.
 */
import { describe, expect, it } from 'vitest';
import { setup } from '../../src/games/spice-run/rules.js';
import { defaultSettings, type Variant } from '../../src/games/spice-run/state.js';
import { ANA, BO, T0, TURN, act, e, flows, nextStep, p, refusal, rollAndBet } from '../support/spice-run-play.js';

describe('Spice Run: seating and variant', () => {
  it('starts in placement with Player 1 (first to sit) to roll, on a fresh turn clock', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    expect(s).toMatchObject({ phase: 'placement', turn: 0, awaiting: 'roll', variant: 'standard', board: [], wagersPlaced: 0 });
    expect(s.deadline).toBe(T0 + TURN);
    expect(nextStep(s)).toBe("It is Ana's turn to roll the dice to place a wager.");
    expect(nextStep(s, ANA)).toBe('It is your turn to roll the dice to place a wager. Type roll dice.');
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('refuses one player sitting in both seats', () => {
    expect(() => setup([ANA, ANA], defaultSettings, T0)).toThrow(/two different players/);
  });

  it('lets Player 1 choose the variant before the first wager, even after rolling', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    const chosen = act(s, { type: 'variant', player: ANA, variant: 'all-or-none' });
    expect(chosen.state.variant).toBe('all-or-none');
    expect(chosen.events).toEqual([{ type: 'variantChosen', player: ANA, variant: 'all-or-none' }]);
    const rolled = act(chosen.state, { type: 'roll', player: ANA }, { dice: [5] });
    const again = act(rolled.state, { type: 'variant', player: ANA, variant: 'take-and-give' }, { now: T0 + 500 });
    expect(again.state.variant).toBe('take-and-give');
    expect(again.state.awaiting).toBe('bet'); // choosing does not cost the roll
    expect(again.state.deadline).toBe(T0 + 500 + TURN);
  });

  it('refuses the variant from Player 2, from outsiders, after the first wager, and unknown names', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    const onlyP1 = 'The variant can only be chosen by Player 1 (Ana) before the first wager.';
    expect(refusal(s, { type: 'variant', player: BO, variant: 'all-or-none' })).toBe(onlyP1);
    expect(refusal(s, { type: 'variant', player: 'Cy', variant: 'all-or-none' })).toMatch(/Only Ana and Bo are playing/);
    const afterWager = rollAndBet(s, 6, 10).state;
    expect(refusal(afterWager, { type: 'variant', player: ANA, variant: 'all-or-none' })).toBe(onlyP1);
    expect(refusal(s, { type: 'variant', player: ANA, variant: 'sideways' as Variant })).toBe(
      'Choose a variant: standard, all-or-none or take-and-give.',
    );
  });
});

describe('Spice Run: placement', () => {
  it('makes the same player roll again on a 2 or a 12, then bet on the square of a 3-11', () => {
    let s = setup([ANA, BO], defaultSettings, T0);
    const two = act(s, { type: 'roll', player: ANA }, { dice: [2] });
    expect(two.events).toEqual([{ type: 'rolled', player: ANA, dice: [1, 1], total: 2, meaning: 'reroll' }]);
    expect(two.state).toMatchObject({ turn: 0, awaiting: 'roll' });
    const twelve = act(two.state, { type: 'roll', player: ANA }, { dice: [12] });
    expect(twelve.events[0]).toMatchObject({ total: 12, meaning: 'reroll' });
    expect(twelve.state).toMatchObject({ turn: 0, awaiting: 'roll', board: [] });
    s = act(twelve.state, { type: 'roll', player: ANA }, { dice: [8] }).state;
    expect(s).toMatchObject({ turn: 0, awaiting: 'bet', lastRoll: { player: ANA, dice: [2, 6], total: 8 } });
    expect(nextStep(s, ANA)).toBe('It is your turn to bet on square 8. Type bet <amount>.');
    expect(nextStep(s)).toBe("It is Ana's turn to bet on square 8.");
  });

  it('moves a wager into escrow on its square and alternates P1, P2, P1, P2, then Player 1 opens play', () => {
    let s = setup([ANA, BO], defaultSettings, T0);
    const first = rollAndBet(s, 7, 100);
    expect(first.moves).toEqual([{ from: p(ANA), to: e(ANA), amount: 100, why: 'Spice Run wager on square 7' }]);
    expect(first.events).toEqual([{ type: 'wagered', player: ANA, square: 7, amount: 100, boardTotal: 100 }]);
    expect(first.state).toMatchObject({ turn: 1, awaiting: 'roll', wagersPlaced: 1 });
    s = rollAndBet(first.state, 7, 50).state; // Bo: a second wager on the same square
    expect(s.turn).toBe(0);
    s = rollAndBet(s, 3, 20).state;
    expect(s).toMatchObject({ turn: 1, phase: 'placement' });
    const last = rollAndBet(s, 9, 10);
    expect(last.events).toContainEqual({ type: 'playBegins', first: ANA, boardTotal: 180 });
    expect(last.state).toMatchObject({ phase: 'play', turn: 0, awaiting: 'roll', wagersPlaced: 4 });
    expect(last.state.board).toEqual([
      { square: 7, owner: ANA, amount: 100 },
      { square: 7, owner: BO, amount: 50 },
      { square: 3, owner: ANA, amount: 20 },
      { square: 9, owner: BO, amount: 10 },
    ]);
    expect(nextStep(last.state)).toBe("It is Ana's turn to roll the dice.");
  });

  it('refuses amounts that are not whole positive coins', () => {
    const s = act(setup([ANA, BO], defaultSettings, T0), { type: 'roll', player: ANA }, { dice: [4] }).state;
    for (const amount of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refusal(s, { type: 'bet', player: ANA, amount })).toBe('You must stake a whole number of coins, at least one.');
    }
  });
});

describe('Spice Run: skipping during placement calls the game off', () => {
  it.each(['standard', 'all-or-none', 'take-and-give'] as const)('in %s, everything placed goes back', (variant) => {
    let s = setup([ANA, BO], defaultSettings, T0);
    if (variant !== 'standard') s = act(s, { type: 'variant', player: ANA, variant }).state;
    s = rollAndBet(s, 5, 70).state;
    s = act(s, { type: 'roll', player: BO }, { dice: [11] }).state;
    expect(refusal(setup([ANA, BO], defaultSettings, T0), { type: 'skip', player: ANA })).toMatch(/^There is no bet to skip\./);
    const off = act(s, { type: 'skip', player: BO });
    expect(off.events.map((ev) => ev.type)).toEqual(['skipped', 'withdrawn', 'over']);
    expect(off.events[0]).toEqual({ type: 'skipped', player: BO, square: 11, callsOff: true });
    expect(off.events[1]).toEqual({ type: 'withdrawn', player: BO, cause: 'no-coins', refunds: [{ owner: ANA, amount: 70 }] });
    expect(flows(off.moves)).toEqual([[e(ANA), p(ANA), 70]]);
    expect(off.state).toMatchObject({ phase: 'over', endedBy: 'withdrawn', board: [] });
  });
});
