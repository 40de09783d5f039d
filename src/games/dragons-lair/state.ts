/**
 * Dragon's Lair, what lies on the table: the settings, the state, what players do (actions) and
 * what they are told happened (events). The rules that change it are in rules.ts and the files
 * it names.
 */
import type { BetResult, CoinMove, HostWords } from '../api.js';
import type { RulesContext } from '../rules.js';
import type { Card } from './cards.js';

export interface DragonsLairSettings {
  /** Game coins each player puts into the bank when the game starts. */
  ante: number;
  /** Turns in a game (the game ends sooner if the bank runs dry). */
  rounds: number;
  /** Time for each play-or-hold choice; running out is a hold. */
  choiceMs: number;
  /** Time the attackers of a fallen lair have to agree on a split. */
  negotiationMs: number;
  /** Time to discard down to maxHand; running out discards the lowest cards. */
  discardMs: number;
  maxHand: number;
  minPlayers: number;
  maxPlayers: number;
}

export const defaultSettings: DragonsLairSettings = {
  ante: 50,
  rounds: 10,
  choiceMs: 60_000,
  negotiationMs: 10_000,
  discardMs: 30_000,
  maxHand: 4,
  minPlayers: 2,
  maxPlayers: 5,
};

/** Cards dealt to each player at the start. */
export const STARTING_HAND = 4;
export const LAIR_COUNT = 2;

export type LairNumber = 1 | 2;
export type Pass = 1 | 2;

export interface Seat {
  name: string;
  hand: Card[];
  /** Game coins won so far (paid out at settlement). */
  coins: number;
  /** Left mid-game: holds every choice, still shares in the settlement. */
  gone: boolean;
}

export interface LaidCard {
  by: string;
  card: Card;
}

export interface Lair {
  /** Null between a kill and the end-of-turn refill. */
  dragon: Card | null;
  /** Face up once it has been attacked and survived. */
  revealed: boolean;
  /** Face down until the reveal. */
  laid: LaidCard[];
}

export interface Choice {
  player: string;
  pass: Pass;
}

export interface Share {
  name: string;
  amount: number;
}

/** A fallen lair whose treasure still has to be shared out. */
export interface PendingTreasure {
  lair: LairNumber;
  roll: number;
  contributors: string[];
}

export interface Negotiation {
  lair: LairNumber;
  roll: number;
  /** The roll, capped at what the bank still holds. */
  treasure: number;
  contributors: string[];
  proposal: Share[] | null;
  proposer: string | null;
  accepted: string[];
  deadline: number;
}

export type EndReason = 'rounds' | 'bank' | 'players';

export interface GameResult {
  reason: EndReason;
  /** Game coins each player had won. */
  coins: Record<string, number>;
  /** What was left in the bank and shared evenly. */
  bankLeft: number;
  /** Real coins each player receives out of the escrowed antes. */
  payouts: Record<string, number>;
}

/**
 * seating: players sit and one types `start`; choosing: the two passes of a turn;
 * negotiating: attackers divide a fallen lair's treasure; discarding: hands go down to maxHand;
 * over: the last game's result stands and a new one may start.
 */
export type Phase = 'seating' | 'choosing' | 'negotiating' | 'discarding' | 'over';

export interface DragonsLairState {
  settings: DragonsLairSettings;
  phase: Phase;
  /** Seat order = the order players sat; play goes "left" = up this list. */
  seats: Seat[];
  bank: number;
  /** Real coins in escrow per player this game. */
  antes: Record<string, number>;
  /** Index 0 is the top. */
  drawPile: Card[];
  discardPile: Card[];
  dragonPile: Card[];
  deadDragons: Card[];
  lairs: Lair[];
  turn: number;
  dealer: string | null;
  /** The choices still to be made this turn, the current one first. */
  queue: Choice[];
  /** When the current choice, negotiation or discard runs out; null when nothing waits. */
  deadline: number | null;
  pendingTreasures: PendingTreasure[];
  negotiation: Negotiation | null;
  result: GameResult | null;
}

/** How a revealed lair turned out. */
export type LairOutcome =
  | 'slain' // knights (with any wizards) beat the dragon: treasure
  | 'repelled' // knights (with any wizards) lost: all discarded, dragon stays face up
  | 'slain-by-wizards' // wizards alone beat the dragon: no treasure, wizards go home
  | 'wizards-repelled'; // wizards alone lost: wizards go home, dragon stays face up

export type LeaveCause = 'asked' | 'disconnected';

/** Events with `to` carry hidden cards and are for that one player only. */
export type DragonsLairEvent =
  | { type: 'sat'; player: string; seat: number }
  | { type: 'stood'; player: string }
  | { type: 'started'; players: string[]; ante: number; bank: number; rounds: number }
  | { type: 'dealt'; to: string; cards: Card[] }
  | { type: 'dragonLaid'; lair: LairNumber }
  | { type: 'turnBegan'; turn: number; dealer: string }
  | { type: 'awaiting'; player: string; pass: Pass; deadline: number }
  | { type: 'held'; player: string; pass: Pass; timedOut: boolean }
  | { type: 'cardLaid'; player: string; lair: LairNumber; pass: Pass }
  | { type: 'youLaid'; to: string; card: Card; lair: LairNumber }
  | { type: 'wizardMission'; player: string; wizard: Card; target: string; killed: Card | null }
  /** A failed wizard's pick goes back to the target's hand: told only to the wizard's owner and the target. */
  | { type: 'wizardPicked'; to: string; player: string; target: string; card: Card }
  | { type: 'leprechaun'; player: string; card: Card; paid: number; bank: number }
  | { type: 'thief'; player: string; card: Card; target: string; stolen: number }
  | {
      type: 'lairRevealed';
      lair: LairNumber;
      dragon: Card;
      laid: LaidCard[];
      total: number;
      outcome: LairOutcome;
      returned: LaidCard[];
      discarded: Card[];
      /** The treasure die, when knights took the lair. */
      roll: number | null;
    }
  | { type: 'negotiationOpened'; lair: LairNumber; roll: number; treasure: number; contributors: string[]; deadline: number }
  /** A proposal restarts the clock: everyone left in `waitingFor` has until `deadline` to agree. */
  | { type: 'proposed'; lair: LairNumber; player: string; shares: Share[]; waitingFor: string[]; deadline: number }
  | { type: 'agreed'; lair: LairNumber; player: string; waitingFor: string[] }
  | { type: 'proposalWithdrawn'; lair: LairNumber; because: string }
  | { type: 'treasureShared'; lair: LairNumber; shares: Share[]; bank: number }
  | { type: 'treasureTaken'; lair: LairNumber; player: string; roll: number; amount: number; bank: number }
  | { type: 'treasureLost'; lair: LairNumber; treasure: number; reason: 'no-agreement' | 'attackers-left' }
  | { type: 'levy'; paid: Share[]; bank: number }
  | { type: 'reshuffled'; pile: 'draw' | 'dragons'; cards: number }
  | { type: 'drew'; to: string; card: Card }
  | { type: 'cardsDrawn'; players: string[]; drawPile: number }
  | { type: 'discardNeeded'; players: Share[]; deadline: number }
  | { type: 'discarded'; player: string; cards: Card[]; timedOut: boolean }
  | { type: 'left'; player: string; cause: LeaveCause; discarded: Card[] }
  | { type: 'gameOver'; result: GameResult };

export type PrivateEvent = Extract<DragonsLairEvent, { to: string }>;

export function isPrivate(event: DragonsLairEvent): event is PrivateEvent {
  return 'to' in event;
}

export type DragonsLairAction =
  | { type: 'sit'; player: string }
  | { type: 'leave'; player: string; cause?: LeaveCause }
  | { type: 'start'; player: string }
  /** A knight needs `lair`; a wizard `lair` or `target`; a thief `target`; a leprechaun neither. */
  | { type: 'play'; player: string; card: Card; lair?: number; target?: string }
  | { type: 'hold'; player: string }
  | { type: 'split'; player: string; shares: Share[] }
  | { type: 'agree'; player: string }
  | { type: 'discard'; player: string; card: Card }
  /** Sent by the table when `state.deadline` has passed. */
  | { type: 'timeout' };

/** The step being built: a private copy of the state, changed in place. */
export interface Work {
  s: DragonsLairState;
  events: DragonsLairEvent[];
  moves: CoinMove[];
  /** What came of each player's ante, when the game's end settles them. */
  results: BetResult[];
  /** With the host's words where a host asks (a refusal's how is worded for it). */
  ctx: RulesContext & { words?: HostWords };
}

export function newTable(settings: DragonsLairSettings = defaultSettings): DragonsLairState {
  return {
    settings,
    phase: 'seating',
    seats: [],
    bank: 0,
    antes: {},
    drawPile: [],
    discardPile: [],
    dragonPile: [],
    deadDragons: [],
    lairs: emptyLairs(),
    turn: 0,
    dealer: null,
    queue: [],
    deadline: null,
    pendingTreasures: [],
    negotiation: null,
    result: null,
  };
}

/** Players still at the table, in seat order. */
export function presentSeats(state: DragonsLairState): Seat[] {
  return state.seats.filter((s) => !s.gone);
}

/** Present players in seat order starting with the dealer. */
export function fromDealer(state: DragonsLairState): Seat[] {
  const start = Math.max(0, state.seats.findIndex((s) => s.name === state.dealer));
  return [...state.seats.slice(start), ...state.seats.slice(0, start)].filter((s) => !s.gone);
}

export function inGame(s: DragonsLairState): boolean {
  return s.phase !== 'seating' && s.phase !== 'over';
}

/** A player still at the table, by name. */
export function seatOf(s: DragonsLairState, name: string): Seat | undefined {
  return s.seats.find((seat) => seat.name === name && !seat.gone);
}

function emptyLairs(): Lair[] {
  return Array.from({ length: LAIR_COUNT }, () => ({ dragon: null, revealed: false, laid: [] }));
}
