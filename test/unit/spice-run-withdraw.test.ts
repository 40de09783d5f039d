/**
 * Withdrawing from a game of Spice Run (asked, by leaving, or for want of coins): every wager still
 * on the board goes back to its owner, and never while a throw waits to be played.
 */
import { describe, expect, it } from 'vitest';
import { setup } from '../../src/games/spice-run/rules.js';
import { defaultSettings, type SpiceRunState } from '../../src/games/spice-run/state.js';
import { ANA, BO, FOUR, T0, act, e, flows, inPlay, ofType, p, refusal, rollAndBet, type Applied } from '../support/spice-run-play.js';

describe('Spice Run: withdraw', () => {
  function expectAllReturned(before: SpiceRunState, step: Applied, by: string, cause: string) {
    const owed: Record<string, number> = {};
    for (const w of before.board) owed[w.owner] = (owed[w.owner] ?? 0) + w.amount;
    for (const m of step.moves) {
      expect(m.from).toEqual(e((m.to as { name: string }).name)); // back to its owner, never to the other
    }
    const paid: Record<string, number> = {};
    for (const m of step.moves) paid[(m.to as { name: string }).name] = (paid[(m.to as { name: string }).name] ?? 0) + m.amount;
    expect(paid).toEqual(owed);
    expect(ofType(step.events, 'withdrawn')[0]).toMatchObject({ player: by, cause });
    expect(step.state).toMatchObject({ phase: 'over', endedBy: 'withdrawn', board: [] });
  }

  it('in placement, before anything is placed, simply ends the game', () => {
    const s = setup([ANA, BO], defaultSettings, T0);
    const w = act(s, { type: 'withdraw', player: BO, cause: 'asked' });
    expect(w.moves).toEqual([]);
    expect(w.events).toContainEqual({ type: 'withdrawn', player: BO, cause: 'asked', refunds: [] });
    expect(w.state.phase).toBe('over');
  });

  it('in placement while a bet is awaited, returns the wagers already down', () => {
    let s = setup([ANA, BO], defaultSettings, T0);
    s = rollAndBet(rollAndBet(s, 4, 15).state, 4, 25).state;
    s = act(s, { type: 'roll', player: ANA }, { dice: [10] }).state;
    expectAllReturned(s, act(s, { type: 'withdraw', player: ANA, cause: 'left' }), ANA, 'left');
  });

  it('in play awaiting a roll, by the player not on turn', () => {
    const s = inPlay('standard', FOUR);
    const w = act(s, { type: 'withdraw', player: BO, cause: 'asked' });
    expectAllReturned(s, w, BO, 'asked');
    expect(ofType(w.events, 'withdrawn')[0].refunds).toEqual([
      { owner: ANA, amount: 120 },
      { owner: BO, amount: 60 },
    ]);
    expect(ofType(w.events, 'over')[0].tally).toEqual({
      Ana: { staked: 120, received: 120, net: 0 },
      Bo: { staked: 60, received: 60, net: 0 },
    });
  });

  it('is refused while a throw waits to be played: the dice have spoken', () => {
    // Issue 26: Bo threw a 2, and Ana withdrew before Bo typed play; every wager went back.
    const awaitingPlay = act(inPlay('standard', FOUR), { type: 'roll', player: ANA }, { dice: [7] }).state;
    expect(refusal(awaitingPlay, { type: 'withdraw', player: ANA, cause: 'asked' })).toBe(
      'The dice have spoken: play your 7 first; then you may withdraw.',
    );
    expect(refusal(awaitingPlay, { type: 'withdraw', player: BO, cause: 'asked' })).toBe(
      'The dice have spoken: Ana must play the 7 first; then you may withdraw.',
    );
    const awaitingBet = act(inPlay('all-or-none', FOUR), { type: 'roll', player: ANA }, { dice: [4] }).state;
    expect(awaitingBet.awaiting).toBe('bet');
    expect(refusal(awaitingBet, { type: 'withdraw', player: BO, cause: 'asked' })).toBe(
      'The dice have spoken: Ana must bet on square 4 first; then you may withdraw.',
    );
    // Once played, withdrawing is open again: the square taken stays taken.
    const played = act(awaitingPlay, { type: 'play', player: ANA }).state;
    expectAllReturned(played, act(played, { type: 'withdraw', player: ANA, cause: 'asked' }), ANA, 'asked');
  });

  it('is open while a take-and-give roller bets again: the throw has been played', () => {
    const rolled = act(inPlay('take-and-give', FOUR), { type: 'roll', player: ANA }, { dice: [7] }).state;
    const awaitingBetAgain = act(rolled, { type: 'play', player: ANA }).state;
    expect(awaitingBetAgain.awaiting).toBe('bet-again');
    const w = act(awaitingBetAgain, { type: 'withdraw', player: ANA, cause: 'asked' });
    expectAllReturned(awaitingBetAgain, w, ANA, 'asked');
    expect(ofType(w.events, 'over')[0].tally.Ana.net).toBe(50); // what she took before withdrawing stays hers
  });

  it('by leaving (stand, quit, a lost connection) applies a waiting throw first', () => {
    const awaitingPlay = act(inPlay('standard', FOUR), { type: 'roll', player: ANA }, { dice: [7] }).state;
    const left = act(awaitingPlay, { type: 'withdraw', player: BO, cause: 'left' });
    expect(left.events.map((ev) => ev.type)).toEqual(['appliedFor', 'collected', 'withdrawn', 'over']);
    expect(ofType(left.events, 'appliedFor')[0]).toEqual({ type: 'appliedFor', player: ANA, square: 7, played: true, cause: 'left' });
    expect(flows(left.moves)).toEqual([
      [e(ANA), p(ANA), 100], // square 7 to its roller...
      [e(BO), p(ANA), 50],
      [e(ANA), p(ANA), 20], // ...then the rest back to their owners
      [e(BO), p(BO), 10],
    ]);
    expect(ofType(left.events, 'over')[0].tally).toMatchObject({ Ana: { net: 50 }, Bo: { net: -50 } });

    // An all-or-none bet waiting is simply not made: everything goes back.
    const awaitingBet = act(inPlay('all-or-none', FOUR), { type: 'roll', player: ANA }, { dice: [4] }).state;
    expectAllReturned(awaitingBet, act(awaitingBet, { type: 'withdraw', player: ANA, cause: 'left' }), ANA, 'left');
  });

  it('by leaving ends no more than the game when the throw applied empties the board', () => {
    const s = inPlay('standard', [[5, 10], [5, 20], [5, 30], [5, 40]]);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [5] }).state;
    const left = act(rolled, { type: 'withdraw', player: ANA, cause: 'left' });
    expect(left.events.map((ev) => ev.type)).toEqual(['appliedFor', 'collected', 'over']);
    expect(left.state.endedBy).toBe('board-empty');
  });

  it('refuses outsiders', () => {
    expect(refusal(inPlay('standard', FOUR), { type: 'withdraw', player: 'Cy', cause: 'asked' })).toBe(
      'Only Ana and Bo are playing this game of Spice Run.',
    );
  });
});
