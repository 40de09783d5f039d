/**
 * What the Spice Run table says when something happens: each event as a Message, worded for
 * every person in the room (the player who acts reads "You", the others a name).
 */
import { formatCoins } from '../../text/amount.js';
import type { HostWords } from '../api.js';
import { typed } from '../typed.js';
import type { Message, Voice } from '../voice.js';
import { paint } from '../../text/markup.js';
import type { SpiceRunEvent, Variant, Wager } from './state.js';


export const VARIANT_NAMES: Record<Variant, string> = {
  standard: 'standard',
  'all-or-none': 'All or None',
  'take-and-give': 'Take and Give',
};

/** "50 of yours, 20 of Bo's": each owner's wagers together, in the order they were placed. */
export function describeWagers(v: Voice, wagers: readonly Wager[]): string {
  const byOwner = new Map<string, number>();
  for (const w of wagers) byOwner.set(w.owner, (byOwner.get(w.owner) ?? 0) + w.amount);
  return [...byOwner].map(([owner, amount]) => `${formatCoins(amount)} of ${v.theirs(owner)}`).join(', ');
}

/** `text` marked as coins won or lost when they are the viewer's own (the palette marks only yours). */
function mine(v: Voice, who: string, style: 'won' | 'lost', text: string): string {
  return v.is(who) ? paint(style, text) : text;
}

/** An event in words; amounts in the host's money (`words`). */
export function eventMessage(e: SpiceRunEvent, words: HostWords): Message {
  const money = words.money;
  switch (e.type) {
    case 'begun': {
      const [one, two] = e.players;
      const variant = e.variant === 'standard' ? '' : ` The ${VARIANT_NAMES[e.variant]} variant stands until Player 1 chooses another.`;
      return (v) =>
        `${e.rematch ? 'The next game of Spice Run begins at once' : 'A game of Spice Run begins'}: ${v.name(one)} ${v.verb(one, 'are', 'is')} Player 1, ` +
        `${v.name(two)} ${v.verb(two, 'are', 'is')} Player 2.${variant} ` +
        `${v.Name(one)} may choose a variant (${typed(words, 'variant standard|all-or-none|take-and-give')}) before the first wager.` +
        (e.rematch ? ` Whoever would rather not play again types ${typed(words, 'stand')}.` : '');
    }
    case 'variantChosen':
      return (v) => `${v.does(e.player, 'choose')} the ${VARIANT_NAMES[e.variant]} variant.`;
    case 'rolled': {
      const [a, b] = e.dice;
      const meaning =
        e.meaning === 'reroll'
          ? ' No square for that while placing: roll again.'
          : e.meaning === 'sweep-p1'
            ? ' Twelve: the whole board goes to Player 1.'
            : e.meaning === 'sweep-p2'
              ? ' Two: the whole board goes to Player 2.'
              : '';
      return (v) => `${v.does(e.player, 'throw')} the dice: ${a} and ${b} (${e.total}).${meaning}`;
    }
    case 'wagered':
      return (v) => `${v.does(e.player, 'place')} ${money(e.amount)} on square ${e.square}. The board holds ${money(e.boardTotal)}.`;
    case 'playBegins':
      return (v) => `Four wagers are down, ${money(e.boardTotal)} on the board. Play begins: ${v.name(e.first)} ${v.verb(e.first, 'roll')} first.`;
    case 'collected':
      return (v) =>
        e.wagers.length
          ? `${v.does(e.collector, 'collect')} square ${e.square}: ${mine(v, e.collector, 'won', money(e.total))} (${describeWagers(v, e.wagers)}).`
          : `${v.does(e.collector, 'play')} the ${e.square}, but square ${e.square} is empty.`;
    case 'sweep':
      return (v) => `${v.does(e.taker, 'sweep')} the whole board: ${mine(v, e.taker, 'won', money(e.total))}!`;
    case 'skipped':
      return (v) =>
        e.callsOff
          ? `${v.does(e.player, 'have', 'has')} no coins left to wager, so the game is called off.`
          : `${v.does(e.player, 'have', 'has')} no coins left and ${v.verb(e.player, 'skip')} the wager on square ${e.square}.`;
    case 'appliedFor':
      return (v) => {
        const what = e.played ? `the ${e.square} is played for ${v.either(e.player, 'you', 'them')}` : `the bet on square ${e.square} is skipped`;
        return e.cause === 'idle'
          ? `${v.Name(e.player)} let the turn lapse, so ${what}.`
          : `The dice have spoken: ${what} before the game is withdrawn.`;
      };
    case 'withdrawn':
      return (v) => {
        const why =
          e.cause === 'idle'
            ? `${v.Name(e.player)} let the turn lapse, so the game is withdrawn`
            : e.cause === 'left'
              ? `${v.Name(e.player)} ${v.verb(e.player, 'have', 'has')} left the table, so the game is withdrawn`
              : e.cause === 'no-coins'
                ? 'The game is withdrawn'
                : `${v.does(e.player, 'withdraw')} the game`;
        const back = e.refunds.length ? e.refunds.map((r) => `${money(r.amount)} to ${v.name(r.owner)}`).join(', ') : 'nothing was on the board';
        return `${why}: every wager goes back to its owner (${back}).`;
      };
    case 'over':
      return (v) => {
        const results = Object.entries(e.tally).map(([p, t]) =>
          t.net === 0 ? `${v.name(p)} broke even` : mine(v, p, t.net > 0 ? 'won' : 'lost', `${v.name(p)} ${t.net > 0 ? 'won' : 'lost'} ${money(Math.abs(t.net))}`),
        );
        return `The game of Spice Run is over: ${results.join(', ')}.`;
      };
  }
}
