import { named } from '../output/palette.js';
import type { CommandContext } from '../world/tavern.js';
import type { Player } from '../world/player.js';

/**
 * The people of a room in words that stay short in a crowd (issue 15): past the `crowd` setting
 * `look` names the first few who came in and counts the rest, and `look crowd` (or `who here`)
 * names everyone. The few are found by walking the room's index from its start, so a look in a
 * room of 1,000 formats three names, not 999.
 */

/** How many people a crowded room's `look` names before it counts the rest. */
export const FEW = 3;

/** "Ana", "Ana and Bex", "Ana, Bex and Cyr". */
export function andList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * "Ana, Bex, Cyr and 996 others": the first FEW of `people` but `skip`, then how many more;
 * `count` is how many there are without `skip` (the index knows it, so nobody is counted here).
 */
export function fewNames(people: Iterable<{ readonly name: string }>, count: number, skip?: Player): string {
  const shown: string[] = [];
  for (const p of people) {
    if (p === skip) continue;
    if (shown.length === FEW) break;
    shown.push(named(p.name));
  }
  const more = count - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} other${more === 1 ? '' : 's'}` : andList(shown);
}

/** How many of `people` are not `skip`. */
export function countWithout(people: ReadonlySet<Player>, skip: Player): number {
  return people.size - (people.has(skip) ? 1 : 0);
}

/** Everyone else in the actor's room, named: `look crowd` and `who here`, the full list at any size. */
export function everyoneHere(ctx: CommandContext): string {
  const { tavern, actor, room } = ctx;
  const others = [...tavern.whereabouts.present(room.id)].filter((p) => p !== actor);
  const away = [...tavern.whereabouts.away(room.id)];
  if (!others.length && !away.length) return 'Nobody else is here.';
  const lines: string[] = [];
  if (others.length) {
    const names = others.map((p) => `${named(p.name)}${p.seat ? ` (at ${p.seat.data.name})` : ''}`);
    lines.push(`${others.length === 1 ? 'One other is' : `${others.length} others are`} here: ${andList(names)}.`);
  }
  if (away.length) lines.push(`Lost in thought: ${andList(away.map((p) => named(p.name)))}.`);
  return lines.join('\n');
}

/** The people lines of `look`: one a person in a small room; in a crowd, the few and a count. */
export function peopleHere(ctx: CommandContext): string[] {
  const { tavern, actor, room } = ctx;
  const present = tavern.whereabouts.present(room.id);
  const away = tavern.whereabouts.away(room.id);
  if (present.size + away.size <= tavern.settings.crowd) {
    const lines: string[] = [];
    for (const p of present) if (p !== actor) lines.push(`${named(p.name)} is here${p.seat ? `, seated at ${p.seat.data.name}` : ''}.`);
    for (const p of away) lines.push(`${named(p.name)} sits motionless, lost in thought.`);
    return lines;
  }
  const lines: string[] = [];
  const others = countWithout(present, actor);
  if (others) lines.push(`${fewNames(present, others, actor)} ${others === 1 ? 'is' : 'are'} here. (look crowd names everyone.)`);
  if (away.size) lines.push(`${fewNames(away, away.size)} ${away.size === 1 ? 'sits' : 'sit'} motionless, lost in thought.`);
  return lines;
}
