/**
 * What one viewer may see of a Dragon's Lair table (boardgame.io's playerView). Everything a
 * player is shown (look, hand, messages) is rendered from this view or from events for them,
 * so a hidden card can only leak through this file.
 */
import type { CardFace } from '../api.js';
import { cardFace, cardValue, type Card } from './cards.js';
import {
  presentSeats,
  type DragonsLairState,
  type GameResult,
  type LairNumber,
  type Pass,
  type Phase,
  type Negotiation,
} from './rules.js';

export interface PlayerView {
  name: string;
  seat: number;
  cards: number;
  coins: number;
  dealer: boolean;
  gone: boolean;
}

export interface LairView {
  lair: LairNumber;
  /** Only once it has been revealed; a face-down dragon shows as null with `faceDown`. */
  dragon: { card: Card; value: number } | null;
  faceDown: boolean;
  /** Face-down cards at the lair: who laid them and how many each, in seat order. */
  laid: { by: string; count: number }[];
  cardsLaid: number;
}

/** A negotiation holds nothing secret: everyone sees it as it is. */
export type NegotiationView = Negotiation;

/** What the viewer should do now (or whom they are waiting for). */
export type Todo =
  | { kind: 'sit'; free: number }
  | { kind: 'start' }
  | { kind: 'wait-for-players'; need: number }
  | { kind: 'choose'; pass: Pass; deadline: number }
  | { kind: 'wait-for-choice'; player: string; pass: Pass; deadline: number }
  | { kind: 'negotiate'; lair: LairNumber; hasProposal: boolean; deadline: number }
  | { kind: 'wait-for-agreement'; lair: LairNumber; waitingFor: string[]; deadline: number }
  | { kind: 'discard'; count: number; deadline: number }
  | { kind: 'wait-for-discards'; players: string[]; deadline: number }
  | { kind: 'watch' };

export interface DragonsLairView {
  viewer: string;
  phase: Phase;
  seated: boolean;
  /** The viewer's own hand; null for anyone not playing. */
  hand: Card[] | null;
  players: PlayerView[];
  lairs: LairView[];
  bank: number;
  turn: number;
  rounds: number;
  dealer: string | null;
  pass: Pass | null;
  onTurn: string | null;
  deadline: number | null;
  drawPile: number;
  dragonPile: number;
  /** Face up on the table, so public. */
  discardPile: Card[];
  deadDragons: Card[];
  negotiation: NegotiationView | null;
  todo: Todo;
  result: GameResult | null;
  ante: number;
  maxHand: number;
}

export function viewFor(state: DragonsLairState, viewer: string): DragonsLairView {
  const me = presentSeats(state).find((s) => s.name === viewer);
  const choice = state.phase === 'choosing' ? state.queue[0] ?? null : null;
  const n = state.negotiation;
  return {
    viewer,
    phase: state.phase,
    seated: me !== undefined,
    hand: me ? me.hand.map(copyCard) : null,
    players: state.seats.map((s, i) => ({
      name: s.name,
      seat: i + 1,
      cards: s.hand.length,
      coins: s.coins,
      dealer: s.name === state.dealer,
      gone: s.gone,
    })),
    lairs: state.lairs.map((lair, i) => ({
      lair: (i + 1) as LairNumber,
      dragon: lair.dragon && lair.revealed ? { card: copyCard(lair.dragon), value: cardValue(lair.dragon) } : null,
      faceDown: lair.dragon !== null && !lair.revealed,
      laid: state.seats
        .map((s) => ({ by: s.name, count: lair.laid.filter((l) => l.by === s.name).length }))
        .filter((l) => l.count > 0),
      cardsLaid: lair.laid.length,
    })),
    bank: state.bank,
    turn: state.turn,
    rounds: state.settings.rounds,
    dealer: state.dealer,
    pass: choice?.pass ?? null,
    onTurn: choice?.player ?? null,
    deadline: state.deadline,
    drawPile: state.drawPile.length,
    dragonPile: state.dragonPile.length,
    discardPile: state.discardPile.map(copyCard),
    deadDragons: state.deadDragons.map(copyCard),
    negotiation: n && {
      lair: n.lair,
      roll: n.roll,
      treasure: n.treasure,
      contributors: [...n.contributors],
      proposal: n.proposal && n.proposal.map((p) => ({ ...p })),
      proposer: n.proposer,
      accepted: [...n.accepted],
      deadline: n.deadline,
    },
    todo: todoFor(state, viewer),
    result: state.result && structuredClone(state.result),
    ante: state.settings.ante,
    maxHand: state.settings.maxHand,
  };
}

function todoFor(state: DragonsLairState, viewer: string): Todo {
  const me = presentSeats(state).find((s) => s.name === viewer);
  const { settings } = state;
  const deadline = state.deadline ?? 0;
  switch (state.phase) {
    case 'seating':
    case 'over': {
      const free = settings.maxPlayers - state.seats.length;
      if (!me) return free > 0 ? { kind: 'sit', free } : { kind: 'watch' };
      const need = settings.minPlayers - state.seats.length;
      return need > 0 ? { kind: 'wait-for-players', need } : { kind: 'start' };
    }
    case 'choosing': {
      const choice = state.queue[0];
      if (me && choice.player === viewer) return { kind: 'choose', pass: choice.pass, deadline };
      return { kind: 'wait-for-choice', player: choice.player, pass: choice.pass, deadline };
    }
    case 'negotiating': {
      const n = state.negotiation!;
      const waitingFor = n.contributors.filter((c) => !n.accepted.includes(c));
      if (me && waitingFor.includes(viewer)) return { kind: 'negotiate', lair: n.lair, hasProposal: n.proposal !== null, deadline };
      return { kind: 'wait-for-agreement', lair: n.lair, waitingFor, deadline };
    }
    case 'discarding': {
      const over = presentSeats(state).filter((s) => s.hand.length > settings.maxHand);
      const mine = over.find((s) => s.name === viewer);
      if (mine) return { kind: 'discard', count: mine.hand.length - settings.maxHand, deadline };
      return { kind: 'wait-for-discards', players: over.map((s) => s.name), deadline };
    }
  }
}

function copyCard(card: Card): Card {
  return { rank: card.rank, suit: card.suit };
}



/** Table.Hand's cards: the viewer's own, or null for anyone not playing. */
export function handOf(view: DragonsLairView): CardFace[] | null {
  return view.hand && view.hand.map(cardFace);
}
