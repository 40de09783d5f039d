/**
 * What one viewer sees of a Spice Run table (boardgame.io's playerView). Nothing at Spice Run is
 * secret, but `look` and Table.State are both drawn from this one view, so they cannot disagree.
 */
import type { Dice } from '../random.js';
import type { HostWords } from '../api.js';
import { lapseText, nextStep } from './prompts.js';
import { boardTotal } from './rules.js';
import { SQUARES, type Roll, type SpiceRunState, type Variant } from './state.js';

export interface SquareView {
  square: number;
  /** In the order they were placed. */
  wagers: { player: string; amount: number }[];
}

export interface SpiceRunView {
  viewer: string;
  /** `waiting` until two players sit. */
  phase: 'waiting' | 'placing' | 'playing';
  /** Player 1, Player 2 (while waiting: whoever sits). */
  players: string[];
  variant: Variant;
  board: SquareView[];
  boardTotal: number;
  wagerCount: number;
  wagersPlaced: number;
  /** The roll waiting to be played or bet on. */
  roll: Dice | null;
  lastRoll: Roll | null;
  turn: string | null;
  /** When the turn lapses. */
  deadline: number | null;
  /** What the player on turn must do, worded for the viewer. */
  next: string | null;
  /** What happens when the turn lapses: "the 7 is played for you". */
  lapse: string | null;
}

export function viewFor(state: SpiceRunState | null, seated: readonly string[], viewer: string, words?: HostWords): SpiceRunView {
  if (!state) {
    return {
      viewer,
      phase: 'waiting',
      players: [...seated],
      variant: 'standard',
      board: SQUARES.map((square) => ({ square, wagers: [] })),
      boardTotal: 0,
      wagerCount: 0,
      wagersPlaced: 0,
      roll: null,
      lastRoll: null,
      turn: null,
      deadline: null,
      next: null,
      lapse: null,
    };
  }
  const waiting = state.awaiting === 'bet' || state.awaiting === 'bet-again' || state.awaiting === 'play';
  return {
    viewer,
    phase: state.phase === 'placement' ? 'placing' : 'playing',
    players: [...state.players],
    variant: state.variant,
    board: SQUARES.map((square) => ({
      square,
      wagers: state.board.filter((w) => w.square === square).map((w) => ({ player: w.owner, amount: w.amount })),
    })),
    boardTotal: boardTotal(state),
    wagerCount: state.board.length,
    wagersPlaced: state.wagersPlaced,
    roll: waiting && state.lastRoll ? [state.lastRoll.dice[0], state.lastRoll.dice[1]] : null,
    lastRoll: state.lastRoll && { ...state.lastRoll, dice: [state.lastRoll.dice[0], state.lastRoll.dice[1]] },
    turn: state.phase === 'over' ? null : state.players[state.turn],
    deadline: state.phase === 'over' ? null : state.deadline,
    next: nextStep(state, viewer, words),
    lapse: lapseText(state, viewer),
  };
}

