import type { CommandContext, TavernCommand } from '../world/tavern.js';
import type { TavernTable } from '../world/table.js';
import { drawsExplained } from '../games/fair-text.js';

/** Provably fair tables (docs/rulings.md, Provably fair draws): showing a table's commitment, and setting its client seed. */

const HELP = [
  "Show a table's provably fair draws: fair <table>, or fair alone for your own table (or the only one here).",
  ...drawsExplained('fair <table>', 'look dice <table>'),
  "docs/fairness.md in the tavern's source shows the check in a few lines of Node.",
  "fair seed <word>, typed by a seated player before the game's first draw, sets the client seed, so the house alone cannot choose the draws.",
].join('\n');

export const fairCommands: TavernCommand[] = [
  {
    key: 'fair',
    usage: 'fair [<table>] | fair seed <word>',
    group: 'Tables',
    help: HELP,
    run(ctx, args) {
      const seed = /^seed(?:\s+(.*))?$/i.exec(args);
      if (seed) return setSeed(ctx, seed[1] ?? '');
      const table = tableNamed(ctx, args);
      if (table) ctx.reply(table.describeFairness());
    },
  },
];

/** The table `args` names in this room; alone, the player's own table or the only one here. */
function tableNamed(ctx: CommandContext, args: string): TavernTable | null {
  const { tavern, actor, room } = ctx;
  const tables = tavern.tablesIn(room.id);
  if (args) {
    const table = tavern.findTable(room.id, args);
    if (!table) ctx.reply(tables.length ? `There is no table "${args}" here.` : 'There is no table here.');
    return table ?? null;
  }
  if (actor.seat) return actor.seat;
  if (tables.length === 1) return tables[0];
  ctx.reply(tables.length ? 'Which table? fair <table>' : 'There is no table here.');
  return null;
}

function setSeed(ctx: CommandContext, seed: string): void {
  const table = ctx.actor.seat;
  if (!seed) return ctx.reply('Usage: fair seed <word>');
  if (!table) return ctx.reply('Only a seated player may set a client seed: sit at a table first.');
  const problem = table.setClientSeed(ctx.actor, seed);
  if (problem) ctx.reply(problem);
}
