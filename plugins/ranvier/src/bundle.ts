/**
 * The Obsidian Scorpion's tables as a RanvierMUD bundle: what each file of the built bundle
 * (dist/ranvier/obsidian-tables, made by build.ts) hands to Ranvier's BundleManager. Each of
 * those files is one line that takes its part from this module, built once into
 * lib/obsidian-tables.js, so every part shares one TablesWorld per GameState.
 */
import { CommandWords } from './command-words.js';
import { addedCommands, bundleVerbs, tableCommands } from './commands.js';
import { registerHelp } from './help.js';
import { watch } from './gmcp.js';
import type { RanvierItem, RanvierLoadingState, RanvierPlayer, RanvierSocket, RanvierState } from './ranvier.js';
import { claimedWords } from './verbs.js';
import { TablesWorld } from './world.js';

export const commands = tableCommands();

/** behaviors/item/obsidian-table.js: an item with this behavior is a table. */
export const behavior = {
  listeners: {
    spawn: (state: RanvierState) =>
      function (this: RanvierItem, config: unknown) {
        TablesWorld.of(state).addTable(this, config);
      },
    /** Walking out of the room is standing up from its table. */
    playerLeave: (state: RanvierState) =>
      function (this: RanvierItem, _config: unknown, player: RanvierPlayer) {
        const world = TablesWorld.of(state);
        const table = world.tables.find((t) => t.item === this);
        if (table?.isSeated(player.name)) world.run(`${table.id}: leave`, () => table.stand(player.name, 'stand'));
      },
  },
};

/** player-events.js: a player coming into the world hears what came of their bets while they were away (world.ts, comeBack). */
export const playerEvents = {
  listeners: {
    enterRoom: (state: RanvierState) =>
      function (this: RanvierPlayer) {
        const world = TablesWorld.of(state);
        world.panels.entered(this, world.tablesIn(this.room));
        world.soon();
        if (world.ready) world.comeBack(this);
        else void world.opened.then(() => world.comeBack(this));
      },
    /** The world saved the player: the lists read their purse as saved (a shop may have changed it). */
    saved: (state: RanvierState) =>
      function (this: RanvierPlayer) {
        TablesWorld.find(state)?.standings.note(this);
      },
  },
};

/**
 * input-events/intro.js: beside the world's own login (every connection starts at `intro`), the
 * tables note which GMCP packages the connection's client asks for (gmcp.ts).
 */
export const intro = {
  event: () => (socket: RanvierSocket) => watch(socket),
};

/**
 * server-events/obsidian-tables.js: once every bundle has loaded and every table spawned, and
 * the world's games are loaded with their tables made (world.ts: at once where no module brings
 * a game; Ranvier's start awaits nothing of a bundle's, so this is the first moment a bundle may
 * wait for something, and players are let in meanwhile), the commands the module games bring
 * join the world's command table, the words the tables gave up go back and those another bundle
 * hides are told (command-words.ts), then the help of the verbs players reach is registered; the
 * tables go with the server.
 */
export const serverEvents = {
  listeners: {
    startup: (state: RanvierLoadingState) => () => {
      const world = TablesWorld.of(state);
      void world.made.then(() => {
        const words = CommandWords.of(state);
        for (const [name, command] of Object.entries(addedCommands(world.games))) words.add(name, command);
        words.settle(claimedWords(world.games));
        const verbs = Object.entries(bundleVerbs(world.games, words.word)).filter(([verb]) => words.reaches(verb));
        registerHelp(state, world, Object.fromEntries(verbs));
      });
    },
    shutdown: (state: RanvierState) => () => TablesWorld.find(state)?.shutdown(),
  },
};
