import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { pickThings } from '../world/belongings.js';
import { USES, useLine, type ThingData, type UseVerb } from '../world/things.js';
import { carriedBy, HOUSE_STOCK } from '../store/place.js';
import type { ThingTransfer } from '../store/ledger.js';
import { named } from '../output/palette.js';
import { carried, onFloor } from './carrying.js';
import { addressed } from './talking.js';
import { mayTalk, withStop } from './speech.js';

/** What things are for: drinking and eating, with the lines the room sees, and a toast. */

const PAST: Record<UseVerb, string> = { drink: 'drank', eat: 'ate' };

/** A toast's own words as the others hear them told: `to my win` is "to their win" (the tavern knows no one's pronouns). */
const OTHERS_WORD: Record<string, string> = { my: 'their', me: 'them', mine: 'theirs', myself: 'themselves' };
const toldOfThem = (words: string) => words.replace(/\b(my|me|mine|myself)\b/gi, (w) => OTHERS_WORD[w.toLowerCase()]);

/**
 * `drink [<thing>] [to <words>]`, `eat [<thing>]`: one of the thing goes (back to the house's
 * stock), what it leaves (an empty jug) comes into the hand, in one transaction; the actor and
 * the room read the thing's own lines. A toast is said first, its names read as an emote's.
 */
function use(verb: UseVerb, ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const m = verb === 'drink' ? /^(.*?)\s*\bto\s+(.+)$/is.exec(args.trim()) : null;
  const words = (m ? m[1] : args).trim();
  const toast = m?.[2].trim();
  const held = carried(ctx);
  const usable = held.filter((h) => h.thing[verb]);
  let thing: ThingData;
  if (!words) {
    if (!usable.length) return ctx.reply(`You have nothing to ${verb}. Whoever sells things here lists them (list).`);
    thing = usable[0].thing;
  } else {
    const r = pickThings(held, words);
    if (!r.ok) return ctx.reply(pickThings(onFloor(ctx), words).ok ? `Pick it up first (get ${words}).` : `You carry no "${words}".`);
    if (r.picked.length > 1 || r.picked[0].n > 1) return ctx.reply(`One at a time: ${verb} ${words.replace(/^(?:all\.|\d+\s+)/i, '')}.`);
    thing = r.picked[0].thing;
  }
  const how = thing[verb];
  if (!how) {
    const other = USES.find((v) => thing[v]);
    return ctx.reply(`You cannot ${verb} ${thing.short}${other ? `; ${other} it instead` : ''}.`);
  }
  // A toast is the drinker's own words to the room: talk, held to the talk limits (refused, nothing is drunk).
  if (toast && !mayTalk(ctx, 'emote', toast)) return;
  const hand = carriedBy(actor.key);
  const moves: ThingTransfer[] = [{ thing: thing.id, n: 1, from: hand, to: HOUSE_STOCK, why: `${actor.name} ${PAST[verb]} it` }];
  if (how.leaves) moves.push({ thing: how.leaves, n: 1, from: HOUSE_STOCK, to: hand, why: `left when ${actor.name} ${PAST[verb]} ${thing.id}` });
  if (!tavern.ledger.moveThings(moves).ok) return ctx.reply('That is not in your hands any more.');
  const others = tavern.playersIn(room.id).filter((p) => p !== actor);
  tavern.tell({ room: room.id }, (p) => {
    const lines = [];
    if (toast) lines.push(p === actor ? withStop(`You raise ${thing.short} to ${toast}`) : `${named(actor.name)}${addressed(withStop(` raises ${thing.short} to ${toldOfThem(toast)}`), p, others)}`);
    lines.push(useLine(p === actor ? how.actor : how.room, { actor: named(actor.name), thing: thing.short }));
    return lines.join('\n');
  });
}

export const usingCommands: TavernCommand[] = [
  {
    key: 'drink',
    usage: 'drink [<thing>] [to <words>]',
    group: 'Coins and things',
    help: 'Drink something you carry, for the room to see: `drink ale`, `drink 2.jug`. Raise it to someone or something first: `drink ale to Bex`, `drink to the fallen lair`. Alone, `drink` drinks the first thing you carry that can be drunk.',
    run: (ctx, args) => use('drink', ctx, args),
  },
  {
    key: 'eat',
    usage: 'eat [<thing>]',
    group: 'Coins and things',
    // `ea` stays east: eat is typed in full.
    fewestLetters: 3,
    help: 'Eat something you carry, for the room to see: `eat cake`, `eat date`. Alone, `eat` eats the first thing you carry that can be eaten.',
    run: (ctx, args) => use('eat', ctx, args),
  },
];
