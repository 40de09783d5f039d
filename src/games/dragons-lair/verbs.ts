/** The Dragon's Lair verbs: what a player types at the lair table, read into the rules' actions. */
import { formatCoins } from '../../text/amount.js';
import type { HostWords } from '../api.js';
import type { Turn, Verb } from '../engine.js';
import { cardName, parseCard, type Card } from './cards.js';
import { renderHand } from './look.js';
import type { DragonsLairAction, DragonsLairSettings, DragonsLairState, Share } from './rules.js';
import { viewFor } from './view.js';

const GROUP = "Dragon's Lair";

type LairTurn = Turn<DragonsLairState, DragonsLairAction, DragonsLairSettings>;

const inGame = (s: DragonsLairState) => !['seating', 'over'].includes(s.phase);

/** A player at this table by name or a prefix that fits only them; otherwise the text as typed. */
function playerNamed(s: DragonsLairState, text: string): string {
  const t = text.toLowerCase();
  const present = s.seats.filter((x) => !x.gone).map((x) => x.name);
  const exact = present.find((n) => n.toLowerCase() === t);
  if (exact) return exact;
  const byPrefix = present.filter((n) => n.toLowerCase().startsWith(t));
  return byPrefix.length === 1 ? byPrefix[0] : text;
}

/**
 * The antes are checked before the rules shuffle: a start the ledger would refuse must not use up
 * the game's first draws (its deal is nonces 0 and 1, docs/rulings.md, Dragon's Lair).
 */
function start(t: LairTurn): void {
  const { ante, minPlayers } = t.table.settings;
  const seated = t.state.seats.map((x) => x.name);
  const short = inGame(t.state) || seated.length < minPlayers ? undefined : seated.find((n) => t.table.balance(n) < ante);
  if (!short) return void t.act({ type: 'start', player: t.player });
  const who = short === t.player ? 'You have' : `${short} has`;
  t.reply(`${who} only ${t.table.words.money(t.table.balance(short))}, and the ante is ${formatCoins(ante)}: the game cannot start.`);
}

const PLAY_USAGE = 'play <card> [lair <1|2> | <player>]';

function play(t: LairTurn, args: string): void {
  const words = args.trim().split(/\s+/);
  // The card may take up to three words (`7 of hearts`); the longest reading wins.
  let card: Card | null = null;
  let rest: string[] = [];
  for (let n = Math.min(3, words.length); n >= 1 && !card; n--) {
    const parsed = parseCard(words.slice(0, n).join(' '), t.table.words);
    if (parsed.ok) [card, rest] = [parsed.card, words.slice(n)];
  }
  if (!card) {
    const parsed = parseCard(words[0], t.table.words);
    return t.reply(parsed.ok ? `Usage: ${PLAY_USAGE}` : parsed.reason);
  }
  const action: DragonsLairAction = { type: 'play', player: t.player, card };
  const aim = rest.join(' ').replace(/^(at|on|to|against)\s+/i, '').trim();
  if (aim) {
    const lair = /^(?:lair\s*)?(\d+)$/i.exec(aim);
    if (lair) action.lair = Number(lair[1]);
    else if (/^lair$/i.test(aim)) return t.reply(`Which lair? play ${cardName(card)} lair 1 or play ${cardName(card)} lair 2.`);
    else action.target = playerNamed(t.state, aim);
  }
  t.act(action);
}

function split(t: LairTurn, args: string): void {
  const words = args.replace(/[,:=]/g, ' ').trim().split(/\s+/);
  const shares: Share[] = [];
  for (let i = 0; i < words.length; i += 2) {
    const [name, amount] = [words[i], words[i + 1]];
    if (amount === undefined || !/^\d{1,9}$/.test(amount)) return t.reply('Give each attacker a whole number of coins, like: split ana 3 bo 1.');
    shares.push({ name: playerNamed(t.state, name), amount: Number(amount) });
  }
  t.act({ type: 'split', player: t.player, shares });
}

export const verbs = (s: DragonsLairSettings, words: HostWords): Verb<DragonsLairState, DragonsLairAction, DragonsLairSettings>[] => [
  // Costs every seated player the ante, so it is never guessed from a prefix like `st`.
  { key: 'start', usage: 'start', group: GROUP, exactOnly: true, help: `Start a game once ${s.minPlayers} to ${s.maxPlayers} players are seated; each antes ${words.money(s.ante)}.`, run: start },
  {
    key: 'play',
    usage: PLAY_USAGE,
    group: GROUP,
    needsArgs: true,
    help: 'Play a card on your pass: play 7h lair 1 (knight), play 9d lair 2 or play 9d ana (wizard), play 5c (leprechaun), play 8s ana (thief).',
    run: play,
  },
  { key: 'hold', usage: 'hold', group: GROUP, help: 'Play no card on this pass.', run: (t) => void t.act({ type: 'hold', player: t.player }) },
  { key: 'hand', aliases: ['cards'], usage: 'hand', group: GROUP, help: 'Show the cards in your hand (only you see them) and your game coins.', run: (t) => t.reply(renderHand(viewFor(t.state, t.player), t.table.words)) },
  { key: 'split', usage: 'split <name> <n> [<name> <n> ...]', group: GROUP, needsArgs: true, help: "Propose how a fallen lair's treasure is shared among its attackers: split ana 3 bo 1.", run: split },
  { key: 'agree', aliases: ['accept'], usage: 'agree', group: GROUP, help: 'Accept the split on the table; it stands once every attacker agrees.', run: (t) => void t.act({ type: 'agree', player: t.player }) },
  {
    key: 'discard',
    usage: 'discard <card>',
    group: GROUP,
    needsArgs: true,
    // `d` must stay `down`.
    exactOnly: true,
    help: `At the end of a turn, throw away a card until you hold ${s.maxHand}: discard 3c.`,
    run: (t, args) => {
      const card = parseCard(args, t.table.words);
      if (!card.ok) return t.reply(card.reason);
      t.act({ type: 'discard', player: t.player, card: card.card });
    },
  },
];
