/**
 * Dragon's Lair as text for one viewer: `look <table>`, `hand`, and what the viewer should do
 * now. Everything here is drawn from that viewer's view (view.ts), so it can show no card the
 * viewer may not see.
 */
import { formatCoins } from '../../text/amount.js';
import { gameCoins } from './game-coins.js';
import type { HostWords } from '../api.js';
import { typed } from '../typed.js';
import { listNames, Voice } from '../voice.js';
import { drawn, fitted, paint } from '../../text/markup.js';
import { secondsLeft } from '../deadline.js';
import { cardName, cardValue, kindOf, type Card } from './cards.js';
import type { GameResult, Share } from './state.js';
import type { DragonsLairView, LairView } from './view.js';

/** `7h (knight 7)`: how a card is shown. */
export function cardLabel(card: Card): string {
  return `${cardName(card)} (${kindOf(card)} ${cardValue(card)})`;
}

export const cardList = (cards: readonly Card[]) => (cards.length ? cards.map(cardLabel).join(', ') : 'nothing');
/** "you 3, Bob 2"; `paid`: the shares are paid now, so the viewer's is marked as won. */
export const shares = (v: Voice, list: readonly Share[], paid = false) =>
  list.map((s) => (paid && v.is(s.name) ? paint('won', `you ${formatCoins(s.amount)}`) : `${v.name(s.name)} ${formatCoins(s.amount)}`)).join(', ');

/** The end of a game; the settlement in the host's money (`words`). */
export function gameOverLine(v: Voice, result: GameResult, words: HostWords, again = true): string {
  const why = { rounds: 'the last turn is played', bank: 'the bank is empty', players: 'too few players are left' }[result.reason];
  const won = Object.entries(result.coins).map(([name, n]) => `${v.name(name)} ${formatCoins(n)}`).join(', ');
  const paid = Object.entries(result.payouts).map(([name, n]) => `${v.name(name)} ${v.verb(name, 'receive')} ${words.money(n)}`).join(', ');
  const bank = result.bankLeft ? ` The ${gameCoins(result.bankLeft)} left in the bank are shared evenly.` : '';
  return `The game of Dragon's Lair is over: ${why}. Game coins: ${won}.${bank} Settlement: ${paid}.${again ? ` Type ${typed(words, 'start')} to play again.` : ''}`;
}

export function renderHand(view: DragonsLairView, words?: HostWords): string {
  if (!view.hand) return 'You are not playing at this table.';
  if (view.phase === 'seating' || view.phase === 'over') return `You hold no cards: the game has not started (type ${typed(words, 'start')}).`;
  const me = view.players.find((p) => p.name === view.viewer);
  const cards = view.hand.length ? `Your hand: ${cardList(view.hand)}.` : 'Your hand is empty.';
  return `${cards} You have ${gameCoins(me?.coins ?? 0)}.`;
}

function renderLair(lair: LairView, v: Voice): string {
  const dragon = lair.dragon
    ? `${cardLabel(lair.dragon.card)} lies face up`
    : lair.faceDown
      ? 'a dragon lies face down'
      : 'no dragon';
  const laid = lair.cardsLaid
    ? `${lair.cardsLaid} card${lair.cardsLaid === 1 ? '' : 's'} face down beside it (${lair.laid.map((l) => `${v.name(l.by)} ${l.count}`).join(', ')})`
    : 'no cards beside it';
  return `  Lair ${lair.lair}: ${dragon}; ${laid}.`;
}

export function renderTable(view: DragonsLairView, now: number, words: HostWords): string {
  const v = new Voice(view.viewer);
  if (view.phase === 'seating' || view.phase === 'over') {
    const lines: string[] = [];
    if (view.result) lines.push(`Last game: ${gameOverLine(v, view.result, words, false)}`);
    const seated = view.players.map((p) => p.name);
    lines.push(seated.length ? `Seated: ${listNames(seated.map((n) => v.label(n)))}.` : 'Nobody is seated.');
    lines.push(todoLine(view, now, words));
    return lines.join('\n');
  }
  const lines = [
    `Dragon's Lair, turn ${view.turn} of ${view.rounds}${view.pass ? `, pass ${view.pass} of 2` : ''}. ${view.dealer ? v.does(view.dealer, 'deal') : 'Nobody deals'}.`,
    `The bank holds ${gameCoins(view.bank)}.`,
    ...view.lairs.map((lair) => renderLair(lair, v)),
    drawn(
      [
        'Players, in the order of play (left is down the list):',
        fitted(
          view.players
            .map((p) => `  ${p.seat}. ${v.label(p.name).padEnd(16)} ${cardsOf(p).padEnd(18)} ${gameCoins(p.coins)}${p.dealer ? '  (dealer)' : ''}`)
            .join('\n'),
          // Each player on two lines: the name, then what they hold under it.
          view.players.map((p) => `  ${p.seat}. ${v.label(p.name)}${p.dealer ? ', the dealer' : ''}\n     ${cardsOf(p)}, ${gameCoins(p.coins)}`).join('\n'),
        ),
      ].join('\n'),
      `Players, in the order of play: ${view.players
        .map((p) => {
          return `${v.label(p.name)}, ${cardsOf(p)}, ${gameCoins(p.coins)}${p.dealer ? ', the dealer' : ''}`;
        })
        .join('; ')}.`,
    ),
    `Draw pile: ${view.drawPile} cards. Dragon pile: ${view.dragonPile}. Discard pile: ${view.discardPile.length} card${view.discardPile.length === 1 ? '' : 's'}` +
      `${view.discardPile.length ? `, the top one ${cardLabel(view.discardPile[view.discardPile.length - 1])}` : ''}.`,
  ];
  if (view.negotiation) {
    const n = view.negotiation;
    const offer = n.proposal ? `${v.Name(n.proposer!)} ${v.verb(n.proposer!, 'propose')} ${shares(v, n.proposal)}; agreed: ${v.names(n.accepted)}.` : 'No proposal yet.';
    lines.push(`Lair ${n.lair}'s treasure, ${gameCoins(n.treasure)}, is shared by ${v.names(n.contributors)}. ${offer}`);
  }
  if (view.hand) lines.push(renderHand(view, words));
  lines.push(todoLine(view, now, words));
  return lines.join('\n');
}

/** A player's cards as look shows them: how many, or that they left. */
function cardsOf(p: DragonsLairView['players'][number]): string {
  return p.gone ? 'has left the game' : `${p.cards} card${p.cards === 1 ? '' : 's'}`;
}

/** What the viewer should do now, or whom everyone waits for. */
export function todoLine(view: DragonsLairView, now: number, words: HostWords): string {
  const todo = view.todo;
  const v = new Voice(view.viewer);
  const left = (deadline: number) => `${secondsLeft(deadline, now)} left`;
  switch (todo.kind) {
    case 'sit':
      return `${todo.free} seat${todo.free === 1 ? ' is' : 's are'} free: ${words.whisperedOnly ? `${typed(words, 'sit')} to play` : 'sit at the table to play'}; once 2 to 5 are seated, type ${typed(words, 'start')} (ante ${words.money(view.ante)}).`;
    case 'start':
      return `Any seated player may type ${typed(words, 'start')}; each antes ${words.money(view.ante)}.`;
    case 'wait-for-players':
      return `Waiting for ${todo.need} more player${todo.need === 1 ? '' : 's'} to sit down.`;
    case 'choose':
      return `${paint('turn', 'It is your turn to play a card or hold')} (pass ${todo.pass} of 2, ${left(todo.deadline)}).`;
    case 'wait-for-choice':
      return `${paint('turn', `It is ${v.poss(todo.player)} turn to play a card or hold`)} (pass ${todo.pass} of 2, ${left(todo.deadline)}).`;
    case 'negotiate':
      return todo.hasProposal
        ? `You attacked lair ${todo.lair}: agree to the proposal, or make your own with ${typed(words, 'split')} (${left(todo.deadline)}).`
        : `You attacked lair ${todo.lair}: propose a split with ${typed(words, 'split <name> <n> ...')} (${left(todo.deadline)}).`;
    case 'wait-for-agreement':
      return `Waiting for ${v.names(todo.waitingFor)} to agree on lair ${todo.lair}'s treasure (${left(todo.deadline)}).`;
    case 'discard':
      return `You must discard ${todo.count} card${todo.count === 1 ? '' : 's'} with ${typed(words, 'discard <card>')} (${left(todo.deadline)}).`;
    case 'wait-for-discards':
      return `Waiting for ${v.names(todo.players)} to discard (${left(todo.deadline)}).`;
    case 'watch':
      return 'Every seat is taken; watch, or wait for a seat.';
  }
}
