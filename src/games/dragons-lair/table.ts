/**
 * The Dragon's Lair table: seats 2-5 players, feeds their verbs to the pure rules, moves the
 * antes and the settlement through the ledger, and narrates. Secrets: everything a player is
 * told is rendered from their own view (view.ts) or from events they may receive (eventsFor),
 * so no other hand and no face-down card can reach them.
 */
import type { Timer } from '../../rooms/clock.js';
import { formatCoins } from '../../rooms/amount.js';
import {
  settle,
  type GameCommand,
  type GameCommandContext,
  type GameDefinition,
  type GameTable,
  type TableHost,
} from '../table.js';
import type { LeaveCause } from '../../rooms/tables.js';
import { listNames } from '../rules.js';
import { cardName, cardValue, kindOf, parseCard, type Card } from './cards.js';
import {
  apply,
  defaultSettings,
  isPrivate,
  newTable,
  type DragonsLairAction,
  type DragonsLairEvent,
  type DragonsLairSettings,
  type DragonsLairState,
  type GameResult,
  type LaidCard,
  type PrivateEvent,
  type Share,
} from './rules.js';
import { viewFor, type DragonsLairView, type LairView, type Todo } from './view.js';

const GROUP = "Dragon's Lair";

const help = (s: DragonsLairSettings) => `Dragon's Lair (${s.minPlayers} to ${s.maxPlayers} players): knights and wizards raid two dragons' lairs for treasure,
while wizards and thieves rob the other players.
Starting: sit at the lair table; when ${s.minPlayers} to ${s.maxPlayers} are seated, anyone types start. Each player antes
${s.ante} obsidian coins into the bank (game coins). Four cards are dealt to each player and two
dragons are laid face down, one at each lair.
Cards: aces to tens. Hearts are knights, diamonds wizards, clubs leprechauns, spades thieves
(ace = 1). Dragons are jacks (13), queens (15) and kings (17). Name a card like 7h, 10d, ac,
or knight 7, wizard 10.
A turn: two passes round the table, starting with the dealer and going left (down the list in
look <table>). On each pass you play one card or hold; ${s.choiceMs / 1000} seconds without a choice is a hold.
  play 7h lair 1    lay a knight face down at a lair.
  play 9d lair 2    lay a wizard at a lair: it helps knights there; alone it can kill a dragon
                    but takes no treasure.
  play 9d ana       send a wizard against a player: it picks a card from their hand at random
                    and both are discarded if the wizard is as high or higher; else only the
                    wizard goes.
  play 5c           a leprechaun: take its value in game coins from the bank.
  play 8s ana       a thief: take its value in game coins from that player (what they have).
Reveal: after the second pass every card laid at a lair is turned up with its dragon. A lair
falls when the cards laid there add up to more than the dragon. Knights from a won fight go
home; from a lost fight they are discarded. Wizards that helped knights are always discarded;
wizards that fought alone go home. When knights take a lair, one die tells the treasure. A lone
attacker takes it all; several attackers have ${s.negotiationMs / 1000} seconds to agree: one proposes with
split ana 3 bo 1, the others type agree; no agreement in time and nobody gets anything.
End of turn: everyone gets 1 game coin from the bank, draws a card (the discards are shuffled in
when the draw pile runs short), and discards down to ${s.maxHand} cards (discard <card>; after ${s.discardMs / 1000} seconds
the lowest cards go). Dead dragons are replaced face down and the deal moves left.
The end: after ${s.rounds} turns, or when the bank is empty, your game coins and an even share of what
is left in the bank are paid back as obsidian coins. Standing up mid-game discards your hand,
but your game coins are still paid at the end.
Your hand is yours alone: hand shows it; look <table> shows the lairs, who laid how many cards
where, every player's card count and game coins, the bank, and whose turn it is.`;

const dragonsLairSettings = (raw: Record<string, unknown>): DragonsLairSettings => ({
  ...defaultSettings,
  ...(raw as Partial<DragonsLairSettings>),
});

export const dragonsLair: GameDefinition = {
  id: 'dragons-lair',
  settings: defaultSettings,
  title: "Dragon's Lair",
  maxSeats: defaultSettings.maxPlayers,
  help: (settings) => help(dragonsLairSettings(settings)),
  create: (host) => new DragonsLairTable(host),
};

/** `7h (knight 7)`: how every card is shown. */
export function cardLabel(card: Card): string {
  return `${cardName(card)} (${kindOf(card)} ${cardValue(card)})`;
}

const cardList = (cards: readonly Card[]) => (cards.length ? cards.map(cardLabel).join(', ') : 'nothing');
const gameCoins = (n: number) => `${formatCoins(n)} game coin${n === 1 ? '' : 's'}`;
const obsidian = (n: number) => `${formatCoins(n)} obsidian coin${n === 1 ? '' : 's'}`;
const shares = (list: readonly Share[]) => list.map((s) => `${s.name} ${formatCoins(s.amount)}`).join(', ');

class DragonsLairTable implements GameTable {
  private state: DragonsLairState;
  private timer: Timer | null = null;
  private readonly settings: DragonsLairSettings;
  readonly commands: GameCommand[];

  constructor(private readonly host: TableHost) {
    this.settings = dragonsLairSettings(host.settings);
    this.state = newTable(this.settings);
    this.commands = [
      {
        key: 'start',
        usage: 'start',
        group: GROUP,
        // Costs every seated player the ante, so it is never guessed from a prefix like `st`.
        exactOnly: true,
        help: `Start a game once 2 to 5 players are seated; each antes ${this.settings.ante} obsidian coins.`,
        run: (ctx) => this.act({ type: 'start', player: ctx.player }, ctx.reply),
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
    return renderTable(viewFor(this.state, viewer), this.host.clock.now());
  }

  sitProblem(name: string): string | null {
    const r = apply(this.state, { type: 'sit', player: name }, this.context());
    return r.ok ? null : r.reason;
  }

  onSit(name: string): void {
    this.act({ type: 'sit', player: name }, (text) => this.host.toPlayer(name, text));
  }

  onStand(name: string, cause: LeaveCause): void {
    if (!this.state.seats.some((s) => s.name === name && !s.gone)) return;
    this.act({ type: 'leave', player: name, cause: cause === 'stand' ? 'asked' : 'disconnected' }, () => undefined);
  }

  onAway(name: string): void {
    if (this.inGame()) {
      this.host.toRoom(`${name} has lost the thread; their seat is kept for a while, and any choice of theirs is held when its time runs out.`);
    }
  }

  dispose(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private inGame(): boolean {
    return !['seating', 'over'].includes(this.state.phase);
  }

  private context() {
    return { random: this.host.random, now: this.host.clock.now() };
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

  /** One action: rules first, then the coins, then the story; nothing changes if either refuses. */
  private act(action: DragonsLairAction, reply: (text: string) => void): void {
    const r = settle(this.host, apply(this.state, action, this.context()), 'player' in action ? action.player : null, reply);
    if (!r) return;
    this.state = r.state;
    this.narrate(r.events);
    this.schedule();
  }

  private schedule(): void {
    this.timer?.cancel();
    this.timer = null;
    const { deadline } = this.state;
    if (deadline === null) return;
    this.timer = this.host.setTimer(Math.max(0, deadline - this.host.clock.now()), () => {
      this.timer = null;
      this.act({ type: 'timeout' }, () => this.schedule());
    });
  }

  /**
   * Tells each event to the room in the onlooker's form, and to the players it concerns in
   * their own form; an event addressed to one player goes to that player alone.
   */
  private narrate(events: readonly DragonsLairEvent[]): void {
    const now = this.host.clock.now();
    for (const e of events) {
      if (isPrivate(e)) {
        this.host.toPlayer(e.to, privateLine(e));
        continue;
      }
      const { room, own } = publicLines(e, now, (name) => viewFor(this.state, name));
      const personal = Object.keys(own);
      if (room) this.host.toRoom(room, personal);
      for (const name of personal) if (own[name]) this.host.toPlayer(name, own[name]);
    }
  }
}

// ---- rendering -------------------------------------------------------------------------------

function privateLine(e: PrivateEvent): string {
  switch (e.type) {
    case 'dealt':
      return `You are dealt ${cardList(e.cards)}.`;
    case 'youLaid':
      return `You lay ${cardLabel(e.card)} face down at lair ${e.lair}.`;
    case 'drew':
      return `You draw ${cardLabel(e.card)}.`;
    case 'wizardPicked':
      return e.to === e.player
        ? `Your wizard picked ${cardLabel(e.card)} from ${e.target}'s hand; it was too strong, so ${e.target} keeps it.`
        : `${e.player}'s wizard picked your ${cardLabel(e.card)}; it was too strong, so you keep it.`;
  }
}

type Public = Exclude<DragonsLairEvent, { to: string }>;

/** The onlooker's line (or null) and the lines of the players who see it differently ('' = nothing). */
function publicLines(
  e: Public,
  now: number,
  viewOf: (name: string) => DragonsLairView,
): { room: string | null; own: Record<string, string> } {
  const secs = (deadline: number) => `${Math.max(0, Math.ceil((deadline - now) / 1000))} seconds`;
  switch (e.type) {
    case 'sat': {
      const view = viewOf(e.player);
      return { room: `${e.player} is player ${e.seat}. ${todoLine(view, now)}`, own: {} };
    }
    case 'stood':
      return { room: null, own: {} };
    case 'started':
      return {
        room:
          `Dragon's Lair begins with ${listNames(e.players)}: each antes ${obsidian(e.ante)}, and the bank holds ` +
          `${gameCoins(e.bank)}. At most ${e.rounds} turns. Four cards are dealt to each player.`,
        own: {},
      };
    case 'dragonLaid':
      return { room: `A dragon is laid face down at lair ${e.lair}.`, own: {} };
    case 'turnBegan':
      return { room: `Turn ${e.turn}: ${e.dealer} deals, and the first pass begins with ${e.dealer}.`, own: {} };
    case 'awaiting': {
      const view = viewOf(e.player);
      const hand = view.hand ? ` Your hand: ${cardList(view.hand)}.` : '';
      return {
        room: `It is ${e.player}'s turn to play a card or hold (pass ${e.pass} of 2).`,
        own: { [e.player]: `Your turn (pass ${e.pass} of 2, ${secs(e.deadline)}): play a card or hold.${hand}` },
      };
    }
    case 'held':
      return e.timedOut
        ? { room: `${e.player} took too long and holds.`, own: { [e.player]: 'You took too long, so you hold.' } }
        : { room: `${e.player} holds.`, own: { [e.player]: 'You hold.' } };
    case 'cardLaid':
      // The layer hears `youLaid`, which names the card.
      return { room: `${e.player} lays a card face down at lair ${e.lair}.`, own: { [e.player]: '' } };
    case 'wizardMission': {
      const result = e.killed
        ? `it picks ${cardLabel(e.killed)} and beats it: both are discarded.`
        : 'the card it picks is stronger, so only the wizard is discarded.';
      return {
        room: `${e.player} sends the wizard ${cardLabel(e.wizard)} against ${e.target}: ${result}`,
        own: {
          [e.player]: `You send the wizard ${cardLabel(e.wizard)} against ${e.target}: ${result}`,
          [e.target]: `${e.player} sends the wizard ${cardLabel(e.wizard)} against you: ${result.replace('it picks', 'it picks your')}`,
        },
      };
    }
    case 'leprechaun':
      return {
        room: `${e.player} plays the leprechaun ${cardLabel(e.card)} and takes ${gameCoins(e.paid)} from the bank (${formatCoins(e.bank)} left).`,
        own: { [e.player]: `You play the leprechaun ${cardLabel(e.card)} and take ${gameCoins(e.paid)} from the bank (${formatCoins(e.bank)} left).` },
      };
    case 'thief':
      return {
        room: `${e.player}'s thief ${cardLabel(e.card)} robs ${e.target} of ${gameCoins(e.stolen)}.`,
        own: {
          [e.player]: `Your thief ${cardLabel(e.card)} robs ${e.target} of ${gameCoins(e.stolen)}.`,
          [e.target]: `${e.player}'s thief ${cardLabel(e.card)} robs you of ${gameCoins(e.stolen)}.`,
        },
      };
    case 'lairRevealed':
      return { room: revealLine(e), own: {} };
    case 'negotiationOpened':
      return {
        room:
          `${listNames(e.contributors)} have ${secs(e.deadline)} to share lair ${e.lair}'s treasure of ` +
          `${gameCoins(e.treasure)}: one proposes (split ${e.contributors.map((c) => `${c} <n>`).join(' ')}), ` +
          'the others agree. No agreement in time, and nobody gets any.',
        own: {},
      };
    case 'proposed':
      return {
        room: `${e.player} proposes to share lair ${e.lair}'s treasure: ${shares(e.shares)}.`,
        own: { [e.player]: `You propose: ${shares(e.shares)}. The others type agree to accept.` },
      };
    case 'agreed': {
      const waiting = e.waitingFor.length ? ` Waiting for ${listNames(e.waitingFor)}.` : '';
      return { room: `${e.player} agrees.${waiting}`, own: { [e.player]: `You agree.${waiting}` } };
    }
    case 'proposalWithdrawn':
      return { room: `The proposal for lair ${e.lair} is void: ${e.because}. Propose again.`, own: {} };
    case 'treasureShared':
      return { room: `Agreed! Lair ${e.lair}'s treasure is shared: ${shares(e.shares)} (bank: ${formatCoins(e.bank)}).`, own: {} };
    case 'treasureTaken':
      return {
        room: `${e.player} alone takes lair ${e.lair}'s treasure: ${gameCoins(e.amount)} (bank: ${formatCoins(e.bank)}).`,
        own: { [e.player]: `You alone take lair ${e.lair}'s treasure: ${gameCoins(e.amount)} (bank: ${formatCoins(e.bank)}).` },
      };
    case 'treasureLost':
      return {
        room:
          e.reason === 'no-agreement'
            ? `Time is up without an agreement: nobody gets lair ${e.lair}'s ${gameCoins(e.treasure)}.`
            : `Every attacker of lair ${e.lair} has left: its treasure stays in the bank.`,
        own: {},
      };
    case 'levy':
      return { room: `Levy: ${shares(e.paid)} from the bank (bank: ${formatCoins(e.bank)}).`, own: {} };
    case 'reshuffled':
      return {
        room:
          e.pile === 'draw'
            ? `The discards are shuffled into the draw pile (${e.cards} cards).`
            : `The slain dragons are shuffled into a new dragon pile (${e.cards} cards).`,
        own: {},
      };
    case 'cardsDrawn':
      return { room: `${e.players.length ? `${listNames(e.players)} each draw a card` : 'Nobody draws'} (${e.drawPile} left in the draw pile).`, own: {} };
    case 'discardNeeded': {
      const own: Record<string, string> = {};
      for (const p of e.players) {
        const hand = viewOf(p.name).hand ?? [];
        own[p.name] =
          `You hold ${hand.length} cards: discard ${p.amount} within ${secs(e.deadline)} (discard <card>), ` +
          `or the lowest go. Your hand: ${cardList(hand)}.`;
      }
      return {
        room: `${e.players.map((p) => `${p.name} must discard ${p.amount}`).join(', ')} (${secs(e.deadline)}).`,
        own,
      };
    }
    case 'discarded':
      return {
        room: `${e.player} ${e.timedOut ? 'ran out of time and loses' : 'discards'} ${cardList(e.cards)}.`,
        own: { [e.player]: `You ${e.timedOut ? 'ran out of time and lose' : 'discard'} ${cardList(e.cards)}.` },
      };
    case 'left':
      return {
        room:
          `${e.player} has left the game; their hand is discarded (${cardList(e.discarded)}). ` +
          'Their game coins are still paid out at the end.',
        own: {},
      };
    case 'gameOver':
      return { room: gameOverLine(e.result), own: {} };
  }
}

function laidList(laid: readonly LaidCard[]): string {
  return laid.map((l) => `${l.by}'s ${cardLabel(l.card)}`).join(', ');
}

function revealLine(e: Extract<DragonsLairEvent, { type: 'lairRevealed' }>): string {
  const head = `Lair ${e.lair} is revealed: ${cardLabel(e.dragon)} against ${laidList(e.laid)} (${e.total}).`;
  const home = e.returned.length ? ` Back to their owners: ${cardList(e.returned.map((l) => l.card))}.` : '';
  const gone = e.discarded.length ? ` Discarded: ${cardList(e.discarded)}.` : '';
  switch (e.outcome) {
    case 'slain':
      return `${head} The dragon is slain! The treasure die shows ${e.roll}.${home}${gone}`;
    case 'repelled':
      return `${head} The dragon holds its lair and stays face up.${gone}`;
    case 'slain-by-wizards':
      return `${head} The wizards kill the dragon, but they cannot carry its treasure.${home}`;
    case 'wizards-repelled':
      return `${head} The dragon holds its lair and stays face up; the wizards retreat.${home}`;
  }
}

function gameOverLine(result: GameResult): string {
  const why = { rounds: 'the last turn is played', bank: 'the bank is empty', players: 'too few players are left' }[result.reason];
  const won = Object.entries(result.coins).map(([name, n]) => `${name} ${formatCoins(n)}`).join(', ');
  const paid = Object.entries(result.payouts).map(([name, n]) => `${name} receives ${obsidian(n)}`).join(', ');
  const bank = result.bankLeft ? ` The ${gameCoins(result.bankLeft)} left in the bank are shared evenly.` : '';
  return `The game of Dragon's Lair is over: ${why}. Game coins: ${won}.${bank} Settlement: ${paid}. Type start to play again.`;
}

function renderHand(view: DragonsLairView): string {
  if (!view.hand) return 'You are not playing at this table.';
  if (view.phase === 'seating' || view.phase === 'over') return 'You hold no cards: the game has not started (type start).';
  const me = view.players.find((p) => p.name === view.viewer);
  const cards = view.hand.length ? `Your hand: ${cardList(view.hand)}.` : 'Your hand is empty.';
  return `${cards} You have ${gameCoins(me?.coins ?? 0)}.`;
}

function renderLair(lair: LairView): string {
  const dragon = lair.dragon
    ? `${cardLabel(lair.dragon.card)} lies face up`
    : lair.faceDown
      ? 'a dragon lies face down'
      : 'no dragon';
  const laid = lair.cardsLaid
    ? `${lair.cardsLaid} card${lair.cardsLaid === 1 ? '' : 's'} face down beside it (${lair.laid.map((l) => `${l.by} ${l.count}`).join(', ')})`
    : 'no cards beside it';
  return `  Lair ${lair.lair}: ${dragon}; ${laid}.`;
}

function renderTable(view: DragonsLairView, now: number): string {
  if (view.phase === 'seating' || view.phase === 'over') {
    const lines: string[] = [];
    if (view.result) lines.push(`Last game: ${gameOverLine(view.result).replace(/ Type start to play again\.$/, '')}`);
    const seated = view.players.map((p) => p.name);
    lines.push(seated.length ? `Seated: ${listNames(seated)}.` : 'Nobody is seated.');
    lines.push(todoLine(view, now));
    return lines.join('\n');
  }
  const lines = [
    `Dragon's Lair, turn ${view.turn} of ${view.rounds}${view.pass ? `, pass ${view.pass} of 2` : ''}. ${view.dealer} deals.`,
    `The bank holds ${gameCoins(view.bank)}.`,
    ...view.lairs.map(renderLair),
    'Players, in the order of play (left is down the list):',
    ...view.players.map((p) => {
      const state = p.gone ? 'has left the game' : `${p.cards} card${p.cards === 1 ? '' : 's'}`;
      return `  ${p.seat}. ${p.name.padEnd(16)} ${state.padEnd(18)} ${gameCoins(p.coins)}${p.dealer ? '  (dealer)' : ''}`;
    }),
    `Draw pile: ${view.drawPile} cards. Dragon pile: ${view.dragonPile}. Discard pile: ${view.discardPile.length} cards` +
      `${view.discardPile.length ? `, the top one ${cardLabel(view.discardPile[view.discardPile.length - 1])}` : ''}.`,
  ];
  if (view.negotiation) {
    const n = view.negotiation;
    const offer = n.proposal ? `${n.proposer} proposes ${shares(n.proposal)}; agreed: ${listNames(n.accepted)}.` : 'No proposal yet.';
    lines.push(`Lair ${n.lair}'s treasure, ${gameCoins(n.treasure)}, is shared by ${listNames(n.contributors)}. ${offer}`);
  }
  if (view.hand) lines.push(renderHand(view));
  lines.push(todoLine(view, now));
  return lines.join('\n');
}

/** What the viewer should do now, or whom everyone waits for. */
function todoLine(view: DragonsLairView, now: number): string {
  const todo: Todo = view.todo;
  const left = (deadline: number) => `${Math.max(0, Math.ceil((deadline - now) / 1000))} seconds left`;
  switch (todo.kind) {
    case 'sit':
      return `${todo.free} seat${todo.free === 1 ? ' is' : 's are'} free: sit at the table to play; once 2 to 5 are seated, type start (ante ${view.ante} obsidian coins).`;
    case 'start':
      return `Any seated player may type start; each antes ${obsidian(view.ante)}.`;
    case 'wait-for-players':
      return `Waiting for ${todo.need} more player${todo.need === 1 ? '' : 's'} to sit down.`;
    case 'choose':
      return `It is your turn (pass ${todo.pass} of 2, ${left(todo.deadline)}): play a card or hold.`;
    case 'wait-for-choice':
      return `It is ${todo.player}'s turn to play a card or hold (pass ${todo.pass} of 2, ${left(todo.deadline)}).`;
    case 'negotiate':
      return todo.hasProposal
        ? `You attacked lair ${todo.lair}: agree to the proposal, or make your own with split (${left(todo.deadline)}).`
        : `You attacked lair ${todo.lair}: propose a split with split <name> <n> ... (${left(todo.deadline)}).`;
    case 'wait-for-agreement':
      return `Waiting for ${listNames(todo.waitingFor)} to agree on lair ${todo.lair}'s treasure (${left(todo.deadline)}).`;
    case 'discard':
      return `You must discard ${todo.count} card${todo.count === 1 ? '' : 's'} with discard <card> (${left(todo.deadline)}).`;
    case 'wait-for-discards':
      return `Waiting for ${listNames(todo.players)} to discard (${left(todo.deadline)}).`;
    case 'watch':
      return 'Every seat is taken; watch, or wait for a seat.';
  }
}
