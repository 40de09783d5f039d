/**
 * The Obsidian Scorpion's tables as a RanvierMUD bundle: what each file of the built bundle
 * (dist/ranvier/obsidian-tables, made by build.ts) hands to Ranvier's BundleManager. Each of
 * those files is one line that takes its part from this module, built once into
 * lib/obsidian-tables.js, so every part shares one TablesWorld per GameState.
 */
import { bundleVerbs, tableCommands } from './commands.js';
import { registerHelp } from './help.js';
import type { RanvierItem, RanvierPlayer, RanvierState } from './ranvier.js';
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

/** player-events.js: a player coming into the world gets what the tables did while they were away. */
export const playerEvents = {
  listeners: {
    enterRoom: (state: RanvierState) =>
      function (this: RanvierPlayer) {
        const world = TablesWorld.of(state);
        const came = world.purses.reconcile(this);
        if (came > 0) world.tell(this, `While you were away, the tables put ${world.words.money(came)} in your purse (wagers returned, winnings).`);
        else if (came < 0) world.tell(this, `While you were away, the tables took ${world.words.money(-came)} from your purse.`);
      },
  },
};

/** server-events/obsidian-tables.js: the help once every table has spawned; the tables go with the server. */
export const serverEvents = {
  listeners: {
    startup: (state: RanvierState) => () => {
      registerHelp(state, TablesWorld.of(state), bundleVerbs());
    },
    shutdown: (state: RanvierState) => () => TablesWorld.find(state)?.shutdown(),
  },
};
