import { formatCoins, looksLikeAmount } from '../../text/amount.js';
import type { GameCommand, GameDefinition, GameState, GameTable, HostWords, TableHost, TableNews } from '../api.js';
import { settle } from '../rules.js';
import { Deadline, secondsLeft } from '../deadline.js';
import { fitted, paint } from '../../text/markup.js';
import { betWords, parseBet } from './bets.js';
import { formatOddsHelp } from './odds.js';
import {
  apply,
  DEFAULT_PAYOUTS,
  DEFAULT_SETTINGS,
  gold,
  newTable,
  type LichBonesAction,
  type LichBonesSettings,
  type LichBonesState,
  type Payouts,
} from './rules.js';
import { betText, purseHint, tell } from './story.js';
import { duration } from '../deadline.js';
import { renderTable } from './look.js';
import { tableStateOf, viewFor } from './view.js';
import { TITLE } from './panel.js';

/** The table's settings: the world data's overrides on top of the defaults of docs/games.md. */
export function lichBonesSettings(raw: Record<string, unknown>): LichBonesSettings {
  const { payouts, ...rest } = raw as Partial<Omit<LichBonesSettings, 'payouts'>> & { payouts?: Partial<Payouts> };
  return { ...DEFAULT_SETTINGS, ...rest, payouts: { ...DEFAULT_PAYOUTS, ...payouts } };
}

/** How the hand-out cool-down is named in the host's record: one for every Lich Bones table. */
const HANDOUTS = 'lich-bones';

/** A whisper to the host's dealer as the host words it ("whisper dreaven hero 5000"), or null where the host carries none. */
function toDealer(words: HostWords): ((text: string) => string) | null {
  const whisper = words.whisper;
  return whisper ? (text) => whisper(words.dealer, text) : null;
}

/** One paragraph a line: the output path wraps them to the player's screen. */
function help(s: LichBonesSettings, words: HostWords): string {
  const whisper = toDealer(words);
  const examples = whisper
    ? [whisper(`hero ${s.minBet}`), whisper(`${s.minBet} lich`), `bet attack 4 ${s.minBet}`]
    : [`bet hero ${s.minBet}`, `bet ${s.minBet} lich`, `bet attack 4 ${s.minBet}`];
  return [
    `Lich Bones: craps at ${words.dealer}'s table, ${s.rounds} rounds a game, up to ${s.seats} players. A seated player types start (or the game starts ${s.autostartMs / 1000} seconds after the first player sits).`,
    `Everyone seated when a game starts gets ${words.money(s.handout)}, and again when it ends if seated from the first round to the last; the HERO gets ${words.money(s.heroBonus)} at every opening attack roll. The house pays a character these from one game in ${duration(s.handoutCooldownMs)}, at any Lich Bones table: the first game that pays them.`,
    `Each round opens with "place your bets": up to ${s.bettingMs / 1000} seconds to bet, then one throw. The HERO, chosen at random, throws with roll dice <table>; when time runs out, ${words.dealer} throws for them.`,
    'Opening attack roll: 7 or 11 is a critical hit, the HERO wins; 2, 3 or 12 and the LICH wins; any other number becomes the quest point. Then the point again before a 7 and the HERO wins; a 7 first and the LICH wins, and a new HERO is chosen at random.',
    `Bets (minimum ${formatCoins(s.minBet)}), ${whisper ? `whispered to ${words.dealer} or typed` : 'typed'} at the table, amount first or last:`,
    fitted(`  ${examples.join('    ')}`, examples.map((example) => `  ${example}`).join('\n')),
    `  hero (pass), lich (don't pass): 1:1 plus ${s.earlyBonusPercent}% before an opening roll; one side only.`,
    '  With a HERO or LICH bet on the table: cheer (odds, needs a quest point, capped at twice your bet), charge/feint/judgement/strike (hard 4/6/8/10), attack N (place N), and the one-roll bets beseech (field), inferno (horn), drain (craps), claw N (prop N).',
    `${whisper ? `${whisper('gold')} (or gold)` : 'gold'} shows your coins and your bets. Bets still on the table after round ${s.rounds} come back to you. help odds lists every payout and its expected return.`,
  ].join('\n');
}

export const lichBones: GameDefinition = {
  id: 'lich-bones',
  settings: DEFAULT_SETTINGS,
  title: TITLE,
  seats: (settings) => lichBonesSettings(settings).seats,
  reservedNames: ['hero', 'lich'],
  help: (settings, words) => help(lichBonesSettings(settings), words),
  topics: { odds: (settings) => formatOddsHelp(lichBonesSettings(settings)) },
  asides: {
    crowd: (settings, words) =>
      `At a ${TITLE} table with more than ${lichBonesSettings(settings).crowd} seated, ${words.dealer} tells each bet to its bettor alone, and after each throw everyone hears one line of who won and lost.`,
    whisper: (words) => (words.whisper ? `Bets for ${TITLE} can be whispered to ${words.dealer} (${words.whisper(words.dealer, 'hero 5000')}).` : ''),
  },
  create: (host) => new LichBonesTable(host),
};

type Reply = (text: string) => void;

/** Seats the players at Dreaven's table, feeds their bets and throws to the rules, and calls the game. */
class LichBonesTable implements GameTable {
  private state: LichBonesState;
  /** The rules' one deadline: the autostart while waiting, the end of a betting phase. */
  private readonly clock: Deadline;
  /** The word players use to name this table in `roll dice <word>`. */
  private readonly tableWord: string;
  readonly commands: GameCommand[];
  /** Dreaven calls every bet, so nothing is secret: Table.State is built once for a room of 200. */
  readonly sameForEveryone = true;

  constructor(private readonly host: TableHost) {
    this.state = newTable(lichBonesSettings(host.settings));
    const whisper = toDealer(host.words);
    this.clock = new Deadline(host);
    this.tableWord = host.label.replace(/^the\s+/i, '').replace(/\s+table$/i, '').split(/\s+/).pop() || 'table';
    this.commands = [
      {
        key: 'start',
        usage: 'start',
        group: 'Lich Bones',
        help: 'Start a game of Lich Bones now, without waiting for the 60 seconds.',
        run: (ctx) => this.act({ type: 'start', player: ctx.player }, ctx.reply),
      },
      {
        key: 'bet',
        usage: 'bet <kind> <amount>',
        group: 'Lich Bones',
        needsArgs: true,
        help: 'Place a bet, amount first or last: bet hero 5000, bet 5000 lich, bet attack 6 5,000.',
        run: (ctx, args) => this.placeBet(ctx.player, args, ctx.reply),
      },
      {
        // Each bet's own word is a verb here, as in a whisper: `hero 5000`, `don't pass 5000`.
        key: 'hero',
        aliases: betWords().filter((w) => w !== 'hero'),
        usage: '<bet> <amount>',
        group: 'Lich Bones',
        help: `Bet by naming the bet${whisper ? `, as you would whisper it to ${host.words.dealer}` : ''}: hero 5000, attack 6 5000, don't pass 5,000. Every bet word of help lich bones works.`,
        // Typed in full only, so `h` and `st` keep meaning help and stand; `cheer 5000` is a bet, `cheer Ana` the social.
        exactOnly: true,
        claims: (args) => args.split(/\s+/).some(looksLikeAmount),
        run: (ctx, args, word = 'hero') => this.placeBet(ctx.player, `${word} ${args}`, ctx.reply),
      },
      {
        key: 'gold',
        usage: 'gold',
        group: 'Lich Bones',
        help: `Show your coins and your bets on the table${whisper ? ` (${whisper('gold')} works too)` : ''}.`,
        forOnlookers: true,
        run: (ctx) => ctx.reply(this.goldText(ctx.player)),
      },
    ];
  }

  roll(name: string, reply: Reply): void {
    this.act({ type: 'roll', player: name }, reply);
  }

  whisper(name: string, text: string, reply: Reply): void {
    const answer = (t: string) => reply(`${this.host.words.dealer} whispers back: ${t}`);
    const words = text.trim().toLowerCase().replace(/\s+/g, ' ');
    if (words === 'gold' || words === 'coins') return reply(this.goldText(name));
    if (!this.host.seated().includes(name)) {
      return answer(`Take a seat first (sit ${this.tableWord}); then whisper me your bets.`);
    }
    this.placeBet(name, text, answer);
  }

  sitProblem(): string | null {
    return null;
  }

  onSit(name: string): void {
    this.act({ type: 'sit', player: name }, () => undefined);
    const hint = this.purseHint(name);
    if (hint) this.host.tell({ kind: 'to', player: name, text: hint });
  }

  onStand(name: string): void {
    this.act({ type: 'leave', player: name }, () => undefined);
  }

  describe(viewer: string): string {
    const table = renderTable(viewFor(this.state, viewer), this.host.clock.now(), this.tableWord, this.host.words);
    const hint = this.purseHint(viewer);
    return hint ? `${table}\n${hint}` : table;
  }

  tableState(viewer: string): GameState {
    return tableStateOf(viewFor(this.state, viewer), (name) => this.host.isConnected(name));
  }

  dispose(): void {
    this.clock.cancel();
  }

  private placeBet(name: string, text: string, refuse: Reply): void {
    const parsed = parseBet(text);
    if (!parsed.ok) return refuse(parsed.reason);
    // A purse below the minimum can place no bet at all: say how to come by one.
    const hint = this.purseHint(name);
    if (hint) return refuse(hint);
    this.act({ type: 'bet', player: name, bet: parsed.bet, amount: parsed.amount }, refuse);
  }

  /**
   * Applies one action: rules first, then the coins as one transaction, then the story, told to
   * everyone in the room in their own words. Nothing changes when either refuses. The clock is
   * set to the new state before the story, so that a fault in the telling cannot leave a
   * deadline with no timer behind it.
   */
  private act(action: LichBonesAction, refuse: Reply): void {
    const actor = 'player' in action ? action.player : null;
    const now = this.host.clock.now();
    const ctx = { random: this.host.random, now, handoutsOpened: (name: string) => this.host.handouts.last(name, HANDOUTS), money: this.host.words.money };
    const step = settle(this.host, apply(this.state, action, ctx), actor, refuse);
    if (!step) return;
    this.state = step.state;
    this.schedule();
    // A bet changes only the bettor's part of the table: a crowd's panels may catch up a moment later.
    const news: TableNews[] = [action.type === 'bet' ? { kind: 'state', by: action.player } : { kind: 'state' }];
    for (const e of step.events) {
      if (e.type === 'thrown') news.push({ kind: 'dice', dice: e.throw.dice });
      // Noted only once the coins have moved.
      if (e.type === 'handoutsOpened') this.host.handouts.note(e.player, HANDOUTS, now);
    }
    const story = tell(step.events, { state: this.state, tableWord: this.tableWord, now, timeLeft: (at) => this.timeLeft(at), words: this.host.words });
    for (const said of story) news.push('all' in said ? { kind: 'say', message: said.all } : { kind: 'to', player: said.to, text: said.text });
    this.host.tell(...news);
    if (step.events.some((e) => e.type === 'gameOver')) this.host.gameOver();
  }

  private schedule(): void {
    this.clock.set(
      this.state.deadline,
      () => this.warn(),
      () => this.act({ type: 'timeout' }, () => undefined),
    );
  }

  /** Ten seconds before the game starts by itself, or before Dreaven throws, the seated players hear it. */
  private warn(): void {
    const s = this.state;
    if (s.deadline === null) return;
    const left = `${this.timeLeft(s.deadline)} left`;
    const seated = new Set(s.seated);
    const hero = s.hero;
    const dealer = this.host.words.dealer;
    this.host.tell({
      kind: 'say',
      message: (v) => {
        if (v.viewer === null || !seated.has(v.viewer)) return null;
      if (s.phase === 'waiting') return paint('warning', `${dealer}: "${left} before the fight begins, unless someone seated types start first."`);
      if (v.is(hero)) return paint('warning', `${dealer}: "${left} to bet! Roll dice ${this.tableWord}, or I throw in your place."`);
        return paint('warning', `${dealer}: "${left} to bet! Then I throw for ${hero}."`);
      },
    });
  }

  /** "30 seconds", "1 second". */
  private timeLeft(deadline: number): string {
    return secondsLeft(deadline, this.host.clock.now());
  }

  private purseHint(name: string): string | null {
    return purseHint(this.state, name, this.host.balance(name), this.host.handouts.last(name, HANDOUTS), this.host.clock.now(), this.host.words);
  }

  private goldText(name: string): string {
    const { bets, onTable } = gold(this.state, name);
    const money = this.host.words.money;
    const purse = `You have ${money(this.host.balance(name))}.`;
    if (bets.length === 0) return `${purse} You have no bets on ${this.host.label}.`;
    return `${purse} Your bets on ${this.host.label}: ${bets.map(betText).join(', ')} (${money(onTable)} in all).`;
  }
}
