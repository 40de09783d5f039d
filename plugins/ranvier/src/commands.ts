import type { GameCommand, GameDefinition } from '../../../src/games/api.js';
import { drawsExplained } from '../../../src/games/fair-text.js';
import { games } from '../../../src/games/index.js';
import { HISTORY_KEPT } from './books.js';
import { CommandWords } from './command-words.js';
import type { RanvierCommand, RanvierCommandRun, RanvierPlayer } from './ranvier.js';
import type { RanvierTable } from './table.js';
import { gameVerbs, TAKEN, typedUsage, type BundleVerb, type HostVerb, type VerbWord } from './verbs.js';
import { TablesWorld } from './world.js';

/**
 * The tables' verbs as Ranvier commands (one file each in the bundle's `commands/`). A game verb
 * goes to the table the player is seated at; `table`, `dice` and `fair` name any table in the
 * room (`sand`, `2.table`), or the player's own, or the room's only one.
 */

type Reply = (text: string) => void;
type Verb = (world: TablesWorld, player: RanvierPlayer, args: string, reply: Reply, typed?: string) => void;

/** A verb of the bundle: the word this world types it by, its usage in that word, and what it does at every table (a game's verbs say their own). */
export interface VerbHelp {
  word: string;
  usage: string;
  help?: string;
}

/** The verbs every game's table shares, with what each does (in this world's words for the verbs it names). */
const HOST_VERBS: Record<HostVerb, { usage: string; help: (w: VerbWord) => string; run: Verb }> = {
  sit: { usage: 'sit <table>', help: () => 'Take a seat at a table in the room, to play its game.', run: sit },
  stand: { usage: 'stand', help: () => 'Leave your seat (walking out of the room does too).', run: stand },
  roll: { usage: 'roll dice <table>', help: () => 'Throw the dice when the throw is yours.', run: roll },
  fair: {
    usage: 'fair [<table>] [<game>] | fair seed <word>',
    // As the tavern's help fair tells it, with this world's verbs: how a player checks a game.
    help: (w) =>
      [
        `Show a table's provably fair draws: ${w('fair')} <table>, or ${w('fair')} alone for your own table (or the only one here).`,
        ...drawsExplained(`${w('fair')} <table>`, `${w('dice')} <table>`),
        `${w('fair')} seed <word>, typed by a seated player before the game's first draw, sets the client seed, so the house alone cannot choose the draws.`,
        `Every finished game is kept: ${w('fair')} <table> <game> shows game <game>'s record, its revealed seed, client seed, every draw by its nonce and what came of the bets.`,
      ].join('\n'),
    run: fair,
  },
  table: {
    usage: 'table [<table>]',
    help: () => "Look at a table: its game, who sits where, the wagers, whose turn it is and the seconds left (and at Dragon's Lair your own hand).",
    run: (world, player, args, reply) => withTable(world, player, args, reply, (t) => reply(t.describe(player.name))),
  },
  dice: {
    usage: 'dice [<table>]',
    help: () => 'The last throw at a table, and which nonce of which game it was.',
    run: (world, player, args, reply) => withTable(world, player, args, reply, (t) => reply(t.describeDice())),
  },
  history: {
    usage: 'history [<n>]',
    help: () => `Your last ${HISTORY_SHOWN} results at the tables, newest first (history <n> for more, up to ${HISTORY_KEPT}): the game, the table, the bet, what you staked and what came of it.`,
    run: (world, player, args, reply) => {
      if (args && !/^\d{1,6}$/.test(args)) return reply(`Usage: ${world.word('history')} [<n>]: your last ${HISTORY_SHOWN} results at the tables, or the last n.`);
      reply(world.history(player, Math.max(1, args ? Number(args) : HISTORY_SHOWN)));
    },
  },
  top: {
    usage: 'top [wins] | top public on|off',
    help: (w) =>
      `The ten richest players and what they hold; ${w('top')} wins: the biggest single wins at the tables in the last 7 days. ` +
      `${w('top')} public off keeps you off both (and off the tables' page); ${w('top')} public on puts you back.`,
    run: top,
  },
};

const HISTORY_SHOWN = 20;

/** What a game verb does wherever the host answers it itself (gameVerb), before what each game says of it. */
const GAME_VERB_HELP: Partial<Record<string, string>> = { gold: 'Show your coins, at a table or anywhere else.' };

/** Every verb of the bundle, for the help, in this world's words: the host's, then each game verb as the registered games declare it. */
export function bundleVerbs(definitions: readonly GameDefinition[] = games, w: VerbWord = (verb) => verb): Record<string, VerbHelp> {
  const verb = (name: string, usage: string, help: string | undefined) => [name, { word: w(name), usage: typedUsage(usage, name, w), help }];
  return {
    ...Object.fromEntries(Object.entries(HOST_VERBS).map(([name, { usage, help }]) => verb(name, usage, help(w)))),
    ...Object.fromEntries(Object.entries(gameVerbs(definitions, TAKEN)).map(([name, { usage }]) => verb(name, usage, GAME_VERB_HELP[name]))),
  };
}

/**
 * Every command of the bundle, by the name of its file: the host's verbs and every verb the
 * registered games declare (verbs.ts), so a new game's verb becomes a command with no change here.
 */
export function tableCommands(definitions: readonly GameDefinition[] = games): Record<string, RanvierCommand> {
  const commands: Record<string, RanvierCommand> = {};
  for (const [name, verb] of Object.entries(HOST_VERBS)) commands[name] = command(name, verb.usage, verb.run);
  for (const [name, { usage, aliases }] of Object.entries(gameVerbs(definitions, TAKEN))) {
    // Typed as an alias, the verb is that word: a game with aliases may care which.
    const run: Verb = (world, player, args, reply, typed) => gameVerb(world, player, typed && aliases.includes(typed) ? typed : name, args, reply);
    commands[name] = command(name, usage, run, aliases);
  }
  return commands;
}

/**
 * The commands a world's games need beside those the bundle was built with (`tableCommands()`,
 * one file each): a verb only a module game has, and a verb whose usage or aliases a module game
 * widens (a `bet <number> <amount>` beside the built `bet`'s usages), which takes the built one's place.
 */
export function addedCommands(definitions: readonly GameDefinition[]): Record<string, RanvierCommand> {
  const built = gameVerbs(games, TAKEN);
  const now = gameVerbs(definitions, TAKEN);
  const same = (a: BundleVerb | undefined, b: BundleVerb) => a?.usage === b.usage && a.aliases.join() === b.aliases.join();
  const added = new Set(Object.keys(now).filter((name) => !same(built[name], now[name])));
  return Object.fromEntries(Object.entries(tableCommands(definitions)).filter(([name]) => added.has(name)));
}

/**
 * A Ranvier command around a verb: its words claimed in the world's command table as Ranvier
 * makes it (command-words.ts); when run, the seats brought up to date, the purse too, and a
 * fault told in one line.
 */
function command(name: string, usage: string, run: Verb, aliases: readonly string[] = []): RanvierCommand {
  const made: RanvierCommand = {
    usage,
    ...(aliases.length > 0 ? { aliases: [...aliases] } : {}),
    command: (state) => {
      const words = CommandWords.of(state);
      const go: RanvierCommandRun = (args, player, typed) => {
        const world = TablesWorld.of(state);
        const reply = (text: string) => world.tell(player, text);
        if (!world.ready) return reply('The tables are still opening their books; try again in a moment.');
        try {
          world.sweep();
          world.comeBack(player);
          // A word of this world's (`join`) reaches the verb as the tables declare it (`sit`).
          run(world, player, (args ?? '').trim(), reply, typed && words.verbOf(typed.toLowerCase()));
        } catch (e) {
          console.error(`obsidian-tables: ${usage} by ${player.name} failed:`, e);
          reply('Something went wrong at the table; nothing more happened.');
        }
      };
      words.claim(name, made, go);
      return go;
    },
  };
  return made;
}

function sit(world: TablesWorld, player: RanvierPlayer, args: string, reply: Reply): void {
  withTable(world, player, args, reply, (table) => {
    const seat = world.seatOf(player.name);
    if (seat && seat !== table) return reply(`You are already seated at ${seat.label}; ${world.word('stand') === 'stand' ? 'stand up' : `type ${world.word('stand')}`} first.`);
    const problem = table.sit(player);
    if (problem) reply(problem);
  });
}

function stand(world: TablesWorld, player: RanvierPlayer, _args: string, reply: Reply): void {
  const seat = world.seatOf(player.name);
  if (!seat) return reply('You are not seated at a table.');
  seat.stand(player.name, 'stand');
}

/** `roll dice <table>` (also `roll <table>`, or just `roll dice` at one's own table). */
function roll(world: TablesWorld, player: RanvierPlayer, args: string, reply: Reply): void {
  const word = args.replace(/^dice?\b\s*/i, '');
  withTable(world, player, word, reply, (table) => {
    if (!table.game.roll) return reply(`Nobody throws dice at ${table.label}.`);
    if (!table.isSeated(player.name)) return reply(`You are not seated at ${table.label}.`);
    table.game.roll(player.name, reply);
  });
}

/** `top`, `top wins`, `top public on|off`. */
function top(world: TablesWorld, player: RanvierPlayer, args: string, reply: Reply): void {
  const words = args.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || (words.length === 1 && words[0] === 'rich')) return reply(world.standings.richestText(player));
  if (words.length === 1 && words[0] === 'wins') return reply(world.standings.winsText(player));
  if (words[0] === 'public' && (words[1] === 'on' || words[1] === 'off') && words.length === 2) {
    const marker = (player.metadata.obsidianTables ?? {}) as Record<string, unknown>;
    player.metadata.obsidianTables = { ...marker, public: words[1] === 'on' };
    world.standings.changed();
    return reply(words[1] === 'on' ? "You are on the tables' lists and page again." : "You are kept off the tables' lists and page (top, top wins, and the tables' page).");
  }
  reply(`Usage: ${world.word('top')} (the ten richest), ${world.word('top')} wins (the biggest wins of the last 7 days), or ${world.word('top')} public on|off.`);
}

/**
 * `fair [<table>]`: the commitment, client seed and nonce; `fair [<table>] <game>`: a past game's
 * record; `fair seed <word>` sets the client seed.
 */
function fair(world: TablesWorld, player: RanvierPlayer, args: string, reply: Reply): void {
  const seed = /^seed(?:\s+(.*))?$/i.exec(args);
  const past = /^(?:(.*\S)\s+)?(\d{1,9})$/.exec(args);
  if (past) return withTable(world, player, past[1] ?? '', reply, (t) => reply(world.pastGame(t, Number(past[2]))));
  if (!seed) return withTable(world, player, args, reply, (t) => reply(t.describeFairness()));
  const seat = world.seatOf(player.name);
  if (!seat) return reply('Only a seated player may set a client seed: sit at the table first.');
  if (!seed[1]) return reply(`Usage: ${world.word('fair')} seed <word>`);
  const problem = seat.setClientSeed(player.name, seed[1].trim());
  if (problem) reply(problem);
}

/**
 * A game's verb: run by the player's own table, or by a table in the room whose game lets
 * onlookers use it (`gold` at Lich Bones). `gold` anywhere else shows the purse.
 */
function gameVerb(world: TablesWorld, player: RanvierPlayer, verb: string, args: string, reply: Reply): void {
  const seat = world.seatOf(player.name);
  const own = seat && verbOf(seat, verb);
  const onlooker = !own && world.tablesIn(player.room).find((t) => verbOf(t, verb)?.forOnlookers);
  const table = own ? seat : onlooker || undefined;
  const cmd = table && verbOf(table, verb);
  if (!table || !cmd) {
    if (verb === 'gold') return reply(`You have ${world.words.money(world.purses.coins(player))}.`);
    if (seat) return reply(`There is no ${world.word(verb)} at ${seat.label}: it is a ${seat.definition.title} table.`);
    return reply(`You are not seated at a table (${world.word('sit')} <table> first).`);
  }
  if (cmd.needsArgs && args === '') return reply(`Usage: ${typedUsage(cmd.usage, cmd.key, world.word)}`);
  const ran = cmd.run({ player: player.name, reply }, args, verb);
  ran?.catch((e: unknown) => {
    console.error(`obsidian-tables: ${verb} by ${player.name} failed:`, e);
    reply('Something went wrong at the table; nothing more happened.');
  });
}

function verbOf(table: RanvierTable, verb: string): GameCommand | undefined {
  return table.game.commands.find((c) => c.key === verb || c.aliases?.includes(verb));
}

/**
 * Runs `then` with the table the player names among those in their room (`sand`, `2.table`), or,
 * with no name, their own table or the room's only one; otherwise says why not.
 */
function withTable(world: TablesWorld, player: RanvierPlayer, word: string, reply: Reply, then: (t: RanvierTable) => void): void {
  const here = world.tablesIn(player.room);
  if (here.length === 0) return reply('There is no game table here.');
  if (word === '') {
    const seat = world.seatOf(player.name);
    if (seat && here.includes(seat)) return then(seat);
    if (here.length === 1) return then(here[0]);
    return reply(`Which table? Here are ${here.map((t) => `${t.label} (${t.keywords[0]})`).join(', ')}.`);
  }
  const ordinal = /^(\d+)\.(.+)$/.exec(word);
  const n = ordinal ? Number(ordinal[1]) : 1;
  const name = (ordinal ? ordinal[2] : word).toLowerCase();
  const table = here.filter((t) => t.keywords.some((k) => k.startsWith(name)))[n - 1];
  if (!table) return reply(`There is no table here called "${word}".`);
  then(table);
}
