import type { GameDefinition } from './api.js';
import { spiceRun } from './spice-run/table.js';
import { dragonsLair } from './dragons-lair/table.js';
import { lichBones } from './lich-bones/table.js';

/** Every game a table in the world data may host, by its `game` id. */
export const games: GameDefinition[] = [spiceRun, lichBones, dragonsLair];
