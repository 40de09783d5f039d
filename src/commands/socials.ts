import { named } from '../output/palette.js';
import { socialLine, type Social } from '../world/socials.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { mayTalk, said } from './speech.js';
import { findNpc } from './talking.js';
import { npcLine } from '../world/npcs.js';

/** Socials: smile, bow, wave..., alone or at someone present, each verb from the world's data (world/socials.ts). */

function perform(ctx: CommandContext, verb: string, social: Social, args: string): void {
  const { tavern, actor, room } = ctx;
  const query = args.replace(/^(at|to|for|with)\s+/i, '').trim();
  const alone = () => {
    if (!social.alone) return ctx.reply(`Usage: ${verb} <name>`);
    const lines = social.alone;
    if (!mayTalk(ctx, 'social', lines.room)) return;
    tavern.tell({ room: room.id }, (p) => said('social', actor.name, socialLine(p === actor ? lines.actor : lines.room, named(actor.name))));
  };
  if (!query) return alone();
  if (!social.at) return ctx.reply(`You ${verb} on your own: type just ${verb}.`);
  const lines = social.at;
  const target = tavern.findPlayer(query, tavern.playersIn(room.id));
  if (target === actor) return alone();
  const npc = target ? undefined : findNpc(ctx, query);
  const name = target?.name ?? npc?.name;
  if (!name) return ctx.reply(`There is nobody called "${query}" here.`);
  if (!mayTalk(ctx, 'social', lines.room)) return;
  tavern.tell({ room: room.id }, (p) =>
    said('social', actor.name, socialLine(p === actor ? lines.actor : p === target ? lines.target : lines.room, named(actor.name), named(name))),
  );
  // One of the tavern's people answers in their own way (the world's words), if they have one for it.
  const answer = npc?.socials?.[verb] ?? npc?.socials?.['*'];
  if (answer) tavern.tell({ room: room.id }, npcLine(answer, { npc: named(npc!.name), actor: named(actor.name) }));
}

/** One command per social verb; `taken` are the other commands' words, which a social may not take. */
export function socialCommands(socials: ReadonlyMap<string, Social>, taken: ReadonlySet<string>): TavernCommand[] {
  return [...socials].map(([verb, social]) => {
    if (taken.has(verb)) throw new Error(`world: the social "${verb}" has the name of a command; call it something else`);
    const how = [social.alone && `${verb} alone`, social.at && `${verb} at someone present (${verb} <name>)`].filter(Boolean).join(', or ');
    return {
      key: verb,
      usage: social.at ? (social.alone ? `${verb} [<name>]` : `${verb} <name>`) : verb,
      group: 'Socials',
      help: `A social: ${how}. The room sees it; the one you name reads "you".`,
      // Typed in full only: short words like `si` and `no` keep meaning sit and north.
      exactOnly: true,
      run: (ctx: CommandContext, args: string) => perform(ctx, verb, social, args),
    };
  });
}
