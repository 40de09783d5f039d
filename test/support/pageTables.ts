/**
 * Table.State and Table.Hand as docs/gmcp.md draws them, panel included, for the page tests'
 * stand-in server: each game's table in the middle of a game.
 */
import type { CardFace, Panel, PanelCard, PanelPart } from '../../src/games/panel.js';
import { cardFace, parseCard } from '../../src/games/dragons-lair/cards.js';

/** The stand-in server's clock: years away from the browser's. */
export const NOW = 1_000_000_000_000;

export const TWO_PLAYERS = [{ name: 'Ana', seat: 1, connected: true }, { name: 'Bex', seat: 2, connected: true }];

type Wagers = Record<number, { player: string; amount: number }[]>;
const coins = new Intl.NumberFormat('en-US');

/** The sand table placing its wagers: `roll` waits to be bet on; without it, `lastThrow` was the last. */
export function sandTable(o: { players?: typeof TWO_PLAYERS; turn: string; deadline: number | null; roll: [number, number] | null; lastThrow?: [number, number]; wagers: Wagers }) {
  const squares = [3, 4, 5, 6, 7, 8, 9, 10, 11];
  const rolled = o.roll && o.roll[0] + o.roll[1];
  const dice: PanelPart[] = o.roll ? [{ kind: 'dice', label: 'To play', dice: o.roll }] : o.lastThrow ? [{ kind: 'dice', label: 'Last throw', dice: o.lastThrow }] : [];
  const panel: Panel = {
    title: 'Spice Run',
    parts: [
      { kind: 'facts', facts: [{ label: 'Variant', value: 'standard' }] },
      ...dice,
      {
        kind: 'board', id: 'board', label: 'The board', layout: 'grid',
        cells: squares.map((n) => ({ label: String(n), marked: n === rolled, wagers: (o.wagers[n] ?? []).map((w) => ({ player: w.player, amount: coins.format(w.amount) })) })),
      },
    ],
  };
  return {
    id: 'sand-table', game: 'spice-run', name: 'the sand table', phase: 'placing', variant: 'standard', players: o.players ?? TWO_PLAYERS,
    turn: o.turn, deadline: o.deadline, now: NOW, roll: o.roll, board: squares.map((square) => ({ square, wagers: o.wagers[square] ?? [] })), panel,
  };
}

/** A card as the game names and draws it: `qh` is Q♥, "queen of hearts". */
function face(code: string): CardFace {
  const parsed = parseCard(code);
  if (!parsed.ok) throw new Error(parsed.reason);
  return cardFace(parsed.card);
}

/** A lair as the panel lists it. */
function lairCell(l: { lair: number; dragon: string | null; strength: number | null; faceDown: boolean; laid: { player: string; cards: number }[] }) {
  const cards: PanelCard[] = l.dragon ? [face(l.dragon)] : l.faceDown ? [{ faceDown: true }] : [];
  const note = l.dragon ? `strength ${l.strength}` : l.faceDown ? 'a dragon face down' : 'no dragon';
  return { label: `Lair ${l.lair}`, marked: false, cards, note, tags: l.laid.map((x) => `${x.player}: ${x.cards} face down`) };
}

/** The lair table at round 2: lair 1's queen of hearts is face up, the other dragons face down (or, `third`, none). */
export function lairTable(o: { deadline: number | null; third?: boolean }) {
  const lairs = [
    { lair: 1, dragon: 'qh', strength: 15, faceDown: false, laid: [{ player: 'Bex', cards: 2 }] },
    o.third
      ? { lair: 2, dragon: null, strength: null, faceDown: true, laid: [] }
      : { lair: 2, dragon: null, strength: null, faceDown: true, laid: [{ player: 'Ana', cards: 1 }, { player: 'Bex', cards: 3 }] },
    ...(o.third ? [{ lair: 3, dragon: null, strength: null, faceDown: false, laid: [] }] : []),
  ];
  const panel: Panel = {
    title: "Dragon's Lair",
    parts: [
      { kind: 'facts', facts: [{ label: 'Round', value: '2 of 10' }, { label: 'Pass', value: '1' }, { label: 'Bank', value: '40' }] },
      { kind: 'board', id: 'lairs', label: 'The lairs', layout: 'list', cells: lairs.map(lairCell) },
      { kind: 'cards', id: 'hand', label: 'Your hand', cards: 'hand', empty: 'No cards.', noHand: 'Not dealt in.' },
      {
        kind: 'lines', label: 'Game coins and cards held',
        columns: [{ label: 'Player' }, { label: 'Coins', numeric: true }, { label: 'Cards', numeric: true }],
        rows: [['Ana', '52', '4'], ['Bex', '48', '5']],
      },
    ],
  };
  return {
    id: 'lair-table', game: 'dragons-lair', name: 'the lair table', phase: 'playing', players: TWO_PLAYERS,
    turn: 'Bex', deadline: o.deadline, now: NOW, round: 2, rounds: 10, bank: 40, pass: 1, dealer: 'Ana',
    coins: [{ player: 'Ana', coins: 52 }, { player: 'Bex', coins: 48 }],
    hands: [{ player: 'Ana', cards: 4 }, { player: 'Bex', cards: 5 }],
    lairs, piles: { draw: 30, dragons: 8, discards: 2 }, topDiscard: '2c', negotiation: null, panel,
  };
}

/** Table.Hand for the lair table: the cards by name, and how the panel draws each. */
export function lairHand(cards: string[]) {
  return { table: 'lair-table', cards, faces: cards.map(face) };
}

const BETS = [
  { player: 'Ana', bet: 'HERO', amount: 5000, placedOn: null, rate: { win: 1, per: 1, bonusPercent: 10 } },
  { player: 'Ana', bet: 'HERO', amount: 5000, placedOn: 8, rate: { win: 9, per: 10, bonusPercent: 0 } },
  { player: 'Bex', bet: 'ATTACK 6', amount: 5500, placedOn: 8, rate: null },
];

/** Each game's table in the room it stands in, in the middle of a game. */
export const TABLES = {
  'spice-run': {
    room: { id: 'common-room', name: 'The Obsidian Scorpion, Common Room', exits: { north: 'bones-room', east: 'card-room', south: 'street', up: 'roof' } },
    state: sandTable({
      turn: 'Bex', deadline: NOW + 90_000, roll: [5, 6],
      wagers: Object.fromEntries([3, 5, 7, 9, 11].map((n) => [n, [{ player: 'Ana', amount: 1250 }, { player: 'Bex', amount: 40 }]])),
    }),
  },
  'lich-bones': {
    room: { id: 'bones-room', name: 'The Gaming Room', exits: { south: 'common-room' } },
    state: {
      id: 'bones-table', game: 'lich-bones', name: 'the bones table', phase: 'betting', players: TWO_PLAYERS,
      turn: 'Ana', deadline: NOW + 5_000, now: NOW, round: 3, rounds: 16, hero: 'Ana', point: 8, lastThrow: { dice: [2, 6], total: 8 },
      bets: BETS,
      panel: {
        title: 'Lich Bones',
        parts: [
          { kind: 'facts', facts: [{ label: 'Round', value: '3 of 16' }, { label: 'HERO', value: 'Ana', id: 'hero' }, { label: 'Point', value: '8', id: 'point' }] },
          { kind: 'dice', label: 'Last throw', dice: [2, 6] },
          {
            kind: 'lines', id: 'bets', label: 'Bets on the table',
            columns: [{ label: 'Player' }, { label: 'Bet' }, { label: 'Coins', numeric: true }],
            rows: [
              ['Ana', { text: 'HERO', note: 'before the opening roll, pays 1:1 +10%' }, '5,000'],
              ['Ana', { text: 'HERO', note: 'on point 8, pays 9:10' }, '5,000'],
              ['Bex', 'ATTACK 6', '5,500'],
            ],
            empty: 'No bets on the table.',
          },
        ],
      } satisfies Panel,
    },
  },
  'dragons-lair': {
    room: { id: 'card-room', name: 'The Card Room', exits: { west: 'common-room' } },
    state: lairTable({ deadline: NOW + 60_000 }),
  },
};
