/**
 * Dragon's Lair, a turn's two passes (docs/games.md, Dragon's Lair: a turn): starting with the dealer
 * and going left, each player plays one card or holds, twice round the table. A knight is laid
 * face down at a lair; a wizard at a lair or on a mission; a thief or a leprechaun acts at once.
 */
import { refuse, type Refusal } from '../rules.js';
import type { HostWords } from '../api.js';
import { typed } from '../typed.js';
import { listNames } from '../voice.js';
import { cardName, kindOf, sameCard } from './cards.js';
import {
  fromDealer,
  seatOf,
  type Choice,
  type DragonsLairAction,
  type DragonsLairState,
  type LairNumber,
  type Seat,
  type Work,
} from './state.js';
import { leprechaunPays, thiefRobs, wizardMission } from './missions.js';

/** A new turn: every present player chooses twice, in order from the dealer. */
export function beginTurn(w: Work): void {
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

/** Asks the next player for a choice; once both passes are done the rules reveal the lairs (rules.ts). */
export function promptNext(w: Work): void {
  const { s } = w;
  const next = s.queue[0];
  if (!next) return;
  s.deadline = w.ctx.now + s.settings.choiceMs;
  w.events.push({ type: 'awaiting', player: next.player, pass: next.pass, deadline: s.deadline });
}

function phaseReason(s: DragonsLairState, words: HostWords | undefined): string {
  switch (s.phase) {
    case 'seating':
      return `The game has not started; once ${s.settings.minPlayers} players sit, type ${typed(words, 'start')}.`;
    case 'over':
      return `The game is over; type ${typed(words, 'start')} to play again.`;
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
function checkTurn(w: Work, name: string): { seat: Seat; choice: Choice } | Refusal {
  const { s } = w;
  if (s.phase !== 'choosing') return refuse(phaseReason(s, w.ctx.words));
  const seat = seatOf(s, name);
  if (!seat) return refuse('You are not playing at this table.');
  const choice = s.queue[0];
  if (choice.player !== name) return refuse(`It is ${choice.player}'s turn to play a card or hold.`);
  return { seat, choice };
}

export function hold(w: Work, name: string): Refusal | undefined {
  const turn = checkTurn(w, name);
  if ('ok' in turn) return turn;
  w.s.queue.shift();
  w.events.push({ type: 'held', player: name, pass: turn.choice.pass, timedOut: false });
  promptNext(w);
  return undefined;
}

/** Plays a card from the hand: checks where it may go, then lays it, or lets it act at once. */
export function play(w: Work, action: Extract<DragonsLairAction, { type: 'play' }>): Refusal | undefined {
  const { s } = w;
  const turn = checkTurn(w, action.player);
  if ('ok' in turn) return turn;
  const { seat, choice } = turn;
  const { card, lair, target } = action;
  const index = seat.hand.findIndex((c) => sameCard(c, card));
  if (index < 0) return refuse(`You hold no ${cardName(card)}; type ${typed(w.ctx.words, 'hand')} to see your cards.`);
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
    thiefRobs(w, seat, card, targetSeat() as Seat);
  } else if (leprechaunPays(w, seat, card)) {
    return undefined;
  }
  promptNext(w);
  return undefined;
}
