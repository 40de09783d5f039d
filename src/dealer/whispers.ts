import type { GameCommand, GameDefinition } from '../games/api.js';
import { drawsExplained } from '../games/fair-text.js';
import { inQuotes, shortened, typed } from '../games/typed.js';
import { looksLikeAmount, parseAmount } from '../text/amount.js';
import { splitCommand } from '../text/command-line.js';
import { CommandSet, type Command } from '../text/command-set.js';
import type { Via } from './profile.js';
import type { PurseKeeper } from './purse.js';
import type { DealerTable } from './table.js';
import type { Who } from './trust.js';

/**
 * What a player whispers (or pages, or tells) to the dealer, run as the tavern runs a line typed
 * at a table: the host's verbs (sit, stand, roll, gold, table, dice, fair, help) and the game's
 * own declared verbs (GameTable.commands, found by word, alias or prefix exactly as the tavern
 * finds them, src/text/command-set.ts), so every verb and bet form of the tavern's table works
 * whispered, and no second parser of bets exists. Every line gets an answer, to its sender alone.
 *
 * Only a whisper proves its sender is in the dealer's room (the house rulings): from a page or a
 * tell the dealer answers questions (gold, table, dice, fair, hand, help) and nothing else.
 */

export interface Asked {
  who: Who;
  via: Via;
  /** Answers the player alone. */
  reply(text: string): void;
}

type Verb = Command<Asked>;

/** What may be asked from anywhere: it changes nothing. */
const QUESTIONS = new Set(['gold', 'table', 'dice', 'fair', 'help', 'hand']);

/** Verbs of purse mode alone: on its own books, the dealer says so rather than "no bet". */
const PURSE_ONLY = new Set(['cashout', 'claim']);

/** How the dealer talks in its MUD, for its own answers. */
export interface DealerTalk {
  /** `help`'s line on how to whisper, for this MUD: `whisper Croupier=<what you would type at the table>`. */
  howTo: string;
  /** Purse mode: how a player pays the dealer in, for the room at the start and for `help`. */
  payIn?: string;
  /** The room the dealer deals in, as players find it (for pages from elsewhere). */
  where(): string;
}

export class Whispers {
  private readonly host: CommandSet<Asked>;
  private readonly verbs: CommandSet<Asked>;

  constructor(
    private readonly table: DealerTable,
    private readonly definition: GameDefinition,
    readonly talk: DealerTalk,
    /** Purse mode: the MUD's own coins, paid out with `cashout` and held money asked for with `claim`. */
    private readonly purse: PurseKeeper | null = null,
  ) {
    this.host = new CommandSet(this.hostVerbs());
    const game = table.game.commands;
    this.verbs = new CommandSet(game.map((c) => this.gameVerb(c)));
  }

  /** One line from a player. */
  run(asked: Asked, text: string): void {
    const { word, args } = splitCommand(text.trim().replace(/\s+/g, ' '));
    const w = word.toLowerCase();
    if (!w) return asked.reply(`Whisper me what you would type at ${this.table.label}; help lists it.`);
    const seated = !!this.table.seatOf(asked.who.id);
    // A host verb typed in full is the host's, unless the game's verb of that word claims the line (`cheer 5000`).
    const exact = this.host.exactly(w);
    const claimed = exact && this.verbs.exactly(w)?.claims?.(args);
    let verb: Verb | undefined = exact && !claimed ? exact : undefined;
    if (!verb) {
      const mine = this.verbs.find(w, (c) => seated || c.forOnlookers === true);
      if ('ambiguous' in mine) return asked.reply(`By ${inQuotes(this.table.words, shortened(word))} you could mean ${mine.ambiguous.join(', ')}: whisper more of it.`);
      if ('found' in mine) verb = mine.found;
    }
    if (!verb && looksLikeAmount(w) && this.verbs.exactly('bet')) return this.run(asked, `bet ${text}`);
    if (!verb) {
      const host = this.host.find(w);
      if ('found' in host) verb = host.found;
    }
    // A line that is no verb goes to the game's own dealer, where it has one (Lich Bones' bets in every form).
    if (!verb && !this.purse && PURSE_ONLY.has(w)) return asked.reply(`${w} is for a dealer of the MUD's own coins; I deal for gold on my books alone (${typed(this.table.words, 'gold')}).`);
    if (!verb && seated && this.table.game.whisper?.(this.table.nameFor(asked.who), text, asked.reply)) return;
    if (!verb) {
      if ('found' in this.verbs.find(w)) return asked.reply(`Take a seat first (${typed(this.table.words, 'sit')}): ${inQuotes(this.table.words, shortened(word))} is played at ${this.table.label}.`);
      return asked.reply(`I do not know ${inQuotes(this.table.words, shortened(word))}. What I take: ${typed(this.table.words, 'help')}.`);
    }
    if (asked.via !== 'whisper' && !QUESTIONS.has(verb.key)) {
      return asked.reply(`Only in the room where I deal (${this.talk.where()}) can you ${verb.key}: come and whisper it. From afar I answer gold, table, dice, fair, hand and help.`);
    }
    if (verb.needsArgs && !args) return asked.reply(`Usage: ${typed(this.table.words, verb.usage)}`);
    void verb.run(asked, args, w);
  }

  /** The dealer's own verbs: seats, the throw, and what anyone may ask. */
  private hostVerbs(): Verb[] {
    const t = this.table;
    const name = (a: Asked) => t.nameFor(a.who);
    return [
      {
        key: 'sit',
        usage: 'sit',
        group: 'Tables',
        help: `Take a seat at ${t.label}.`,
        run: (a) => {
          // The room hears it in the player's name, and the player the dealer's "Done" (dealer.ts).
          const problem = t.sit(a.who);
          if (problem) a.reply(problem);
        },
      },
      {
        key: 'stand',
        usage: 'stand',
        group: 'Tables',
        help: `Get up from ${t.label}.`,
        run: (a) => {
          if (!t.seatOf(a.who.id)) return a.reply(`You are not seated at ${t.label}.`);
          t.stand(a.who.id, 'stand');
        },
      },
      {
        key: 'roll',
        usage: 'roll',
        group: 'Tables',
        help: 'Throw the dice, when the throw is yours.',
        run: (a) => {
          if (!t.game.roll) return a.reply(`Nobody throws dice at ${t.label}.`);
          if (!t.seatOf(a.who.id)) return a.reply(`You are not seated at ${t.label}.`);
          t.game.roll(name(a), a.reply);
        },
      },
      {
        key: 'gold',
        aliases: ['coins', 'balance'],
        usage: 'gold',
        group: 'Tables',
        help: 'Your gold on my books (and your bets, where the game has them).',
        run: (a) => {
          const own = this.verbs.exactly('gold');
          if (own) return void own.run(a, '', 'gold');
          const staked = t.staked(a.who);
          a.reply(`You have ${t.words.money(t.balance(name(a)))} on my books${staked ? `, and ${t.words.money(staked)} on ${t.label}` : ''}.`);
        },
      },
      {
        key: 'table',
        aliases: ['look'],
        usage: 'table',
        group: 'Tables',
        help: 'The table, as you see it.',
        run: (a) => a.reply(t.game.describe(name(a))),
      },
      {
        key: 'dice',
        usage: 'dice',
        group: 'Tables',
        help: 'The last throw.',
        run: (a) => a.reply(t.describeDice()),
      },
      {
        key: 'fair',
        usage: 'fair | fair seed <word>',
        group: 'Tables',
        help: [
          'The provably fair draws: the commitment, the client seed, the last seed revealed.',
          ...drawsExplained(typed(t.words, 'fair'), typed(t.words, 'dice')),
          `${typed(t.words, 'fair seed <word>')}, from a seated player before the game's first draw, sets the client seed, so the house alone cannot choose the draws.`,
        ].join('\n'),
        run: (a, args) => {
          const seed = /^seed(?:\s+(.*))?$/i.exec(args);
          if (!seed) return a.reply(t.describeFairness());
          if (a.via !== 'whisper') return a.reply(`Come and ${typed(t.words, 'fair seed <word>')} in the room where I deal.`);
          if (!seed[1]) return a.reply(`Usage: ${typed(t.words, 'fair seed <word>')}`);
          const problem = t.setClientSeed(a.who, seed[1]);
          if (problem) a.reply(problem);
        },
      },
      ...(this.purse ? this.purseVerbs(this.purse) : []),
      {
        key: 'help',
        usage: 'help [<topic>]',
        group: 'Tables',
        help: 'What I take, and the rules.',
        run: (a, args) => a.reply(this.help(args.trim().toLowerCase())),
      },
    ];
  }

  /** Purse mode's own: the MUD's coins back with its own give, and held money claimed with proof. */
  private purseVerbs(purse: PurseKeeper): Verb[] {
    const coins = this.table.words.moneyName;
    return [
      {
        key: 'cashout',
        usage: 'cashout [<amount>]',
        group: 'Tables',
        help: `Your ${coins} on my books back to you with the MUD's own give: all of it, or the amount you name.`,
        run: (a, args) => {
          if (!args.trim()) return purse.cashout(a.who, null, a.reply);
          const amount = parseAmount(args, coins, (typed) => inQuotes(this.table.words, typed));
          if (!amount.ok) return a.reply(amount.reason);
          purse.cashout(a.who, amount.value, a.reply);
        },
      },
      {
        key: 'claim',
        usage: 'claim',
        group: 'Tables',
        help: `${coins} you paid that I hold as unclaimed, where the MUD proves they were yours.`,
        run: (a) => purse.claim(a.who, a.reply),
      },
    ];
  }

  private gameVerb(c: GameCommand): Verb {
    return { ...c, run: (a: Asked, args: string, word?: string) => c.run({ player: this.table.nameFor(a.who), reply: a.reply }, args, word) };
  }

  private help(topic: string): string {
    const d = this.definition;
    const words = this.table.words;
    const topics = d.topics ?? {};
    if (topic && topics[topic]) return topics[topic](this.table.settings, words);
    const verb = topic ? (this.verbs.exactly(topic) ?? this.host.exactly(topic)) : undefined;
    if (verb) return `${verb.usage}: ${verb.help}`;
    const game = this.table.game.commands.map((c) => c.key).filter((k) => !this.host.exactly(k));
    return [
      // The games' help names the tavern's throw (roll dice <table>); here it is whispered.
      d.help(this.table.settings, words).replaceAll('roll dice <table>', words.whisper?.(words.dealer, 'roll') ?? 'roll'),
      ...(this.talk.payIn ? [this.talk.payIn] : []),
      `${this.talk.howTo} I take: sit, stand${this.table.game.roll ? ', roll' : ''}${game.length ? `, ${game.join(', ')}` : ''}, gold, ${this.purse ? 'cashout, claim, ' : ''}table, dice, fair, help${Object.keys(topics).length ? `, help ${Object.keys(topics).join(', help ')}` : ''}.`,
    ].join('\n');
  }
}
