import type { TavernCommand } from '../tavern.js';
import type { GameInfo } from '../tables.js';
import { adminCommands } from './admin.js';
import { coinCommands } from './coins.js';
import { fairCommands } from './fair.js';
import { helpCommands } from './help.js';
import { lookingCommands } from './looking.js';
import { movingCommands } from './moving.js';
import { settingCommands } from './settings.js';
import { tableCommands } from './tables.js';
import { talkingCommands } from './talking.js';

/** The everyday verbs of the tavern, one file a group; each command declares its own help. */
export function everydayCommands(games: GameInfo[]): TavernCommand[] {
  return [...lookingCommands, ...movingCommands, ...talkingCommands, ...coinCommands, ...tableCommands, ...fairCommands, ...settingCommands, ...helpCommands(games), ...adminCommands];
}
