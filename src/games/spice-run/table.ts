import { parseAmount } from '../../text/amount.js';
import type { GameCommand, GameDefinition, GameState, GameTable, TableHost, TableNews } from '../api.js';
import { settle } from '../rules.js';
import {
  apply,
  defaultSettings,
  setup,
  VARIANTS,
  type SpiceRunAction,
  type SpiceRunSettings,
  type SpiceRunState,
} from './rules.js';
import { lapseText, nextStep } from './prompts.js';
import { eventMessage } from './story.js';
import { renderTable } from './look.js';
import { tableStateOf, viewFor, type SpiceRunView } from './view.js';
import { TITLE } from './panel.js';
import { Deadline, duration, secondsLeft } from '../deadline.js';
import { hanging, paint } from '../../text/markup.js';

/** One paragraph a line: the output path wraps them to the player's screen. */
const help = (settings: SpiceRunSettings) =>
  [
    'Spice Run: two players wager on a sand grid of nine squares, numbered 3 to 11. The first to sit is Player 1, the second Player 2; the game begins when both seats are taken.',
    'Placement: on your turn, roll dice <table>; a 2 or 12 means roll again; on 3-11, bet <amount> puts coins on that square. Four wagers go down, turns alternating.',
    'Play: roll dice <table>. A 2 gives the whole board to Player 2 at once, a 12 to Player 1, whoever threw, and the game ends; on 3-11, play takes every wager on that square (possibly nothing). The game ends when the board is empty.',
    'Variants (Player 1 chooses before the first wager with variant <name>):',
    hanging('  all-or-none', 'on 3-11 you bet on the square instead of playing; only 2 and 12 end the game.', 17),
    hanging('  take-and-give', 'on 3-11 you play (take the square) and then bet on it again.', 17),
    'withdraw ends the game and returns every wager on the board to its owner, except while a throw waits to be played: the dice have spoken. Leaving the table withdraws too, once a waiting throw is applied.',
    `A turn lapses after ${minutes(settings.turnMs)}: a waiting 3-11 is played for the roller (in all-or-none its bet is skipped); with no throw waiting, the game is withdrawn.`,
  ].join('\n');

function minutes(ms: number): string {
  const m = ms / 60_000;
  return Number.isInteger(m) ? `${m} minute${m === 1 ? '' : 's'}` : `${Math.round(ms / 1000)} seconds`;
}

const spiceRunSettings = (raw: Record<string, unknown>): SpiceRunSettings => ({ ...defaultSettings, ...(raw as Partial<SpiceRunSettings>) });

export const spiceRun: GameDefinition = {
  id: 'spice-run',
  settings: defaultSettings,
  title: TITLE,
  seats: () => 2,
  help: (settings) => help(spiceRunSettings(settings)),
  create: (host) => new SpiceRunTable(host),
};

/** Seats two players, feeds their verbs to the rules, and narrates what the rules say happened. */
class SpiceRunTable implements GameTable {
  private state: SpiceRunState | null = null;
  /** The turn clock: the player on turn is warned, then the game is withdrawn for them. */
  private readonly turnClock: Deadline;
  private readonly settings: SpiceRunSettings;
  readonly commands: GameCommand[];
  /** Nothing at Spice Run is secret: Table.State is built once for the whole room. */
  readonly sameForEveryone = true;

  constructor(private readonly host: TableHost) {
    this.settings = spiceRunSettings(host.settings);
    this.turnClock = new Deadline(host);
    this.commands = [
      {
        key: 'bet',
        usage: 'bet <amount>',
        group: 'Spice Run',
        needsArgs: true,
        help: 'Put coins on the square of your roll: bet 50, bet 1,000.',
        run: (ctx, args) => {
          const amount = parseAmount(args);
          if (!amount.ok) return ctx.reply(amount.reason);
          this.act({ type: 'bet', player: ctx.player, amount: amount.value }, ctx.reply);
        },
      },
      {
        key: 'play',
        usage: 'play',
        group: 'Spice Run',
        help: 'Apply your roll: take the square you rolled, or the whole board on a 2 or 12.',
        run: (ctx) => this.act({ type: 'play', player: ctx.player }, ctx.reply),
      },
      {
        key: 'withdraw',
        usage: 'withdraw',
        group: 'Spice Run',
        help: 'End the game now; every wager on the board goes back to whoever placed it. Not while a throw waits to be played.',
        run: (ctx) => this.act({ type: 'withdraw', player: ctx.player, cause: 'asked' }, ctx.reply),
      },
      {
        key: 'variant',
        usage: 'variant standard | all-or-none | take-and-give',
        group: 'Spice Run',
        needsArgs: true,
        help: 'Player 1 chooses the variant before the first wager.',
        run: (ctx, args) => {
          const wanted = args.trim().toLowerCase().replace(/\s+/g, '-');
          const variant = VARIANTS.find((v) => v === wanted || v.replace(/-/g, '') === wanted.replace(/-/g, ''));
          if (!variant) return ctx.reply('Choose a variant: standard, all-or-none or take-and-give.');
          this.act({ type: 'variant', player: ctx.player, variant }, ctx.reply);
        },
      },
    ];
  }

  roll(name: string, reply: (text: string) => void): void {
    this.act({ type: 'roll', player: name }, reply);
  }

  sitProblem(): string | null {
    return this.state ? 'A game of Spice Run is under way here; watch, or wait for it to end.' : null;
  }

  onSit(name: string): void {
    const seated = this.host.seated();
    if (seated.length < 2) {
      this.host.tell({ kind: 'state' }, { kind: 'say', message: (v) => `${v.does(name, 'wait')} at ${this.host.label} for someone to play Spice Run against.` });
      return;
    }
    const players: [string, string] = [seated[0], seated[1]];
    const state = setup(players, this.settings, this.host.clock.now());
    this.state = state;
    this.scheduleTurnTimer();
    this.host.tell(
      { kind: 'state' },
      {
        kind: 'say',
        message: (v) =>
          `A game of Spice Run begins: ${v.name(players[0])} ${v.verb(players[0], 'are', 'is')} Player 1, ` +
          `${v.name(players[1])} ${v.verb(players[1], 'are', 'is')} Player 2. ` +
          `${v.Name(players[0])} may choose a variant (variant standard|all-or-none|take-and-give) before the first wager. ` +
          `${nextStep(state, v.viewer ?? undefined)}`,
      },
    );
  }

  onStand(name: string): void {
    if (!this.state || !this.state.players.includes(name)) {
      return;
    }
    // Standing up is leaving too: a waiting throw is applied before the game is withdrawn.
    this.act({ type: 'withdraw', player: name, cause: 'left' }, () => undefined);
  }

  onAway(name: string, keptMs: number): void {
    if (this.state) this.host.tell({ kind: 'say', message: () => `${name} has lost the thread; their seat is kept for ${duration(keptMs)}.` });
  }

  describe(viewer: string): string {
    return renderTable(this.view(viewer), this.host.clock.now(), this.host.words);
  }

  tableState(viewer: string): GameState {
    return tableStateOf(this.view(viewer), (name) => this.host.isConnected(name));
  }

  private view(viewer: string): SpiceRunView {
    return viewFor(this.state, this.host.seated(), viewer);
  }

  dispose(): void {
    this.turnClock.cancel();
  }

  /**
   * Applies one action: rules first, then the coins, then the story; nothing if any refuses. The
   * turn's timer is set to the new state before the story, so that a fault in the telling cannot
   * leave a deadline with no timer behind it.
   */
  private act(action: SpiceRunAction, reply: (text: string) => void): void {
    if (!this.state) {
      reply(this.host.seated().length < 2 ? 'There is no game yet: Spice Run needs two seated players.' : 'There is no game here.');
      return;
    }
    const step = apply(this.state, action, { random: this.host.random, now: this.host.clock.now() }, this.settings);
    const r = settle(this.host, step, 'player' in action ? action.player : null, reply);
    if (!r) return;
    this.state = r.state;
    if (this.state.phase === 'over') this.turnClock.cancel();
    else this.scheduleTurnTimer();
    const state = this.state;
    const news: TableNews[] = [{ kind: 'state' }];
    for (const e of r.events) {
      if (e.type === 'rolled') news.push({ kind: 'dice', dice: e.dice });
      news.push({ kind: 'say', message: eventMessage(e, this.host.words) });
    }
    // A broke bettor skips at once, and the skip tells what comes next: nobody is asked for a bet first.
    const broke = state.phase !== 'over' && this.mustSkip(state);
    if (state.phase !== 'over' && !broke) news.push({ kind: 'say', message: (v) => nextStep(state, v.viewer ?? undefined) });
    this.host.tell(...news);
    if (state.phase === 'over') this.finish();
    else if (broke) this.act({ type: 'skip', player: state.players[state.turn] }, () => undefined);
  }

  /** A player who must bet with no coins left skips the bet (docs/games.md, Spice Run). */
  private mustSkip(s: SpiceRunState): boolean {
    return (s.awaiting === 'bet' || s.awaiting === 'bet-again') && this.host.balance(s.players[s.turn]) === 0;
  }

  private scheduleTurnTimer(): void {
    const s = this.state;
    this.turnClock.set(
      s ? s.deadline : null,
      () => this.warn(),
      () => this.act({ type: 'timeout' }, () => undefined),
    );
  }

  /** Ten seconds before the turn lapses, the player on turn hears it. */
  private warn(): void {
    const s = this.state;
    if (!s) return;
    const name = s.players[s.turn];
    this.host.tell({
      kind: 'to',
      player: name,
      text: `${paint('warning', `${secondsLeft(s.deadline, this.host.clock.now())} left for your turn, or ${lapseText(s, name)}.`)} ${nextStep(s, name)}`,
    });
  }

  /** The game is over: the seats are freed for the next pair. */
  private finish(): void {
    this.turnClock.cancel();
    const players = this.state!.players;
    this.state = null;
    for (const p of players) this.host.unseat(p, 'The game is over; you get up from the sand.');
    this.host.tell({ kind: 'say', message: () => 'The sand grid is free again for the next two players.' });
    this.host.gameOver();
  }
}
