/**
 * Lich Bones' state, settings, actions and events: the plain data the rules (rules.ts) work on,
 * which the bets' settlement (settlement.ts), betting and hand-outs change and the views read.
 */
import type { BetResult, CoinMove } from '../api.js';
import type { Dice } from '../random.js';
import type { RulesContext, Step } from '../rules.js';
import type { BetSpec, ClawNumber, HardNumber, PointNumber } from './bets.js';

/** Payout "X:Y": `win` coins of winnings for every `per` coins staked, plus the stake back. */
export interface Ratio {
  win: number;
  per: number;
}

export type FieldNumber = 2 | 3 | 4 | 9 | 10 | 11 | 12;
export type InfernoNumber = 2 | 3 | 11 | 12;

/** Every payout a host may change. The totals listed in a table are the ones that pay. */
export interface Payouts {
  /** HERO / LICH placed before an opening roll (they also get earlyBonusPercent). */
  heroEarly: Ratio;
  lichEarly: Ratio;
  /** HERO / LICH placed while a quest point is set: the rate locked in at placement. */
  heroOnPoint: Record<PointNumber, Ratio>;
  lichOnPoint: Record<PointNumber, Ratio>;
  cheerHero: Record<PointNumber, Ratio>;
  cheerLich: Record<PointNumber, Ratio>;
  hard: Record<HardNumber, Ratio>;
  attack: Record<PointNumber, Ratio>;
  beseech: Record<FieldNumber, Ratio>;
  /** Per quarter of the stake: each quarter rides on one number. */
  inferno: Record<InfernoNumber, Ratio>;
  /** Pays on 2, 3 or 12. */
  drain: Ratio;
  claw: Record<ClawNumber, Ratio>;
}

/** Whole numbers throughout; times in milliseconds. */
export interface LichBonesSettings {
  rounds: number;
  autostartMs: number;
  bettingMs: number;
  handout: number;
  /** A character is paid hand-outs from at most one game in this long, across every Lich Bones table. */
  handoutCooldownMs: number;
  /** How many players the table seats. */
  seats: number;
  /** With more players seated than this, the table is a crowd: each bet is told to its bettor alone. */
  crowd: number;
  heroBonus: number;
  minBet: number;
  /** The most one bet may be (0: no limit), as a house that pays in real coins sets it. */
  maxBet: number;
  /** 1: a LICH bet neither wins nor loses on a 12 at the opening roll, and stays (craps' bar 12); 0: it wins there. */
  barTwelve: number;
  earlyBonusPercent: number;
  payouts: Payouts;
}

const r = (win: number, per: number): Ratio => ({ win, per });
const byPoint = (four: Ratio, five: Ratio, six: Ratio): Record<PointNumber, Ratio> =>
  ({ 4: four, 5: five, 6: six, 8: six, 9: five, 10: four });

export const DEFAULT_PAYOUTS: Payouts = {
  heroEarly: r(1, 1),
  lichEarly: r(1, 1),
  heroOnPoint: byPoint(r(1, 1), r(9, 8), r(9, 10)),
  lichOnPoint: byPoint(r(3, 8), r(1, 2), r(5, 8)),
  cheerHero: byPoint(r(2, 1), r(3, 2), r(6, 5)),
  cheerLich: byPoint(r(1, 2), r(2, 3), r(5, 6)),
  hard: { 4: r(7, 1), 6: r(9, 1), 8: r(9, 1), 10: r(7, 1) },
  attack: byPoint(r(5, 11), r(5, 8), r(4, 5)),
  beseech: { 2: r(2, 1), 3: r(1, 1), 4: r(1, 1), 9: r(1, 1), 10: r(1, 1), 11: r(1, 1), 12: r(2, 1) },
  inferno: { 2: r(30, 1), 3: r(15, 1), 11: r(15, 1), 12: r(30, 1) },
  drain: r(7, 1),
  claw: { 2: r(30, 1), 3: r(15, 1), 7: r(4, 1), 11: r(15, 1), 12: r(30, 1) },
};

export const DEFAULT_SETTINGS: LichBonesSettings = {
  rounds: 16,
  autostartMs: 60_000,
  bettingMs: 30_000,
  handout: 20_000,
  handoutCooldownMs: 30 * 60_000,
  seats: 200,
  crowd: 20,
  heroBonus: 1_000,
  minBet: 5_000,
  maxBet: 0,
  barTwelve: 0,
  earlyBonusPercent: 10,
  payouts: DEFAULT_PAYOUTS,
};

export type Side = 'hero' | 'lich';

export interface PlacedBet {
  id: number;
  owner: string;
  spec: BetSpec;
  amount: number;
  /** The quest point when it was placed; null = placed before an opening roll. */
  placedOn: PointNumber | null;
  /** CHEER only: the side it cheers, that of the owner's early HERO/LICH bet. */
  side?: Side;
  /** HERO/LICH only: the rate fixed when it was placed. */
  locked?: { ratio: Ratio; bonusPercent: number };
}

export interface Throw {
  by: 'hero' | 'dealer';
  hero: string;
  dice: Dice;
  total: number;
}

export interface LichBonesState {
  settings: LichBonesSettings;
  /** In the order they sat down. */
  seated: string[];
  phase: 'waiting' | 'betting';
  /** 1..rounds during a game, 0 while waiting. */
  round: number;
  hero: string | null;
  /** The quest point; null when the next throw is an opening attack roll. */
  point: PointNumber | null;
  bets: PlacedBet[];
  nextBetId: number;
  lastThrow: Throw | null;
  /** Waiting: when the game starts by itself (null = not armed). Betting: when betting closes. */
  deadline: number | null;
  /** Seated when the game started and never stood up since: only they get the end hand-out. */
  fromStart: string[];
  /** Those this game pays hand-outs to: it opened their cool-down (docs/rulings.md, Lich Bones: Hand-outs). */
  paying: string[];
  /** Those told this game that it pays them none (Dreaven says so once a game). */
  withheld: string[];
}

export type LichBonesAction =
  | { type: 'sit'; player: string }
  | { type: 'leave'; player: string }
  | { type: 'start'; player: string }
  | { type: 'bet'; player: string; bet: BetSpec; amount: number }
  | { type: 'roll'; player: string }
  | { type: 'timeout' };

export type OutcomeKind = 'critical-hit' | 'craps' | 'point-set' | 'point-made' | 'seven-out' | 'no-decision';

export type Settlement =
  /** Paid: `returned` of the stake comes back with `winnings`; `lost` is any part that lost (INFERNO). */
  | 'won'
  | 'lost'
  /** A hard way or ATTACK on an opening roll that showed its number or a 7: it neither wins nor loses. */
  | 'inactive'
  /** A hard way or ATTACK that stays on the table across a made point. */
  | 'carried'
  /** A LICH bet on a 12 at the opening roll where 12 is barred: it neither wins nor loses, and stays. */
  | 'barred'
  /** Given back at the end of the game. */
  | 'returned';

export type LichBonesEvent =
  | { type: 'seated'; player: string; autostartAt: number | null }
  | { type: 'left'; player: string }
  /** `paid` got the start hand-out; `cooling` were paid by another game too lately (docs/rulings.md, Lich Bones: Hand-outs). */
  | { type: 'started'; by: string | null; players: string[]; handout: number; paid: string[]; cooling: string[] }
  | { type: 'heroChosen'; hero: string; why: 'start' | 'seven-out' | 'hero-left' }
  | { type: 'bettingOpened'; round: number; rounds: number; deadline: number; point: PointNumber | null }
  /** `asked` differs from bet.amount when a CHEER was cut to its cap. */
  | { type: 'betPlaced'; bet: PlacedBet; asked: number }
  | { type: 'thrown'; throw: Throw; opening: boolean; point: PointNumber | null }
  /** The HERO's bonus at an opening roll: a hand-out, paid at every opening roll of the game that pays them. */
  | { type: 'bonus'; hero: string; amount: number }
  /** This game pays `player` hand-outs: their cool-down opens now (the table notes it for every table). */
  | { type: 'handoutsOpened'; player: string }
  /** Once a game, to a player another game paid too lately: none here, and when the house pays them again. */
  | { type: 'handoutsWithheld'; player: string; until: number }
  | { type: 'outcome'; kind: OutcomeKind; winner: Side | null; total: number; point: PointNumber | null }
  | { type: 'settled'; bet: PlacedBet; result: Settlement; returned: number; winnings: number; lost: number }
  /** `late`: seated at the end, but not since the start, so no end hand-out. */
  | {
      type: 'gameOver';
      why: 'rounds-done' | 'table-empty';
      players: string[];
      handout: number;
      paid: string[];
      cooling: string[];
      late: string[];
    };

export interface LichBonesContext extends RulesContext {
  /** When a character's hand-out cool-down last opened, at any Lich Bones table (clock ms), or null. */
  handoutsOpened(name: string): number | null;
  /** An amount of the host's money (HostWords.money), for the refusals: "The minimum bet is 5,000 gold." */
  money(n: number): string;
  /** Who deals, as the host's players know them (HostWords.dealer): "Dreaven" at the tavern. */
  dealer: string;
}

export type LichBonesStep = Step<LichBonesState, LichBonesEvent>;

/** How the host's hand-out record names Lich Bones' cool-down: one for every Lich Bones table. */
export const HANDOUT_KIND = 'lich-bones';

export function newTable(settings: LichBonesSettings = DEFAULT_SETTINGS): LichBonesState {
  return {
    settings,
    seated: [],
    phase: 'waiting',
    round: 0,
    hero: null,
    point: null,
    bets: [],
    nextBetId: 1,
    lastThrow: null,
    deadline: null,
    fromStart: [],
    paying: [],
    withheld: [],
  };
}

/** What a step has done so far: its events, its coin moves, and what came of the bets they settle. */
export interface Outcome {
  events: LichBonesEvent[];
  moves: CoinMove[];
  results: BetResult[];
}
