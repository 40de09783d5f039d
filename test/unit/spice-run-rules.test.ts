import { describe, expect, it } from 'vitest';
import { diceValues, fixedRandom, seededRandom, type RandomSource } from '../../src/games/random.js';
import type { BetResult, CoinMove, Party } from '../../src/games/api.js';
import { unmarked } from '../../src/text/markup.js';
import { resultsMismatch } from '../support/results.js';
import { describeWagers } from '../../src/games/spice-run/story.js';
import { Voice } from '../../src/games/voice.js';
import {
  apply,
  boardTotal,
  defaultSettings,
  setup,
  SQUARES,
  type SpiceRunAction,
  type SpiceRunEvent,
  type SpiceRunState,
  throwWaits,
  type Variant,
} from '../../src/games/spice-run/rules.js';
import { nextStep as markedNextStep } from '../../src/games/spice-run/prompts.js';

const ANA = 'Ana'; // Player 1
const BO = 'Bo'; // Player 2
const T0 = 1_000_000;
const TURN = defaultSettings.turnMs;

/** Two faces that add up to `total`. */
function facesFor(total: number): [number, number] {
  const low = Math.max(1, total - 6);
  return [low, total - low];
}

/** A fixed random source that throws the given totals, in order. */
function throws(...totals: number[]): RandomSource {
  return fixedRandom(totals.flatMap((t) => diceValues(...facesFor(t))));
}

interface Applied {
  state: SpiceRunState;
  events: SpiceRunEvent[];
  moves: CoinMove[];
  results?: BetResult[];
}

function act(state: SpiceRunState, action: SpiceRunAction, opts: { dice?: number[]; now?: number } = {}): Applied {
  const step = apply(state, action, { random: throws(...(opts.dice ?? [])), now: opts.now ?? T0 });
  if (!step.ok) throw new Error(`refused: ${step.reason}`);
  return step;
}

/** The reason, as a player reads it (without its marks). */
function refusal(state: SpiceRunState, action: SpiceRunAction, now = T0): string {
  const step = apply(state, action, { random: throws(), now });
  if (step.ok) throw new Error(`expected ${action.type} to be refused`);
  return unmarked(step.reason);
}

/** What the player on turn must do, as the viewer reads it (without its marks). */
const nextStep = (state: SpiceRunState, viewer?: string) => unmarked(markedNextStep(state, viewer));

/** Rolls `total` then bets `amount` for the player on turn. */
function rollAndBet(state: SpiceRunState, total: number, amount: number): Applied {
  const who = state.players[state.turn];
  const rolled = act(state, { type: 'roll', player: who }, { dice: [total] });
  return act(rolled.state, { type: 'bet', player: who, amount });
}

/** A game in play after four placements [square, amount] (P1, P2, P1, P2). */
function inPlay(variant: Variant, placements: [number, number][]): SpiceRunState {
  let state = setup([ANA, BO], defaultSettings, T0);
  if (variant !== 'standard') state = act(state, { type: 'variant', player: ANA, variant }).state;
  for (const [square, amount] of placements) state = rollAndBet(state, square, amount).state;
  expect(state.phase).toBe('play');
  return state;
}

const FOUR: [number, number][] = [
  [7, 100],
  [7, 50],
  [3, 20],
  [9, 10],
];

const p = (name: string): Party => ({ kind: 'player', name });
const e = (name: string): Party => ({ kind: 'escrow', name });
const flows = (moves: CoinMove[]) => moves.map((m) => [m.from, m.to, m.amount]);
const ofType = <K extends SpiceRunEvent['type']>(events: SpiceRunEvent[], type: K) =>
  events.filter((ev): ev is Extract<SpiceRunEvent, { type: K }> => ev.type === type);

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

describe('Spice Run: coins balance', () => {
  /** A tiny ledger that refuses to go below zero, as the table does. */
  function applyMoves(balances: Map<string, number>, moves: CoinMove[]) {
    const key = (party: Party) => (party.kind === 'house' ? 'house' : `${party.kind}:${party.name}`);
    for (const m of moves) {
      expect(m.amount).toBeGreaterThan(0);
      expect(m.from.kind).not.toBe('house'); // Spice Run never involves the house
      expect(m.to.kind).not.toBe('house');
      balances.set(key(m.from), (balances.get(key(m.from)) ?? 0) - m.amount);
      balances.set(key(m.to), (balances.get(key(m.to)) ?? 0) + m.amount);
      expect(balances.get(key(m.from))).toBeGreaterThanOrEqual(0);
    }
  }

  /** Picks a random legal action for the state, as a table full of whimsical players would. */
  function randomAction(s: SpiceRunState, coins: (name: string) => number, pick: RandomSource, now: number): SpiceRunAction {
    const who = s.players[s.turn];
    const roll = pick.int(400);
    if (roll === 0) return { type: 'withdraw', player: s.players[pick.int(2)], cause: throwWaits(s) ? 'left' : 'asked' };
    if (roll === 1 && now >= s.deadline) return { type: 'timeout' };
    if (s.phase === 'placement' && s.wagersPlaced === 0 && roll < 20) {
      return { type: 'variant', player: s.players[0], variant: (['standard', 'all-or-none', 'take-and-give'] as const)[pick.int(3)] };
    }
    switch (s.awaiting) {
      case 'roll':
        return { type: 'roll', player: who };
      case 'play':
        return { type: 'play', player: who };
      default: {
        const purse = coins(who);
        if (purse === 0) return { type: 'skip', player: who };
        return { type: 'bet', player: who, amount: 1 + pick.int(Math.min(purse, 300)) };
      }
    }
  }

  it('pays out exactly what was escrowed, to someone, over many random games', () => {
    const endings = new Set<string>();
    const actionsSeen = new Set<string>();
    for (let seed = 1; seed <= 300; seed++) {
      const dice = seededRandom(seed);
      const pick = seededRandom(seed + 10_000);
      const start = 200 + pick.int(800);
      const balances = new Map([
        [`player:${ANA}`, start],
        [`player:${BO}`, start],
      ]);
      let now = T0;
      let s = setup([ANA, BO], defaultSettings, now);
      for (let steps = 0; s.phase !== 'over'; steps++) {
        expect(steps).toBeLessThan(10_000);
        now += pick.int(3) * 60_000;
        const action = randomAction(s, (name) => balances.get(`player:${name}`) ?? 0, pick, now);
        const step = apply(s, action, { random: dice, now });
        expect(step.ok, step.ok ? '' : `${action.type}: ${step.reason}`).toBe(true);
        if (!step.ok) break;
        actionsSeen.add(action.type);
        expect(resultsMismatch(step.moves, step.results)).toBeNull(); // history's record of it adds up
        applyMoves(balances, step.moves);
        s = step.state;
        const escrowed = (balances.get(`escrow:${ANA}`) ?? 0) + (balances.get(`escrow:${BO}`) ?? 0);
        expect(escrowed).toBe(boardTotal(s)); // the board is exactly what sits in escrow
        expect(s.board.every((w) => (SQUARES as readonly number[]).includes(w.square))).toBe(true);
      }
      endings.add(`${s.variant}:${s.endedBy}`);
      expect(balances.get(`escrow:${ANA}`) ?? 0).toBe(0);
      expect(balances.get(`escrow:${BO}`) ?? 0).toBe(0);
      expect(balances.get(`player:${ANA}`)! + balances.get(`player:${BO}`)!).toBe(2 * start);
      const net = Object.values(s.tally).reduce((sum, t) => sum + t.received - t.staked, 0);
      expect(net).toBe(0);
    }
    // The run really explored the game, not one path.
    for (const ending of ['standard:sweep', 'standard:board-empty', 'all-or-none:sweep', 'take-and-give:sweep']) {
      expect(endings).toContain(ending);
    }
    expect([...actionsSeen].sort()).toEqual(['bet', 'play', 'roll', 'skip', 'timeout', 'variant', 'withdraw']);
  });
});
