import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { npcLine, topicOf, type NpcData } from '../world/npcs.js';
import { named } from '../output/palette.js';
import { findNpc } from './talking.js';
import { mayTalk } from './speech.js';

/** Asking the tavern's people about things: an answer, or a story told line by line (life.ts). */

/**
 * Who is asked and about what: `ask the spice hunter about the storm`, `ask kesh storm`, `ask
 * old kesh`. The readings are tried in turn, the first that names one of the tavern's people
 * winning; with none, the first reading's name is the one refused.
 */
function readAsk(ctx: CommandContext, args: string): { who: string; npc?: NpcData; topic?: string } {
  const t = args.trim().replace(/\s+/g, ' ').replace(/ about$/i, '');
  const about = /^(.+?) about (.+)$/i.exec(t);
  const first = /^(\S+) (?:about )?(.+)$/i.exec(t);
  const readings = [...(about ? [{ who: about[1], topic: about[2] }] : []), { who: t }, ...(first ? [{ who: first[1], topic: first[2] }] : [])];
  for (const r of readings) {
    const npc = findNpc(ctx, r.who);
    if (npc) return { ...r, npc };
  }
  return { who: about?.[1] ?? first?.[1] ?? t };
}

function ask(ctx: CommandContext, args: string): void {
  const { tavern, actor, room } = ctx;
  const { who, npc, topic: asked } = readAsk(ctx, args);
  if (!npc) {
    const person = tavern.findPlayer(who, tavern.playersIn(room.id));
    return ctx.reply(person ? `Ask ${named(person.name)} yourself: say it, or whisper it.` : `There is nobody called "${who}" here to ask.`);
  }
  if (!asked) return ctx.reply(`Ask ${named(npc.name)} about what? (ask ${npc.keywords[0]} about <topic>)`);
  const topic = asked.trim().replace(/[?.!]+$/, '');
  const teller = tavern.life.tellerIn(room.id);
  if (teller) return ctx.reply(`${named(teller)} is in the middle of a story; listen, or ask again when it is told.`);
  // The room hears the question in the asker's words: it is talk, held to the talk limits.
  if (!mayTalk(ctx, 'say', topic)) return;
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
