import type { GameDefinition } from '../../../src/games/api.js';
import { games } from '../../../src/games/index.js';
import { gamesWith, loadGameModule } from '../../../src/games/modules.js';
import { checkVerbs, readConfig } from './config.js';
import { stopStart } from './core.js';
import type { RanvierState } from './ranvier.js';
import { bundleWords } from './verbs.js';

/**
 * The games a world's tables play: the package's own, built into the bundle, and those of the
 * modules `obsidianTables.gameModules` names (src/games/modules.ts: each exports a
 * GameDefinition; a table's `game` names it by its id). A module loads asynchronously, and
 * Ranvier loads a bundle synchronously and awaits nothing of it: so the load begins as the
 * config is first read (as Ranvier makes the bundle's first command), runs on while the other
 * bundles load, and the tables of the world wait for it (world.ts), as do the module games'
 * commands and the help (bundle.ts). A module that is no game, two games of one id, or a verb in
 * `obsidianTables.verbs` that no game has stops the start in one line.
 */
export interface WorldGames {
  /** Every game of the world, once known: at once where the config names no module. */
  readonly list: readonly GameDefinition[] | null;
  /** Settles with every game once the modules are loaded (never, when the start stops). */
  readonly loaded: Promise<readonly GameDefinition[]>;
}

const worlds = new WeakMap<RanvierState, WorldGames>();

/** The world's games, their load begun at the first call; throws what is wrong with the config or the package's games. */
export function worldGames(state: RanvierState): WorldGames {
  let found = worlds.get(state);
  if (!found) {
    found = load(state);
    worlds.set(state, found);
  }
  return found;
}

function load(state: RanvierState): WorldGames {
  const { gameModules, verbs } = readConfig(state);
  const checked = (all: GameDefinition[]) => {
    checkVerbs(verbs, bundleWords(all));
    return all;
  };
  if (gameModules.length === 0) {
    const list = checked(games);
    return { list, loaded: Promise.resolve(list) };
  }
  const world: { list: readonly GameDefinition[] | null; loaded: Promise<readonly GameDefinition[]> } = {
    list: null,
    loaded: Promise.all(gameModules.map((file) => loadGameModule(file)))
      .then((loaded) => gamesWith(games, loaded))
      .catch((e: unknown) => stopStart(`obsidianTables.gameModules: ${e instanceof Error ? e.message : String(e)}`))
      .then((all) => {
        try {
          return (world.list = checked(all));
        } catch (e) {
          return stopStart(e);
        }
      }),
  };
  return world;
}
