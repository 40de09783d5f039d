/** Lich Bones on the engine: its verbs, its whisper, and the parts of a table the engine asks of a game (engine.ts). */
import { looksLikeAmount } from '../../text/amount.js';
import { paint } from '../../text/markup.js';
import type { HostWords, TableHost, TableNews } from '../api.js';
import { defineGame, type TableContext, type Turn, type Verb } from '../engine.js';
import { secondsLeft } from '../deadline.js';
import type { SettingsDeclaration } from '../settings.js';
import { betWords, parseBet } from './bets.js';
import { asides, help, toDealer } from './help.js';
import { renderTable } from './look.js';
import { formatOddsHelp } from './odds.js';
import { tableStateOf, TITLE } from './panel.js';
import { apply, gold } from './rules.js';
import { DEFAULT_SETTINGS, HANDOUT_KIND, newTable, type LichBonesAction, type LichBonesEvent, type LichBonesSettings, type LichBonesState, type Ratio } from './state.js';
import { betText, purseHint, tell } from './story.js';
import { viewFor } from './view.js';

type Host = TableHost<LichBonesSettings>;
type LichTurn = Turn<LichBonesState, LichBonesAction, LichBonesSettings>;

/** Every payout is "win:per" with a divisor of at least 1. */
function ratioProblems(at: string, value: unknown): string[] {
  const ratio = value as Ratio;
  if (typeof ratio.per === 'number') return ratio.per >= 1 ? [] : [`${at}.per must be a whole number of at least 1, not ${ratio.per}`];
  return Object.entries(value as object).flatMap(([key, inner]) => ratioProblems(`${at}.${key}`, inner));
}

export const lichBonesSettings: SettingsDeclaration<LichBonesSettings> = {
  defaults: DEFAULT_SETTINGS,
  bounds: {
    rounds: { min: 1 },
    autostartMs: { min: 1_000 },
    bettingMs: { min: 1_000 },
    seats: { min: 1 },
    crowd: { min: 1, fromHost: 'crowd' },
    minBet: { min: 1 },
    earlyBonusPercent: { max: 100 },
  },
  validate: (s) => ratioProblems('settings.payouts', s.payouts),
};

/** The word players use to name a table in `roll dice <word>`: "the bones table" is `bones`. */
const tableWord = (table: Host) => table.label.replace(/^the\s+/i, '').replace(/\s+table$/i, '').split(/\s+/).pop() || 'table';

const purseHintFor = (s: LichBonesState, name: string, table: Host) =>
  purseHint(s, name, table.balance(name), table.handouts.last(name, HANDOUT_KIND), table.clock.now(), table.words);

function goldText(s: LichBonesState, name: string, table: Host): string {
  const { bets, onTable } = gold(s, name);
  const money = table.words.money;
  const purse = `You have ${money(table.balance(name))}.`;
  if (bets.length === 0) return `${purse} You have no bets on ${table.label}.`;
  return `${purse} Your bets on ${table.label}: ${bets.map(betText).join(', ')} (${money(onTable)} in all).`;
}

function placeBet(t: LichTurn, text: string, refuse = t.reply): void {
  const parsed = parseBet(text);
  if (!parsed.ok) return refuse(parsed.reason);
  // A purse below the minimum can place no bet at all: say how to come by one.
  const hint = purseHintFor(t.state, t.player, t.table);
  if (hint) return refuse(hint);
  t.act({ type: 'bet', player: t.player, bet: parsed.bet, amount: parsed.amount });
}

const verbs = (_s: LichBonesSettings, words: HostWords): Verb<LichBonesState, LichBonesAction, LichBonesSettings>[] => {
  const whisper = toDealer(words);
  return [
    { key: 'start', usage: 'start', group: TITLE, help: 'Start a game of Lich Bones now, without waiting for the 60 seconds.', run: (t) => void t.act({ type: 'start', player: t.player }) },
    { key: 'bet', usage: 'bet <kind> <amount>', group: TITLE, needsArgs: true, help: 'Place a bet, amount first or last: bet hero 5000, bet 5000 lich, bet attack 6 5,000.', run: (t, args) => placeBet(t, args) },
    {
      // Each bet's own word is a verb here, as in a whisper: `hero 5000`, `don't pass 5000`.
      key: 'hero',
      aliases: betWords().filter((w) => w !== 'hero'),
      usage: '<bet> <amount>',
      group: TITLE,
      help: `Bet by naming the bet${whisper ? `, as you would whisper it to ${words.dealer}` : ''}: hero 5000, attack 6 5000, don't pass 5,000. Every bet word of help lich bones works.`,
      // Typed in full only, so `h` and `st` keep meaning help and stand; `cheer 5000` is a bet, `cheer Ana` the social.
      exactOnly: true,
      claims: (args) => args.split(/\s+/).some(looksLikeAmount),
      run: (t, args, word) => placeBet(t, `${word} ${args}`),
    },
    {
      key: 'gold',
      usage: 'gold',
      group: TITLE,
      help: `Show your coins and your bets on the table${whisper ? ` (${whisper('gold')} works too)` : ''}.`,
      forOnlookers: true,
      run: (t) => t.reply(goldText(t.state, t.player, t.table)),
    },
  ];
};

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
    apply(s, action, { ...ctx, handoutsOpened: (name) => ctx.lastHandout(name, HANDOUT_KIND), money: ctx.words.money }),
  deadline: (s) => s.deadline,
  timeout: { type: 'timeout' },
  ends: (events) => events.some((e) => e.type === 'gameOver'),
  sit: (player) => ({ type: 'sit', player }),
  leave: (player) => ({ type: 'leave', player }),
  roll: (player) => ({ type: 'roll', player }),
  whisper: (t, text) => {
    const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (words === 'gold' || words === 'coins') return t.reply(goldText(t.state, t.player, t.table));
    if (!t.state.seated.includes(t.player)) return t.reply(`Take a seat first (sit ${tableWord(t.table)}); then whisper me your bets.`);
    placeBet(t, text);
  },
  tell: ({ action, events, state }, table) => {
    // A bet changes only the bettor's part of the table: a crowd's panels may catch up a moment later.
    const news: TableNews[] = [action.type === 'bet' ? { kind: 'state', by: action.player } : { kind: 'state' }];
    for (const e of events) if (e.type === 'thrown') news.push({ kind: 'dice', dice: e.throw.dice });
    const now = table.clock.now();
    const timeLeft = (at: number) => secondsLeft(at, table.clock.now());
    for (const said of tell(events, { state, tableWord: tableWord(table), now, timeLeft, words: table.words })) {
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
    const message = (viewer: string | null, is: (name: string) => boolean) => {
      if (viewer === null || !seated.has(viewer)) return null;
      if (s.phase === 'waiting') return paint('warning', `${dealer}: "${left} before the fight begins, unless someone seated types start first."`);
      if (hero !== null && is(hero)) return paint('warning', `${dealer}: "${left} to bet! Roll dice ${tableWord(table)}, or I throw in your place."`);
      return paint('warning', `${dealer}: "${left} to bet! Then I throw for ${hero}."`);
    };
    return [{ kind: 'say', message: (v) => message(v.viewer, (name) => v.is(name)) }];
  },
  describe: (s, viewer, table) => {
    const look = renderTable(viewFor(s, viewer), table.clock.now(), tableWord(table), table.words);
    const hint = purseHintFor(s, viewer, table);
    return hint ? `${look}\n${hint}` : look;
  },
  tableState: (s, viewer, table) => tableStateOf(viewFor(s, viewer), (name) => table.isConnected(name)),
  sameForEveryone: true,
});
