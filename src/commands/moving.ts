import { arrives, leaves, type CommandContext, type TavernCommand } from '../world/tavern.js';
import { DIRECTION_LETTERS, DIRECTIONS, directionOf, OPPOSITE, type Direction } from '../text/directions.js';
import { exitsLine, look } from './looking.js';
import { exitWord, roomName } from '../output/palette.js';
import { drawn, HANG } from '../text/markup.js';

/** Moving: the six directions, `go`, and `exits`. */

function arrivalFrom(dir: Direction): string {
  const from = OPPOSITE[dir];
  return from === 'up' ? 'from above' : from === 'down' ? 'from below' : `from the ${exitWord(from)}`;
}

function move(ctx: CommandContext, dir: Direction): void {
  const { tavern, actor, room } = ctx;
  const to = room.exits[dir];
  if (!to) {
    ctx.reply(`You cannot go ${dir} from here. ${exitsLine(ctx)}`);
    return;
  }
  if (actor.seat) {
    ctx.reply(`You are seated at ${actor.seat.data.name}; stand up first.`);
    return;
  }
  const reserved = tavern.reservations.refusal(to, actor);
  if (reserved) {
    ctx.reply(reserved);
    return;
  }
  tavern.comings.tell(room.id, leaves(actor.name, exitWord(dir)), actor);
  tavern.moveTo(actor, to);
  tavern.comings.tell(to, arrives(actor.name, arrivalFrom(dir)), actor);
  look({ ...ctx, room: tavern.roomOf(actor) }, '');
}

const directionCommands: TavernCommand[] = DIRECTIONS.map((dir) => ({
  key: dir,
  aliases: [DIRECTION_LETTERS[dir]],
  usage: dir,
  group: 'Moving',
  help: `Walk ${dir === 'up' || dir === 'down' ? dir : dir + 'wards'}, if there is a way.`,
  run: (ctx: CommandContext) => move(ctx, dir),
}));

export const movingCommands: TavernCommand[] = [
  ...directionCommands,
  {
    key: 'go',
    usage: 'go <direction>',
    group: 'Moving',
    needsArgs: true,
    help: 'Walk in a direction: north, east, south, west, up or down.',
    run(ctx, args) {
      const dir = directionOf(args);
      if (dir) move(ctx, dir);
      else ctx.reply(`"${args}" is not a direction. ${exitsLine(ctx)}`);
    },
  },
  {
    key: 'exits',
    usage: 'exits',
    group: 'Moving',
    help: 'List the ways out of the room and where they lead.',
    run(ctx) {
      const ways = DIRECTIONS.filter((d) => ctx.room.exits[d]).map((d) => ({ d, to: roomName(ctx.tavern.world.rooms.get(ctx.room.exits[d]!)!.name) }));
      if (!ways.length) {
        ctx.reply('There is no way out.');
        return;
      }
      // In columns for the eye; in one sentence for a screen reader.
      const columns = ways.map(({ d, to }) => `  ${exitWord(d)}${' '.repeat(7 - d.length)}${HANG}${to}`).join('\n');
      const sentence = `Ways out: ${ways.map(({ d, to }) => `${exitWord(d)} to ${to}`).join('; ')}.`;
      ctx.reply(drawn(`Ways out:\n${columns}`, sentence));
    },
  },
];
