/**
 * Lich Bones: craps at Dreaven's table, as a pure state machine.
 * `apply(state, action, ctx)` returns the next state, what happened, and the coin moves
 * the table applies as one ledger transaction. The rules are docs/games.md and docs/rulings.md (## Lich Bones).
 */
import { rollDice } from '../random.js';
import { escrow, player, refuse, returned } from '../rules.js';
import { betLabel, type PointNumber } from './bets.js';
import { placeBet } from './betting.js';
import { handOut, heroBonus, withhold } from './handouts.js';
import { resultLabel, settleBet } from './settlement.js';
import {
  HANDOUT_KIND,
  type LichBonesAction,
  type LichBonesContext,
  type LichBonesState,
  type LichBonesStep,
  type Outcome,
  type OutcomeKind,
  type PlacedBet,
  type Side,
} from './state.js';

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
          ? `Only the HERO, ${s.hero}, rolls; ${ctx.dealer} throws for them when betting closes.`
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

  const barred = point === null && total === 12 && s.settings.barTwelve === 1;
  s.bets = s.bets.filter((bet) => settleBet(s.settings.payouts, bet, dice, point, winner, out, barred) === 'stays');

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
