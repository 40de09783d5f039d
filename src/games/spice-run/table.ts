/** Spice Run on the engine: its verbs, and the parts of a table the engine asks of a game (engine.ts). */
import { parseAmount } from '../../text/amount.js';
import { paint } from '../../text/markup.js';
import type { TableHost, TableNews } from '../api.js';
import { defineGame, type Verb } from '../engine.js';
import { duration, secondsLeft } from '../deadline.js';
import { refuse } from '../rules.js';
import { inQuotes } from '../typed.js';
import { help } from './help.js';
import { renderTable } from './look.js';
import { tableStateOf, TITLE } from './panel.js';
import { lapseText, nextStep } from './prompts.js';
import { apply, begin } from './rules.js';
import { defaultSettings, VARIANTS, type SpiceRunAction, type SpiceRunEvent, type SpiceRunSettings, type SpiceRunState } from './state.js';
import { eventMessage } from './story.js';
import { viewFor } from './view.js';

/** Between games (none yet, or the last one over) there is no game state. */
type Table = SpiceRunState | null;
type Action = SpiceRunAction | { type: 'begin'; players: [string, string] } | { type: 'sit'; player: string };
type Event = SpiceRunEvent | { type: 'seated'; player: string };
type Host = TableHost<SpiceRunSettings>;

const live = (s: Table): SpiceRunState | null => (s && s.phase !== 'over' ? s : null);

/** A player who must bet with no coins left skips the bet at once (docs/games.md, Spice Run). */
function broke(s: SpiceRunState, table: Host): boolean {
  return (s.awaiting === 'bet' || s.awaiting === 'bet-again') && table.balance(s.players[s.turn]) === 0;
}

const verbs = (): Verb<Table, Action, SpiceRunSettings>[] => [
  {
    key: 'bet',
    usage: 'bet <amount>',
    group: TITLE,
    needsArgs: true,
    help: 'Put coins on the square of your roll: bet 50, bet 1,000.',
    run: (t, args) => {
      const { words } = t.table;
      const amount = parseAmount(args, words.amountName ?? words.moneyName, (typed) => inQuotes(words, typed));
      if (!amount.ok) return t.reply(amount.reason);
      t.act({ type: 'bet', player: t.player, amount: amount.value });
    },
  },
  { key: 'play', usage: 'play', group: TITLE, help: 'Apply your roll: take the square you rolled, or the whole board on a 2 or 12.', run: (t) => void t.act({ type: 'play', player: t.player }) },
  {
    key: 'withdraw',
    usage: 'withdraw',
    group: TITLE,
    help: 'End the game now; every wager on the board goes back to whoever placed it. Not while a throw waits to be played.',
    run: (t) => void t.act({ type: 'withdraw', player: t.player, cause: 'asked' }),
  },
  {
    key: 'variant',
    usage: 'variant standard | all-or-none | take-and-give',
    group: TITLE,
    needsArgs: true,
    help: 'Player 1 chooses the variant before the first wager: any word that begins one names it (variant take).',
    run: (t, args) => {
      // `take`, `all or none`, `allornone`: the letters of a variant's name, hyphens aside, from its start.
      const typed = args.trim().toLowerCase().replace(/[\s-]+/g, '');
      const variant = typed ? VARIANTS.filter((v) => v.replace(/-/g, '').startsWith(typed)) : [];
      if (variant.length !== 1) return t.reply('Choose a variant: standard, all-or-none or take-and-give.');
      t.act({ type: 'variant', player: t.player, variant: variant[0] });
    },
  },
];

export const spiceRun = defineGame<SpiceRunSettings, Table, Action, Event>({
  id: 'spice-run',
  title: TITLE,
  settings: { defaults: defaultSettings, bounds: { turnMs: { min: 1_000 } } },
  seats: () => 2,
  help,
  verbs,
  setup: () => null,
  apply: (s, action, ctx) => {
    if (action.type === 'sit') return { ok: true, state: s, events: [{ type: 'seated', player: action.player }], moves: [] };
    if (action.type === 'begin') return begin(s, action.players, ctx.settings, ctx.now);
    const game = live(s);
    return game ? apply(game, action, ctx, ctx.settings) : refuse('There is no game yet: Spice Run needs two seated players.');
  },
  deadline: (s) => live(s)?.deadline ?? null,
  timeout: { type: 'timeout' },
  ends: (events) => events.some((e) => e.type === 'over'),
  next: (s, table) => {
    const seated = table.seated();
    const game = live(s);
    if (!game) return seated.length === 2 ? { type: 'begin', players: [seated[0], seated[1]] } : null;
    return broke(game, table) ? { type: 'skip', player: game.players[game.turn] } : null;
  },
  sit: (player) => ({ type: 'sit', player }),
  leave: (player, _cause, s) => (live(s)?.players.includes(player) ? { type: 'withdraw', player, cause: 'left' } : null),
  roll: (player) => ({ type: 'roll', player }),
  tell: ({ events, state }, table) => {
    const news: TableNews[] = [{ kind: 'state' }];
    for (const e of events) {
      // The second to sit hears no wait: the game begins at once (`next`).
      if (e.type === 'seated') {
        if (table.seated().length < 2) news.push({ kind: 'say', message: (v) => `${v.does(e.player, 'wait')} at ${table.label} for someone to play Spice Run against.` });
        continue;
      }
      if (e.type === 'rolled') news.push({ kind: 'dice', dice: e.dice });
      news.push({ kind: 'say', message: eventMessage(e, table.words) });
    }
    // A broke bettor skips at once, and the skip tells what comes next: nobody is asked for a bet first.
    const game = live(state);
    if (game && !broke(game, table)) news.push({ kind: 'say', message: (v) => nextStep(game, v.viewer ?? undefined, table.words) });
    return news;
  },
  warn: (s, table) => {
    const game = live(s)!;
    const name = game.players[game.turn];
    const left = secondsLeft(game.deadline, table.clock.now());
    return [{ kind: 'to', player: name, text: `${paint('warning', `${left} left for your turn, or ${lapseText(game, name)}.`)} ${nextStep(game, name, table.words)}` }];
  },
  away: (s, player, keptMs) => (live(s) ? [{ kind: 'say', message: () => `${player} has lost the thread; their seat is kept for ${duration(keptMs)}.` }] : []),
  describe: (s, viewer, table) => renderTable(viewFor(live(s), table.seated(), viewer, table.words), table.clock.now(), table.words),
  tableState: (s, viewer, table) => tableStateOf(viewFor(live(s), table.seated(), viewer, table.words), (name) => table.isConnected(name)),
  sameForEveryone: true,
});
