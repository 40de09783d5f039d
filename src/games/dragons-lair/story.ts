/**
 * What the Dragon's Lair table says when something happens. A public event becomes a Message,
 * worded for each person in the room (the player who acts reads "You", a target "you", the room
 * names); a private event (it names a hidden card) becomes a line for its one recipient.
 */
import { formatCoins } from '../../text/amount.js';
import { gameCoins } from './game-coins.js';
import type { HostWords } from '../api.js';
import { typed } from '../typed.js';
import type { Message, Voice } from '../voice.js';
import { paint } from '../../text/markup.js';
import { cardName } from './cards.js';
import { cardLabel, cardList, gameOverLine, shares, todoLine } from './look.js';
import { secondsLeft } from '../deadline.js';
import type { DragonsLairEvent, LaidCard, PrivateEvent } from './state.js';
import type { DragonsLairView } from './view.js';

type Public = Exclude<DragonsLairEvent, { to: string }>;

/** `text` marked as coins won or lost when they are the viewer's own (the palette marks only yours). */
function mine(v: Voice, who: string, style: 'won' | 'lost', text: string): string {
  return v.is(who) ? paint(style, text) : text;
}

export function privateLine(e: PrivateEvent): string {
  switch (e.type) {
    case 'dealt':
      return `You are dealt ${cardList(e.cards)}.`;
    case 'youLaid':
      return `You lay ${cardLabel(e.card)} face down at lair ${e.lair}.`;
    case 'drew':
      return `You draw ${cardLabel(e.card)}.`;
    case 'wizardPicked':
      return e.to === e.player
        ? `Your wizard picked ${cardLabel(e.card)} from ${e.target}'s hand; it was too strong, so ${e.target} keeps it.`
        : `${e.player}'s wizard picked your ${cardLabel(e.card)}; it was too strong, so you keep it.`;
  }
}

/**
 * A public event for everyone in the room. `viewOf` gives a viewer's own view, for the lines that
 * show a player their own hand; `now` counts the seconds left; `words` word the host's money.
 */
export function eventMessage(e: Public, now: number, viewOf: (name: string) => DragonsLairView, words: HostWords): Message | null {
  const secs = (deadline: number) => secondsLeft(deadline, now);
  switch (e.type) {
    case 'sat':
      return (v) => `${v.Name(e.player)} ${v.verb(e.player, 'are', 'is')} player ${e.seat}. ${v.viewer ? todoLine(viewOf(v.viewer), now, words) : ''}`.trimEnd();
    case 'stood':
      return null;
    case 'started':
      return (v) =>
        `Dragon's Lair begins with ${v.names(e.players)}: each antes ${words.money(e.ante)}, and the bank holds ` +
        `${gameCoins(e.bank)}. At most ${e.rounds} turns. Four cards are dealt to each player.`;
    case 'dragonLaid':
      return () => `A dragon is laid face down at lair ${e.lair}.`;
    case 'turnBegan':
      return (v) => `Turn ${e.turn}: ${v.name(e.dealer)} ${v.verb(e.dealer, 'deal')}, and the first pass begins with ${v.name(e.dealer)}.`;
    case 'awaiting':
      return (v) => {
        const line = `${paint('turn', `It is ${v.poss(e.player)} turn to play a card or hold`)} (pass ${e.pass} of 2, ${secs(e.deadline)} left).`;
        const hand = v.is(e.player) ? viewOf(e.player).hand : null;
        return hand ? `${line} Your hand: ${cardList(hand)}.` : line;
      };
    case 'held':
      return (v) => (e.timedOut ? `${v.Name(e.player)} took too long and ${v.verb(e.player, 'hold')}.` : `${v.does(e.player, 'hold')}.`);
    case 'cardLaid':
      // The player who laid it hears `youLaid`, which names the card.
      return (v) => (v.is(e.player) ? null : `${e.player} lays a card face down at lair ${e.lair}.`);
    case 'wizardMission':
      return (v) => {
        const picked = e.killed
          ? `it picks ${v.poss(e.target)} ${cardLabel(e.killed)} and beats it: both are discarded.`
          : 'the card it picks is stronger, so only the wizard is discarded.';
        return `${v.does(e.player, 'send')} the wizard ${cardName(e.wizard)} against ${v.name(e.target)}: ${picked}`;
      };
    case 'leprechaun':
      return (v) =>
        `${v.does(e.player, 'play')} the leprechaun ${cardName(e.card)} and ${v.verb(e.player, 'take')} ${mine(v, e.player, 'won', gameCoins(e.paid))} from the bank (${formatCoins(e.bank)} left).`;
    case 'thief':
      return (v) => {
        const thief = `${v.Poss(e.player)} thief ${cardName(e.card)}`;
        // A target with no game coins is robbed of nothing: say so rather than "of 0 game coins".
        if (e.stolen === 0) return `${thief} finds nothing to steal: ${v.name(e.target)} ${v.verb(e.target, 'have', 'has')} no game coins.`;
        const stolen = v.is(e.target) ? paint('lost', gameCoins(e.stolen)) : mine(v, e.player, 'won', gameCoins(e.stolen));
        return `${thief} robs ${v.name(e.target)} of ${stolen}.`;
      };
    case 'lairRevealed':
      return (v) => revealLine(v, e);
    case 'negotiationOpened':
      return (v) =>
        `${v.Names(e.contributors)} have ${secs(e.deadline)} left to share lair ${e.lair}'s treasure of ` +
        `${gameCoins(e.treasure)}: one proposes (${typed(words, `split ${e.contributors.map((c) => `${c} <n>`).join(' ')}`)}), ` +
        'the others agree. No agreement in time, and nobody gets any.';
    case 'proposed':
      return (v) => {
        const head = `${v.does(e.player, 'propose')} to share lair ${e.lair}'s treasure: ${shares(v, e.shares)}.`;
        const yours = e.waitingFor.some((n) => v.is(n)) ? `: type ${typed(words, 'agree')}, or propose your own split` : '';
        return `${head} Waiting for ${v.names(e.waitingFor)} to agree (${secs(e.deadline)} left)${yours}.`;
      };
    case 'agreed':
      return (v) => `${v.does(e.player, 'agree')}.${e.waitingFor.length ? ` Waiting for ${v.names(e.waitingFor)}.` : ''}`;
    case 'proposalWithdrawn':
      return () => `The proposal for lair ${e.lair} is void: ${e.because}. Propose again.`;
    case 'treasureShared':
      return (v) => `Agreed! Lair ${e.lair}'s treasure is shared: ${shares(v, e.shares, true)} (bank: ${formatCoins(e.bank)}).`;
    case 'treasureTaken':
      return (v) => `${v.Name(e.player)} alone ${v.verb(e.player, 'take')} lair ${e.lair}'s treasure: ${mine(v, e.player, 'won', gameCoins(e.amount))} (bank: ${formatCoins(e.bank)}).`;
    case 'treasureLost':
      return () =>
        e.reason === 'no-agreement'
          ? `Time is up without an agreement: nobody gets lair ${e.lair}'s ${gameCoins(e.treasure)}.`
          : `Every attacker of lair ${e.lair} has left: its treasure stays in the bank.`;
    case 'levy':
      return (v) => {
        const bank = `The bank holds ${gameCoins(e.bank)}.`;
        if (e.paid.every((p) => p.amount === 1)) return `The bank pays each player 1 coin (levy). ${bank}`;
        const paid = e.paid.filter((p) => p.amount > 0).map((p) => p.name);
        return paid.length
          ? `The bank pays 1 coin each to ${v.names(paid)} (levy), and nothing to the others: it is empty.`
          : 'The bank is empty and pays no levy.';
      };
    case 'reshuffled':
      return () =>
        e.pile === 'draw'
          ? `The discards are shuffled into the draw pile (${e.cards} cards).`
          : `The slain dragons are shuffled into a new dragon pile (${e.cards} cards).`;
    case 'cardsDrawn':
      return (v) => `${e.players.length ? `${v.Names(e.players)} each draw a card` : 'Nobody draws'} (${e.drawPile} left in the draw pile).`;
    case 'discardNeeded':
      return (v) => {
        const mine = e.players.find((p) => v.is(p.name));
        if (mine) {
          const hand = viewOf(mine.name).hand ?? [];
          return (
            `You hold ${hand.length} cards: discard ${mine.amount} within ${secs(e.deadline)} (${typed(words, 'discard <card>')}), ` +
            `or the lowest go. Your hand: ${cardList(hand)}.`
          );
        }
        return `${e.players.map((p) => `${p.name} must discard ${p.amount}`).join(', ')} (${secs(e.deadline)}).`;
      };
    case 'discarded':
      return (v) =>
        `${v.Name(e.player)} ${e.timedOut ? `ran out of time and ${v.verb(e.player, 'lose')}` : v.verb(e.player, 'discard')} ${cardList(e.cards)}.`;
    case 'left':
      return (v) =>
        v.either(
          e.player,
          `You have left the game; your hand is discarded (${cardList(e.discarded)}). Your game coins are still paid out at the end.`,
          `${e.player} has left the game; their hand is discarded (${cardList(e.discarded)}). Their game coins are still paid out at the end.`,
        );
    case 'gameOver':
      return (v) => gameOverLine(v, e.result, words);
  }
}

function laidList(v: Voice, laid: readonly LaidCard[]): string {
  return laid.map((l) => `${v.poss(l.by)} ${cardLabel(l.card)}`).join(', ');
}

function revealLine(v: Voice, e: Extract<DragonsLairEvent, { type: 'lairRevealed' }>): string {
  const head = `Lair ${e.lair} is revealed: ${cardLabel(e.dragon)} against ${laidList(v, e.laid)} (${e.total}).`;
  const home = e.returned.length ? ` Back to their owners: ${cardList(e.returned.map((l) => l.card))}.` : '';
  const gone = e.discarded.length ? ` Discarded: ${cardList(e.discarded)}.` : '';
  switch (e.outcome) {
    case 'slain':
      return `${head} The dragon is slain! The treasure die shows ${e.roll}.${home}${gone}`;
    case 'repelled':
      return `${head} The dragon holds its lair and stays face up.${gone}`;
    case 'slain-by-wizards':
      return `${head} The wizards kill the dragon, but they cannot carry its treasure.${home}`;
    case 'wizards-repelled':
      return `${head} The dragon holds its lair and stays face up; the wizards retreat.${home}`;
  }
}
