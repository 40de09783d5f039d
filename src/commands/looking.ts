import { coinsText, exitWord, named, roomName } from '../output/palette.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { matchKeyword, type NpcData, type ObjectData, type Room } from '../world/world.js';
import { DIRECTIONS, directionOf } from '../text/directions.js';
import { descriptionOf, personLook } from './people.js';
import { everyoneHere, fewNames, peopleHere } from './crowd.js';
import { floorLines, hiddenLine, lookAtThing } from './carrying.js';
import { partyText } from '../world/reservations.js';
import { tavernWords } from '../output/words.js';

/** Looking: the room, and anything or anyone in it. */

export function exitsLine(ctx: CommandContext): string {
  let line = exitsLines.get(ctx.room);
  if (line === undefined) {
    const dirs = DIRECTIONS.filter((d) => ctx.room.exits[d]);
    line = dirs.length ? `Exits: ${dirs.map(exitWord).join(', ')}.` : 'There is no way out.';
    exitsLines.set(ctx.room, line);
  }
  return line;
}

/** A room's exits are the world's, fixed once it is loaded: each line is made once, not at every look. */
const exitsLines = new WeakMap<Room, string>();

export function look(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const target = args.replace(/^(at|in|on)\s+/i, '').trim();
  if (!target) {
    // Descriptions are paragraphs: the output path wraps them to the player's screen.
    const lines = [roomName(room.name), room.description];
    for (const t of tavern.tablesIn(room.id)) {
      const n = t.seats.length;
      const who = n > tavern.settings.crowd ? fewNames(t.seats, n) : t.seats.map((p) => named(p.name)).join(', ');
      lines.push(`${capitalFirst(t.data.short)} is here${n ? `; seated: ${who}` : ''}.`);
    }
    for (const npc of room.npcs) lines.push(npc.short);
    lines.push(...floorLines(ctx));
    const reserved = tavern.reservations.of(room.id);
    if (reserved) lines.push(`Reserved for ${partyText(reserved)} until ${tavernWords.timeOfDay(reserved.until)}.`);
    lines.push(...peopleHere(ctx));
    lines.push(exitsLine(ctx));
    ctx.reply(lines.join('\n'));
    return;
  }
  if (target.toLowerCase() === CROWD && !somethingCalledCrowd(ctx)) {
    ctx.reply(everyoneHere(ctx));
    return;
  }
  const dice = /^dice(?:\s+(?:on\s+|at\s+)?(.+))?$/i.exec(target);
  if (dice) {
    const table = dice[1] ? tavern.findTable(room.id, dice[1]) : actor.seat ?? tavern.tablesIn(room.id)[0];
    ctx.reply(table ? table.describeDice() : dice[1] ? `There is no table "${dice[1]}" here.` : 'There are no dice here.');
    return;
  }
  if (['me', 'self'].includes(target.toLowerCase())) {
    const mine = descriptionOf(tavern, actor);
    ctx.reply(`You are ${named(actor.name)}, carrying ${coinsText(tavern.ledger.balance(actor.purse))}.${mine ? `\nOthers see: ${mine}` : ''}`);
    return;
  }
  const dir = directionOf(target);
  if (dir) {
    const to = room.exits[dir];
    const way = dir === 'up' ? `${exitWord('Up')} above` : dir === 'down' ? `${exitWord('Down')} below` : `To the ${exitWord(dir)}`;
    ctx.reply(to ? `${way} lies ${roomName(tavern.world.rooms.get(to)!.name)}.` : `There is nothing special ${dir === 'up' || dir === 'down' ? dir : `to the ${dir}`}.`);
    return;
  }
  const table = tavern.findTable(room.id, target);
  if (table) {
    ctx.reply(`${table.data.description}\n${table.describe(actor)}`);
    return;
  }
  const person = tavern.findPlayer(target, tavern.playersIn(room.id));
  if (person) {
    ctx.reply(personLook(tavern, person));
    return;
  }
  // Something carried or on the floor before the room's fixtures: `look jug` is the jug in your hand, not the shelves.
  const thing = lookAtThing(ctx, target);
  if (thing) {
    ctx.reply(thing);
    return;
  }
  const fixture = matchKeyword<ObjectData | NpcData>([...room.npcs, ...room.objects], (o) => o.keywords, target);
  if (fixture) {
    const hidden = hiddenLine(ctx, fixture.hides);
    ctx.reply(hidden ? `${fixture.description}
${hidden}` : fixture.description);
    return;
  }
  ctx.reply(`You see no "${target}" here.`);
}

/** `look crowd` lists everyone here, unless a table, a thing or a person here is called exactly that. */
const CROWD = 'crowd';

function somethingCalledCrowd(ctx: CommandContext): boolean {
  const { tavern, room } = ctx;
  const called = (o: { keywords: string[] }) => o.keywords.some((k) => k.toLowerCase() === CROWD);
  const person = tavern.players.get(CROWD);
  if (person && tavern.whereabouts.present(room.id).has(person)) return true;
  return tavern.tablesIn(room.id).some((t) => called(t.data)) || [...room.npcs, ...room.objects].some(called);
}

function capitalFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const lookingCommands: TavernCommand[] = [
  {
    key: 'look',
    aliases: ['l'],
    usage: 'look [<thing> | <person> | <table> | dice <table> | <direction> | crowd]',
    group: 'Looking',
    help: 'Look at the room, or at something or someone in it: a thing you carry or that lies here first (`look jug`, `look 2.jug`), then what is part of the room. `look <table>` shows the game on it; `look dice <table>` shows the last throw there. In a crowded room look names a few people and counts the rest; `look crowd` (or `who here`) names everyone here.',
    run: look,
  },
];
