/** The Spice Run panel (panel.ts): the variant, the dice, and the board with every wager on it. */
import type { GameState } from '../api.js';
import type { Panel } from '../panel.js';
import { formatCoins } from '../../text/amount.js';
import type { SpiceRunView } from './view.js';

export const TITLE = 'Spice Run';

export function panelOf(view: SpiceRunView): Panel {
  const rolled = view.roll && view.roll[0] + view.roll[1];
  return {
    title: TITLE,
    parts: [
      { kind: 'facts', facts: [{ label: 'Variant', value: view.variant }] },
      ...(view.roll
        ? [{ kind: 'dice' as const, label: 'To play', dice: [...view.roll] }]
        : view.lastRoll
          ? [{ kind: 'dice' as const, label: 'Last throw', dice: [...view.lastRoll.dice] }]
          : []),
      {
        kind: 'board',
        id: 'board',
        label: 'The board',
        layout: 'grid',
        cells: view.board.map((sq) => ({
          label: String(sq.square),
          marked: sq.square === rolled,
          wagers: sq.wagers.map((w) => ({ player: w.player, amount: formatCoins(w.amount) })),
        })),
      },
    ],
  };
}

/** Table.State's Spice Run fields (docs/gmcp.md). */
export function tableStateOf(view: SpiceRunView, connected: (name: string) => boolean): GameState {
  return {
    phase: view.phase,
    players: view.players.map((name, i) => ({ name, seat: i + 1, connected: connected(name) })),
    turn: view.turn,
    deadline: view.deadline,
    variant: view.variant,
    board: view.board.map((sq) => ({ square: sq.square, wagers: sq.wagers.map((w) => ({ ...w })) })),
    roll: view.roll && [...view.roll],
    panel: panelOf(view),
  };
}
