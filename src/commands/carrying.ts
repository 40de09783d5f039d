import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { heldIn, pickThings, type Held, type Picked } from '../world/belongings.js';
import { countName } from '../world/things.js';
import { npcLine, type NpcData } from '../world/npcs.js';
import { matchKeyword } from '../world/world.js';
import { carriedBy, floorOf, HOUSE_STOCK, type Place } from '../store/place.js';
import type { Player } from '../world/player.js';
import { named } from '../output/palette.js';
import { andList } from '../text/names.js';

/** Things in hand: picking them up, putting them down, handing them over, and looking at them. */

/** What the actor carries, in the world's order of things. */
export const carried = (ctx: CommandContext, who: Player = ctx.actor): Held[] => heldIn(ctx.tavern.world.things, ctx.tavern.ledger, who.hands);

/** What lies on the floor of the actor's room. */
export const onFloor = (ctx: CommandContext): Held[] => heldIn(ctx.tavern.world.things, ctx.tavern.ledger, floorOf(ctx.room.id));

/** "3 jugs of kank-milk ale and an empty clay jug". */
export function listed(picked: readonly Held[]): string {
  return andList(picked.map((h) => countName(h.thing, h.n)));
}

/** The inventory's lines of things, under its coins line: one per kind, counted. */
export function carriedLines(ctx: CommandContext): string[] {
  return carried(ctx).map((h) => `  ${countName(h.thing, h.n)}`);
}

/** The room's look: a line for each thing on its floor that no object there hides. */
export function floorLines(ctx: CommandContext): string[] {
  const hidden = new Set(ctx.room.objects.flatMap((o) => o.hides ?? []));
  return onFloor(ctx)
    .filter((h) => !hidden.has(h.thing.id))
    .map((h) => (h.n === 1 ? h.thing.long : `There are ${countName(h.thing, h.n)} here.`));
}

/** `look <thing>` for something carried or on the floor; null when the words name neither. */
export function lookAtThing(ctx: CommandContext, words: string): string | null {
  for (const [held, where] of [[carried(ctx), 'You are carrying'], [onFloor(ctx), 'On the floor here:']] as const) {
    const r = pickThings(held, words);
    if (!r.ok) continue;
    const thing = r.picked[0].thing;
    const n = held.find((h) => h.thing === thing)!.n;
    return `${thing.description}\n${where} ${countName(thing, n)}.`;
  }
  return null;
}

/** What an object hides, if it lies on the floor now: a line for `look <object>`. */
export function hiddenLine(ctx: CommandContext, hides: readonly string[] | undefined): string | null {
  const found = onFloor(ctx).filter((h) => hides?.includes(h.thing.id));
  return found.length ? `There, half hidden, you find ${listed(found)}.` : null;
}

/** Why the words picked nothing: the thing is not there, or not so many of it. */
function whyNot(r: Exclude<Picked, { ok: true }>, words: string, where: 'carried' | 'floor'): string {
  if ('fewer' in r) return where === 'carried' ? `You have only ${countName(r.fewer.thing, r.fewer.n)}.` : `There ${r.fewer.n === 1 ? 'is' : 'are'} only ${countName(r.fewer.thing, r.fewer.n)} here.`;
  return where === 'carried' ? `You carry no "${words}".` : `You see no "${words}" here.`;
}

/**
 * Moves what was picked from one place to another as one transaction; false (with the reply
 * said) when the ledger refuses, which only a change between picking and moving could cause.
 */
function move(ctx: CommandContext, picked: readonly Held[], from: Place, to: Place, why: string): boolean {
  const r = ctx.tavern.ledger.moveThings(picked.map((h) => ({ thing: h.thing.id, n: h.n, from, to, why })));
  if (!r.ok) ctx.reply('That is not there any more; nothing was moved.');
  return r.ok;
}

const COINS = /^(?:\d[\d,]*\s+)?(?:obsidian\s+)?coins?$|^all\.coins?$/i;

function get(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const words = args.replace(/^(?:up\s+)?/i, '').trim();
  const floor = onFloor(ctx);
  if (!floor.length && /^all(\.|$)/i.test(words)) return ctx.reply('There is nothing here to pick up.');
  const r = pickThings(floor, words);
  if (!r.ok) {
    // Someone, or something that is part of the room, is not for taking.
    const person = matchKeyword(room.npcs, (n) => n.keywords, words);
    if (person) return ctx.reply(`${named(person.name)} is not yours to take.`);
    const fixed = matchKeyword([...room.objects, ...tavern.tablesIn(room.id).map((t) => t.data)], (o) => o.keywords, words);
    return ctx.reply(fixed ? `You cannot take ${fixed.short}: it stays where it is.` : whyNot(r, words, 'floor'));
  }
  if (!move(ctx, r.picked, floorOf(room.id), carriedBy(actor.key), `${actor.name} picked it up`)) return;
  const what = listed(r.picked);
  ctx.reply(`You pick up ${what}.`);
  tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} picks up ${what}.`);
}

function drop(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  if (COINS.test(args.trim())) return ctx.reply('Coins stay in your purse: give them to someone instead (give <n> coins to <name>).');
  const held = carried(ctx);
  if (!held.length) return ctx.reply('You carry nothing to drop.');
  const r = pickThings(held, args);
  if (!r.ok) return ctx.reply(whyNot(r, args.trim(), 'carried'));
  if (!move(ctx, r.picked, carriedBy(actor.key), floorOf(room.id), `${actor.name} dropped it`)) return;
  const what = listed(r.picked);
  ctx.reply(`You drop ${what}.`);
  tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} drops ${what}.`);
}

/** `give <thing> to <name>` (coins.ts hands `give <n> coins to <name>` here when the words are no amount of coins). */
export function giveThings(ctx: CommandContext, words: string, to: string, npc: NpcData | undefined): void {
  const { tavern, actor, room } = ctx;
  const held = carried(ctx);
  // One of the tavern's people is handed what they take, of the things the words name: `give jug
  // to sarra` is the empty jug she stacks, not the full one carried with it.
  const taken = npc ? pickThings(held.filter((h) => npc.takes?.[h.thing.id]), words) : null;
  const r = taken?.ok ? taken : pickThings(held, words);
  if (!r.ok) return ctx.reply(held.length ? whyNot(r, words, 'carried') : 'You carry nothing to give.');
  const what = listed(r.picked);
  if (npc) {
    const takes = r.picked.length === 1 ? npc.takes?.[r.picked[0].thing.id] : undefined;
    if (!takes) return ctx.reply(`${named(npc.name)} has no use for ${what}.`);
    if (!move(ctx, r.picked, carriedBy(actor.key), HOUSE_STOCK, `${actor.name} gave it to ${npc.name}`)) return;
    tavern.tell({ room: room.id }, npcLine(takes, { npc: named(npc.name), actor: named(actor.name), thing: what }));
    return;
  }
  const target = tavern.findPlayer(to, tavern.playersIn(room.id));
  if (!target) return ctx.reply(`There is nobody called "${to}" here.`);
  if (target === actor) return ctx.reply(`You pass ${what} from one hand to the other.`);
  if (!move(ctx, r.picked, carriedBy(actor.key), carriedBy(target.key), `${actor.name} gave it to ${target.name}`)) return;
  ctx.reply(`You give ${what} to ${named(target.name)}.`);
  tavern.tell(target, `${named(actor.name)} gives you ${what}.`);
  tavern.tell({ room: room.id, except: [actor, target] }, `${named(actor.name)} gives ${what} to ${named(target.name)}.`);
}

export const carryingCommands: TavernCommand[] = [
  {
    key: 'get',
    aliases: ['take'],
    usage: 'get <thing> | get <n> <thing> | get all[.<thing>]',
    group: 'Coins and things',
    needsArgs: true,
    help: 'Pick up something lying here: `get date`, `get 2 date`, `get 2.jug` (the second jug), `get all`, `get all.jug`.',
    run: get,
  },
  {
    key: 'drop',
    usage: 'drop <thing> | drop <n> <thing> | drop all[.<thing>]',
    group: 'Coins and things',
    needsArgs: true,
    help: 'Put something you carry down on the floor, for anyone to pick up: `drop jug`, `drop 2.jug`, `drop all`.',
    run: drop,
  },
];
