import { tavernWords } from '../output/words.js';
import type { CommandContext, TavernCommand } from '../world/tavern.js';
import type { Player } from '../world/player.js';
import type { GameInfo } from '../world/table.js';
import { matchKeyword, type NpcData } from '../world/world.js';
import { named, quoted } from '../output/palette.js';
import { mayTalk, said, withStop } from './speech.js';

/** Talking in the room: speech, emotes that may name the people present, and whispers. */

/** Finds an NPC in the room (a dealer) by name or keyword. */
export function findNpc(ctx: CommandContext, query: string): NpcData | undefined {
  return matchKeyword(ctx.room.npcs, (n) => n.keywords, query);
}

/** A name as prose writes it: capitalised, the rest in any case (`Bex`, `BEX`), so that "will" is not Will. */
const asWritten = (key: string) => `${key[0].toUpperCase()}${[...key.slice(1)].map((c) => `[${c}${c.toUpperCase()}]`).join('')}`;

/**
 * An emote as one viewer reads it: the names of people present, as whole capitalised words, are
 * written as they spell them, and the viewer's own is "you" ("Bex's" is "your"), so `emote smiles
 * at Bex` reads "Ana smiles at you." to Bex and "Ana smiles at Bex." to the rest.
 */
export function addressed(text: string, viewer: Player, present: readonly Player[]): string {
  if (!present.length) return text;
  const byKey = new Map(present.map((p) => [p.key, p]));
  const pattern = new RegExp(`\\b(${present.map((p) => asWritten(p.key)).join('|')})(['’]s)?\\b`, 'g');
  return text.replace(pattern, (_match, name: string, possessive: string | undefined, at: number) => {
    const p = byKey.get(name.toLowerCase())!;
    if (p !== viewer) return `${named(p.name)}${possessive ?? ''}`;
    const word = possessive ? 'your' : 'you';
    return /(^|[.!?]\s+)$/.test(text.slice(0, at)) ? `Y${word.slice(1)}` : word;
  });
}

/** Say, emote and whisper; `help whisper` names what each game's dealer takes by whisper. */
export function talkingCommands(games: readonly GameInfo[]): TavernCommand[] {
  const whispers = games.flatMap((g) => (g.asides?.whisper ? [` ${g.asides.whisper(tavernWords)}`] : [])).join('');
  return [
    {
      key: 'say',
      aliases: ["'"],
      usage: 'say <text>   (or \'<text>)',
      group: 'Talking',
      needsArgs: true,
      help: 'Say something aloud to everyone in the room.',
      run(ctx, args) {
        const { tavern, actor, room } = ctx;
        if (!mayTalk(ctx, 'say', args)) return;
        tavern.tell({ room: room.id }, (p) => said('say', actor.name, p === actor ? `You say, ${quoted(args)}` : `${named(actor.name)} says, ${quoted(args)}`));
      },
    },
    {
      key: 'emote',
      aliases: [':'],
      usage: 'emote <action>   (or :<action>)',
      group: 'Talking',
      needsArgs: true,
      help: 'Show the room what you do: `emote grins` shows "Ana grins." Name someone present (with a capital) and they read "you": `emote smiles at Bex` shows Bex "Ana smiles at you."',
      run(ctx, args) {
        const { tavern, actor, room } = ctx;
        // "emote 's eyes narrow" reads "Ana's eyes narrow."
        const text = withStop(/^['’,]/.test(args) ? `${actor.name}${args}` : `${actor.name} ${args}`);
        const action = text.slice(actor.name.length);
        if (!mayTalk(ctx, 'emote', args)) return;
        const others = tavern.playersIn(room.id).filter((p) => p !== actor);
        tavern.tell({ room: room.id }, (p) => said('emote', actor.name, `${named(actor.name)}${addressed(action, p, others)}`));
      },
    },
    {
      key: 'whisper',
      usage: 'whisper <name> <text>',
      group: 'Talking',
      needsArgs: true,
      help: `Whisper to someone in the room: only they hear the words; the room sees that you whispered.${whispers}`,
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
          if (!mayTalk(ctx, 'whisper', text)) return;
          tavern.tell(actor, said('whisper', actor.name, `You whisper to ${named(npc.name)}, ${quoted(text)}`));
          tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} whispers something to ${named(npc.name)}.`);
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
        if (!mayTalk(ctx, 'whisper', text)) return;
        tavern.tell(actor, said('whisper', actor.name, `You whisper to ${named(target.name)}, ${quoted(text)}`));
        tavern.tell(target, said('whisper', actor.name, `${named(actor.name)} whispers to you, ${quoted(text)}`));
        tavern.tell({ room: room.id, except: [actor, target] }, `${named(actor.name)} whispers something to ${named(target.name)}.`);
      },
    },
  ];
}
