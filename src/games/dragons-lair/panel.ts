/**
 * The Dragon's Lair panel (panel.ts): the round, the pass and the bank, the lairs with who laid
 * how many cards face down (never which), a split being agreed, the viewer's own hand (which comes
 * in Table.Hand, to its owner alone), and each player's game coins and cards held.
 */
import type { GameState } from '../api.js';
import type { NoticePart, Panel, PanelCard } from '../panel.js';
import { formatCoins } from '../../text/amount.js';
import { cardFace, cardName } from './cards.js';
import type { Phase } from './state.js';
import type { DragonsLairView, LairView, NegotiationView } from './view.js';

export const TITLE = "Dragon's Lair";

export function panelOf(view: DragonsLairView): Panel {
  const playing = view.phase !== 'seating' && view.phase !== 'over';
  const n = view.negotiation;
  return {
    title: TITLE,
    parts: [
      {
        kind: 'facts',
        facts: [
          { label: 'Round', value: `${playing ? view.turn : '–'} of ${view.rounds}` },
          { label: 'Pass', value: view.pass === null ? '–' : String(view.pass) },
          { label: 'Bank', value: formatCoins(view.bank) },
        ],
      },
      {
        kind: 'board',
        id: 'lairs',
        label: 'The lairs',
        layout: 'list',
        cells: view.lairs.map((lair) => ({
          label: `Lair ${lair.lair}`,
          marked: n?.lair === lair.lair,
          cards: dragon(lair),
          note: lair.dragon ? `strength ${lair.dragon.value}` : lair.faceDown ? 'a dragon face down' : 'no dragon',
          tags: lair.laid.map((l) => `${l.by}: ${l.count} face down`),
        })),
      },
      ...(n ? [negotiation(n)] : []),
      { kind: 'cards', id: 'hand', label: 'Your hand', cards: 'hand', empty: 'No cards.', noHand: 'Not dealt in.' },
      {
        kind: 'lines',
        label: 'Game coins and cards held',
        columns: [{ label: 'Player' }, { label: 'Coins', numeric: true }, { label: 'Cards', numeric: true }],
        rows: view.players.map((p) => [p.name, formatCoins(p.coins), String(p.cards)]),
      },
    ],
  };
}

/** A lair's dragon: its card once face up, a card's back while face down, or none yet. */
function dragon(lair: LairView): PanelCard[] {
  if (lair.dragon) return [cardFace(lair.dragon.card)];
  return lair.faceDown ? [{ faceDown: true }] : [];
}

function negotiation(n: NegotiationView): NoticePart {
  const waitingFor = n.contributors.filter((c) => !n.accepted.includes(c));
  return {
    kind: 'notice',
    lines: [
      { text: `Lair ${n.lair}: ${n.treasure} treasure between ${n.contributors.join(', ')}.` },
      n.proposal
        ? { text: `${n.proposer} proposes ${n.proposal.map((p) => `${p.name} ${p.amount}`).join(', ')}.` }
        : { text: 'No split proposed yet.', quiet: true },
      ...(waitingFor.length ? [{ text: `Waiting for ${waitingFor.join(', ')}.`, quiet: true }] : []),
    ],
  };
}

/**
 * Table.State's Dragon's Lair fields (docs/gmcp.md), from the viewer's view: how many cards each
 * player holds and laid where, never which. The viewer's own hand goes in Table.Hand instead.
 */
export function tableStateOf(view: DragonsLairView, connected: (name: string) => boolean): GameState {
  const playing = view.phase !== 'seating' && view.phase !== 'over';
  const n = view.negotiation;
  return {
    phase: PHASES[view.phase],
    players: view.players.map((p) => ({ name: p.name, seat: p.seat, connected: connected(p.name), left: p.gone })),
    turn: view.onTurn,
    deadline: view.deadline,
    round: playing ? view.turn : null,
    rounds: view.rounds,
    bank: view.bank,
    pass: view.pass,
    dealer: playing ? view.dealer : null,
    coins: view.players.map((p) => ({ player: p.name, coins: p.coins })),
    hands: view.players.map((p) => ({ player: p.name, cards: p.cards })),
    lairs: view.lairs.map((lair) => ({
      lair: lair.lair,
      dragon: lair.dragon ? cardName(lair.dragon.card) : null,
      strength: lair.dragon ? lair.dragon.value : null,
      faceDown: lair.faceDown,
      laid: lair.laid.map((l) => ({ player: l.by, cards: l.count })),
    })),
    piles: { draw: view.drawPile, dragons: view.dragonPile, discards: view.discardPile.length },
    topDiscard: view.discardPile.length ? cardName(view.discardPile[view.discardPile.length - 1]) : null,
    negotiation: n && {
      lair: n.lair,
      treasure: n.treasure,
      attackers: [...n.contributors],
      proposal: n.proposal && { by: n.proposer, split: Object.fromEntries(n.proposal.map((p) => [p.name, p.amount])) },
      agreed: [...n.accepted],
      waitingFor: n.contributors.filter((c) => !n.accepted.includes(c)),
    },
    panel: panelOf(view),
  };
}

const PHASES: Record<Phase, string> = {
  seating: 'waiting',
  over: 'waiting',
  choosing: 'playing',
  negotiating: 'negotiating',
  discarding: 'discarding',
};
