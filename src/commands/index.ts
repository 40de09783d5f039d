import { topCommands } from './top.js';
import type { CommandContext } from '../world/tavern.js';
import { CommandSet } from '../text/command-set.js';
import type { GameInfo } from '../world/table.js';
import { adminCommands } from './admin.js';
import type { Social } from '../world/socials.js';
import { channelCommands } from './channels.js';
import { coinCommands } from './coins.js';
import { fairCommands } from './fair.js';
import { helpCommands } from './help.js';
import { lookingCommands } from './looking.js';
import { movingCommands } from './moving.js';
import { newsCommands } from './news.js';
import { settingCommands } from './settings.js';
import { peopleCommands } from './people.js';
import { socialCommands } from './socials.js';
import { tableCommands } from './tables.js';
import { talkingCommands } from './talking.js';
import { yourselfCommands } from './yourself.js';
import { carryingCommands } from './carrying.js';
import { usingCommands } from './using.js';
import { barCommands } from './bar.js';
import { askingCommands } from './asking.js';
import { reservingCommands } from './reserving.js';

/** The everyday verbs of the tavern, one file a group, as the set the tavern looks each line up in; each command declares its own help. */
export function everydayCommands(games: readonly GameInfo[], socials: ReadonlyMap<string, Social> = new Map()): CommandSet<CommandContext> {
  const commands = [
    ...lookingCommands,
    ...movingCommands,
    ...talkingCommands(games),
    ...channelCommands,
    ...peopleCommands,
    ...yourselfCommands,
    ...coinCommands,
    ...carryingCommands,
    ...usingCommands,
    ...barCommands,
    ...askingCommands,
    ...tableCommands,
    ...reservingCommands,
    ...fairCommands,
    ...settingCommands,
    ...newsCommands,
    ...topCommands,
  ];
  const help = helpCommands(games);
  const taken = new Set([...commands, ...help, ...adminCommands].flatMap((c) => [c.key, ...(c.aliases ?? [])]));
  return new CommandSet([...commands, ...socialCommands(socials, taken), ...help, ...adminCommands]);
}
