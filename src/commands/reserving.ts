import type { CommandContext, TavernCommand } from '../world/tavern.js';
import { partyText } from '../world/reservations.js';
import { named, roomName } from '../output/palette.js';
import { tavernWords } from '../output/words.js';
import { andList, capitalise } from '../text/names.js';

/** Reserving a private room (the booth off the card room) for a party: nobody else may come in for a while. */

async function reserve(ctx: CommandContext, args: string): Promise<void> {
  const { tavern, actor, room } = ctx;
  const words = args.trim().replace(/^for\s+/i, '');
  if (/^(?:off|end|cancel|none)$/i.test(words)) {
    const problem = tavern.reservations.end(room, actor);
    if (problem) return ctx.reply(problem);
    ctx.reply(`You end the reservation of ${roomName(room.name)}; anyone may come in now.`);
    tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} ends the reservation of ${roomName(room.name)}; anyone may come in now.`);
    return;
  }
  const party: string[] = [];
  for (const name of words.split(/[\s,]+|\band\b/i).filter(Boolean)) {
    const online = tavern.findPlayer(name);
    if (online) party.push(online.name);
    else if (/^[A-Za-z]{3,16}$/.test(name) && (await tavern.store.nameTaken(name.toLowerCase()))) party.push(capitalise(name));
    else return ctx.reply(`There is no character called "${name}".`);
  }
  const r = tavern.reservations.reserve(room, actor, party);
  if (!r.ok) return ctx.reply(r.reason);
  const { reservation } = r;
  const until = tavernWords.timeOfDay(reservation.until);
  ctx.reply(`You reserve ${roomName(room.name)} for ${reservation.party.length > 1 ? `your party (${andList(reservation.party)})` : 'yourself'} until ${until}. Nobody else may come in.`);
  tavern.tell({ room: room.id, except: [actor] }, `${named(actor.name)} reserves ${roomName(room.name)} for ${partyText(reservation)} until ${until}.`);
  const elsewhere = reservation.party.map((n) => tavern.findPlayer(n)).filter((p) => p && p !== actor && p.room !== room.id);
  for (const p of elsewhere) tavern.tell(p!, `${named(actor.name)} has reserved ${roomName(room.name)} for ${partyText(reservation)} until ${until}; you may come in.`);
}

export const reservingCommands: TavernCommand[] = [
  {
    key: 'reserve',
    usage: 'reserve [for <name> <name>...] | reserve off',
    group: 'Tables',
    // `r` stays roll: reserve is found from `re`.
    fewestLetters: 2,
    help: 'In a private room (the booth east of the card room), keep it for yourself and the friends you name for a while (an hour, in the shipped tavern): nobody else may come in, so a group can play at its table undisturbed. `reserve for Bex Cyd`; `reserve` again renews it; `reserve off` ends it.',
    run: reserve,
  },
];
