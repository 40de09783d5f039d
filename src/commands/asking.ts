import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { npcLine, topicOf } from '../world/npcs.js';
import { named } from '../output/palette.js';
import { findNpc } from './talking.js';

/** Asking the tavern's people about things: an answer, or a story told line by line (life.ts). */

function ask(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const m = /^(\S+)\s+(?:about\s+)?(.+)$/is.exec(args.trim());
  const who = m ? m[1] : args.trim();
  const npc = findNpc(ctx, who);
  if (!npc) {
    const person = tavern.findPlayer(who, tavern.playersIn(room.id));
    return ctx.reply(person ? `Ask ${named(person.name)} yourself: say it, or whisper it.` : `There is nobody called "${who}" here to ask.`);
  }
  if (!m) return ctx.reply(`Ask ${named(npc.name)} about what? (ask ${npc.keywords[0]} about <topic>)`);
  const topic = m[2].trim().replace(/[?.!]+$/, '');
  const teller = tavern.life.tellerIn(room.id);
  if (teller) return ctx.reply(`${named(teller)} is in the middle of a story; listen, or ask again when it is told.`);
  ctx.reply(`You ask ${named(npc.name)} about ${topic}.`);
  tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} asks ${named(npc.name)} about ${topic}.`);
  const names = { npc: named(npc.name), actor: named(actor.name) };
  const answer = topicOf(npc, topic);
  if (answer) return tavern.life.tell(room.id, npc.name, answer.says.map((line) => npcLine(line, names)));
  tavern.tell({ room: room.id }, npcLine(npc.ask?.otherwise ?? `${npc.name} has nothing to say about that.`, names));
}

export const askingCommands: TavernCommand[] = [
  {
    key: 'ask',
    usage: 'ask <someone> about <topic>',
    group: 'Talking',
    needsArgs: true,
    help: 'Ask one of the tavern\'s people about something: `ask kesh about the storm`, `ask sarra about ale`. The room hears the question and the answer; some answers are stories, told a line at a time.',
    run: ask,
  },
];
