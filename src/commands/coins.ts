import { formatCoins, parseAmount } from '../text/amount.js';
import type { TavernCommand } from '../world/tavern.js';
import { stakesOf } from '../world/escrow.js';
import { findNpc } from './talking.js';
import { coinsText, named } from '../output/palette.js';
import { paint, together } from '../text/markup.js';

/** Coins: counting them, and giving them away. */

export const coinCommands: TavernCommand[] = [
  {
    key: 'inventory',
    aliases: ['i'],
    usage: 'inventory',
    group: 'Coins',
    help: 'Count your obsidian coins, and the coins you have on tables.',
    run(ctx) {
      const { tavern, actor } = ctx;
      const coins = tavern.ledger.balance(actor.purse);
      // Always "coins", even for one, and never wrapped apart: scripts match `<N> obsidian coins` here (the stable surface).
      let text = `You are carrying ${paint('coins', together(`${formatCoins(coins)} obsidian coins`))}.`;
      for (const { table, coins } of stakesOf(tavern, actor)) text += `\nYou have ${coinsText(coins)} on ${table.data.name}.`;
      ctx.reply(text);
    },
  },
  {
    key: 'give',
    usage: 'give <n> coins to <name>',
    group: 'Coins',
    needsArgs: true,
    help: 'Hand coins to someone in the room: `give 50 coins to ana`, `give 1,000 coins to ana`.',
    run(ctx, args) {
      const m = /^(\S+)\s+(?:obsidian\s+)?(?:coins?\s+)?to\s+(\S+)$/i.exec(args);
      if (!m) {
        ctx.reply('Usage: give <n> coins to <name>');
        return;
      }
      const amount = parseAmount(m[1]);
      if (!amount.ok) {
        ctx.reply(amount.reason);
        return;
      }
      const { tavern, actor, room } = ctx;
      if (findNpc(ctx, m[2])) {
        ctx.reply(`${findNpc(ctx, m[2])!.name} pushes your coins back: "Bet them at the table, friend."`);
        return;
      }
      const target = tavern.findPlayer(m[2], tavern.playersIn(room.id));
      if (!target) {
        ctx.reply(`There is nobody called "${m[2]}" here.`);
        return;
      }
      if (target === actor) {
        ctx.reply('You move the coins from one hand to the other.');
        return;
      }
      // The ledger refuses what the purse cannot pay (only the giver's purse can be short).
      const r = tavern.ledger.transfer([
        { from: actor.purse, to: target.purse, amount: amount.value, why: `gift from ${actor.name} to ${target.name}` },
      ]);
      if (!r.ok) {
        ctx.reply(`You have only ${coinsText(r.has)}.`);
        return;
      }
      const coins = coinsText(amount.value);
      ctx.reply(`You give ${coins} to ${named(target.name)}.`);
      tavern.tell(target, `${named(actor.name)} gives you ${coins}.`);
      tavern.tell({ room: room.id, except: [actor, target] }, `${named(actor.name)} gives some coins to ${named(target.name)}.`);
    },
  },
];
