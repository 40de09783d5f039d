/**
 * Dragon's Lair on the engine (engine.ts). Secrets: everything a player is told is rendered from
 * their own view (view.ts), or is a private event (isPrivate) told to the one player it is
 * addressed to, so no other hand and no face-down card can reach them.
 */
import type { TableHost, TableNews } from '../api.js';
import { duration } from '../deadline.js';
import { defineGame } from '../engine.js';
import { cardName, dragonCards, numberCards } from './cards.js';
import { help } from './help.js';
import { renderTable, todoLine } from './look.js';
import { tableStateOf, TITLE } from './panel.js';
import { apply, defaultSettings, isPrivate, newTable, type DragonsLairAction, type DragonsLairEvent, type DragonsLairSettings, type DragonsLairState } from './rules.js';
import { eventMessage, privateLine } from './story.js';
import { verbs } from './verbs.js';
import { handOf, viewFor } from './view.js';

type Host = TableHost<DragonsLairSettings>;

const inGame = (s: DragonsLairState) => !['seating', 'over'].includes(s.phase);

/** Each public event for everyone in the room in their own words, and a private one for its one player. */
function narrate(events: readonly DragonsLairEvent[], s: DragonsLairState, table: Host): TableNews[] {
  const news: TableNews[] = [];
  for (const e of events) {
    if (e.type === 'lairRevealed' && e.roll !== null) news.push({ kind: 'dice', dice: [e.roll] });
    if (isPrivate(e)) {
      news.push({ kind: 'to', player: e.to, text: privateLine(e) });
      continue;
    }
    const message = eventMessage(e, table.clock.now(), (name) => viewFor(s, name), table.words);
    if (message) news.push({ kind: 'say', message });
  }
  return news;
}

/** What changed for the panels: the table always, and each player whose own hand changed. */
function changes(before: DragonsLairState, after: DragonsLairState): TableNews[] {
  const hand = (s: DragonsLairState, name: string) => s.seats.find((x) => x.name === name)?.hand.map(cardName).join() ?? '';
  const names = new Set([...before.seats, ...after.seats].map((x) => x.name));
  return [{ kind: 'state' }, ...[...names].filter((name) => hand(before, name) !== hand(after, name)).map((player): TableNews => ({ kind: 'hand', player }))];
}

/** Who a deadline concerns: the player choosing, the attackers negotiating, or those holding too many cards. */
function concerned(s: DragonsLairState): string[] {
  if (s.phase === 'choosing') return [s.queue[0].player];
  if (s.phase === 'negotiating') return s.negotiation!.contributors;
  if (s.phase === 'discarding') return s.seats.filter((x) => !x.gone && x.hand.length > s.settings.maxHand).map((x) => x.name);
  return [];
}

export const dragonsLair = defineGame<DragonsLairSettings, DragonsLairState, DragonsLairAction, DragonsLairEvent>({
  id: 'dragons-lair',
  title: TITLE,
  settings: {
    defaults: defaultSettings,
    bounds: { rounds: { min: 1 }, choiceMs: { min: 1_000 }, negotiationMs: { min: 1_000 }, discardMs: { min: 1_000 }, maxHand: { min: 1 }, minPlayers: { min: 2 }, maxPlayers: { max: 5 } },
    validate: (s) => (s.minPlayers > s.maxPlayers ? [`settings.minPlayers (${s.minPlayers}) must not be more than settings.maxPlayers (${s.maxPlayers})`] : []),
  },
  seats: (s) => s.maxPlayers,
  reservedNames: ['dragon'],
  // The deal shuffles the draw pile, then the dragons (rules.ts), each from the suits' order.
  freshDecks: [numberCards().map(cardName), dragonCards().map(cardName)],
  help,
  verbs,
  setup: (s) => newTable(s),
  apply,
  deadline: (s) => s.deadline,
  timeout: { type: 'timeout' },
  ends: (events) => events.some((e) => e.type === 'gameOver'),
  sit: (player) => ({ type: 'sit', player }),
  leave: (player, cause, s) => (s.seats.some((x) => x.name === player && !x.gone) ? { type: 'leave', player, cause: cause === 'stand' ? 'asked' : 'disconnected' } : null),
  roll: () => 'Nobody rolls here by hand: the treasure die is thrown for the attackers when a dragon falls.',
  tell: ({ events, before, state }, table) => [...narrate(events, state, table), ...changes(before, state)],
  warn: (s, table) => concerned(s).map((name): TableNews => ({ kind: 'to', player: name, text: todoLine(viewFor(s, name), table.clock.now(), table.words) })),
  away: (s, player, keptMs) =>
    inGame(s) ? [{ kind: 'say', message: () => `${player} has lost the thread; their seat is kept for ${duration(keptMs)}, and any choice of theirs is held when its time runs out.` }] : [],
  describe: (s, viewer, table) => renderTable(viewFor(s, viewer), table.clock.now(), table.words),
  tableState: (s, viewer, table) => tableStateOf(viewFor(s, viewer), (name) => table.isConnected(name)),
  hand: (s, viewer) => handOf(viewFor(s, viewer)),
});
