import type { SpiceRunSettings } from './state.js';
import { duration } from '../deadline.js';
import { hanging } from '../../text/markup.js';

/** One paragraph a line: the output path wraps them to the player's screen. */
export const help = (settings: SpiceRunSettings): string =>
  [
    'Spice Run: two players wager on a sand grid of nine squares, numbered 3 to 11. The first to sit is Player 1, the second Player 2; the game begins when both seats are taken.',
    'Placement: on your turn, roll dice <table>; a 2 or 12 means roll again; on 3-11, bet <amount> puts coins on that square. Four wagers go down, turns alternating.',
    'Play: roll dice <table>. A 2 gives the whole board to Player 2 at once, a 12 to Player 1, whoever threw, and the game ends; on 3-11, play takes every wager on that square (possibly nothing). The game ends when the board is empty.',
    'Variants (Player 1 chooses before the first wager with variant <name>):',
    hanging('  all-or-none', 'on 3-11 you bet on the square instead of playing; only 2 and 12 end the game.', 17),
    hanging('  take-and-give', 'on 3-11 you play (take the square) and then bet on it again.', 17),
    'withdraw ends the game and returns every wager on the board to its owner, except while a throw waits to be played: the dice have spoken. Leaving the table withdraws too, once a waiting throw is applied.',
    `A turn lapses after ${duration(settings.turnMs)}: a waiting 3-11 is played for the roller (in all-or-none its bet is skipped); with no throw waiting, the game is withdrawn and the idle player gets up.`,
    'When a game ends, both players keep their seats and the next game begins at once, Player 1 still Player 1, with the same variant until Player 1 chooses another; stand leaves the table.',
  ].join('\n');


