/**
 * What one viewer sees of the Lich Bones table (boardgame.io's playerView). Nothing here is
 * secret: Dreaven calls every bet. `look` and Table.State are both drawn from this one view.
 */
import type { LichBonesState, PlacedBet, Throw } from './state.js';

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

