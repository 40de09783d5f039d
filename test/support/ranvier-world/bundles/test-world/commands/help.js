'use strict';
/** `help <topic>`: a help file by its name, as the stock help command finds it. */
const { Broadcast } = require('ranvier');

module.exports = {
  usage: 'help <topic>',
  command: (state) => (args, player) => {
    const help = state.HelpManager.get((args || '').trim().toLowerCase());
    if (!help) return Broadcast.sayAt(player, 'There is no help on that.');
    Broadcast.sayAt(player, help.command ? `Syntax: ${state.CommandManager.get(help.command).usage}` : help.name);
    Broadcast.sayAt(player, Broadcast.wrap(help.body, 80));
  },
};
