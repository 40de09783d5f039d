/** The Lich Bones panel (panel.ts): the round, the HERO and the point, the last throw, and every bet with its terms. */
import type { GameState } from '../api.js';
import type { LineCell, Panel } from '../panel.js';
import { formatCoins } from '../../text/amount.js';
import { betLabel } from './bets.js';
import type { PlacedBet } from './state.js';
import type { LichBonesView } from './view.js';

export const TITLE = 'Lich Bones';

export function panelOf(view: LichBonesView): Panel {
  return {
    title: TITLE,
    parts: [
      {
        kind: 'facts',
        facts: [
          { label: 'Round', value: `${view.round} of ${view.rounds}` },
          { label: 'HERO', value: view.hero ?? 'none yet', id: 'hero' },
          { label: 'Point', value: view.point === null ? 'not set' : String(view.point), id: 'point' },
        ],
      },
      ...(view.lastThrow ? [{ kind: 'dice' as const, label: 'Last throw', dice: [...view.lastThrow.dice] }] : []),
      {
        kind: 'lines',
        id: 'bets',
        label: 'Bets on the table',
        columns: [{ label: 'Player' }, { label: 'Bet' }, { label: 'Coins', numeric: true }],
        rows: view.owners.flatMap(({ owner, bets }) => bets.map((b) => [owner, betCell(b), formatCoins(b.amount)])),
        empty: 'No bets on the table.',
      },
    ],
  };
}

/** A HERO or LICH bet says when it was placed and the rate it pays: two HERO bets can pay differently. */
function betCell(b: PlacedBet): LineCell {
  if (!b.locked) return betLabel(b);
  const when = b.placedOn === null ? 'before the opening roll' : `on point ${b.placedOn}`;
  const bonus = b.locked.bonusPercent ? ` +${b.locked.bonusPercent}%` : '';
  return { text: betLabel(b), note: `${when}, pays ${b.locked.ratio.win}:${b.locked.ratio.per}${bonus}` };
}

/** Table.State's Lich Bones fields (docs/gmcp.md). */
export function tableStateOf(view: LichBonesView, connected: (name: string) => boolean): GameState {
  return {
    phase: view.phase,
    players: view.seated.map((name, i) => ({ name, seat: i + 1, connected: connected(name) })),
    turn: view.phase === 'betting' ? view.hero : null,
    deadline: view.deadline,
    round: view.round,
    rounds: view.rounds,
    hero: view.hero,
    point: view.point,
    bets: view.owners.flatMap(({ owner, bets }) =>
      bets.map((b) => ({
        player: owner,
        bet: betLabel(b),
        amount: b.amount,
        // Two HERO bets differ by when they were placed: before the opening roll or on a point, each at its own rate.
        placedOn: b.placedOn,
        rate: b.locked ? { win: b.locked.ratio.win, per: b.locked.ratio.per, bonusPercent: b.locked.bonusPercent } : null,
      })),
    ),
    lastThrow: view.lastThrow && { dice: [...view.lastThrow.dice], total: view.lastThrow.total },
    panel: panelOf(view),
  };
}
