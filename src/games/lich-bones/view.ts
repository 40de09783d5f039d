/**
 * What one viewer sees of the Lich Bones table (boardgame.io's playerView). Nothing here is
 * secret: Dreaven calls every bet. `look` and Table.State are both drawn from this one view.
 */
import type { GameState } from '../api.js';
import { betLabel } from './bets.js';
import { panelOf } from './panel.js';
import type { LichBonesState, PlacedBet, Throw } from './rules.js';

export interface OwnerBets {
  owner: string;
  bets: PlacedBet[];
}

export interface LichBonesView {
  viewer: string;
  phase: 'waiting' | 'betting';
  round: number;
  rounds: number;
  hero: string | null;
  point: number | null;
  seated: string[];
  /** Every bet on the table, grouped by owner in the order they first bet. */
  owners: OwnerBets[];
  /** Waiting: when the game starts by itself; betting: when Dreaven throws. */
  deadline: number | null;
  lastThrow: Throw | null;
  /** Past this many seated players, `look` names only a few. */
  crowd: number;
}

export function viewFor(state: LichBonesState, viewer: string): LichBonesView {
  const byOwner = new Map<string, PlacedBet[]>();
  for (const bet of state.bets) {
    const own = byOwner.get(bet.owner);
    if (own) own.push(bet);
    else byOwner.set(bet.owner, [bet]);
  }
  return {
    viewer,
    phase: state.phase,
    round: state.round,
    rounds: state.settings.rounds,
    hero: state.hero,
    point: state.point,
    seated: [...state.seated],
    owners: [...byOwner].map(([owner, bets]) => ({ owner, bets })),
    deadline: state.deadline,
    lastThrow: state.lastThrow,
    crowd: state.settings.crowd,
  };
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
