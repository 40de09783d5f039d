/**
 * The Dragon's Lair table: seats 2-5 players, feeds their verbs to the pure rules, moves the
 * antes and the settlement through the ledger, and narrates. Secrets: everything a player is
 * told is rendered from their own view (view.ts), or is a private event (isPrivate) told to the
 * one player it is addressed to, so no other hand and no face-down card can reach them.
 */
import type { CardFace, GameCommand, GameCommandContext, GameDefinition, GameState, GameTable, HostWords, LeaveCause, TableHost, TableNews } from '../api.js';
import { settle } from '../rules.js';
import { formatCoins } from '../../text/amount.js';
import { cardName, dragonCards, numberCards, parseCard, type Card } from './cards.js';
import {
  apply,
  defaultSettings,
  isPrivate,
  newTable,
  type DragonsLairAction,
  type DragonsLairEvent,
  type DragonsLairSettings,
  type DragonsLairState,
  type Share,
} from './rules.js';
import { handOf, tableStateOf, viewFor } from './view.js';
import { TITLE } from './panel.js';
import { renderHand, renderTable, todoLine } from './look.js';
import { Deadline, duration } from '../deadline.js';
import { eventMessage, privateLine } from './story.js';
import { hanging } from '../../text/markup.js';

const GROUP = "Dragon's Lair";

/** One paragraph a line: the output path wraps them to the player's screen. */
const help = (s: DragonsLairSettings, words: HostWords) =>
  [
    `Dragon's Lair (${s.minPlayers} to ${s.maxPlayers} players): knights and wizards raid two dragons' lairs for treasure, while wizards and thieves rob the other players.`,
    `Starting: sit at the lair table; when ${s.minPlayers} to ${s.maxPlayers} are seated, anyone types start. Each player antes ${words.money(s.ante)} into the bank (game coins). Four cards are dealt to each player and two dragons are laid face down, one at each lair.`,
    'Cards: aces to tens. Hearts are knights, diamonds wizards, clubs leprechauns, spades thieves (ace = 1). Dragons are jacks (13), queens (15) and kings (17). Name a card like 7h, 10d, ac, or knight 7, wizard 10.',
    `A turn: two passes round the table, starting with the dealer and going left (down the list in ${words.look('<table>')}). On each pass you play one card or hold; ${s.choiceMs / 1000} seconds without a choice is a hold.`,
    hanging('  play 7h lair 1', 'lay a knight face down at a lair.', 20),
    hanging('  play 9d lair 2', 'lay a wizard at a lair: it helps knights there; alone it can kill a dragon but takes no treasure.', 20),
    hanging('  play 9d ana', 'send a wizard against a player: it picks a card from their hand at random and both are discarded if the wizard is as high or higher; else only the wizard goes.', 20),
    hanging('  play 5c', 'a leprechaun: take its value in game coins from the bank.', 20),
    hanging('  play 8s ana', 'a thief: take its value in game coins from that player (what they have).', 20),
    `Reveal: after the second pass every card laid at a lair is turned up with its dragon. A lair falls when the cards laid there add up to more than the dragon. Knights from a won fight go home; from a lost fight they are discarded. Wizards that helped knights are always discarded; wizards that fought alone go home. When knights take a lair, one die tells the treasure. A lone attacker takes it all; several attackers have ${s.negotiationMs / 1000} seconds to agree: one proposes with split ana 3 bo 1, the others type agree; no agreement in time and nobody gets anything.`,
    `End of turn: everyone gets 1 game coin from the bank, draws a card (the discards are shuffled in when the draw pile runs short), and discards down to ${s.maxHand} cards (discard <card>; after ${s.discardMs / 1000} seconds the lowest cards go). Dead dragons are replaced face down and the deal moves left.`,
    `The end: after ${s.rounds} turns, or when the bank is empty, your game coins and an even share of what is left in the bank are paid back as ${words.moneyName}. Standing up mid-game discards your hand, but your game coins are still paid at the end.`,
    `Your hand is yours alone: hand shows it; ${words.look('<table>')} shows the lairs, who laid how many cards where, every player's card count and game coins, the bank, and whose turn it is.`,
  ].join('\n');

const dragonsLairSettings = (raw: Record<string, unknown>): DragonsLairSettings => ({
  ...defaultSettings,
  ...(raw as Partial<DragonsLairSettings>),
});

export const dragonsLair: GameDefinition = {
  id: 'dragons-lair',
  settings: defaultSettings,
  title: TITLE,
  seats: (settings) => dragonsLairSettings(settings).maxPlayers,
  reservedNames: ['dragon'],
  // The deal shuffles the draw pile, then the dragons (rules.ts), each from the suits' order.
  freshDecks: [numberCards().map(cardName), dragonCards().map(cardName)],
  help: (settings, words) => help(dragonsLairSettings(settings), words),
  create: (host) => new DragonsLairTable(host),
};

class DragonsLairTable implements GameTable {
  private state: DragonsLairState;
  /** The one deadline of the rules: a choice, a split, or the discards. */
  private readonly clock: Deadline;
  private readonly settings: DragonsLairSettings;
  readonly commands: GameCommand[];

  constructor(private readonly host: TableHost) {
    this.settings = dragonsLairSettings(host.settings);
    this.state = newTable(this.settings);
    this.clock = new Deadline(host);
    this.commands = [
      {
        key: 'start',
        usage: 'start',
        group: GROUP,
        // Costs every seated player the ante, so it is never guessed from a prefix like `st`.
        exactOnly: true,
        help: `Start a game once 2 to 5 players are seated; each antes ${host.words.money(this.settings.ante)}.`,
        run: (ctx) => this.start(ctx),
      },
      {
        key: 'play',
        usage: 'play <card> [lair <1|2> | <player>]',
        group: GROUP,
        needsArgs: true,
        help:
          'Play a card on your pass: play 7h lair 1 (knight), play 9d lair 2 or play 9d ana (wizard), ' +
          'play 5c (leprechaun), play 8s ana (thief).',
        run: (ctx, args) => this.play(ctx, args),
      },
      {
        key: 'hold',
        usage: 'hold',
        group: GROUP,
        help: 'Play no card on this pass.',
        run: (ctx) => this.act({ type: 'hold', player: ctx.player }, ctx.reply),
      },
      {
        key: 'hand',
        aliases: ['cards'],
        usage: 'hand',
        group: GROUP,
        help: 'Show the cards in your hand (only you see them) and your game coins.',
        run: (ctx) => ctx.reply(renderHand(viewFor(this.state, ctx.player))),
      },
      {
        key: 'split',
        usage: 'split <name> <n> [<name> <n> ...]',
        group: GROUP,
        needsArgs: true,
        help: 'Propose how a fallen lair\'s treasure is shared among its attackers: split ana 3 bo 1.',
        run: (ctx, args) => this.split(ctx, args),
      },
      {
        key: 'agree',
        aliases: ['accept'],
        usage: 'agree',
        group: GROUP,
        help: 'Accept the split on the table; it stands once every attacker agrees.',
        run: (ctx) => this.act({ type: 'agree', player: ctx.player }, ctx.reply),
      },
      {
        key: 'discard',
        usage: 'discard <card>',
        group: GROUP,
        needsArgs: true,
        // `d` must stay `down`.
        exactOnly: true,
        help: `At the end of a turn, throw away a card until you hold ${this.settings.maxHand}: discard 3c.`,
        run: (ctx, args) => {
          const card = parseCard(args);
          if (!card.ok) return ctx.reply(card.reason);
          this.act({ type: 'discard', player: ctx.player, card: card.card }, ctx.reply);
        },
      },
    ];
  }

  roll(_name: string, reply: (text: string) => void): void {
    reply('Nobody rolls here by hand: the treasure die is thrown for the attackers when a dragon falls.');
  }

  describe(viewer: string): string {
    return renderTable(viewFor(this.state, viewer), this.host.clock.now(), this.host.words);
  }

  tableState(viewer: string): GameState {
    return tableStateOf(viewFor(this.state, viewer), (name) => this.host.isConnected(name));
  }

  hand(viewer: string): CardFace[] | null {
    return handOf(viewFor(this.state, viewer));
  }

  sitProblem(name: string): string | null {
    const r = apply(this.state, { type: 'sit', player: name }, this.context());
    return r.ok ? null : r.reason;
  }

  onSit(name: string): void {
    this.act({ type: 'sit', player: name }, (text) => this.host.tell({ kind: 'to', player: name, text }));
  }

  onStand(name: string, cause: LeaveCause): void {
    if (!this.state.seats.some((s) => s.name === name && !s.gone)) return;
    this.act({ type: 'leave', player: name, cause: cause === 'stand' ? 'asked' : 'disconnected' }, () => undefined);
  }

  onAway(name: string, keptMs: number): void {
    if (this.inGame()) {
      this.host.tell({ kind: 'say', message: () => `${name} has lost the thread; their seat is kept for ${duration(keptMs)}, and any choice of theirs is held when its time runs out.` });
    }
  }

  dispose(): void {
    this.clock.cancel();
  }

  private inGame(): boolean {
    return !['seating', 'over'].includes(this.state.phase);
  }

  private context() {
    return { random: this.host.random, now: this.host.clock.now() };
  }

  /**
   * The antes are checked before the rules shuffle: a start the ledger would refuse must not
   * use up the game's first draws (its deal is nonces 0 and 1, docs/rulings.md, Dragon's Lair).
   */
  private start(ctx: GameCommandContext): void {
    const { ante, minPlayers } = this.settings;
    const seated = this.state.seats.map((x) => x.name);
    const short = this.inGame() || seated.length < minPlayers ? undefined : seated.find((n) => this.host.balance(n) < ante);
    if (short) {
      const has = this.host.balance(short);
      const who = short === ctx.player ? 'You have' : `${short} has`;
      return ctx.reply(`${who} only ${this.host.words.money(has)}, and the ante is ${formatCoins(ante)}: the game cannot start.`);
    }
    this.act({ type: 'start', player: ctx.player }, ctx.reply);
  }

  private play(ctx: GameCommandContext, args: string): void {
    const words = args.trim().split(/\s+/);
    // The card may take up to three words (`7 of hearts`); the longest reading wins.
    let card: Card | null = null;
    let rest: string[] = [];
    for (let n = Math.min(3, words.length); n >= 1 && !card; n--) {
      const parsed = parseCard(words.slice(0, n).join(' '));
      if (parsed.ok) {
        card = parsed.card;
        rest = words.slice(n);
      }
    }
    if (!card) {
      const parsed = parseCard(words[0]);
      return ctx.reply(parsed.ok ? `Usage: ${this.commands[1].usage}` : parsed.reason);
    }
    const action: DragonsLairAction = { type: 'play', player: ctx.player, card };
    const aim = rest.join(' ').replace(/^(at|on|to|against)\s+/i, '').trim();
    if (aim) {
      const lair = /^(?:lair\s*)?(\d+)$/i.exec(aim);
      if (lair) action.lair = Number(lair[1]);
      else if (/^lair$/i.test(aim)) return ctx.reply(`Which lair? play ${cardName(card)} lair 1 or play ${cardName(card)} lair 2.`);
      else action.target = this.playerNamed(aim);
    }
    this.act(action, ctx.reply);
  }

  private split(ctx: GameCommandContext, args: string): void {
    const words = args.replace(/[,:=]/g, ' ').trim().split(/\s+/);
    const proposal: Share[] = [];
    for (let i = 0; i < words.length; i += 2) {
      const [name, amount] = [words[i], words[i + 1]];
      if (amount === undefined || !/^\d{1,9}$/.test(amount)) {
        return ctx.reply(`Give each attacker a whole number of coins, like: split ana 3 bo 1.`);
      }
      proposal.push({ name: this.playerNamed(name), amount: Number(amount) });
    }
    this.act({ type: 'split', player: ctx.player, shares: proposal }, ctx.reply);
  }

  /** A player at this table by name or a prefix that fits only them; otherwise the text as typed. */
  private playerNamed(text: string): string {
    const t = text.toLowerCase();
    const present = this.state.seats.filter((s) => !s.gone).map((s) => s.name);
    const exact = present.find((n) => n.toLowerCase() === t);
    if (exact) return exact;
    const byPrefix = present.filter((n) => n.toLowerCase().startsWith(t));
    return byPrefix.length === 1 ? byPrefix[0] : text;
  }

  /**
   * One action: rules first, then the coins, then the story; nothing changes if either refuses.
   * The clock is set to the new state before the story is told, so that a fault in the telling
   * cannot leave a deadline with no timer behind it.
   */
  private act(action: DragonsLairAction, reply: (text: string) => void): void {
    const r = settle(this.host, apply(this.state, action, this.context()), 'player' in action ? action.player : null, reply);
    if (!r) return;
    const before = this.state;
    this.state = r.state;
    this.schedule();
    this.host.tell(...this.narrate(r.events), ...this.changes(before));
    if (r.events.some((e) => e.type === 'gameOver')) this.host.gameOver();
  }

  private schedule(): void {
    this.clock.set(
      this.state.deadline,
      () => this.warn(),
      () => this.act({ type: 'timeout' }, () => this.schedule()),
    );
  }

  /** Ten seconds before a deadline, each player it concerns is told what they still have to do. */
  private warn(): void {
    const s = this.state;
    const now = this.host.clock.now();
    const concerned =
      s.phase === 'choosing'
        ? [s.queue[0].player]
        : s.phase === 'negotiating'
          ? s.negotiation!.contributors
          : s.phase === 'discarding'
            ? s.seats.filter((x) => !x.gone && x.hand.length > s.settings.maxHand).map((x) => x.name)
            : [];
    this.host.tell(...concerned.map((name): TableNews => ({ kind: 'to', player: name, text: todoLine(viewFor(s, name), now, this.host.words) })));
  }

  /** What changed, for the panels: the table always, and each player whose own hand changed. */
  private changes(before: DragonsLairState): TableNews[] {
    const hand = (s: DragonsLairState, name: string) => s.seats.find((x) => x.name === name)?.hand.map(cardName).join() ?? '';
    const names = new Set([...before.seats, ...this.state.seats].map((x) => x.name));
    return [{ kind: 'state' }, ...[...names].filter((name) => hand(before, name) !== hand(this.state, name)).map((player): TableNews => ({ kind: 'hand', player }))];
  }

  /** Each public event for everyone in the room in their own words, and a private one for its one player. */
  private narrate(events: readonly DragonsLairEvent[]): TableNews[] {
    const now = this.host.clock.now();
    const news: TableNews[] = [];
    for (const e of events) {
      if (e.type === 'lairRevealed' && e.roll !== null) news.push({ kind: 'dice', dice: [e.roll] });
      if (isPrivate(e)) {
        news.push({ kind: 'to', player: e.to, text: privateLine(e) });
        continue;
      }
      const message = eventMessage(e, now, (name) => viewFor(this.state, name), this.host.words);
      if (message) news.push({ kind: 'say', message });
    }
    return news;
  }
}
