import type { CommandContext, TavernCommand } from '../tavern.js';
import { matchKeyword, type NpcData } from '../world.js';
import { named, quoted } from '../palette.js';

/** Talking: speech, emotes, whispers, and who is here. */

/** Finds an NPC in the room (a dealer) by name or keyword. */
export function findNpc(ctx: CommandContext, query: string): NpcData | undefined {
  return matchKeyword(ctx.room.npcs, (n) => n.keywords, query);
}

export const talkingCommands: TavernCommand[] = [
  {
    key: 'say',
    aliases: ["'"],
    usage: 'say <text>   (or \'<text>)',
    group: 'Talking',
    needsArgs: true,
    help: 'Say something aloud to everyone in the room.',
    run(ctx, args) {
      ctx.reply(`You say, ${quoted(args)}`);
      ctx.tavern.toRoom(ctx.room.id, `${named(ctx.actor.name)} says, ${quoted(args)}`, [ctx.actor]);
    },
  },
  {
    key: 'emote',
    aliases: [':'],
    usage: 'emote <action>   (or :<action>)',
    group: 'Talking',
    needsArgs: true,
    help: 'Show the room what you do: `emote grins` shows "Ana grins."',
    run(ctx, args) {
      const text = `${named(ctx.actor.name)} ${args}`;
      ctx.tavern.toRoom(ctx.room.id, /[.!?]$/.test(args) ? text : `${text}.`);
    },
  },
  {
    key: 'whisper',
    usage: 'whisper <name> <text>',
    group: 'Talking',
    needsArgs: true,
    help: 'Whisper to someone in the room: only they hear the words; the room sees that you whispered. Bets for Lich Bones can be whispered to Dreaven (whisper dreaven hero 5000).',
    run(ctx, args) {
      const m = /^(\S+)\s+(.+)$/s.exec(args);
      if (!m) {
        ctx.reply('Usage: whisper <name> <text>');
        return;
      }
      const [, who, text] = m;
      const { tavern, actor, room } = ctx;
      const npc = findNpc(ctx, who);
      if (npc) {
        ctx.reply(`You whisper to ${named(npc.name)}, ${quoted(text)}`);
        tavern.toRoom(room.id, `${named(actor.name)} whispers something to ${named(npc.name)}.`, [actor]);
        const table = npc.dealerOf ? tavern.tables.get(npc.dealerOf) : undefined;
        if (!table?.whisper(actor, text, ctx.reply)) ctx.reply(`${named(npc.name)} only nods politely.`);
        return;
      }
      const target = tavern.findPlayer(who, tavern.playersIn(room.id));
      if (!target) {
        ctx.reply(`There is nobody called "${who}" here to whisper to.`);
        return;
      }
      if (target === actor) {
        ctx.reply('You mutter to yourself.');
        return;
      }
      ctx.reply(`You whisper to ${named(target.name)}, ${quoted(text)}`);
      tavern.tell(target, `${named(actor.name)} whispers to you, ${quoted(text)}`);
      tavern.toRoom(room.id, `${named(actor.name)} whispers something to ${named(target.name)}.`, [actor, target]);
    },
  },
  {
    key: 'who',
    usage: 'who',
    group: 'Talking',
    help: 'List the characters in the tavern right now.',
    run(ctx) {
      const all = [...ctx.tavern.players.values()].sort((a, b) => a.name.localeCompare(b.name));
      const lines = all.map((p) => `  ${p.name.padEnd(17)}${p.session ? '' : '(lost in thought)'}`.trimEnd());
      ctx.reply(`${all.length} in ${ctx.tavern.world.name}:\n${lines.join('\n')}`);
    },
  },
];
