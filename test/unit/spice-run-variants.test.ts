/**
 * Spice Run in play, in each variant: standard (the roller takes the square thrown), all-or-none
 * (the roller bets on it instead) and take-and-give (takes it, then bets on it again); a 2 or 12
 * sweeps the board, and an empty board ends the game.
 */
import { describe, expect, it } from 'vitest';
import { describeWagers } from '../../src/games/spice-run/story.js';
import { Voice } from '../../src/games/voice.js';
import { ANA, BO, FOUR, T0, TURN, act, e, flows, inPlay, nextStep, ofType, p, refusal } from '../support/spice-run-play.js';

describe('Spice Run: standard play', () => {
  it('gives the roller every wager on the square thrown, each out of its owner’s escrow, then passes the turn', () => {
    const s = inPlay('standard', FOUR);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [7] });
    expect(rolled.events[0]).toMatchObject({ meaning: 'square', total: 7 });
    expect(nextStep(rolled.state, ANA)).toBe('It is your turn to play the 7. Type play to take square 7.');
    const played = act(rolled.state, { type: 'play', player: ANA });
    expect(flows(played.moves)).toEqual([
      [e(ANA), p(ANA), 100],
      [e(BO), p(ANA), 50],
    ]);
    expect(played.events).toEqual([
      {
        type: 'collected',
        collector: ANA,
        square: 7,
        total: 150,
        wagers: [
          { square: 7, owner: ANA, amount: 100 },
          { square: 7, owner: BO, amount: 50 },
        ],
      },
    ]);
    expect(played.state.board.map((w) => w.square)).toEqual([3, 9]);
    expect(played.state).toMatchObject({ turn: 1, awaiting: 'roll', phase: 'play' });
  });

  it('says what came of the square, for history: the roller won it all, the other owner lost theirs', () => {
    const rolled = act(inPlay('standard', FOUR), { type: 'roll', player: ANA }, { dice: [7] });
    const played = act(rolled.state, { type: 'play', player: ANA });
    expect(played.results).toEqual([
      { player: ANA, bet: 'square 7', stake: 100, paid: 150, outcome: 'won' },
      { player: BO, bet: 'square 7', stake: 50, paid: 0, outcome: 'lost' },
    ]);
  });

  it("tells a square's wagers by owner: 200 of yours, not 100 of yours twice", () => {
    const wagers = [{ square: 7, owner: ANA, amount: 100 }, { square: 7, owner: BO, amount: 50 }, { square: 7, owner: ANA, amount: 100 }];
    expect(describeWagers(new Voice(ANA), wagers)).toBe("200 of yours, 50 of Bo's");
    expect(describeWagers(new Voice(BO), wagers)).toBe("200 of Ana's, 50 of yours");
  });

  it('collects nothing from an empty square and still passes the turn', () => {
    const s = inPlay('standard', FOUR);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [5] });
    const played = act(rolled.state, { type: 'play', player: ANA });
    expect(played.events).toEqual([{ type: 'collected', collector: ANA, square: 5, wagers: [], total: 0 }]);
    expect(played.moves).toEqual([]);
    expect(played.state.board).toEqual(s.board);
    expect(played.state.turn).toBe(1);
  });

  it('lets only the roller play, only once per roll, and only after rolling', () => {
    const s = inPlay('standard', FOUR);
    expect(refusal(s, { type: 'play', player: ANA })).toBe('You must roll the dice before you can play.');
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [3] }).state;
    expect(refusal(rolled, { type: 'play', player: BO })).toBe("It is Ana's turn to play the 3.");
    expect(refusal(rolled, { type: 'roll', player: ANA })).toBe('It is your turn to play the 3. Type play to take square 3.');
    const played = act(rolled, { type: 'play', player: ANA }).state;
    expect(refusal(played, { type: 'play', player: ANA })).toBe("It is Bo's turn to roll the dice.");
    expect(refusal(rolled, { type: 'bet', player: ANA, amount: 5 })).toBe('It is your turn to play the 3. Type play to take square 3.');
  });

  it.each([
    [2, ANA, BO, 'sweep-p2'],
    [2, BO, BO, 'sweep-p2'],
    [12, ANA, ANA, 'sweep-p1'],
    [12, BO, ANA, 'sweep-p1'],
  ] as const)('on a %i thrown by %s, %s takes the whole board at the throw and the game ends', (total, roller, taker, meaning) => {
    let s = inPlay('standard', FOUR);
    if (roller === BO) s = act(act(s, { type: 'roll', player: ANA }, { dice: [5] }).state, { type: 'play', player: ANA }).state;
    const thrown = act(s, { type: 'roll', player: roller }, { dice: [total] });
    expect(thrown.events[0]).toMatchObject({ type: 'rolled', meaning });
    // Nothing waits for `play`: the board moves with the throw itself.
    expect(thrown.moves.every((m) => m.to.kind === 'player' && m.to.name === taker)).toBe(true);
    expect(thrown.moves.reduce((sum, m) => sum + m.amount, 0)).toBe(180);
    expect(ofType(thrown.events, 'sweep')).toEqual([{ type: 'sweep', roller, taker, total: 180, wagers: s.board }]);
    const [over] = ofType(thrown.events, 'over');
    expect(over.reason).toBe('sweep');
    expect(over.tally[taker].received).toBe(180);
    expect(thrown.state).toMatchObject({ phase: 'over', awaiting: 'nothing', board: [], endedBy: 'sweep' });
    expect(refusal(thrown.state, { type: 'play', player: roller })).toBe('This game of Spice Run is over.');
    expect(refusal(thrown.state, { type: 'withdraw', player: ANA, cause: 'asked' })).toBe('This game of Spice Run is over.');
  });

  it('ends the game when the last square is taken, with each player’s tally', () => {
    let s = inPlay('standard', [
      [4, 30],
      [4, 20],
      [10, 5],
      [10, 5],
    ]);
    s = act(act(s, { type: 'roll', player: ANA }, { dice: [4] }).state, { type: 'play', player: ANA }).state;
    const rolled = act(s, { type: 'roll', player: BO }, { dice: [10] }).state;
    const last = act(rolled, { type: 'play', player: BO });
    expect(last.state).toMatchObject({ phase: 'over', board: [], endedBy: 'board-empty' });
    expect(ofType(last.events, 'over')).toEqual([
      {
        type: 'over',
        reason: 'board-empty',
        tally: { Ana: { staked: 35, received: 50, net: 15 }, Bo: { staked: 25, received: 10, net: -15 } },
      },
    ]);
    expect(refusal(last.state, { type: 'roll', player: ANA })).toBe('This game of Spice Run is over.');
    expect(refusal(last.state, { type: 'withdraw', player: ANA, cause: 'asked' })).toBe('This game of Spice Run is over.');
    expect(refusal(last.state, { type: 'timeout' }, T0 + 10 * TURN)).toBe('This game of Spice Run is over.');
  });

  it('has no bet to skip in play: only placement bets exist in standard', () => {
    const s = inPlay('standard', FOUR);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [6] }).state;
    expect(refusal(rolled, { type: 'skip', player: ANA })).toBe('There is no bet to skip. It is your turn to play the 6. Type play to take square 6.');
  });
});

describe('Spice Run: all-or-none', () => {
  it('makes the roller bet on the square of a 3-11 instead of playing, then passes the turn', () => {
    const s = inPlay('all-or-none', FOUR);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [7] });
    expect(rolled.state.awaiting).toBe('bet');
    expect(refusal(rolled.state, { type: 'play', player: ANA })).toBe('It is your turn to bet on square 7. Type bet <amount>.');
    const bet = act(rolled.state, { type: 'bet', player: ANA, amount: 40 });
    expect(bet.moves).toEqual([{ from: p(ANA), to: e(ANA), amount: 40, why: 'Spice Run wager on square 7' }]);
    expect(bet.state.board.filter((w) => w.square === 7)).toHaveLength(3);
    expect(bet.state).toMatchObject({ turn: 1, awaiting: 'roll', wagersPlaced: 5, phase: 'play' });
  });

  it.each([
    [2, BO],
    [12, ANA],
  ] as const)('on a %i %s takes the whole board at the throw, ending the game', (total, taker) => {
    let s = inPlay('all-or-none', FOUR);
    s = act(act(s, { type: 'roll', player: ANA }, { dice: [5] }).state, { type: 'bet', player: ANA, amount: 1 }).state;
    const played = act(s, { type: 'roll', player: BO }, { dice: [total] });
    expect(ofType(played.events, 'sweep')[0]).toMatchObject({ roller: BO, taker, total: 181 });
    expect(played.moves.every((m) => m.to.kind === 'player' && m.to.name === taker)).toBe(true);
    expect(played.state.phase).toBe('over');
  });

  it('lets a roller with no coins skip the bet; the turn passes and the board stays', () => {
    const s = inPlay('all-or-none', FOUR);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [8] }).state;
    const skipped = act(rolled, { type: 'skip', player: ANA });
    expect(skipped.events).toEqual([{ type: 'skipped', player: ANA, square: 8, callsOff: false }]);
    expect(skipped.moves).toEqual([]);
    expect(skipped.state).toMatchObject({ turn: 1, awaiting: 'roll', phase: 'play', board: s.board });
  });
});

describe('Spice Run: take-and-give', () => {
  it('has the roller take the square, then bet on it again before the turn passes', () => {
    const s = inPlay('take-and-give', FOUR);
    const rolled = act(s, { type: 'roll', player: ANA }, { dice: [9] }).state;
    expect(rolled.awaiting).toBe('play');
    expect(refusal(rolled, { type: 'bet', player: ANA, amount: 5 })).toBe('It is your turn to play the 9. Type play to take square 9.');
    const took = act(rolled, { type: 'play', player: ANA });
    expect(flows(took.moves)).toEqual([[e(BO), p(ANA), 10]]);
    expect(took.state).toMatchObject({ turn: 0, awaiting: 'bet-again' });
    expect(nextStep(took.state, ANA)).toBe('It is your turn to bet on square 9 again. Type bet <amount>.');
    expect(nextStep(took.state)).toBe("It is Ana's turn to bet on square 9 again.");
    expect(refusal(took.state, { type: 'play', player: ANA })).toBe('It is your turn to bet on square 9 again. Type bet <amount>.');
    expect(refusal(took.state, { type: 'roll', player: BO })).toBe("It is Ana's turn to bet on square 9 again.");
    const gave = act(took.state, { type: 'bet', player: ANA, amount: 25 });
    expect(gave.events).toEqual([{ type: 'wagered', player: ANA, square: 9, amount: 25, boardTotal: 195 }]);
    expect(gave.state).toMatchObject({ turn: 1, awaiting: 'roll' });
  });

  it.each([
    [2, BO],
    [12, ANA],
  ] as const)('a %i ends the game: %s takes the whole board', (total, taker) => {
    const s = inPlay('take-and-give', FOUR);
    const played = act(s, { type: 'roll', player: ANA }, { dice: [total] });
    expect(ofType(played.events, 'sweep')[0]).toMatchObject({ taker, total: 180 });
    expect(played.state).toMatchObject({ phase: 'over', endedBy: 'sweep', board: [] });
  });

  it('lets a roller with no coins skip the bet-again', () => {
    const s = inPlay('take-and-give', FOUR);
    const took = act(act(s, { type: 'roll', player: ANA }, { dice: [3] }).state, { type: 'play', player: ANA }).state;
    const skipped = act(took, { type: 'skip', player: ANA });
    expect(skipped.events).toEqual([{ type: 'skipped', player: ANA, square: 3, callsOff: false }]);
    expect(skipped.state).toMatchObject({ turn: 1, awaiting: 'roll', phase: 'play' });
    expect(skipped.state.board.some((w) => w.square === 3)).toBe(false);
  });

  it('goes on when taking a square empties the board: the roller bets again, and only 2 or 12 ends it', () => {
    const s = inPlay('take-and-give', [
      [6, 10],
      [6, 10],
      [6, 10],
      [6, 10],
    ]);
    const took = act(act(s, { type: 'roll', player: ANA }, { dice: [6] }).state, { type: 'play', player: ANA });
    expect(took.moves.reduce((sum, m) => sum + m.amount, 0)).toBe(40);
    expect(took.state).toMatchObject({ phase: 'play', awaiting: 'bet-again', board: [] });
    const gave = act(took.state, { type: 'bet', player: ANA, amount: 15 });
    expect(gave.state).toMatchObject({ phase: 'play', turn: 1, awaiting: 'roll', board: [{ square: 6, owner: ANA, amount: 15 }] });
  });

  it('goes on when a broke roller skips the bet-again on an emptied board', () => {
    const s = inPlay('take-and-give', [
      [6, 10],
      [6, 10],
      [6, 10],
      [6, 10],
    ]);
    const took = act(act(s, { type: 'roll', player: ANA }, { dice: [6] }).state, { type: 'play', player: ANA }).state;
    const skipped = act(took, { type: 'skip', player: ANA });
    expect(skipped.state).toMatchObject({ phase: 'play', turn: 1, awaiting: 'roll', board: [] });
  });
});
