/** Lich Bones on the engine: the parts of a table the engine asks of a game (engine.ts); its verbs are verbs.ts. */
import { paint } from '../../text/markup.js';
import type { TableNews } from '../api.js';
import { defineGame, type TableContext } from '../engine.js';
import { secondsLeft } from '../deadline.js';
import { asides, help } from './help.js';
import { renderTable } from './look.js';
import { exposure } from './exposure.js';
import { formatOddsHelp } from './odds.js';
import { tableStateOf, TITLE } from './panel.js';
import { apply } from './rules.js';
import { lichBonesSettings } from './settings.js';
import { HANDOUT_KIND, newTable, type LichBonesAction, type LichBonesEvent, type LichBonesSettings, type LichBonesState } from './state.js';
import { tell } from './story.js';
import { purseHintFor, typed, verbs, whisper } from './verbs.js';
import { viewFor } from './view.js';

export const lichBones = defineGame<LichBonesSettings, LichBonesState, LichBonesAction, LichBonesEvent>({
  id: 'lich-bones',
  title: TITLE,
  settings: lichBonesSettings,
  seats: (s) => s.seats,
  reservedNames: ['hero', 'lich'],
  help,
  topics: { odds: (s) => formatOddsHelp(s) },
  asides,
  verbs,
  setup: (s) => newTable(s),
  apply: (s, action, ctx: TableContext<LichBonesSettings>) =>
    apply(s, action, { ...ctx, handoutsOpened: (name) => ctx.lastHandout(name, HANDOUT_KIND), money: ctx.words.money, dealer: ctx.words.dealer }),
  deadline: (s) => s.deadline,
  timeout: { type: 'timeout' },
  ends: (events) => events.some((e) => e.type === 'gameOver'),
  sit: (player) => ({ type: 'sit', player }),
  leave: (player) => ({ type: 'leave', player }),
  roll: (player) => ({ type: 'roll', player }),
  whisper,
  tell: ({ action, events, state }, table) => {
    // A bet changes only the bettor's part of the table: a crowd's panels may catch up a moment later.
    const news: TableNews[] = [action.type === 'bet' ? { kind: 'state', by: action.player } : { kind: 'state' }];
    for (const e of events) if (e.type === 'thrown') news.push({ kind: 'dice', dice: e.throw.dice });
    const now = table.clock.now();
    const timeLeft = (at: number) => secondsLeft(at, table.clock.now());
    for (const said of tell(events, { state, throwCommand: typed(table, 'roll'), now, timeLeft, words: table.words })) {
      news.push('all' in said ? { kind: 'say', message: said.all } : { kind: 'to', player: said.to, text: said.text });
    }
    // A newcomer who sits with less than the minimum bet hears how to come by one.
    if (action.type === 'sit') {
      const hint = purseHintFor(state, action.player, table);
      if (hint) news.push({ kind: 'to', player: action.player, text: hint });
    }
    return news;
  },
  warn: (s, table) => {
    // Ten seconds before the game starts by itself, or before the dealer throws, the seated players hear it.
    const left = `${secondsLeft(s.deadline!, table.clock.now())} left`;
    const seated = new Set(s.seated);
    const { dealer } = table.words;
    const hero = s.hero;
    const roll = typed(table, 'roll');
    const message = (viewer: string | null, is: (name: string) => boolean) => {
      if (viewer === null || !seated.has(viewer)) return null;
      if (s.phase === 'waiting') return paint('warning', `${dealer}: "${left} before the fight begins, unless someone seated types ${typed(table, 'start')} first."`);
      if (hero !== null && is(hero)) return paint('warning', `${dealer}: "${left} to bet! ${roll.charAt(0).toUpperCase()}${roll.slice(1)}, or I throw in your place."`);
      return paint('warning', `${dealer}: "${left} to bet! Then I throw for ${hero}."`);
    };
    return [{ kind: 'say', message: (v) => message(v.viewer, (name) => v.is(name)) }];
  },
  describe: (s, viewer, table) => {
    const look = renderTable(viewFor(s, viewer), table.clock.now(), { sit: typed(table, 'sit'), start: typed(table, 'start') }, table.words);
    const hint = purseHintFor(s, viewer, table);
    return hint ? `${look}\n${hint}` : look;
  },
  tableState: (s, viewer, table) => tableStateOf(viewFor(s, viewer), (name) => table.isConnected(name)),
  sameForEveryone: true,
  exposure,
});
