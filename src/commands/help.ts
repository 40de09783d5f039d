import { hanging, paint } from '../text/markup.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import type { GameInfo } from '../world/table.js';
import { tavernWords } from '../output/words.js';
import { settingsOf } from '../games/settings.js';

/** Help, built from the commands' own declarations, and leaving. */

export function helpCommands(games: readonly GameInfo[]): TavernCommand[] {
  return [
    {
      key: 'help',
      usage: 'help [<command> | <game> | <topic>]',
      group: 'Help',
      help: 'List the commands, or explain one command, game or topic.',
      run: (ctx, args) => ctx.reply(helpText(ctx, args, games)),
    },
    {
      key: 'quit',
      usage: 'quit',
      group: 'Help',
      exactOnly: true,
      help: 'Leave the tavern. Your coins and your place are saved. If you are seated, you leave your table.',
      run: (ctx) => ctx.tavern.quit(ctx.actor),
    },
  ];
}

function helpText(ctx: CommandContext, topic: string, games: readonly GameInfo[]): string {
  const { tavern, actor } = ctx;
  const t = topic.trim().toLowerCase().replace(/[’']/g, '');
  if (!t) {
    const groups = commandGroups(ctx);
    const words = (c: TavernCommand) => [c.key, ...(c.aliases ?? [])].join('/');
    // The commands in one column, a space after the longest group's name.
    const column = Math.max(...[...groups.keys()].map((g) => g.length + 4));
    const lines = [...groups].map(([g, commands]) => hanging(`  ${g}:`, commands.map(words).join(', '), column));
    const gameLines = games.map((g) => `  help ${gameName(g)}`);
    return [
      `${paint('heading', 'Commands')} (help <command> for more):`,
      ...lines,
      `${paint('heading', 'Games')} (sit at a table to play; their verbs work while you are seated):`,
      ...gameLines,
      'help topics lists everything else help can tell you.',
    ].join('\n');
  }
  const game = games.find((g) => gameName(g) === t || g.id === t.replace(/\s+/g, '-'));
  if (game) return gameHelp(ctx, game);
  const topical = gameTopic(ctx, t, games);
  if (topical) return topical;
  const aside = topicHelp(ctx, t, games);
  if (aside) return aside;
  const sets = [actor.seat?.commands, tavern.commands, ...[...tavern.tables.values()].map((tb) => tb.commands)];
  for (const set of sets) {
    if (!set) continue;
    const found = set.find(t.split(/\s+/)[0], (c) => tavern.mayUse(actor, c));
    if ('found' in found) {
      const c = found.found;
      // The usage and its other names hang under their column; the help is a paragraph.
      const aka = c.aliases?.length ? [hanging('Also:', c.aliases.join(', '), 7)] : [];
      return [hanging('Usage:', c.usage, 7), ...aka, c.help].join('\n');
    }
  }
  // Last, one word that names one game only: a word of its name or of its tables' (help bones, help lair).
  const named = games.filter((g) => gameWords(ctx, g).has(t));
  if (named.length === 1) return gameHelp(ctx, named[0]);
  return `There is no help on "${topic}". Type help for the list.`;
}

/** The groups of the tavern's commands this player may use, by name: "Moving" -> [north, ...]. */
function commandGroups(ctx: CommandContext): Map<string, TavernCommand[]> {
  const groups = new Map<string, TavernCommand[]>();
  for (const c of ctx.tavern.commands.all()) {
    if (ctx.tavern.mayUse(ctx.actor, c)) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  }
  return groups;
}

/** Help on what no command is called: `help topics`, `help crowd`, and a group of commands (`help socials`). */
function topicHelp(ctx: CommandContext, t: string, games: readonly GameInfo[]): string | null {
  if (t === 'topics' || t === 'topic') return topicsText(ctx, games);
  if (t === 'crowd' || t === 'crowds' || t === 'crowded rooms') return crowdText(ctx, games);
  // A command of the same name has its own help (`help channels`).
  if (ctx.tavern.commands.exactly(t, (c) => ctx.tavern.mayUse(ctx.actor, c))) return null;
  for (const [group, commands] of commandGroups(ctx)) {
    if (t !== group.toLowerCase() && t !== group.toLowerCase().replace(/^the /, '')) continue;
    if (group === 'Socials') {
      const verbs = commands.map((c) => c.key).join(', ');
      return `${paint('heading', 'Socials')} (typed in full): ${verbs}. Each works alone (${commands[0].key}) or at someone present (${commands[0].key} Bex): the room sees it, and the one you name reads "you".`;
    }
    return [`${paint('heading', group)}:`, ...commands.map((c) => hanging(`  ${c.usage}`, firstSentence(c.help), 30))].join('\n');
  }
  return null;
}

/** A game's name as help takes it: "dragons lair". */
const gameName = (g: GameInfo) => g.title.toLowerCase().replace(/'/g, '');

/** The games that have a help topic of this name. */
const topicOf = (games: readonly GameInfo[], topic: string) => games.filter((g) => g.topics && Object.hasOwn(g.topics, topic));

/** How help names a game's topic: `help odds` while one game has it, `help lich bones odds` when two do. */
function topicWords(games: readonly GameInfo[], g: GameInfo, topic: string): string {
  return topicOf(games, topic).length > 1 ? `help ${gameName(g)} ${topic}` : `help ${topic}`;
}

/**
 * A game's own topic: `help <game> <topic>` (`help lich bones odds`), or `help <topic>` where one
 * game has it; where two games have one of that name, `help odds` names both instead of picking one.
 */
function gameTopic(ctx: CommandContext, t: string, games: readonly GameInfo[]): string | null {
  for (const g of games) {
    for (const prefix of [gameName(g), g.id]) {
      if (!t.startsWith(`${prefix} `)) continue;
      const topic = t.slice(prefix.length + 1).trim();
      if (g.topics && Object.hasOwn(g.topics, topic)) return g.topics[topic](settingsHere(ctx, g), tavernWords);
    }
  }
  const having = topicOf(games, t);
  if (having.length === 1) return having[0].topics![t](settingsHere(ctx, having[0]), tavernWords);
  if (having.length > 1) return `Several games have help on ${t}: ${having.map((g) => `${topicWords(games, g, t)} (${g.title})`).join(', ')}.`;
  return null;
}

function topicsText(ctx: CommandContext, games: readonly GameInfo[]): string {
  const groups = [...commandGroups(ctx).keys()].map((g) => g.toLowerCase().replace(/^the /, ''));
  const extras = games.flatMap((g) => Object.keys(g.topics ?? {}).map((topic) => hanging(`  ${topicWords(games, g, topic)}`, `${topic} at ${g.title}.`, 22)));
  return [
    `${paint('heading', 'Help topics')}:`,
    hanging('  help <command>', 'any command: help look, help give.', 22),
    hanging('  help <group>', `a group of commands: ${groups.map((g) => `help ${g}`).join(', ')}.`, 22),
    hanging('  help <game>', `${games.map((g) => `help ${gameName(g)}`).join(', ')}.`, 22),
    ...extras,
    hanging('  help crowd', 'crowded rooms: who look names, and look crowd.', 22),
  ].join('\n');
}

function crowdText(ctx: CommandContext, games: readonly GameInfo[]): string {
  const { crowd } = ctx.tavern.settings;
  const asides = games.flatMap((g) => (g.asides?.crowd ? [g.asides.crowd(settingsHere(ctx, g), tavernWords)] : []));
  return [
    `A room with more than ${crowd} people in it is a crowd. There look names the first three who came in and counts the rest; look crowd (or who here) names everyone, with where they sit.`,
    "In a crowd, people coming and going are told as 'Many travellers come and go.', and seats taken and left at a table as 'Players come and go at <the table>.', at most once every 5 seconds.",
    ...asides,
  ].join('\n');
}

/** A game's rules and its verbs, as the game declares them (with or without a table of it in this world). */
function gameHelp(ctx: CommandContext, game: GameInfo): string {
  const settings = settingsHere(ctx, game);
  const verbs = game.verbs(settings, tavernWords).map((c) => hanging(`  ${c.usage}`, firstSentence(c.help), 36));
  return [game.help(settings, tavernWords), ...(verbs.length ? [paint('heading', 'Verbs at the table:'), ...verbs] : [])].join('\n');
}

/** A game's settings as help words them: its first table's here, or its defaults (with the world's crowd) where it has none. */
function settingsHere(ctx: CommandContext, game: GameInfo): unknown {
  const table = [...ctx.tavern.tables.values()].find((tb) => tb.definition === game);
  return table ? table.settings : settingsOf(game, {}, { crowd: ctx.tavern.settings.crowd });
}

/** The words a game goes by: those of its name, and its tables' keywords. */
function gameWords(ctx: CommandContext, game: GameInfo): Set<string> {
  const words = gameName(game).split(/\s+/);
  for (const tb of ctx.tavern.tables.values()) if (tb.definition === game) words.push(...tb.data.keywords.map((k) => k.toLowerCase()));
  return new Set(words);
}

function firstSentence(text: string): string {
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).trim();
}
