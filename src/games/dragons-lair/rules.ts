/**
 * Dragon's Lair: 2-5 players attack two dragons' lairs with knights and wizards, and rob each
 * other with wizards and thieves. The rules are docs/games.md and docs/rulings.md
 * (## Dragon's Lair).
 *
 * Pure: the table feeds actions (and `timeout` when `state.deadline` passes) and applies the moves.
 * Game coins (the bank, each player's winnings) live in the state; real coins move only twice:
 * the antes into escrow at the start, and the settlement out of escrow at the end.
 *
 * This file is the game from sitting down to getting up; the parts of a turn follow the rule
 * text, one file each: turn.ts (the two passes), missions.ts (cards that act at once),
 * reveal.ts (the reveal and its treasure), negotiation.ts (sharing the treasure) and
 * end-of-turn.ts (levy, draw, discard, new dragons). game-over.ts settles the end.
 */
import { shuffle } from '../random.js';
import { escrow, player, refuse, type Refusal, type Step } from '../rules.js';
import { cardName, dragonCards, numberCards } from './cards.js';
import {
  inGame,
  newTable,
  presentSeats,
  seatOf,
  STARTING_HAND,
  type DragonsLairAction,
  type DragonsLairEvent,
  type DragonsLairState,
  type LeaveCause,
  type Seat,
  type Work,
} from './state.js';
import { beginTurn, hold, play, promptNext } from './turn.js';
import { reveal, shareTreasures, takeAlone } from './reveal.js';
import { agree, closeNegotiation, split } from './negotiation.js';
import { discard, discardLowest, finishTurn, overHand, refillDragons } from './end-of-turn.js';
import { gameOver } from './game-over.js';

// The model is part of the game's surface: whoever applies actions needs its types.
export * from './state.js';

type DragonsLairStep = Step<DragonsLairState, DragonsLairEvent>;

export function apply(state: DragonsLairState, action: DragonsLairAction, ctx: Work['ctx']): DragonsLairStep {
  const work: Work = { s: structuredClone(state), events: [], moves: [], results: [], ctx };
  const refusal = handle(work, action);
  if (refusal) return refusal;
  // Every choice of both passes made (or held, or left behind by a leaver): the lairs are turned up.
  if (work.s.phase === 'choosing' && work.s.queue.length === 0) reveal(work);
  return { ok: true, state: work.s, events: work.events, moves: work.moves, results: work.results };
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
  // Two draws of the provably fair stream, the draw pile first, each from the cards in their
  // order before a shuffle (docs/rulings.md, "Provably fair draws"); card 0 is the top.
  fresh.drawPile = shuffle(numberCards(), ctx.random, cardName);
  fresh.dragonPile = shuffle(dragonCards(), ctx.random, cardName);
  fresh.dealer = names[0];
  w.s = fresh;
  for (const n of names) {
    w.moves.push({ from: player(n), to: escrow(n), amount: settings.ante, why: "Dragon's Lair ante" });
  }
  w.events.push({ type: 'started', players: names, ante: settings.ante, bank: fresh.bank, rounds: settings.rounds });
  // One card at a time to each seat in turn, from seat 1, until every hand holds four; then the
  // top two dragons go to lair 1 and lair 2.
  for (let round = 0; round < STARTING_HAND; round++) {
    for (const seat of fresh.seats) seat.hand.push(fresh.drawPile.shift()!);
  }
  for (const seat of fresh.seats) w.events.push({ type: 'dealt', to: seat.name, cards: [...seat.hand] });
  refillDragons(w);
  beginTurn(w);
  return undefined;
}

// ---- the clock and leaving -----------------------------------------------------------------

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

/**
 * The last player but one has left: the lairs of this reveal still unshared (the one being split,
 * and those waiting their turn) go to the attacker left, as to any lone attacker, before the game
 * is settled; a lair only the leaver attacked loses its treasure. True when that emptied the bank
 * and so ended the game already.
 */
function treasuresToLoneAttackers(w: Work): boolean {
  const { s } = w;
  const open = s.negotiation ? [s.negotiation] : [];
  s.negotiation = null;
  s.deadline = null;
  for (const t of [...open, ...s.pendingTreasures.splice(0)]) {
    // One player is left, so a lair has at most one attacker still here.
    const attacker = t.contributors.find((name) => seatOf(s, name));
    if (!attacker) w.events.push({ type: 'treasureLost', lair: t.lair, treasure: Math.min(t.roll, s.bank), reason: 'attackers-left' });
    else if (takeAlone(w, t.lair, attacker, t.roll)) return true;
  }
  return false;
}

function leaveMidGame(w: Work, seat: Seat, cause: LeaveCause): void {
  const { s } = w;
  seat.gone = true;
  const discarded = seat.hand;
  seat.hand = [];
  s.discardPile.push(...discarded);
  w.events.push({ type: 'left', player: seat.name, cause, discarded });
  if (presentSeats(s).length < 2) {
    if (!treasuresToLoneAttackers(w)) gameOver(w, 'players');
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
