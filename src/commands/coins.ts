import { formatCoins, looksLikeAmount, parseAmount } from '../text/amount.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { npcLine, type NpcData } from '../world/npcs.js';
import { HOUSE } from '../store/account.js';
import { stakesOf } from '../world/escrow.js';
import { findNpc } from './talking.js';
import { carriedLines, giveThings } from './carrying.js';
import { coinsText, named } from '../output/palette.js';
import { paint, together } from '../text/markup.js';

/** Coins and what else is carried: counting them, and giving them away. */

/** `give <n> coins to <name>` (the words `coins` may be left out), as against a thing given. */
const COINS = /^(\S+)(?:\s+(?:obsidian\s+)?coins?)?$/i;

/** What follows the number in `inventory`, bound once: a grouped number (1,000) has no space to bind. */
const OBSIDIAN_COINS = together(' obsidian coins');

/** Coins handed to one of the tavern's people: the house's, if they take coins (a bard's cap), with what the room sees. */
function tip(ctx: CommandContext, npc: NpcData, amount: number): void {
  const { tavern, actor, room } = ctx;
  const takes = npc.takes?.coins;
  if (!takes) return ctx.reply(`${named(npc.name)} pushes your coins back: "Bet them at the table, friend."`);
  const r = tavern.ledger.transfer([{ from: actor.purse, to: HOUSE, amount, why: `${actor.name} tipped ${npc.name}` }]);
  if (!r.ok) return ctx.reply(`You have only ${coinsText(r.has)}.`);
  ctx.reply(`You give ${coinsText(amount)} to ${named(npc.name)}.`);
  tavern.tell({ room: room.id }, npcLine(takes, { npc: named(npc.name), actor: named(actor.name), thing: coinsText(amount) }));
}

export const coinCommands: TavernCommand[] = [
  {
    key: 'inventory',
    aliases: ['i'],
    usage: 'inventory',
    group: 'Coins and things',
    help: 'Count your obsidian coins and what else you carry (each kind of thing counted: 3 jugs of kank-milk ale), and the coins you have on tables.',
    run(ctx) {
      const { tavern, actor } = ctx;
      const coins = tavern.ledger.balance(actor.purse);
      const things = carriedLines(ctx);
      // Always "coins", even for one, and never wrapped apart: scripts match `<N> obsidian coins` here, and read the things on the lines after it (the stable surface).
      const lines = [`You are carrying ${paint('coins', `${formatCoins(coins)}${OBSIDIAN_COINS}`)}${things.length ? ' and:' : '.'}`, ...things];
      for (const { table, coins } of stakesOf(tavern, actor)) lines.push(`You have ${coinsText(coins)} on ${table.data.name}.`);
      ctx.reply(lines.join('\n'));
    },
  },
  {
    key: 'give',
    usage: 'give <n> coins to <name> | give <thing> to <name>',
    group: 'Coins and things',
    needsArgs: true,
    help: 'Hand coins or things to someone in the room: `give 50 coins to ana`, `give 1,000 coins to ana`, `give ale to ana`, `give 2 ale to ana`, `give 2.jug to ana`, `give all.jug to ana`. Some of the tavern\'s people take a thing they like.',
    run(ctx, args) {
      const m = /^(.+?)\s+to\s+(\S+)$/i.exec(args.trim());
      if (!m) {
        ctx.reply('Usage: give <n> coins to <name> | give <thing> to <name>');
        return;
      }
      const asCoins = COINS.exec(m[1]);
      if (!asCoins || !(looksLikeAmount(asCoins[1]) || /coins?$/i.test(m[1]))) {
        giveThings(ctx, m[1], m[2], findNpc(ctx, m[2]));
        return;
      }
      const amount = parseAmount(asCoins[1]);
      if (!amount.ok) {
        ctx.reply(amount.reason);
        return;
      }
      const { tavern, actor, room } = ctx;
      const npc = findNpc(ctx, m[2]);
      if (npc) {
        tip(ctx, npc, amount.value);
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
