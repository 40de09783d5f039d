/** Spice Run's state, settings, actions and events: the plain data the rules (rules.ts) work on and the views read. */
import type { Dice } from '../random.js';

export type Variant = 'standard' | 'all-or-none' | 'take-and-give';
export const VARIANTS: readonly Variant[] = ['standard', 'all-or-none', 'take-and-give'];

export interface SpiceRunSettings {
  /** A player idle this long on their turn lapses: a waiting throw is applied for them, else the game is withdrawn. */
  turnMs: number;
}
export const defaultSettings: SpiceRunSettings = { turnMs: 120_000 };

export const SQUARES = [3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
/** Wagers on the board before play begins: P1, P2, P1, P2. */
export const WAGERS_TO_PLACE = 4;

export interface Wager {
  square: number;
  owner: string;
  amount: number;
}

/** What the player on turn must do next; `nothing` once the game is over. */
export type Awaiting = 'roll' | 'bet' | 'play' | 'bet-again' | 'nothing';

export interface Roll {
  player: string;
  dice: Dice;
  total: number;
}

/** What a player put on the board and got back from it over the whole game. */
export interface Tally {
  staked: number;
  received: number;
}

export type OverReason = 'sweep' | 'board-empty' | 'withdrawn';
export type WithdrawCause = 'asked' | 'idle' | 'left';

export interface SpiceRunState {
  /** [Player 1, Player 2]: first and second to sit. */
  players: [string, string];
  variant: Variant;
  phase: 'placement' | 'play' | 'over';
  /** Whose turn it is (index into players). */
  turn: 0 | 1;
  awaiting: Awaiting;
  lastRoll: Roll | null;
  board: Wager[];
  /** When the player on turn forfeits by idling (meaningless once over). */
  deadline: number;
  /** Every wager ever placed this game (placement and play). */
  wagersPlaced: number;
  tally: Record<string, Tally>;
  endedBy: OverReason | null;
}

export type RollMeaning = 'reroll' | 'square' | 'sweep-p1' | 'sweep-p2';

export interface Refund {
  owner: string;
  amount: number;
}

export type SpiceRunEvent =
  /** A game begins; `rematch`: the same two played the game before (the variant carries over). */
  | { type: 'begun'; players: [string, string]; variant: Variant; rematch: boolean }
  | { type: 'variantChosen'; player: string; variant: Variant }
  | { type: 'rolled'; player: string; dice: Dice; total: number; meaning: RollMeaning }
  | { type: 'wagered'; player: string; square: number; amount: number; boardTotal: number }
  | { type: 'playBegins'; first: string; boardTotal: number }
  | { type: 'collected'; collector: string; square: number; wagers: Wager[]; total: number }
  | { type: 'sweep'; roller: string; taker: string; total: number; wagers: Wager[] }
  /** `callsOff`: skipping during placement ends the game, since four wagers cannot be placed. */
  | { type: 'skipped'; player: string; square: number; callsOff: boolean }
  /**
   * The roller's throw waited when their turn lapsed (`idle`) or a player left (`left`): it is
   * applied for them, `played` (the square taken) or its bet skipped. Nobody escapes a throw.
   */
  | { type: 'appliedFor'; player: string; square: number; played: boolean; cause: 'idle' | 'left' }
  | { type: 'withdrawn'; player: string; cause: WithdrawCause | 'no-coins'; refunds: Refund[] }
  | { type: 'over'; reason: OverReason; tally: Record<string, Tally & { net: number }> };

export type SpiceRunAction =
  | { type: 'variant'; player: string; variant: Variant }
  | { type: 'roll'; player: string }
  | { type: 'bet'; player: string; amount: number }
  | { type: 'play'; player: string }
  /** Sent by the table when the player who must bet has no coins. */
  | { type: 'skip'; player: string }
  /** `asked` is refused while a throw waits; `left` (stand, quit, a lost connection) applies it first. */
  | { type: 'withdraw'; player: string; cause: 'asked' | 'left' }
  /** Sent by the table when the turn deadline passes: applies a waiting throw, else withdraws for the idle player. */
  | { type: 'timeout' };
