import type { Timer } from '../../rooms/clock.js';
import { formatCoins } from '../../rooms/amount.js';
import { settle, type GameCommand, type GameDefinition, type GameTable, type TableHost } from '../table.js';
import { listNames } from '../rules.js';
import { parseBet } from './bets.js';
import { formatOddsHelp } from './odds.js';
import {
  apply,
  betLabel,
  DEFAULT_PAYOUTS,
  DEFAULT_SETTINGS,
  gold,
  newTable,
  type LichBonesAction,
  type LichBonesEvent,
  type LichBonesSettings,
  type LichBonesState,
  type OutcomeKind,
  type Payouts,
  type PlacedBet,
  type Settlement,
  type Throw,
} from './rules.js';

const DEALER = 'Dreaven';

const coins = (n: number) => `${formatCoins(n)} obsidian coin${n === 1 ? '' : 's'}`;

/** " Dreaven hands 20,000 obsidian coins to Ana." / "... to each of Ana and Bob." */
function handsOut(players: readonly string[], handout: number): string {
  if (!players.length) return '';
  return ` ${DEALER} hands ${coins(handout)} to ${players.length === 1 ? '' : 'each of '}${listNames(players)}.`;
}

/** The table's settings: the world data's overrides on top of the RULINGS.md defaults. */
export function lichBonesSettings(raw: Record<string, unknown>): LichBonesSettings {
  const { payouts, ...rest } = raw as Partial<Omit<LichBonesSettings, 'payouts'>> & { payouts?: Partial<Payouts> };
  return { ...DEFAULT_SETTINGS, ...rest, payouts: { ...DEFAULT_PAYOUTS, ...payouts } };
}

const help = (s: LichBonesSettings) => `Lich Bones: craps at Dreaven's table, ${s.rounds} rounds a game, any number of players.
A seated player types start (or the game starts ${s.autostartMs / 1000} seconds after the first player sits).
Everyone seated gets ${coins(s.handout)} when the game starts and again when it ends.
Each round opens with "place your bets": up to ${s.bettingMs / 1000} seconds to bet, then one throw. The HERO,
chosen at random, throws with roll dice bones; when time runs out, Dreaven throws for them.
The HERO gets ${coins(s.heroBonus)} at every opening attack roll.
Opening attack roll: 7 or 11 is a critical hit, the HERO wins; 2, 3 or 12 and the LICH wins;
any other number becomes the quest point. Then the point again before a 7 and the HERO wins;
a 7 first and the LICH wins, and a new HERO is chosen at random.
Bets (minimum ${formatCoins(s.minBet)}), whispered to Dreaven or typed at the table, amount first or last:
  whisper dreaven hero ${s.minBet}    whisper dreaven ${s.minBet} lich    bet attack 4 ${s.minBet}
  hero (pass), lich (don't pass): 1:1 plus ${s.earlyBonusPercent}% before an opening roll; one side only.
  With a HERO or LICH bet on the table: cheer (odds, needs a quest point, capped at twice
  your bet), charge/feint/judgement/strike (hard 4/6/8/10), attack N (place N),
  and the one-roll bets beseech (field), inferno (horn), drain (craps), claw N (prop N).
whisper dreaven gold (or gold) shows your coins and your bets. Bets still on the table
after round ${s.rounds} come back to you. help odds lists every payout and its expected return.`;

export const lichBones: GameDefinition = {
  id: 'lich-bones',
  settings: DEFAULT_SETTINGS,
  title: 'Lich Bones',
  maxSeats: 12,
  help: (settings) => help(lichBonesSettings(settings)),
  topics: { odds: (settings) => formatOddsHelp(lichBonesSettings(settings)) },
  create: (host) => new LichBonesTable(host),
};

type Reply = (text: string) => void;

/** Seats the players at Dreaven's table, feeds their bets and throws to the rules, and calls the game. */
class LichBonesTable implements GameTable {
  private state: LichBonesState;
  private timer: Timer | null = null;
  /** The word players use to name this table in `roll dice <word>`. */
  private readonly tableWord: string;
  readonly commands: GameCommand[];

  constructor(private readonly host: TableHost) {
    this.state = newTable(lichBonesSettings(host.settings));
    this.tableWord = host.label.replace(/^the\s+/i, '').replace(/\s+table$/i, '').split(/\s+/).pop() || 'table';
    this.commands = [
      {
        key: 'start',
        usage: 'start',
        group: 'Lich Bones',
        help: 'Start a game of Lich Bones now, without waiting for the 60 seconds.',
        run: (ctx) => void this.act({ type: 'start', player: ctx.player }, ctx.reply),
      },
      {
        key: 'bet',
        usage: 'bet <kind> <amount>',
        group: 'Lich Bones',
        needsArgs: true,
        help: 'Place a bet, amount first or last: bet hero 5000, bet 5000 lich, bet attack 6 5,000.',
        run: (ctx, args) => this.placeBet(ctx.player, args, ctx.reply, ctx.reply),
      },
      {
        key: 'gold',
        usage: 'gold',
        group: 'Lich Bones',
        help: 'Show your coins and your bets on the table (whisper dreaven gold works too).',
        forOnlookers: true,
        run: (ctx) => ctx.reply(this.goldText(ctx.player)),
      },
    ];
  }

  roll(name: string, reply: Reply): void {
    this.act({ type: 'roll', player: name }, reply);
  }

  whisper(name: string, text: string, reply: Reply): void {
    const answer = (t: string) => reply(`${DEALER} whispers back: ${t}`);
    const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (words === 'gold' || words === 'coins') return reply(this.goldText(name));
    if (!this.host.seated().includes(name)) {
      return answer(`Take a seat first (sit ${this.tableWord}); then whisper me your bets.`);
    }
    this.placeBet(name, text, reply, answer);
  }

  sitProblem(): string | null {
    return null;
  }

  onSit(name: string): void {
    this.act({ type: 'sit', player: name }, () => undefined);
  }

  onStand(name: string): void {
    this.act({ type: 'leave', player: name }, () => undefined);
  }

  describe(viewer: string): string {
    const s = this.state;
    const lines: string[] = [];
    const seated = s.seated.length ? `Seated: ${s.seated.join(', ')}.` : 'Nobody is seated.';
    if (s.phase === 'waiting') {
      lines.push(`${DEALER} shuffles the bones, waiting for a game. ${seated}`);
      lines.push(
        s.deadline !== null
          ? `The game begins in ${this.timeLeft(s.deadline)}, or as soon as a seated player types start.`
          : s.seated.length
            ? 'A seated player can type start to begin a game.'
            : `Sit down (sit ${this.tableWord}) and type start to play.`,
      );
    } else {
      const next = s.point === null ? 'next throw: the opening attack roll' : `quest point: ${s.point}`;
      lines.push(`Lich Bones, round ${s.round} of ${s.settings.rounds}. HERO: ${s.hero}; ${next}.`);
      lines.push(`Betting closes in ${this.timeLeft(s.deadline ?? 0)}. ${seated}`);
    }
    if (s.lastThrow) lines.push(`Last throw: ${throwText(s.lastThrow)}.`);
    const owners = [...new Set(s.bets.map((b) => b.owner))];
    if (owners.length) {
      lines.push('Bets on the table:');
      for (const owner of owners) {
        const own = s.bets.filter((b) => b.owner === owner).map(betText);
        lines.push(`  ${owner === viewer ? 'You' : owner}: ${own.join(', ')}`);
      }
    } else if (s.phase === 'betting') {
      lines.push('No bets are on the table yet.');
    }
    return lines.join('\n');
  }

  dispose(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  private placeBet(name: string, text: string, reply: Reply, refuse: Reply): void {
    const parsed = parseBet(text);
    if (!parsed.ok) return refuse(parsed.reason);
    this.act({ type: 'bet', player: name, bet: parsed.bet, amount: parsed.amount }, refuse, reply);
  }

  /**
   * Applies one action: rules first, then the coins as one transaction, then the story.
   * Nothing changes when either refuses. `reply` gets the actor's own form of what happened.
   */
  private act(action: LichBonesAction, refuse: Reply, reply: Reply = refuse): boolean {
    const actor = 'player' in action ? action.player : null;
    const step = settle(this.host, apply(this.state, action, { random: this.host.random, now: this.host.clock.now() }), actor, refuse);
    if (!step) return false;
    this.state = step.state;
    for (const e of step.events) this.narrate(e, actor, reply);
    this.schedule();
    return true;
  }

  /** One timer for the rules' deadline: the autostart while waiting, the end of a betting phase. */
  private schedule(): void {
    this.timer?.cancel();
    this.timer = null;
    const deadline = this.state.deadline;
    if (deadline === null) return;
    this.timer = this.host.setTimer(Math.max(0, deadline - this.host.clock.now()), () => {
      this.timer = null;
      this.act({ type: 'timeout' }, () => undefined);
    });
  }

  /** "30 seconds", "1 second". */
  private timeLeft(deadline: number): string {
    const n = Math.max(0, Math.ceil((deadline - this.host.clock.now()) / 1000));
    return `${n} second${n === 1 ? '' : 's'}`;
  }

  private goldText(name: string): string {
    const { bets, onTable } = gold(this.state, name);
    const purse = `You have ${coins(this.host.balance(name))}.`;
    if (bets.length === 0) return `${purse} You have no bets on ${this.host.label}.`;
    return `${purse} Your bets on ${this.host.label}: ${bets.map(betText).join(', ')} (${coins(onTable)} in all).`;
  }

  /** Tells the actor their own form (when they are the one acting) and everyone else the room form. */
  private tell(actor: string | null, who: string, yours: string, theirs: string, reply: Reply): void {
    if (actor === who) {
      reply(yours);
      this.host.toRoom(theirs, [who]);
    } else {
      this.host.toRoom(theirs);
    }
  }

  private narrate(e: LichBonesEvent, actor: string | null, reply: Reply): void {
    const say = (text: string) => this.host.toRoom(text);
    const s = this.state;
    switch (e.type) {
      case 'seated':
        if (e.autostartAt !== null) {
          say(`${DEALER} nods to ${e.player}: "Lich Bones begins in ${this.timeLeft(e.autostartAt)}, or as soon as someone seated types start."`);
        } else if (s.phase === 'betting') {
          say(`${DEALER} makes room for ${e.player}: "Join the fight! It is round ${s.round} of ${s.settings.rounds}; place your bets with me."`);
        }
        break;
      case 'left':
        if (gold(s, e.player).bets.length) say(`${e.player}'s bets stay on the table; ${DEALER} will settle them as usual.`);
        break;
      case 'started':
        say(
          `${DEALER} raps the table: "A new fight against the LICH begins: ${s.settings.rounds} rounds of Lich Bones!"` +
            handsOut(e.players, e.handout),
        );
        break;
      case 'heroChosen': {
        const lead =
          e.why === 'start'
            ? `${DEALER}'s finger sweeps the table and stops.`
            : e.why === 'seven-out'
              ? `${DEALER} calls for a new champion.`
              : `The HERO has fled the fight! ${DEALER} calls for a new champion.`;
        say(`${lead} ${e.hero} is the HERO!`);
        break;
      }
      case 'bettingOpened': {
        const stage = e.point === null ? 'the opening attack roll' : `quest point ${e.point}`;
        say(
          `Round ${e.round} of ${e.rounds}, ${stage}: place your bets! ` +
            `${s.hero ?? 'The HERO'} throws with roll dice ${this.tableWord}, or ${DEALER} throws in ${this.timeLeft(e.deadline)}.`,
        );
        break;
      }
      case 'betPlaced': {
        const b = e.bet;
        const cut = e.asked !== b.amount ? ` (capped at twice your ${b.side?.toUpperCase()} bet; you asked for ${formatCoins(e.asked)})` : '';
        this.tell(
          actor,
          b.owner,
          `${DEALER} takes your ${coins(b.amount)} on ${betLabel(b)}${cut}.`,
          `${DEALER} chalks up ${coins(b.amount)} from ${b.owner} on ${betLabel(b)}.`,
          reply,
        );
        break;
      }
      case 'thrown': {
        const t = e.throw;
        this.host.showDice(t.dice);
        const what = e.opening ? 'the opening attack roll' : `for the quest point ${e.point}`;
        const dice = `${t.dice[0]} and ${t.dice[1]} (${t.total})`;
        if (t.by === 'dreaven') {
          say(`Time! Betting is closed. ${DEALER} throws ${what} for ${t.hero}, the HERO: ${dice}.`);
        } else {
          this.tell(actor, t.hero, `You throw ${what}: ${dice}.`, `${t.hero}, the HERO, throws ${what}: ${dice}.`, reply);
        }
        break;
      }
      case 'bonus':
        say(`${DEALER} tosses ${e.hero}, the HERO, a bonus of ${coins(e.amount)} for the opening attack roll.`);
        break;
      case 'outcome':
        say(outcomeText(e.kind, e.total, e.point));
        break;
      case 'settled':
        say(settlementText(e.bet, e.result, e.returned, e.winnings, e.lost));
        break;
      case 'gameOver':
        if (e.why === 'table-empty') {
          say(`The table is empty, so ${DEALER} ends the game: every bet goes back to its owner.`);
        } else {
          say(
            `The last round is fought: the LICH retreats to its crypt and Lich Bones is over.` +
              handsOut(e.players, e.handout) +
              ' Type start to play again.',
          );
        }
        break;
    }
  }
}

function throwText(t: Throw): string {
  const by = t.by === 'dreaven' ? `${DEALER} threw for ${t.hero}` : `${t.hero} threw`;
  return `${by} ${t.dice[0]} and ${t.dice[1]} (${t.total})`;
}

/** "5,000 on HERO (1:1 +10%)". */
function betText(b: PlacedBet): string {
  const rate = b.locked ? ` (${b.locked.ratio.win}:${b.locked.ratio.per}${b.locked.bonusPercent ? ` +${b.locked.bonusPercent}%` : ''})` : '';
  return `${formatCoins(b.amount)} on ${betLabel(b)}${rate}`;
}

/** Dreaven calls each throw in the game's own voice. */
function outcomeText(kind: OutcomeKind, total: number, point: number | null): string {
  switch (kind) {
    case 'critical-hit':
      return `${DEALER} roars: "${total}! A critical hit! The HERO's blade shatters the LICH's crown. The HERO wins!"`;
    case 'craps':
      return `${DEALER} hisses: "${total}! The LICH strikes first, a critical hit on the HERO. The LICH wins!"`;
    case 'point-set':
      return `${DEALER} chalks the mark: "The quest point is ${point}! The HERO must roll ${point} again before the LICH's 7."`;
    case 'point-made':
      return `${DEALER} roars: "${point} again! The HERO completes the quest and the LICH crumbles to dust. The HERO wins!"`;
    case 'seven-out':
      return `${DEALER} hisses: "Seven! The LICH's bony claws tear through the HERO's guard. The LICH wins!"`;
    case 'no-decision':
      return `${DEALER}: "${total}. Blows glance off bone; the fight goes on. The quest point is still ${point}."`;
  }
}

function settlementText(bet: PlacedBet, result: Settlement, returned: number, winnings: number, lost: number): string {
  const whose = `${bet.owner}'s ${betLabel(bet)}`;
  switch (result) {
    case 'won':
      return lost > 0
        ? `${DEALER} pays ${whose}: ${coins(winnings)} won and ${coins(returned)} of the stake back; the other ${coins(lost)} lost.`
        : `${DEALER} pays ${whose}: ${coins(winnings)} won and the ${coins(returned)} stake back.`;
    case 'lost':
      return `${DEALER} sweeps away ${whose}: ${coins(lost)} lost.`;
    case 'inactive':
      return `${whose} is off on the opening roll; it stays on the table.`;
    case 'carried':
      return `${whose} carries over to the next quest.`;
    case 'returned':
      return `${DEALER} returns ${whose}: ${coins(returned)} back.`;
  }
}
