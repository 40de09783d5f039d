/**
 * What Spice Run tells the player on turn: what to do now, what a lapse would do, and why
 * `withdraw` waits. Worded for one viewer ("It is your turn to play the 7.").
 */
import { Voice } from '../voice.js';
import { paint } from '../../text/markup.js';
import type { SpiceRunState } from './state.js';
import type { HostWords } from '../api.js';
import { typed } from '../typed.js';

/** What happens when the turn lapses, worded for `viewer` (`look`, the warning): "the 7 is played for you". */
export function lapseText(state: SpiceRunState, viewer?: string): string {
  const roller = state.players[state.turn];
  // Idle with nothing to apply is away: the game is withdrawn and the idle player loses the seat.
  if (state.phase !== 'play' || state.awaiting === 'roll') return `the game is withdrawn and ${roller === viewer ? 'you get' : `${roller} gets`} up`;
  const total = state.lastRoll!.total;
  if (state.awaiting !== 'play') return `the bet on square ${total} is skipped`;
  return `the ${total} is played for ${roller === viewer ? 'you' : roller}`;
}

/**
 * What the player on turn must do now, as one sentence (and for that player, how): worded for
 * `viewer`, so the player on turn reads "It is your turn to bet on square 5.", and the how in the
 * host's words (a dealer in another MUD takes its verbs whispered).
 */
export function nextStep(state: SpiceRunState, viewer?: string, words?: HostWords): string {
  if (state.phase === 'over' || state.awaiting === 'nothing') return 'This game of Spice Run is over.';
  const v = new Voice(viewer ?? null);
  const name = state.players[state.turn];
  const turn = (what: string) => paint('turn', `It is ${v.poss(name)} turn to ${what}.`);
  const total = state.lastRoll?.total ?? 0;
  const how = (hint: string) => (v.is(name) ? ` ${paint('hint', hint)}` : '');
  switch (state.awaiting) {
    case 'roll':
      return `${turn(`roll the dice${state.phase === 'placement' ? ' to place a wager' : ''}`)}${how(`Type ${typed(words, 'roll dice')}.`)}`;
    case 'bet':
      return `${turn(`bet on square ${total}`)}${how(`Type ${typed(words, 'bet <amount>')}.`)}`;
    case 'play':
      return `${turn(`play the ${total}`)}${how(`Type ${typed(words, 'play')} to take square ${total}.`)}`;
    case 'bet-again':
      return `${turn(`bet on square ${total} again`)}${how(`Type ${typed(words, 'bet <amount>')}.`)}`;
  }
}

/** Why `withdraw` waits: "The dice have spoken: play your 7 first; then you may withdraw." */
export function waitingThrow(state: SpiceRunState, by: string): string {
  const v = new Voice(by);
  const roller = state.players[state.turn];
  const total = state.lastRoll!.total;
  const what = state.awaiting === 'play' ? `play ${v.is(roller) ? 'your' : 'the'} ${total}` : `bet on square ${total}`;
  return `The dice have spoken: ${v.is(roller) ? what : `${roller} must ${what}`} first; then you may withdraw.`;
}

