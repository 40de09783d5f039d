/**
 * Lich Bones: craps at Dreaven's table, as a pure state machine.
 * `apply(state, action, ctx)` returns the next state, what happened, and the coin moves
 * the table applies as one ledger transaction. The rules are docs/games.md and docs/rulings.md (## Lich Bones).
 */
import { type Dice, rollDice } from '../random.js';
import { type RulesContext, type Step, escrow, player, refuse, returned } from '../rules.js';
import { type BetSpec, type ClawNumber, type HardNumber, type PointNumber, betLabel } from './bets.js';
import { placeBet } from './betting.js';
import { handOut, heroBonus, withhold } from './handouts.js';
import { resultLabel, settleBet, type Outcome } from './settlement.js';

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

/** What an action does to a table, or why it cannot happen now. */
export function apply(state: LichBonesState, action: LichBonesAction, ctx: LichBonesContext): LichBonesStep {
  // A fresh top level and fresh arrays are enough: placed bets and settings are never changed in place.
  const s: LichBonesState = { ...state, seated: [...state.seated], bets: [...state.bets], paying: [...state.paying], withheld: [...state.withheld] };
  const out: Outcome = { events: [], moves: [], results: [] };
  let reason: string | null;
  switch (action.type) {
    case 'sit':
      reason = sit(s, action.player, ctx, out);
      break;
    case 'leave':
      reason = leave(s, action.player, ctx, out);
      break;
    case 'start':
      reason = !s.seated.includes(action.player)
        ? 'Sit at the table to start a game.'
        : s.phase !== 'waiting'
          ? 'A game is already under way.'
          : startGame(s, action.player, ctx, out);
      break;
    case 'bet':
      reason = placeBet(s, action.player, action.bet, action.amount, out, ctx.money);
      break;
    case 'roll':
      reason = s.phase !== 'betting'
        ? 'No game is under way; a seated player can type start.'
        : action.player !== s.hero
          ? `Only the HERO, ${s.hero}, rolls; Dreaven throws for them when betting closes.`
          : throwDice(s, 'hero', ctx, out);
      break;
    case 'timeout':
      reason = timeout(s, ctx, out);
      break;
  }
  if (reason !== null) return refuse(reason);
  const handouts = out.events.flatMap((e) => (e.type === 'handoutsOpened' ? [{ player: e.player, kind: HANDOUT_KIND }] : []));
  return { ok: true, state: s, events: out.events, moves: out.moves, results: out.results, handouts };
}

/** The player's bets on the table, for `gold`. */
export function gold(state: LichBonesState, who: string): { bets: PlacedBet[]; onTable: number } {
  const bets = state.bets.filter((b) => b.owner === who);
  return { bets, onTable: bets.reduce((sum, b) => sum + b.amount, 0) };
}

/** An opening attack roll: 7 and 11 are a critical hit for the HERO, 2, 3 and 12 for the LICH. */
export function openingResult(total: number): 'critical-hit' | 'craps' | 'point-set' {
  if (total === 7 || total === 11) return 'critical-hit';
  if (total === 2 || total === 3 || total === 12) return 'craps';
  return 'point-set';
}

// Each step below changes `s` (a private copy) and returns a refusal reason, or null when done.

function sit(s: LichBonesState, who: string, ctx: LichBonesContext, out: Outcome): string | null {
  if (s.seated.includes(who)) return 'You are already at the table.';
  s.seated.push(who);
  if (s.phase === 'waiting' && s.deadline === null) s.deadline = ctx.now + s.settings.autostartMs;
  out.events.push({ type: 'seated', player: who, autostartAt: s.phase === 'waiting' ? s.deadline : null });
  return null;
}

function leave(s: LichBonesState, who: string, ctx: LichBonesContext, out: Outcome): string | null {
  if (!s.seated.includes(who)) return 'You are not seated at this table.';
  s.seated = s.seated.filter((p) => p !== who);
  s.fromStart = s.fromStart.filter((p) => p !== who);
  out.events.push({ type: 'left', player: who });
  if (s.seated.length === 0) {
    if (s.phase === 'betting') endGame(s, 'table-empty', ctx, out);
    s.deadline = null;
  } else if (s.phase === 'betting' && s.hero === who) {
    chooseHero(s, 'hero-left', ctx, out);
  }
  return null;
}

function startGame(s: LichBonesState, by: string | null, ctx: LichBonesContext, out: Outcome): null {
  const { handout } = s.settings;
  const { paid, cooling } = handOut(s, s.seated, 'start', ctx, out);
  out.events.push({ type: 'started', by, players: [...s.seated], handout, paid, cooling });
  for (const p of cooling) withhold(s, p, ctx, out);
  s.fromStart = [...s.seated];
  s.phase = 'betting';
  s.point = null;
  s.round = 0;
  // A new game has thrown nothing yet: the last game's dice are not this one's.
  s.lastThrow = null;
  chooseHero(s, 'start', ctx, out);
  openBetting(s, ctx, out);
  return null;
}

function chooseHero(s: LichBonesState, why: 'start' | 'seven-out' | 'hero-left', ctx: LichBonesContext, out: Outcome): void {
  s.hero = s.seated[ctx.random.int(s.seated.length)];
  out.events.push({ type: 'heroChosen', hero: s.hero, why });
}

function openBetting(s: LichBonesState, ctx: LichBonesContext, out: Outcome): void {
  s.round += 1;
  s.deadline = ctx.now + s.settings.bettingMs;
  out.events.push({ type: 'bettingOpened', round: s.round, rounds: s.settings.rounds, deadline: s.deadline, point: s.point });
}

function timeout(s: LichBonesState, ctx: LichBonesContext, out: Outcome): string | null {
  if (s.deadline === null || ctx.now < s.deadline) return 'Nothing is due yet.';
  return s.phase === 'betting' ? throwDice(s, 'dealer', ctx, out) : startGame(s, null, ctx, out);
}

function throwDice(s: LichBonesState, by: 'hero' | 'dealer', ctx: LichBonesContext, out: Outcome): null {
  const hero = s.hero as string;
  const dice = rollDice(ctx.random);
  const total = dice[0] + dice[1];
  const point = s.point;
  s.lastThrow = { by, hero, dice, total };
  out.events.push({ type: 'thrown', throw: s.lastThrow, opening: point === null, point });
  if (point === null && s.settings.heroBonus > 0) heroBonus(s, hero, ctx, out);

  const kind: OutcomeKind = point === null
    ? openingResult(total)
    : total === point ? 'point-made' : total === 7 ? 'seven-out' : 'no-decision';
  const winner: Side | null =
    kind === 'critical-hit' || kind === 'point-made' ? 'hero' : kind === 'craps' || kind === 'seven-out' ? 'lich' : null;
  s.point = kind === 'point-set' ? (total as PointNumber) : winner ? null : point;
  out.events.push({ type: 'outcome', kind, winner, total, point: kind === 'point-set' ? s.point : point });

  s.bets = s.bets.filter((bet) => settleBet(s.settings.payouts, bet, dice, point, winner, out) === 'stays');

  if (s.round >= s.settings.rounds) {
    endGame(s, 'rounds-done', ctx, out);
    return null;
  }
  // After the last round there is no next fight, so no new HERO is named.
  if (kind === 'seven-out') chooseHero(s, 'seven-out', ctx, out);
  openBetting(s, ctx, out);
  return null;
}

/** Returns every bet still on the table, pays the end hand-out, and goes back to waiting. */
function endGame(s: LichBonesState, why: 'rounds-done' | 'table-empty', ctx: LichBonesContext, out: Outcome): void {
  for (const bet of s.bets) {
    out.moves.push({ from: escrow(bet.owner), to: player(bet.owner), amount: bet.amount, why: `Lich Bones game over: ${betLabel(bet)} returned` });
    out.events.push({ type: 'settled', bet, result: 'returned', returned: bet.amount, winnings: 0, lost: 0 });
    out.results.push(returned(bet.owner, resultLabel(bet), bet.amount));
  }
  const fromStart = new Set(s.fromStart);
  const { paid, cooling } = handOut(s, s.seated.filter((p) => fromStart.has(p)), 'end', ctx, out);
  const late = s.seated.filter((p) => !fromStart.has(p));
  out.events.push({ type: 'gameOver', why, players: [...s.seated], handout: paid.length > 0 ? s.settings.handout : 0, paid, cooling, late });
  for (const p of cooling) withhold(s, p, ctx, out);
  s.bets = [];
  s.phase = 'waiting';
  s.round = 0;
  s.hero = null;
  s.point = null;
  s.deadline = null;
  s.fromStart = [];
  s.paying = [];
  s.withheld = [];
}
