import type { TavernCommand } from '../world/tavern.js';

/** Tables: sitting down to play, getting up, and throwing the dice. */

export const tableCommands: TavernCommand[] = [
  {
    key: 'sit',
    usage: 'sit <table>',
    group: 'Tables',
    help: 'Take a seat at a table to play its game: `sit sand`, `sit bones`, `sit 2.table`.',
    run(ctx, args) {
      const { tavern, actor, room } = ctx;
      const tables = tavern.tablesIn(room.id);
      const table = args ? tavern.findTable(room.id, args) : tables.length === 1 ? tables[0] : undefined;
      if (!table) {
        ctx.reply(tables.length ? `There is no table "${args}" here. Try: sit ${tables[0].data.keywords[1] ?? 'table'}.` : 'There is no table here to sit at.');
        return;
      }
      const problem = table.sit(actor);
      if (problem) ctx.reply(problem);
    },
  },
  {
    key: 'stand',
    usage: 'stand',
    group: 'Tables',
    help: 'Get up from your table. What happens to a game in progress depends on the game (help <game>).',
    run(ctx) {
      if (!ctx.actor.seat) ctx.reply('You are not sitting at a table.');
      else ctx.actor.seat.stand(ctx.actor, 'stand');
    },
  },
  {
    key: 'roll',
    usage: 'roll dice <table>',
    group: 'Tables',
    help: 'Throw the dice at a dice table, when the throw is yours.',
    run(ctx, args) {
      const { tavern, actor, room } = ctx;
      const m = /^(?:dice|die)?\s*(?:on\s+|at\s+)?(.*)$/i.exec(args)!;
      const table = m[1] ? tavern.findTable(room.id, m[1]) : actor.seat ?? undefined;
      if (!table) {
        ctx.reply(m[1] ? `There is no table "${m[1]}" here.` : 'Usage: roll dice <table>');
        return;
      }
      table.roll(actor, ctx.reply);
    },
  },
];
