import type { CommandContext, TavernCommand } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { countName, wordsFor, type ThingData } from '../world/things.js';
import { npcLine, type NpcData, type Shop } from '../world/npcs.js';
import { carriedBy, HOUSE_STOCK } from '../store/place.js';
import { HOUSE } from '../store/account.js';
import { coinsText, named } from '../output/palette.js';
import { formatCoins } from '../text/amount.js';
import { hanging, paint, together } from '../text/markup.js';
import { findNpc } from './talking.js';

/** The bar: what its keeper sells (`list`) and buying it (`buy`, `order`), paid to the house through the ledger. */

/** The most of one thing one order pours. */
const MOST_AT_ONCE = 20;

const sellerIn = (ctx: CommandContext): (NpcData & { shop: Shop }) | undefined => ctx.room.npcs.find((n): n is NpcData & { shop: Shop } => !!n.shop);

function list(ctx: CommandContext): void {
  const seller = sellerIn(ctx);
  if (!seller) return ctx.reply('Nobody here is selling anything.');
  const lines = [npcLine(seller.shop.words.list ?? `${seller.name} sells:`, { npc: named(seller.name) })];
  // A slate: the prices in a column, right-aligned, and each ware's name hanging beside its price, so
  // that in a narrow window a ware's wrapped line never reads as the next ware.
  // Always "coins", even for one, and never wrapped apart: scripts match `<N> obsidian coins` here (the stable surface).
  const prices = seller.shop.wares.map((ware) => `${formatCoins(ware.price)} obsidian coins`);
  const width = Math.max(...prices.map((p) => p.length));
  seller.shop.wares.forEach((ware, i) => {
    const thing = ctx.tavern.world.things.get(ware.thing)!;
    lines.push(hanging(`  ${' '.repeat(width - prices[i].length)}${paint('coins', together(prices[i]))} `, `${thing.short} (buy ${thing.keywords[0]})`));
  });
  lines.push(seller.shop.round ? `buy <thing>, buy <n> <thing>, buy <thing> for <name>, or order a round (of ${ctx.tavern.world.things.get(seller.shop.round)!.plural}) for the table.` : 'buy <thing>, buy <n> <thing>, or buy <thing> for <name>.');
  ctx.reply(lines.join('\n'));
}

/** An order as typed: how many of which ware, for whom (a person, one of the tavern's people, or a round for everyone). */
interface Order {
  words: string;
  n: number;
  round: boolean;
  forTable: boolean;
  recipient: string | null;
}

function readOrder(args: string): Order {
  let t = args.trim().replace(/\s+/g, ' ');
  let recipient: string | null = null;
  const forWhom = /^(.*?) for (.+)$/i.exec(t);
  let forTable = false;
  let forAll = false;
  if (forWhom) {
    t = forWhom[1];
    forAll = /^(?:the )?(?:table|room|everyone|everybody|all|us)$/i.test(forWhom[2]);
    if (forAll) forTable = /table/i.test(forWhom[2]);
    else recipient = forWhom[2].replace(/^the /i, '');
  }
  const round = /^(?:a )?round(?: of (.+))?$/i.exec(t);
  if (round) return { words: round[1] ?? '', n: 1, round: true, forTable, recipient: null };
  // A count as players write amounts (`3`, `1,000`), or anything like one (`-1`, `2.5`), which the count's bounds refuse.
  const count = /^([-+]?\d[\d,.]*) (.+)$/.exec(t);
  const words = (count ? count[2] : t).replace(/^(?:a|an|one|some) /i, '');
  // `buy ale for everyone` (or for the table) is a round of ale: one each.
  if (forAll) return { words, n: 1, round: true, forTable, recipient: null };
  return { words, n: count ? Number(count[1].replace(/,/g, '')) : 1, round: false, forTable, recipient };
}

/** The ware the words name: every word one of its keywords, or the start of one (exact keywords first). */
function wareNamed(ctx: CommandContext, shop: Shop, words: string): { thing: ThingData; price: number } | undefined {
  const wares = shop.wares.map((w) => ({ thing: ctx.tavern.world.things.get(w.thing)!, price: w.price }));
  const asked = words.toLowerCase().split(/\s+/).filter(Boolean);
  const fits = (t: ThingData, exact: boolean) => asked.length > 0 && asked.every((w) => wordsFor(t).some((k) => (exact ? k === w : k.startsWith(w))));
  return wares.find((w) => fits(w.thing, true)) ?? wares.find((w) => fits(w.thing, false));
}

function buy(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const seller = sellerIn(ctx);
  if (!seller) return ctx.reply('Nobody here is selling anything.');
  const shop = seller.shop;
  const order = readOrder(args);
  if (order.forTable && !actor.seat) return ctx.reply('You sit at no table: order a round buys one for everyone in the room.');
  if (order.round && !order.words && !shop.round) return ctx.reply(`A round of what? Type list to see what ${named(seller.name)} sells.`);
  const ware = wareNamed(ctx, shop, order.words || shop.round || '');
  if (!ware) return refuse(ctx, seller, `${named(seller.name)} sells no "${order.words}" here. Type list to see what is sold.`, shop.words.unknown);
  if (!Number.isInteger(order.n) || order.n < 1 || order.n > MOST_AT_ONCE) return ctx.reply(`${named(seller.name)} pours from 1 to ${MOST_AT_ONCE} at a time.`);
  let people: Player[] = [actor];
  let npc: NpcData | undefined;
  if (order.round) {
    people = order.forTable && actor.seat ? actor.seat.seats.flatMap((s) => tavern.players.get(s.key) ?? []) : tavern.playersIn(room.id);
  } else if (order.recipient) {
    npc = findNpc(ctx, order.recipient);
    const person = npc ? undefined : tavern.findPlayer(order.recipient, tavern.playersIn(room.id));
    if (!npc && !person) return ctx.reply(`There is nobody called "${order.recipient}" here.`);
    if (npc && !npc.takes?.[ware.thing.id]) return ctx.reply(`${named(npc.name)} has no use for ${ware.thing.short}.`);
    if (person) people = [person];
  }
  const n = order.round ? people.length : order.n;
  const price = ware.price * n;
  const what = countName(ware.thing, n);
  const paid = { from: actor.purse, to: HOUSE, amount: price, why: `${actor.name} bought ${n} ${ware.thing.id} from ${seller.name}` };
  // One of the tavern's people drinks it at once: only the coins move, to the house.
  const r = npc
    ? tavern.ledger.transfer([paid])
    : tavern.ledger.moveThings(people.map((p) => ({ thing: ware.thing.id, n: order.round ? 1 : n, from: HOUSE_STOCK, to: carriedBy(p.key), why: `bought from ${seller.name} by ${actor.name}` })), [paid]);
  // Only the purse can be short: the house's stock never runs out.
  if (!r.ok) return refuse(ctx, seller, `You have only ${coinsText(r.has)}; ${what} ${n === 1 ? 'costs' : 'cost'} ${coinsText(price)}.`, shop.words.poor);
  const names = { npc: named(seller.name), actor: named(actor.name), things: what };
  const others = people.filter((p) => p !== actor);
  if (order.round) {
    ctx.reply(`You buy a round for ${order.forTable && actor.seat ? actor.seat.data.name : 'the room'}: ${what}, one each, for ${coinsText(price)}.`);
    tavern.tell(others, `${named(actor.name)} buys a round: ${ware.thing.short} for you.`);
    tavern.tell({ room: room.id, except: people }, `${named(actor.name)} buys a round of ${ware.thing.plural}.`);
  } else if (npc || others.length) {
    const whom = named(npc?.name ?? others[0].name);
    ctx.reply(`You buy ${what} for ${whom}, for ${coinsText(price)}.`);
    if (!npc) tavern.tell(others, `${named(actor.name)} buys you ${what}.`);
    tavern.tell({ room: room.id, except: [actor, ...others] }, `${named(actor.name)} buys ${what} for ${whom}.`);
  } else {
    ctx.reply(`You buy ${what} for ${coinsText(price)}.`);
    tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} buys ${what}.`);
  }
  if (shop.words.sold) tavern.tell({ room: room.id }, npcLine(shop.words.sold, names));
  if (npc) tavern.tell({ room: room.id }, npcLine(npc.takes![ware.thing.id], { npc: named(npc.name), actor: named(actor.name), thing: what }));
}

/** A refusal: its reason, then what the seller says (the world's words), to the one refused only. */
function refuse(ctx: CommandContext, seller: NpcData, reason: string, words: string | undefined): void {
  ctx.reply(words ? `${reason}\n${npcLine(words, { npc: named(seller.name), actor: named(ctx.actor.name) })}` : reason);
}

const BUY_HELP =
  'Buy from whoever sells here (the barkeep, in the common room), paid from your purse: `buy ale`, `buy 3 ale`, `buy ale for Bex` (it goes to Bex), `buy broy for Kesh`, `order a round` (one each for everyone here), `order a round for the table` (for the players at your table), `order a round of broy`, `buy broy for everyone`. A refusal says why, and takes nothing.';

export const barCommands: TavernCommand[] = [
  {
    key: 'list',
    usage: 'list',
    group: 'The bar',
    help: 'See what is sold here and at what price (at the bar in the common room).',
    run: list,
  },
  { key: 'buy', usage: 'buy [<n>] <thing> [for <name>] | buy a round [of <thing>] [for the table]', group: 'The bar', needsArgs: true, help: BUY_HELP, run: buy },
  // `o` stays ooc: order is found from `or`.
  { key: 'order', usage: 'order [<n>] <thing> [for <name>] | order a round [of <thing>] [for the table]', group: 'The bar', needsArgs: true, fewestLetters: 2, help: BUY_HELP, run: buy },
];
