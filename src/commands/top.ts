import { obsidianCoins } from '../output/words.js';
import { named } from '../output/palette.js';
import { ago } from '../text/ago.js';
import { hanging } from '../text/markup.js';
import type { CommandContext, Tavern, TavernCommand } from '../world/tavern.js';

/**
 * The richest and the biggest wins (`top`, `top wins`): read from the store's kept lists (an
 * ordered index of purses, the wins of the last 7 days), never by visiting every character.
 * Characters who chose `set public off` are on neither.
 */

export const TOP_SHOWN = 10;

/** A numbered line of a list: `  1. ...`, its wrapped lines hanging under its text, as in every list. */
function numbered(i: number, width: number, text: string): string {
  return hanging(`  ${String(i + 1).padStart(width)}.`, text);
}

function richest(tavern: Tavern): string[] {
  const list = tavern.store.richest(TOP_SHOWN);
  if (!list.length) return ['Nobody in the tavern holds a coin yet.'];
  const width = String(list.length).length;
  return ['The richest in the tavern:', ...list.map((r, i) => numbered(i, width, `${named(r.name)}: ${obsidianCoins(r.coins)}`))];
}

function biggestWins(tavern: Tavern): string[] {
  const now = tavern.clock.now();
  const wins = tavern.store.wins(TOP_SHOWN, now);
  if (!wins.length) return ['Nobody has won at the tables in the last 7 days.'];
  const width = String(wins.length).length;
  const tableName = (id: string) => tavern.tables.get(id)?.data.name ?? id;
  return [
    'The biggest wins of the last 7 days:',
    ...wins.map((w, i) => numbered(i, width, `${named(w.name)} won ${obsidianCoins(w.amount)} at ${tableName(w.table)} (game ${w.number}, ${w.bet}), ${ago(now - Date.parse(w.at))}`)),
  ];
}

function top(ctx: CommandContext, args: string): void {
  const word = args.trim().toLowerCase();
  if (word !== '' && word !== 'wins' && word !== 'rich') {
    ctx.reply('Usage: top (the ten richest), or top wins (the biggest wins of the last 7 days).');
    return;
  }
  const lines = word === 'wins' ? biggestWins(ctx.tavern) : richest(ctx.tavern);
  if (!ctx.tavern.store.isPublic(ctx.actor.key)) lines.push('You are kept off these lists (set public on to be on them).');
  ctx.reply(lines.join('\n'));
}

export const topCommands: TavernCommand[] = [
  {
    key: 'top',
    usage: 'top [wins]',
    group: 'Information',
    help: 'The ten richest characters in the tavern and their coins; top wins: the biggest single wins at the tables in the last 7 days. set public off keeps you off both (and off the tavern page).',
    run: top,
  },
];
