/**
 * Dragon's Lair: 2-5 players attack two dragons' lairs with knights and wizards, and rob each
 * other with wizards and thieves. Rules from rules/dragons-lair.txt as settled by RULINGS.md and
 * docs/rulings.md (## Dragon's Lair).
 *
 * Pure: the table feeds actions (and `timeout` when `state.deadline` passes) and applies the moves.
 * Game coins (the bank, each player's winnings) live in the state; real coins move only twice:
 * the antes into escrow at the start, and the settlement out of escrow at the end.
 */
import { rollDie, shuffle, type RandomSource } from '../random.js';
import { escrow, listNames, player, redistribute, refuse, type CoinMove, type Refusal, type Step } from '../rules.js';
import {
  cardName,
  cardValue,
  compareCards,
  dragonCards,
  kindOf,
  numberCards,
  sameCard,
  type Card,
} from './cards.js';

export interface DragonsLairSettings {
  /** Game coins each player puts into the bank when the game starts. */
  ante: number;
  /** Turns in a game (the game ends sooner if the bank runs dry). */
  rounds: number;
  /** Time for each play-or-hold choice; running out is a hold. */
  choiceMs: number;
  /** Time the attackers of a fallen lair have to agree on a split. */
  negotiationMs: number;
  /** Time to discard down to maxHand; running out discards the lowest cards. */
  discardMs: number;
  maxHand: number;
  minPlayers: number;
  maxPlayers: number;
}

export const defaultSettings: DragonsLairSettings = {
  ante: 50,
  rounds: 10,
  choiceMs: 60_000,
  negotiationMs: 10_000,
  discardMs: 30_000,
  maxHand: 4,
  minPlayers: 2,
  maxPlayers: 5,
};

/** Cards dealt to each player at the start. */
export const STARTING_HAND = 4;
export const LAIR_COUNT = 2;

export type LairNumber = 1 | 2;
export type Pass = 1 | 2;

export interface Seat {
  name: string;
  hand: Card[];
  /** Game coins won so far (paid out at settlement). */
  coins: number;
  /** Left mid-game: holds every choice, still shares in the settlement. */
  gone: boolean;
}

export interface LaidCard {
  by: string;
  card: Card;
}

export interface Lair {
  /** Null between a kill and the end-of-turn refill. */
  dragon: Card | null;
  /** Face up once it has been attacked and survived. */
  revealed: boolean;
  /** Face down until the reveal. */
  laid: LaidCard[];
}

export interface Choice {
  player: string;
  pass: Pass;
}

export interface Share {
  name: string;
  amount: number;
}

/** A fallen lair whose treasure still has to be shared out. */
export interface PendingTreasure {
  lair: LairNumber;
  roll: number;
  contributors: string[];
}

export interface Negotiation {
  lair: LairNumber;
  roll: number;
  /** The roll, capped at what the bank still holds. */
  treasure: number;
  contributors: string[];
  proposal: Share[] | null;
  proposer: string | null;
  accepted: string[];
  deadline: number;
}

export type EndReason = 'rounds' | 'bank' | 'players';

export interface GameResult {
  reason: EndReason;
  /** Game coins each player had won. */
  coins: Record<string, number>;
  /** What was left in the bank and shared evenly. */
  bankLeft: number;
  /** Real coins each player receives out of the escrowed antes. */
  payouts: Record<string, number>;
}

/**
 * seating: players sit and one types `start`; choosing: the two passes of a turn;
 * negotiating: attackers divide a fallen lair's treasure; discarding: hands go down to maxHand;
 * over: the last game's result stands and a new one may start.
 */
export type Phase = 'seating' | 'choosing' | 'negotiating' | 'discarding' | 'over';

export interface DragonsLairState {
  settings: DragonsLairSettings;
  phase: Phase;
  /** Seat order = the order players sat; play goes "left" = up this list. */
  seats: Seat[];
  bank: number;
  /** Real coins in escrow per player this game. */
  antes: Record<string, number>;
  /** Index 0 is the top. */
  drawPile: Card[];
  discardPile: Card[];
  dragonPile: Card[];
  deadDragons: Card[];
  lairs: Lair[];
  turn: number;
  dealer: string | null;
  /** The choices still to be made this turn, the current one first. */
  queue: Choice[];
  /** When the current choice, negotiation or discard runs out; null when nothing waits. */
  deadline: number | null;
  pendingTreasures: PendingTreasure[];
  negotiation: Negotiation | null;
  result: GameResult | null;
}

/** How a revealed lair turned out. */
export type LairOutcome =
  | 'slain' // knights (with any wizards) beat the dragon: treasure
  | 'repelled' // knights (with any wizards) lost: all discarded, dragon stays face up
  | 'slain-by-wizards' // wizards alone beat the dragon: no treasure, wizards go home
  | 'wizards-repelled'; // wizards alone lost: wizards go home, dragon stays face up

export type LeaveCause = 'asked' | 'disconnected';

/** Events with `to` carry hidden cards and are for that one player only. */
export type DragonsLairEvent =
  | { type: 'sat'; player: string; seat: number }
  | { type: 'stood'; player: string }
  | { type: 'started'; players: string[]; ante: number; bank: number; rounds: number }
  | { type: 'dealt'; to: string; cards: Card[] }
  | { type: 'dragonLaid'; lair: LairNumber }
  | { type: 'turnBegan'; turn: number; dealer: string }
  | { type: 'awaiting'; player: string; pass: Pass; deadline: number }
  | { type: 'held'; player: string; pass: Pass; timedOut: boolean }
  | { type: 'cardLaid'; player: string; lair: LairNumber; pass: Pass }
  | { type: 'youLaid'; to: string; card: Card; lair: LairNumber }
  | { type: 'wizardMission'; player: string; wizard: Card; target: string; killed: Card | null }
  /** A failed wizard's pick goes back to the target's hand: told only to the wizard's owner and the target. */
  | { type: 'wizardPicked'; to: string; player: string; target: string; card: Card }
  | { type: 'leprechaun'; player: string; card: Card; paid: number; bank: number }
  | { type: 'thief'; player: string; card: Card; target: string; stolen: number }
  | {
      type: 'lairRevealed';
      lair: LairNumber;
      dragon: Card;
      laid: LaidCard[];
      total: number;
      outcome: LairOutcome;
      returned: LaidCard[];
      discarded: Card[];
      /** The treasure die, when knights took the lair. */
      roll: number | null;
    }
  | { type: 'negotiationOpened'; lair: LairNumber; roll: number; treasure: number; contributors: string[]; deadline: number }
  | { type: 'proposed'; lair: LairNumber; player: string; shares: Share[] }
  | { type: 'agreed'; lair: LairNumber; player: string; waitingFor: string[] }
  | { type: 'proposalWithdrawn'; lair: LairNumber; because: string }
  | { type: 'treasureShared'; lair: LairNumber; shares: Share[]; bank: number }
  | { type: 'treasureTaken'; lair: LairNumber; player: string; roll: number; amount: number; bank: number }
  | { type: 'treasureLost'; lair: LairNumber; treasure: number; reason: 'no-agreement' | 'attackers-left' }
  | { type: 'levy'; paid: Share[]; bank: number }
  | { type: 'reshuffled'; pile: 'draw' | 'dragons'; cards: number }
  | { type: 'drew'; to: string; card: Card }
  | { type: 'cardsDrawn'; players: string[]; drawPile: number }
  | { type: 'discardNeeded'; players: Share[]; deadline: number }
  | { type: 'discarded'; player: string; cards: Card[]; timedOut: boolean }
  | { type: 'left'; player: string; cause: LeaveCause; discarded: Card[] }
  | { type: 'gameOver'; result: GameResult };

export type PrivateEvent = Extract<DragonsLairEvent, { to: string }>;

export function isPrivate(event: DragonsLairEvent): event is PrivateEvent {
  return 'to' in event;
}

export type DragonsLairAction =
  | { type: 'sit'; player: string }
  | { type: 'leave'; player: string; cause?: LeaveCause }
  | { type: 'start'; player: string }
  /** A knight needs `lair`; a wizard `lair` or `target`; a thief `target`; a leprechaun neither. */
  | { type: 'play'; player: string; card: Card; lair?: number; target?: string }
  | { type: 'hold'; player: string }
  | { type: 'split'; player: string; shares: Share[] }
  | { type: 'agree'; player: string }
  | { type: 'discard'; player: string; card: Card }
  /** Sent by the table when `state.deadline` has passed. */
  | { type: 'timeout' };

export interface DragonsLairContext {
  random: RandomSource;
  now: number;
}

type DragonsLairStep = Step<DragonsLairState, DragonsLairEvent>;

export function newTable(settings: DragonsLairSettings = defaultSettings): DragonsLairState {
  return {
    settings,
    phase: 'seating',
    seats: [],
    bank: 0,
    antes: {},
    drawPile: [],
    discardPile: [],
    dragonPile: [],
    deadDragons: [],
    lairs: emptyLairs(),
    turn: 0,
    dealer: null,
    queue: [],
    deadline: null,
    pendingTreasures: [],
    negotiation: null,
    result: null,
  };
}

/** Players still at the table, in seat order. */
export function presentSeats(state: DragonsLairState): Seat[] {
  return state.seats.filter((s) => !s.gone);
}

/** Present players in seat order starting with the dealer. */
export function fromDealer(state: DragonsLairState): Seat[] {
  const start = Math.max(0, state.seats.findIndex((s) => s.name === state.dealer));
  return [...state.seats.slice(start), ...state.seats.slice(0, start)].filter((s) => !s.gone);
}

export function apply(state: DragonsLairState, action: DragonsLairAction, ctx: DragonsLairContext): DragonsLairStep {
  const work: Work = { s: structuredClone(state), events: [], moves: [], ctx };
  const refusal = handle(work, action);
  if (refusal) return refusal;
  return { ok: true, state: work.s, events: work.events, moves: work.moves };
}

/** The step being built: a private copy of the state, changed in place. */
interface Work {
  s: DragonsLairState;
  events: DragonsLairEvent[];
  moves: CoinMove[];
  ctx: DragonsLairContext;
}

function handle(w: Work, action: DragonsLairAction): Refusal | undefined {
  switch (action.type) {
    case 'sit':
      return sit(w, action.player);
    case 'leave':
      return leave(w, action.player, action.cause ?? 'asked');
    case 'start':
      return start(w, action.player);
    case 'play':
      return play(w, action);
    case 'hold':
      return hold(w, action.player);
    case 'split':
      return split(w, action.player, action.shares);
    case 'agree':
      return agree(w, action.player);
    case 'discard':
      return discard(w, action.player, action.card);
    case 'timeout':
      return timeout(w);
  }
}

// ---- seating -------------------------------------------------------------------------------

function inGame(s: DragonsLairState): boolean {
  return s.phase !== 'seating' && s.phase !== 'over';
}

function seatOf(s: DragonsLairState, name: string): Seat | undefined {
  return s.seats.find((seat) => seat.name === name && !seat.gone);
}

function sit(w: Work, name: string): Refusal | undefined {
  const { s } = w;
  if (inGame(s)) return refuse('A game is under way; you can sit down when it ends.');
  if (seatOf(s, name)) return refuse('You are already sitting at this table.');
  if (s.seats.length >= s.settings.maxPlayers) return refuse(`All ${s.settings.maxPlayers} seats are taken.`);
  s.seats.push({ name, hand: [], coins: 0, gone: false });
  w.events.push({ type: 'sat', player: name, seat: s.seats.length });
  return undefined;
}

function leave(w: Work, name: string, cause: LeaveCause): Refusal | undefined {
  const { s } = w;
  const seat = seatOf(s, name);
  if (!seat) return refuse('You are not sitting at this table.');
  if (!inGame(s)) {
    s.seats = s.seats.filter((x) => x !== seat);
    w.events.push({ type: 'stood', player: name });
    return undefined;
  }
  leaveMidGame(w, seat, cause);
  return undefined;
}

function start(w: Work, name: string): Refusal | undefined {
  const { s, ctx } = w;
  const { settings } = s;
  if (inGame(s)) return refuse('The game is already under way.');
  if (!seatOf(s, name)) return refuse('Sit down at the table first; then you can start the game.');
  if (s.seats.length < settings.minPlayers) {
    return refuse(`At least ${settings.minPlayers} players must sit before the game can start.`);
  }
  const names = s.seats.map((seat) => seat.name);
  const fresh = newTable(settings);
  fresh.seats = names.map((n) => ({ name: n, hand: [], coins: 0, gone: false }));
  fresh.antes = Object.fromEntries(names.map((n) => [n, settings.ante]));
  fresh.bank = settings.ante * names.length;
  fresh.drawPile = shuffle(numberCards(), ctx.random);
  fresh.dragonPile = shuffle(dragonCards(), ctx.random);
  fresh.dealer = names[0];
  w.s = fresh;
  for (const n of names) {
    w.moves.push({ from: player(n), to: escrow(n), amount: settings.ante, why: "Dragon's Lair ante" });
  }
  w.events.push({ type: 'started', players: names, ante: settings.ante, bank: fresh.bank, rounds: settings.rounds });
  for (const seat of fresh.seats) {
    seat.hand = fresh.drawPile.splice(0, STARTING_HAND);
    w.events.push({ type: 'dealt', to: seat.name, cards: [...seat.hand] });
  }
  refillDragons(w);
  beginTurn(w);
  return undefined;
}

// ---- the two passes ------------------------------------------------------------------------

function beginTurn(w: Work): void {
  const { s } = w;
  s.phase = 'choosing';
  s.turn += 1;
  const order = fromDealer(s).map((seat) => seat.name);
  s.queue = [
    ...order.map((p): Choice => ({ player: p, pass: 1 })),
    ...order.map((p): Choice => ({ player: p, pass: 2 })),
  ];
  w.events.push({ type: 'turnBegan', turn: s.turn, dealer: s.dealer! });
  promptNext(w);
}

function promptNext(w: Work): void {
  const { s } = w;
  const next = s.queue[0];
  if (!next) {
    reveal(w);
    return;
  }
  s.deadline = w.ctx.now + s.settings.choiceMs;
  w.events.push({ type: 'awaiting', player: next.player, pass: next.pass, deadline: s.deadline });
}

function phaseReason(s: DragonsLairState): string {
  switch (s.phase) {
    case 'seating':
      return `The game has not started; once ${s.settings.minPlayers} players sit, type start.`;
    case 'over':
      return 'The game is over; type start to play again.';
    case 'negotiating': {
      const n = s.negotiation!;
      return `Wait: ${listNames(n.contributors)} are dividing the treasure of lair ${n.lair}.`;
    }
    case 'discarding':
      return `Wait: players are discarding down to ${s.settings.maxHand} cards.`;
    case 'choosing':
      return `It is ${s.queue[0].player}'s turn to play a card or hold.`;
  }
}

/** The choice on turn, if it belongs to `name`. */
function checkTurn(s: DragonsLairState, name: string): { seat: Seat; choice: Choice } | Refusal {
  if (s.phase !== 'choosing') return refuse(phaseReason(s));
  const seat = seatOf(s, name);
  if (!seat) return refuse('You are not playing at this table.');
  const choice = s.queue[0];
  if (choice.player !== name) return refuse(`It is ${choice.player}'s turn to play a card or hold.`);
  return { seat, choice };
}

function hold(w: Work, name: string): Refusal | undefined {
  const turn = checkTurn(w.s, name);
  if ('ok' in turn) return turn;
  w.s.queue.shift();
  w.events.push({ type: 'held', player: name, pass: turn.choice.pass, timedOut: false });
  promptNext(w);
  return undefined;
}

function play(w: Work, action: Extract<DragonsLairAction, { type: 'play' }>): Refusal | undefined {
  const { s } = w;
  const turn = checkTurn(s, action.player);
  if ('ok' in turn) return turn;
  const { seat, choice } = turn;
  const { card, lair, target } = action;
  const index = seat.hand.findIndex((c) => sameCard(c, card));
  if (index < 0) return refuse(`You hold no ${cardName(card)}; type hand to see your cards.`);
  const kind = kindOf(card);
  const name = cardName(card);

  const lairRefusal = (): Refusal | undefined =>
    lair === 1 || lair === 2 ? undefined : refuse(`There are only two lairs: play ${name} lair 1 or play ${name} lair 2.`);
  const targetSeat = (): Seat | Refusal => {
    const found = s.seats.find((x) => !x.gone && x.name.toLowerCase() === target!.trim().toLowerCase());
    if (!found) return refuse(`No player called ${target} is playing at this table.`);
    if (found === seat) return refuse("You can't use your own cards against yourself; name another player.");
    return found;
  };

  switch (kind) {
    case 'knight': {
      if (target !== undefined) return refuse(`A knight attacks a dragon, not a player: play ${name} lair 1 or lair 2.`);
      if (lair === undefined) return refuse(`A knight needs a lair: play ${name} lair 1 or play ${name} lair 2.`);
      const bad = lairRefusal();
      if (bad) return bad;
      break;
    }
    case 'wizard': {
      if (lair !== undefined && target !== undefined) {
        return refuse(`Send a wizard to a lair or against a player, not both: play ${name} lair 1, or play ${name} <player>.`);
      }
      if (lair === undefined && target === undefined) {
        return refuse(`A wizard needs a lair or a target: play ${name} lair 1, or play ${name} <player>.`);
      }
      if (lair !== undefined) {
        const bad = lairRefusal();
        if (bad) return bad;
      } else {
        const victim = targetSeat();
        if ('ok' in victim) return victim;
        if (victim.hand.length === 0) return refuse(`${victim.name} holds no cards for a wizard to take.`);
      }
      break;
    }
    case 'leprechaun':
      if (lair !== undefined || target !== undefined) return refuse(`A leprechaun needs no lair or target: play ${name}.`);
      break;
    case 'thief': {
      if (lair !== undefined) return refuse(`A thief robs a player, not a lair: play ${name} <player>.`);
      if (target === undefined) return refuse(`A thief needs a target: play ${name} <player>.`);
      const victim = targetSeat();
      if ('ok' in victim) return victim;
      break;
    }
    case 'dragon':
      return refuse('Dragons never sit in a hand.');
  }

  seat.hand.splice(index, 1);
  s.queue.shift();
  if (lair !== undefined) {
    const at = lair as LairNumber;
    s.lairs[at - 1].laid.push({ by: seat.name, card });
    w.events.push({ type: 'cardLaid', player: seat.name, lair: at, pass: choice.pass });
    w.events.push({ type: 'youLaid', to: seat.name, card, lair: at });
  } else if (kind === 'wizard') {
    wizardMission(w, seat, card, targetSeat() as Seat);
  } else if (kind === 'thief') {
    const victim = targetSeat() as Seat;
    const stolen = Math.min(cardValue(card), victim.coins);
    victim.coins -= stolen;
    seat.coins += stolen;
    s.discardPile.push(card);
    w.events.push({ type: 'thief', player: seat.name, card, target: victim.name, stolen });
  } else {
    const paid = Math.min(cardValue(card), s.bank);
    s.bank -= paid;
    seat.coins += paid;
    s.discardPile.push(card);
    w.events.push({ type: 'leprechaun', player: seat.name, card, paid, bank: s.bank });
    if (endIfBankEmpty(w)) return undefined;
  }
  promptNext(w);
  return undefined;
}

function wizardMission(w: Work, seat: Seat, wizard: Card, victim: Seat): void {
  const { s } = w;
  s.discardPile.push(wizard);
  const pickIndex = w.ctx.random.int(victim.hand.length);
  const picked = victim.hand[pickIndex];
  // The wizard wins ties.
  if (cardValue(wizard) >= cardValue(picked)) {
    victim.hand.splice(pickIndex, 1);
    s.discardPile.push(picked);
    w.events.push({ type: 'wizardMission', player: seat.name, wizard, target: victim.name, killed: picked });
  } else {
    w.events.push({ type: 'wizardMission', player: seat.name, wizard, target: victim.name, killed: null });
    for (const to of [seat.name, victim.name]) {
      w.events.push({ type: 'wizardPicked', to, player: seat.name, target: victim.name, card: picked });
    }
  }
}

// ---- reveal and treasure -------------------------------------------------------------------

function reveal(w: Work): void {
  const { s } = w;
  s.deadline = null;
  s.lairs.forEach((lair, i) => {
    if (lair.laid.length === 0) return;
    const number = (i + 1) as LairNumber;
    const dragon = lair.dragon!;
    const laid = lair.laid;
    lair.laid = [];
    const total = laid.reduce((sum, l) => sum + cardValue(l.card), 0);
    const fell = total > cardValue(dragon);
    const withKnights = laid.some((l) => kindOf(l.card) === 'knight');
    // Knights go home only from a won fight; wizards go home only when they fought alone.
    // A player who has left has no hand to go home to: their cards are discarded.
    const goesHome = (l: LaidCard): boolean =>
      (withKnights ? fell && kindOf(l.card) === 'knight' : true) && seatOf(s, l.by) !== undefined;
    const returned = laid.filter(goesHome);
    const discarded = laid.filter((l) => !goesHome(l)).map((l) => l.card);
    for (const l of returned) seatOf(s, l.by)!.hand.push(l.card);
    s.discardPile.push(...discarded);
    if (fell) {
      s.deadDragons.push(dragon);
      lair.dragon = null;
      lair.revealed = false;
    } else {
      lair.revealed = true;
    }
    const outcome: LairOutcome = withKnights ? (fell ? 'slain' : 'repelled') : fell ? 'slain-by-wizards' : 'wizards-repelled';
    const roll = outcome === 'slain' ? rollDie(w.ctx.random) : null;
    if (roll !== null) {
      const contributors = s.seats.map((x) => x.name).filter((n) => laid.some((l) => l.by === n));
      s.pendingTreasures.push({ lair: number, roll, contributors });
    }
    w.events.push({
      type: 'lairRevealed',
      lair: number,
      dragon,
      laid,
      total,
      outcome,
      returned,
      discarded,
      roll,
    });
  });
  shareTreasures(w);
}

/** Shares out fallen lairs' treasure one after another, then ends the turn. */
function shareTreasures(w: Work): void {
  const { s } = w;
  for (let pending = s.pendingTreasures.shift(); pending; pending = s.pendingTreasures.shift()) {
    const contributors = pending.contributors.filter((n) => seatOf(s, n));
    const treasure = Math.min(pending.roll, s.bank);
    if (contributors.length === 0) {
      w.events.push({ type: 'treasureLost', lair: pending.lair, treasure, reason: 'attackers-left' });
      continue;
    }
    if (contributors.length === 1) {
      if (takeAlone(w, pending.lair, contributors[0], pending.roll)) return;
      continue;
    }
    s.phase = 'negotiating';
    s.deadline = w.ctx.now + s.settings.negotiationMs;
    s.negotiation = {
      lair: pending.lair,
      roll: pending.roll,
      treasure,
      contributors,
      proposal: null,
      proposer: null,
      accepted: [],
      deadline: s.deadline,
    };
    w.events.push({ type: 'negotiationOpened', lair: pending.lair, roll: pending.roll, treasure, contributors, deadline: s.deadline });
    return;
  }
  endTurn(w);
}

/** A lone attacker takes the treasure; true when that emptied the bank and ended the game. */
function takeAlone(w: Work, lair: LairNumber, name: string, roll: number): boolean {
  const { s } = w;
  const amount = Math.min(roll, s.bank);
  s.bank -= amount;
  seatOf(s, name)!.coins += amount;
  w.events.push({ type: 'treasureTaken', lair, player: name, roll, amount, bank: s.bank });
  return endIfBankEmpty(w);
}

function closeNegotiation(w: Work): void {
  w.s.negotiation = null;
  w.s.deadline = null;
  shareTreasures(w);
}

function negotiator(s: DragonsLairState, name: string): Negotiation | Refusal {
  if (s.phase !== 'negotiating') return refuse('There is no treasure to divide right now.');
  const n = s.negotiation!;
  if (!n.contributors.includes(name)) {
    return refuse(`Only ${listNames(n.contributors)} attacked lair ${n.lair}; they divide its treasure.`);
  }
  return n;
}

function split(w: Work, name: string, shares: Share[]): Refusal | undefined {
  const { s } = w;
  const n = negotiator(s, name);
  if ('ok' in n) return n;
  const example = `split ${n.contributors.map((c) => `${c} <coins>`).join(' ')}`;
  if (shares.length === 0) return refuse(`Name everyone's share of the ${n.treasure} coins: ${example}.`);
  const proposal: Share[] = [];
  for (const share of shares) {
    const who = n.contributors.find((c) => c.toLowerCase() === share.name.trim().toLowerCase());
    if (!who) return refuse(`${share.name} did not attack lair ${n.lair}; share it among ${listNames(n.contributors)}.`);
    if (proposal.some((p) => p.name === who)) return refuse(`You named ${who} twice; name each attacker once.`);
    if (!Number.isSafeInteger(share.amount) || share.amount < 0) {
      return refuse('Shares are whole numbers of coins, 0 or more.');
    }
    proposal.push({ name: who, amount: share.amount });
  }
  const missing = n.contributors.filter((c) => !proposal.some((p) => p.name === c));
  if (missing.length > 0) return refuse(`Give ${listNames(missing)} a share too (0 is allowed): ${example}.`);
  const sum = proposal.reduce((t, p) => t + p.amount, 0);
  if (sum !== n.treasure) return refuse(`Those shares add up to ${sum}; the treasure is ${n.treasure} coins.`);
  n.proposal = n.contributors.map((c) => proposal.find((p) => p.name === c)!);
  n.proposer = name;
  // A new offer cancels every earlier acceptance; the proposer accepts their own.
  n.accepted = [name];
  w.events.push({ type: 'proposed', lair: n.lair, player: name, shares: n.proposal });
  return undefined;
}

function agree(w: Work, name: string): Refusal | undefined {
  const { s } = w;
  const n = negotiator(s, name);
  if ('ok' in n) return n;
  if (!n.proposal) return refuse(`Nobody has proposed a split yet; propose one: split ${n.contributors.map((c) => `${c} <coins>`).join(' ')}.`);
  const waiting = (): string[] => n.contributors.filter((c) => !n.accepted.includes(c));
  if (n.accepted.includes(name)) return refuse(`You have already agreed; waiting for ${listNames(waiting())}.`);
  n.accepted.push(name);
  w.events.push({ type: 'agreed', lair: n.lair, player: name, waitingFor: waiting() });
  if (waiting().length > 0) return undefined;
  for (const share of n.proposal) seatOf(s, share.name)!.coins += share.amount;
  s.bank -= n.treasure;
  w.events.push({ type: 'treasureShared', lair: n.lair, shares: n.proposal, bank: s.bank });
  if (endIfBankEmpty(w)) return undefined;
  closeNegotiation(w);
  return undefined;
}

// ---- end of turn ---------------------------------------------------------------------------

function endTurn(w: Work): void {
  const { s } = w;
  const paid: Share[] = [];
  for (const seat of fromDealer(s)) {
    const amount = Math.min(1, s.bank);
    s.bank -= amount;
    seat.coins += amount;
    paid.push({ name: seat.name, amount });
  }
  w.events.push({ type: 'levy', paid, bank: s.bank });
  if (endIfBankEmpty(w)) return;
  if (s.turn >= s.settings.rounds) {
    gameOver(w, 'rounds');
    return;
  }

  const drawing = fromDealer(s);
  if (s.drawPile.length < drawing.length) {
    s.drawPile = shuffle([...s.drawPile, ...s.discardPile], w.ctx.random);
    s.discardPile = [];
    w.events.push({ type: 'reshuffled', pile: 'draw', cards: s.drawPile.length });
  }
  const drew: string[] = [];
  for (const seat of drawing) {
    const card = s.drawPile.shift();
    if (!card) break;
    seat.hand.push(card);
    drew.push(seat.name);
    w.events.push({ type: 'drew', to: seat.name, card });
  }
  w.events.push({ type: 'cardsDrawn', players: drew, drawPile: s.drawPile.length });

  const over = overHand(s);
  if (over.length > 0) {
    s.phase = 'discarding';
    s.deadline = w.ctx.now + s.settings.discardMs;
    w.events.push({ type: 'discardNeeded', players: over, deadline: s.deadline });
    return;
  }
  finishTurn(w);
}

/** Players holding more than maxHand, with how many cards each must discard. */
function overHand(s: DragonsLairState): Share[] {
  return presentSeats(s)
    .filter((seat) => seat.hand.length > s.settings.maxHand)
    .map((seat) => ({ name: seat.name, amount: seat.hand.length - s.settings.maxHand }));
}

function discard(w: Work, name: string, card: Card): Refusal | undefined {
  const { s } = w;
  const { maxHand } = s.settings;
  if (s.phase !== 'discarding') {
    return refuse(`You only discard at the end of a turn, when you hold more than ${maxHand} cards.`);
  }
  const seat = seatOf(s, name);
  if (!seat) return refuse('You are not playing at this table.');
  if (seat.hand.length <= maxHand) return refuse(`You hold ${maxHand} cards or fewer already; wait for the others.`);
  const index = seat.hand.findIndex((c) => sameCard(c, card));
  if (index < 0) return refuse(`You hold no ${cardName(card)}; type hand to see your cards.`);
  seat.hand.splice(index, 1);
  s.discardPile.push(card);
  w.events.push({ type: 'discarded', player: name, cards: [card], timedOut: false });
  if (overHand(s).length === 0) finishTurn(w);
  return undefined;
}

function discardLowest(w: Work): void {
  const { s } = w;
  for (const { name, amount } of overHand(s)) {
    const seat = seatOf(s, name)!;
    const lowest = [...seat.hand].sort(compareCards).slice(0, amount);
    seat.hand = seat.hand.filter((c) => !lowest.some((l) => sameCard(l, c)));
    s.discardPile.push(...lowest);
    w.events.push({ type: 'discarded', player: name, cards: lowest, timedOut: true });
  }
}

function finishTurn(w: Work): void {
  const { s } = w;
  s.deadline = null;
  refillDragons(w);
  const present = presentSeats(s).map((seat) => seat.name);
  const dealerAt = s.seats.findIndex((seat) => seat.name === s.dealer);
  // The deal moves left, skipping anyone who has left.
  for (let i = 1; i <= s.seats.length; i++) {
    const next = s.seats[(dealerAt + i) % s.seats.length];
    if (present.includes(next.name)) {
      s.dealer = next.name;
      break;
    }
  }
  beginTurn(w);
}

function refillDragons(w: Work): void {
  const { s } = w;
  s.lairs.forEach((lair, i) => {
    if (lair.dragon) return;
    if (s.dragonPile.length === 0) {
      s.dragonPile = shuffle(s.deadDragons, w.ctx.random);
      s.deadDragons = [];
      w.events.push({ type: 'reshuffled', pile: 'dragons', cards: s.dragonPile.length });
    }
    lair.dragon = s.dragonPile.shift()!;
    lair.revealed = false;
    w.events.push({ type: 'dragonLaid', lair: (i + 1) as LairNumber });
  });
}

// ---- clock, leaving, the end ---------------------------------------------------------------

function timeout(w: Work): Refusal | undefined {
  const { s } = w;
  if (!inGame(s) || s.deadline === null) return refuse('Nothing at this table is waiting on the clock.');
  if (w.ctx.now < s.deadline) return refuse('The clock has not run out yet.');
  switch (s.phase) {
    case 'choosing': {
      const choice = s.queue.shift()!;
      w.events.push({ type: 'held', player: choice.player, pass: choice.pass, timedOut: true });
      promptNext(w);
      break;
    }
    case 'negotiating': {
      const n = s.negotiation!;
      w.events.push({ type: 'treasureLost', lair: n.lair, treasure: n.treasure, reason: 'no-agreement' });
      closeNegotiation(w);
      break;
    }
    case 'discarding':
      discardLowest(w);
      finishTurn(w);
      break;
  }
  return undefined;
}

function leaveMidGame(w: Work, seat: Seat, cause: LeaveCause): void {
  const { s } = w;
  seat.gone = true;
  const discarded = seat.hand;
  seat.hand = [];
  s.discardPile.push(...discarded);
  w.events.push({ type: 'left', player: seat.name, cause, discarded });
  if (presentSeats(s).length < 2) {
    gameOver(w, 'players');
    return;
  }
  switch (s.phase) {
    case 'choosing': {
      const wasOnTurn = s.queue[0].player === seat.name;
      s.queue = s.queue.filter((c) => c.player !== seat.name);
      if (wasOnTurn) promptNext(w);
      break;
    }
    case 'negotiating': {
      const n = s.negotiation!;
      if (!n.contributors.includes(seat.name)) break;
      n.contributors = n.contributors.filter((c) => c !== seat.name);
      if (n.contributors.length === 1) {
        s.negotiation = null;
        s.deadline = null;
        if (takeAlone(w, n.lair, n.contributors[0], n.roll)) break;
        shareTreasures(w);
      } else if (n.proposal) {
        n.proposal = null;
        n.proposer = null;
        n.accepted = [];
        w.events.push({ type: 'proposalWithdrawn', lair: n.lair, because: `${seat.name} left the table` });
      }
      break;
    }
    case 'discarding':
      if (overHand(s).length === 0) finishTurn(w);
      break;
  }
}

function endIfBankEmpty(w: Work): boolean {
  if (w.s.bank > 0) return false;
  gameOver(w, 'bank');
  return true;
}

/** Pays every player their game coins and an even share of the bank, then clears the table. */
function gameOver(w: Work, reason: EndReason): void {
  const { s } = w;
  const coins = Object.fromEntries(s.seats.map((seat) => [seat.name, seat.coins]));
  const each = Math.floor(s.bank / s.seats.length);
  const odd = s.bank % s.seats.length;
  const payouts = Object.fromEntries(
    s.seats.map((seat, i) => [seat.name, seat.coins + each + (i < odd ? 1 : 0)]),
  );
  const result: GameResult = { reason, coins, bankLeft: s.bank, payouts };
  w.moves.push(...redistribute(s.antes, payouts, "Dragon's Lair settlement"));
  w.events.push({ type: 'gameOver', result });
  const next = newTable(s.settings);
  next.phase = 'over';
  next.seats = presentSeats(s).map((seat) => ({ name: seat.name, hand: [], coins: 0, gone: false }));
  next.result = result;
  w.s = next;
}

// ---- helpers -------------------------------------------------------------------------------

function emptyLairs(): Lair[] {
  return Array.from({ length: LAIR_COUNT }, () => ({ dragon: null, revealed: false, laid: [] }));
}

