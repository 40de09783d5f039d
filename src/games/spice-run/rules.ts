/**
 * Spice Run: two players, nine squares (3-11), 2d6.
 * The rules are docs/games.md and docs/rulings.md (## Spice Run).
 * Pure: the table feeds actions (and `timeout` when the turn deadline passes) and applies the moves.
 */
import { rollDice, type RandomSource } from '../random.js';
import type { BetResult, CoinMove, HostWords } from '../api.js';
import { decided, escrow, player, refuse, returned, type RulesContext, type Step, type Unseating } from '../rules.js';
import { nextStep, waitingThrow } from './prompts.js';
import {
  defaultSettings,
  VARIANTS,
  WAGERS_TO_PLACE,
  type OverReason,
  type Refund,
  type RollMeaning,
  type SpiceRunAction,
  type SpiceRunEvent,
  type SpiceRunSettings,
  type SpiceRunState,
  type Variant,
  type Wager,
  type WithdrawCause,
} from './state.js';

type SpiceRunStep = Step<SpiceRunState, SpiceRunEvent>;

export function setup(players: [string, string], settings: SpiceRunSettings, now: number, variant: Variant = 'standard'): SpiceRunState {
  if (players[0] === players[1]) throw new Error(`Spice Run needs two different players, got ${players[0]} twice`);
  return {
    players: [players[0], players[1]],
    variant,
    phase: 'placement',
    turn: 0,
    awaiting: 'roll',
    lastRoll: null,
    board: [],
    deadline: now + settings.turnMs,
    wagersPlaced: 0,
    tally: { [players[0]]: { staked: 0, received: 0 }, [players[1]]: { staked: 0, received: 0 } },
    endedBy: null,
  };
}

/**
 * A game begins for the two seated players, first to sit first. After a game the same two play
 * again at once, and the variant Player 1 chose carries over (docs/rulings.md, Spice Run).
 */
export function begin(last: SpiceRunState | null, players: [string, string], settings: SpiceRunSettings, now: number): SpiceRunStep {
  if (last && last.phase !== 'over') return refuse('A game of Spice Run is under way here.');
  const rematch = !!last && last.players[0] === players[0] && last.players[1] === players[1];
  const variant = rematch ? last.variant : 'standard';
  return { ok: true, state: setup(players, settings, now, variant), events: [{ type: 'begun', players, variant, rematch }], moves: [] };
}

export function boardTotal(state: SpiceRunState): number {
  return state.board.reduce((sum, w) => sum + w.amount, 0);
}

/** Who takes the whole board on a 2 or 12: fixed seats, whoever threw (docs/rulings.md, Spice Run). */
function sweepTaker(state: SpiceRunState, total: number): string {
  return total === 12 ? state.players[0] : state.players[1];
}

const isSweep = (total: number) => total === 2 || total === 12;

/**
 * True while a throw in play waits for what it asks of the roller (`play`, or the all-or-none
 * bet): the dice have spoken, so nobody may withdraw until it is applied (docs/rulings.md, Spice Run: Withdraw).
 */
export function throwWaits(state: SpiceRunState): boolean {
  return state.phase === 'play' && (state.awaiting === 'play' || state.awaiting === 'bet');
}

export function apply(
  state: SpiceRunState,
  action: SpiceRunAction,
  /** With the host's words where a host asks (the how of a refusal is worded for it). */
  ctx: RulesContext & { words?: HostWords },
  settings: SpiceRunSettings = defaultSettings,
): SpiceRunStep {
  if (state.phase === 'over') return refuse(nextStep(state, undefined, ctx.words));
  const draft = new Draft(state, ctx.now, settings, ctx.words);
  if (action.type === 'timeout') {
    const idle = state.players[state.turn];
    if (ctx.now < state.deadline) return refuse(`${idle} still has time to take their turn.`);
    // A throw waiting, or the bet on it again, is applied for the idle roller; anything else lapses as a withdrawal.
    if (throwWaits(state) || state.awaiting === 'bet-again') return applyFor(draft, 'idle');
    return withdraw(draft, idle, 'idle');
  }
  if (!state.players.includes(action.player)) {
    return refuse(`Only ${state.players[0]} and ${state.players[1]} are playing this game of Spice Run.`);
  }
  if (action.type === 'withdraw') {
    if (!throwWaits(state)) return withdraw(draft, action.player, action.cause);
    if (action.cause === 'asked') return refuse(waitingThrow(state, action.player));
    // Leaving does not escape the dice: the throw is applied, then the game is withdrawn.
    applyFor(draft, 'left');
    return draft.state.phase === 'over' ? draft.done() : withdraw(draft, action.player, 'left');
  }
  if (action.type === 'variant') return chooseVariant(draft, action.player, action.variant);

  if (action.player !== state.players[state.turn]) return refuse(nextStep(state, undefined, ctx.words));
  // Every valid move by the player on turn restarts their clock (refusals return before the draft is used).
  draft.restartClock();
  switch (action.type) {
    case 'roll':
      return roll(draft, ctx.random);
    case 'bet':
      return bet(draft, action.amount);
    case 'play':
      return play(draft);
    case 'skip':
      return skip(draft);
  }
}

/** A copy of the state being changed, with the events and moves of this step. */
class Draft {
  readonly state: SpiceRunState;
  readonly events: SpiceRunEvent[] = [];
  readonly moves: CoinMove[] = [];
  readonly results: BetResult[] = [];
  readonly unseat: Unseating[] = [];

  constructor(
    original: SpiceRunState,
    private readonly now: number,
    private readonly settings: SpiceRunSettings,
    /** The host's words, for the how of a refusal (`Type roll dice.`). */
    readonly words: HostWords | undefined,
  ) {
    this.state = structuredClone(original);
  }

  get roller(): string {
    return this.state.players[this.state.turn];
  }

  done(): SpiceRunStep {
    return { ok: true, state: this.state, events: this.events, moves: this.moves, results: this.results, unseat: this.unseat };
  }

  restartClock(): void {
    this.state.deadline = this.now + this.settings.turnMs;
  }

  /** Hands the dice to `to` (by default the other player). */
  passTurn(to: 0 | 1 = this.state.turn === 0 ? 1 : 0): void {
    this.state.turn = to;
    this.state.awaiting = 'roll';
    this.restartClock();
  }

  /** Pays each wager to `to` (its owner, for a refund), one move per wager. */
  pay(wagers: Wager[], to: string, why: string): void {
    for (const w of wagers) {
      this.moves.push({ from: escrow(w.owner), to: player(to), amount: w.amount, why });
      this.state.tally[to].received += w.amount;
    }
    this.state.board = this.state.board.filter((w) => !wagers.includes(w));
  }

  /** Pays `wagers` to `taker` (a square, or the whole board): the taker wins them all, every other owner loses theirs. */
  take(wagers: Wager[], taker: string, bet: string, why: string): void {
    if (!wagers.length) return;
    const stakes = new Map<string, number>([[taker, 0]]);
    for (const w of wagers) stakes.set(w.owner, (stakes.get(w.owner) ?? 0) + w.amount);
    const total = wagers.reduce((sum, w) => sum + w.amount, 0);
    for (const [owner, stake] of stakes) this.results.push(decided(owner, bet, stake, owner === taker ? total : 0));
    this.pay(wagers, taker, why);
  }

  end(reason: OverReason): void {
    const s = this.state;
    s.phase = 'over';
    s.awaiting = 'nothing';
    s.endedBy = reason;
    const tally = Object.fromEntries(
      s.players.map((p) => [p, { ...s.tally[p], net: s.tally[p].received - s.tally[p].staked }]),
    );
    this.events.push({ type: 'over', reason, tally });
  }
}

function chooseVariant(draft: Draft, by: string, variant: Variant): SpiceRunStep {
  const s = draft.state;
  if (by !== s.players[0] || s.phase !== 'placement' || s.wagersPlaced > 0) {
    return refuse(`The variant can only be chosen by Player 1 (${s.players[0]}) before the first wager.`);
  }
  if (!VARIANTS.includes(variant)) return refuse('Choose a variant: standard, all-or-none or take-and-give.');
  s.variant = variant;
  // Before the first wager Player 1 is always on turn, so choosing counts as acting on the turn.
  draft.restartClock();
  draft.events.push({ type: 'variantChosen', player: by, variant });
  return draft.done();
}

/**
 * Applies the roller's waiting throw for them: the square is taken (`play`), and a bet it asks
 * for (all-or-none's, take-and-give's again) is skipped; the turn passes unless the game ends.
 */
function applyFor(draft: Draft, cause: 'idle' | 'left'): SpiceRunStep {
  const s = draft.state;
  const played = s.awaiting === 'play';
  const square = s.lastRoll!.total;
  if (played || cause === 'idle') draft.events.push({ type: 'appliedFor', player: draft.roller, square, played, cause });
  if (played) play(draft);
  if (s.phase !== 'over' && s.awaiting !== 'roll') draft.passTurn();
  return draft.done();
}

function roll(draft: Draft, random: RandomSource): SpiceRunStep {
  const s = draft.state;
  if (s.awaiting !== 'roll') return refuse(nextStep(s, draft.roller, draft.words));
  const dice = rollDice(random);
  const total = dice[0] + dice[1];
  s.lastRoll = { player: draft.roller, dice, total };
  let meaning: RollMeaning;
  if (s.phase === 'placement') {
    meaning = isSweep(total) ? 'reroll' : 'square';
    s.awaiting = isSweep(total) ? 'roll' : 'bet';
  } else {
    meaning = total === 2 ? 'sweep-p2' : total === 12 ? 'sweep-p1' : 'square';
    s.awaiting = s.variant === 'all-or-none' && !isSweep(total) ? 'bet' : 'play';
  }
  draft.events.push({ type: 'rolled', player: draft.roller, dice, total, meaning });
  // A 2 or 12 in play settles at the throw, whoever threw it (docs/rulings.md, Spice Run): nothing waits for `play`.
  if (s.phase === 'play' && isSweep(total)) sweep(draft, total);
  return draft.done();
}

/** The whole board goes to Player 2 on a 2, Player 1 on a 12, and the game ends. */
function sweep(draft: Draft, total: number): void {
  const s = draft.state;
  const taker = sweepTaker(s, total);
  const wagers = s.board;
  draft.events.push({ type: 'sweep', roller: draft.roller, taker, total: boardTotal(s), wagers });
  draft.take(wagers, taker, 'the whole board', `Spice Run: ${taker} takes the whole board on a ${total}`);
  draft.end('sweep');
}

function bet(draft: Draft, amount: number): SpiceRunStep {
  const s = draft.state;
  if (s.awaiting === 'roll') return refuse('You must roll the dice before you can bet.');
  if (s.awaiting !== 'bet' && s.awaiting !== 'bet-again') return refuse(nextStep(s, draft.roller, draft.words));
  if (!Number.isSafeInteger(amount) || amount < 1) return refuse('You must stake a whole number of coins, at least one.');
  const square = s.lastRoll!.total;
  const by = draft.roller;
  s.board.push({ square, owner: by, amount });
  s.wagersPlaced += 1;
  s.tally[by].staked += amount;
  draft.moves.push({ from: player(by), to: escrow(by), amount, why: `Spice Run wager on square ${square}` });
  draft.events.push({ type: 'wagered', player: by, square, amount, boardTotal: boardTotal(s) });
  if (s.phase === 'placement' && s.wagersPlaced === WAGERS_TO_PLACE) {
    s.phase = 'play';
    draft.passTurn(0);
    draft.events.push({ type: 'playBegins', first: s.players[0], boardTotal: boardTotal(s) });
  } else {
    draft.passTurn();
  }
  return draft.done();
}

function play(draft: Draft): SpiceRunStep {
  const s = draft.state;
  if (s.awaiting === 'roll') return refuse('You must roll the dice before you can play.');
  if (s.awaiting !== 'play') return refuse(nextStep(s, draft.roller, draft.words));
  const total = s.lastRoll!.total;
  const roller = draft.roller;
  const wagers = s.board.filter((w) => w.square === total);
  draft.events.push({
    type: 'collected',
    collector: roller,
    square: total,
    wagers,
    total: wagers.reduce((sum, w) => sum + w.amount, 0),
  });
  draft.take(wagers, roller, `square ${total}`, `Spice Run: ${roller} takes square ${total}`);
  // Take-and-give bets again even on an emptied board: only 2 and 12 end it (docs/rulings.md, Spice Run).
  if (s.variant === 'take-and-give') s.awaiting = 'bet-again';
  else if (s.board.length === 0) draft.end('board-empty');
  else draft.passTurn();
  return draft.done();
}

function skip(draft: Draft): SpiceRunStep {
  const s = draft.state;
  if (s.awaiting !== 'bet' && s.awaiting !== 'bet-again') {
    return refuse(`There is no bet to skip. ${nextStep(s, draft.roller, draft.words)}`);
  }
  const callsOff = s.phase === 'placement';
  draft.events.push({ type: 'skipped', player: draft.roller, square: s.lastRoll!.total, callsOff });
  if (callsOff) return withdraw(draft, draft.roller, 'no-coins');
  draft.passTurn();
  return draft.done();
}

/** Ends the game and returns every wager on the board to the player who placed it. */
function withdraw(draft: Draft, by: string, cause: WithdrawCause | 'no-coins'): SpiceRunStep {
  const s = draft.state;
  const refunds: Refund[] = [];
  for (const w of s.board) {
    const refund = refunds.find((r) => r.owner === w.owner);
    if (refund) refund.amount += w.amount;
    else refunds.push({ owner: w.owner, amount: w.amount });
  }
  draft.events.push({ type: 'withdrawn', player: by, cause, refunds });
  // Idle through a whole turn is away, as a lost connection is: the seat goes too, and no rematch waits on them.
  if (cause === 'idle') draft.unseat.push({ player: by, why: 'You let your turn lapse, so you give up your seat.' });
  for (const w of [...s.board]) {
    draft.results.push(returned(w.owner, `square ${w.square}`, w.amount));
    draft.pay([w], w.owner, 'Spice Run withdrawn: wager returned');
  }
  draft.end('withdrawn');
  return draft.done();
}
