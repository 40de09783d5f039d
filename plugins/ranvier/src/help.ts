import type { GameDefinition } from '../../../src/games/api.js';
import { render } from './output.js';
import type { VerbHelp } from './commands.js';
import type { RanvierState } from './ranvier.js';
import { typedUsage } from './verbs.js';
import type { TablesWorld } from './world.js';

const BUNDLE = 'obsidian-tables';

/**
 * The tables' help, for the world's own `help` command: one entry per game (worded with the
 * settings of its first table in the world), its extra topics (`odds`), and `tables`, which
 * lists the verbs. Registered at the server's start, once every table has spawned. `verbs` are
 * those players reach, in the world's words: a verb another bundle's command hides has no help
 * here, so the help of the command players do get stays.
 */
export function registerHelp(state: RanvierState, world: TablesWorld, verbs: Record<string, VerbHelp>): void {
  if (!state.HelpManager) return;
  // A body ends with a newline, as a help file's YAML block does: a world's help command may print its footer straight after it.
  const plain = (text: string) => `${keepIndent(render(text, { colour: false, width: world.config.width }).replace(/\r\n/g, '\n'))}\n`;
  // The games' rules name the verbs as the tables declare them: the world's own words for them follow.
  const renamed = Object.entries(verbs).filter(([verb, v]) => v.word !== verb);
  const inThisWorld = renamed.length ? `In this world, type ${renamed.map(([verb, v]) => `${v.word} for ${verb}`).join(', ')}.` : '';
  const usage = (c: { key: string; usage: string }) => typedUsage(c.usage, c.key, world.word);
  // Each game of the world's tables once, worded with the settings of its first table.
  const shown = world.tables.filter((t, i, all) => all.findIndex((u) => u.definition.id === t.definition.id) === i);
  const titles = shown.map((t) => t.definition.title.toLowerCase());
  const having = (topic: string) => shown.map((t) => t.definition).filter((d) => d.topics && Object.hasOwn(d.topics, topic));
  /** How help names a game's topic: `help odds` while one game has it, `help lich bones odds` when two do. */
  const topicWords = (g: GameDefinition, topic: string) => (having(topic).length > 1 ? `help ${helpName(g)} ${topic}` : `help ${topic}`);
  for (const table of shown) {
    const g = table.definition;
    // The game's verbs the bundle offers (the tavern's bet words, `hero 5000`, are not commands here).
    const verbsHere = table.game.commands.filter((c) => Object.hasOwn(verbs, c.key)).map((c) => `  ${usage(c)}: ${c.help}`).join('\n');
    const rules = [g.help(table.settings, world.words), inThisWorld].filter(Boolean).join('\n');
    const body = verbsHere ? `${plain(rules)}\nAt the table:\n${plain(verbsHere)}` : plain(rules);
    const keywords = [g.id, g.title.toLowerCase(), 'tables', 'gambling'];
    for (const name of gameNames(g)) state.HelpManager.add({ bundle: BUNDLE, name, keywords, related: ['tables'], body });
    // A topic is the game's own (help lich bones odds); help odds is it where one game has it, and names each where two do.
    for (const [topic, text] of Object.entries(g.topics ?? {})) {
      const topical = { bundle: BUNDLE, keywords: [topic, g.id], related: [g.title.toLowerCase()], body: plain(text(table.settings, world.words)) };
      for (const name of gameNames(g)) state.HelpManager.add({ ...topical, name: `${name} ${topic}` });
      const games = having(topic);
      if (games.length === 1) state.HelpManager.add({ ...topical, name: topic });
      else if (games[0] === g) {
        const each = games.map((d) => `${topicWords(d, topic)} (${d.title})`).join(', ');
        state.HelpManager.add({ bundle: BUNDLE, name: topic, keywords: [topic], related: games.map((d) => d.title.toLowerCase()), body: plain(`Several games have help on ${topic}: ${each}.`) });
      }
    }
  }
  const topics = shown.flatMap((t) => Object.keys(t.definition.topics ?? {}).map((topic) => [t.definition, topic] as const));
  state.HelpManager.add({
    bundle: BUNDLE,
    name: 'tables',
    keywords: ['tables', 'gambling', 'obsidian'],
    related: titles,
    body: `${keepIndent(
      [
        `The game tables here: ${titles.join(', ') || 'none yet'}. Sit at one to play; help <game> tells its rules.`,
        'Verbs (a table is named by one of its words, like sand, or 2.table for the second):',
        ...Object.values(verbs).map((v) => `  ${v.usage}`),
        `Every draw is provably fair: ${world.word('fair')} <table> shows the commitment of the next game and the seed of the last.`,
        ...(topics.length ? ['More help:', ...topics.map(([g, topic]) => `  ${topicWords(g, topic)}: ${topic} at ${g.title}.`)] : []),
        ...(inThisWorld ? [inThisWorld] : []),
      ].join('\n'),
    )}\n`,
  });
  for (const [name, verb] of Object.entries(verbs)) {
    // A game's verb says what it does at each game that has it.
    const atGames = world.tables
      .filter((t, i, all) => all.findIndex((u) => u.definition === t.definition) === i)
      .flatMap((t) => t.game.commands.filter((c) => c.key === name).map((c) => `${t.definition.title}: ${usage(c)}. ${c.help}`));
    const body = plain([verb.help, ...atGames].filter(Boolean).join('\n') || verb.usage);
    state.HelpManager.add({ bundle: BUNDLE, name: verb.word, keywords: [verb.word], command: verb.word, related: ['tables'], body });
  }
}

/** A game's name as help takes it, as the tavern's help does: "dragons lair". */
const helpName = (g: GameDefinition) => g.title.toLowerCase().replace(/'/g, '');

/** Every name a game's help is found by: its title, its id, and its title without apostrophes. */
const gameNames = (g: GameDefinition) => new Set([g.title.toLowerCase(), g.id, helpName(g)]);

/**
 * A body's indented lines, kept indented through the world's help command: the stock one wraps a
 * body with Broadcast.wrap (wrap-ansi), which drops the spaces that start a line and trims each
 * line. So an indent is non-breaking spaces, which the wrapping does not split on, behind an
 * empty colour code (an SGR reset, which no client shows and which takes no column), which the
 * trimming stops at.
 */
export function keepIndent(body: string): string {
  return body.replace(/^ +/gm, (indent) => `\x1b[0m${'\u00a0'.repeat(indent.length)}`);
}
