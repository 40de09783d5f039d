import { hanging } from '../text/markup.js';
import { cleanLine } from '../telnet/lines.js';
import { named } from '../output/palette.js';
import type { Tavern, TavernCommand } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import { everyoneHere } from './crowd.js';

/** People: who is in the tavern, and how each one looks to the others (`describe`, `look <name>`). */

/** How long a description may be, in characters. */
export const MAX_DESCRIPTION = 300;
/** How much of it `who` shows: with the name and the idle time, a line of 80 columns. */
const SHORT = 40;
const NO_DESCRIPTION = 'a traveller of the wastes, sun-browned and watchful';
const NO_SHORT = 'a traveller of the wastes';

export function descriptionOf(tavern: Tavern, p: Player): string | undefined {
  return tavern.store.character(p.key)?.prefs.description;
}

/** `look <name>`: the person as they described themselves, and where they sit. */
export function personLook(tavern: Tavern, p: Player): string {
  const description = descriptionOf(tavern, p);
  const seat = p.seat ? ` ${named(p.name)} is seated at ${p.seat.data.name}.` : '';
  return description ? `${named(p.name)}\n${description}${seat}` : `${named(p.name)} is ${NO_DESCRIPTION}.${seat}`;
}

/** The first sentence of a description, cut at a word to fit a line of `who`. */
function shortDescription(description: string | undefined): string {
  if (!description) return NO_SHORT;
  const sentence = /^.*?[.!?](\s|$)/.exec(description)?.[0].trim() ?? description;
  if (sentence.length <= SHORT) return sentence;
  const cut = sentence.slice(0, SHORT + 1).replace(/\s+\S*$/, '');
  return `${cut || sentence.slice(0, SHORT)}...`;
}

/** "12 seconds", "5 minutes", "2 hours". */
export function idleFor(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [n, unit] = s < 60 ? [s, 'second'] : s < 3600 ? [Math.floor(s / 60), 'minute'] : [Math.floor(s / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export const peopleCommands: TavernCommand[] = [
  {
    key: 'who',
    usage: 'who [here]',
    group: 'People',
    help: 'List the characters in the tavern right now: how each looks, where they sit, and how long since they last did anything. who here names everyone in your room (as look crowd does).',
    run(ctx, args) {
      const { tavern } = ctx;
      const filter = args.trim().toLowerCase();
      if (filter === 'here') return ctx.reply(everyoneHere(ctx));
      if (filter) return ctx.reply('Usage: who [here]');
      const now = tavern.clock.now();
      const all = [...tavern.players.values()].sort((a, b) => a.name.localeCompare(b.name));
      const lines = all.map((p) => {
        // The description's own full stop gives way to the separator: "A tall woman; idle 3 seconds".
        const parts = [shortDescription(descriptionOf(tavern, p)).replace(/(?<!\.)\.$/, '')];
        if (p.seat) parts.push(`at ${p.seat.data.name}`);
        parts.push(p.session ? `idle ${idleFor(now - p.lastInput)}` : 'lost in thought');
        return hanging(`  ${p.name}`, parts.join('; '), 19);
      });
      ctx.reply(`${all.length} in ${tavern.world.name}:\n${lines.join('\n')}`);
    },
  },
  {
    key: 'describe',
    usage: 'describe <text> | describe clear',
    group: 'People',
    help: `Set how others see you when they look at you (up to ${MAX_DESCRIPTION} characters): \`describe A tall woman with a scar across her cheek.\` Its first sentence shows in who. describe alone shows yours; describe clear removes it.`,
    run(ctx, args) {
      const { tavern, actor } = ctx;
      const text = cleanLine(args).replace(/\s+/g, ' ').trim();
      if (!text) {
        const mine = descriptionOf(tavern, actor);
        ctx.reply(mine ? `Others see you as: ${mine}\n(describe <text> changes it; describe clear removes it.)` : 'You have no description yet. Usage: describe <text>');
        return;
      }
      if (text.toLowerCase() === 'clear') {
        tavern.store.record({ kind: 'prefs', key: actor.key, prefs: { description: null } });
        ctx.reply('Your description is cleared.');
        return;
      }
      const description = text.length > MAX_DESCRIPTION ? text.slice(0, MAX_DESCRIPTION).replace(/\s+\S*$/, '') : text;
      tavern.store.record({ kind: 'prefs', key: actor.key, prefs: { description } });
      const cut = description.length < text.length ? ` (cut to ${MAX_DESCRIPTION} characters)` : '';
      ctx.reply(`Others now see you as: ${description}${cut}`);
    },
  },
];
