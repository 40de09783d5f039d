import { hanging, paint } from '../../telnet/markup.js';
import type { CommandContext, TavernCommand } from '../tavern.js';
import type { GameInfo } from '../tables.js';

/** Help, built from the commands' own declarations, and leaving. */

export function helpCommands(games: GameInfo[]): TavernCommand[] {
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

function helpText(ctx: CommandContext, topic: string, games: GameInfo[]): string {
  const { tavern, actor } = ctx;
  const t = topic.trim().toLowerCase().replace(/[’']/g, '');
  if (!t) {
    const groups = new Map<string, string[]>();
    for (const c of tavern.commands.all()) {
      if (!tavern.mayUse(actor, c)) continue;
      const words = [c.key, ...(c.aliases ?? [])].join('/');
      groups.set(c.group, [...(groups.get(c.group) ?? []), words]);
    }
    // The commands in one column, a space after the longest group's name.
    const column = Math.max(...[...groups.keys()].map((g) => g.length + 4));
    const lines = [...groups].map(([g, words]) => hanging(`  ${g}:`, words.join(', '), column));
    const gameLines = games.map((g) => `  help ${g.title.toLowerCase().replace(/'/g, '')}`);
    return [
      `${paint('heading', 'Commands')} (help <command> for more):`,
      ...lines,
      `${paint('heading', 'Games')} (sit at a table to play; their verbs work while you are seated):`,
      ...gameLines,
    ].join('\n');
  }
  const game = games.find((g) => g.title.toLowerCase().replace(/'/g, '') === t || g.id === t.replace(/\s+/g, '-'));
  if (game) return gameHelp(ctx, game);
  for (const g of games) {
    const extra = g.topics && Object.hasOwn(g.topics, t) ? g.topics[t] : undefined;
    if (extra) {
      const table = [...tavern.tables.values()].find((tb) => tb.definition === g);
      return extra(table?.data.settings ?? {});
    }
  }
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

function gameHelp(ctx: CommandContext, game: GameInfo): string {
  const table = [...ctx.tavern.tables.values()].find((tb) => tb.definition === game);
  const verbs = table ? table.commands.all().map((c) => hanging(`  ${c.usage}`, firstSentence(c.help), 36)) : [];
  return [game.help(table?.data.settings ?? {}), ...(verbs.length ? [paint('heading', 'Verbs at the table:'), ...verbs] : [])].join('\n');
}

/** The words a game goes by: those of its name, and its tables' keywords. */
function gameWords(ctx: CommandContext, game: GameInfo): Set<string> {
  const words = game.title.toLowerCase().replace(/'/g, '').split(/\s+/);
  for (const tb of ctx.tavern.tables.values()) if (tb.definition === game) words.push(...tb.data.keywords.map((k) => k.toLowerCase()));
  return new Set(words);
}

function firstSentence(text: string): string {
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).trim();
}
