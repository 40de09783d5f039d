'use strict';
/**
 * `help <topic>`: a help file by its name, shown as the stock help command shows it: the command's
 * syntax and its aliases above the body, the body through Broadcast.wrap (which trims each line's
 * leading spaces, as the stock one does).
 */
const { Broadcast } = require('ranvier');

module.exports = {
  usage: 'help <topic>',
  command: (state) => (args, player) => {
    const help = state.HelpManager.get((args || '').trim().toLowerCase());
    if (!help) return Broadcast.sayAt(player, 'There is no help on that.');
    const command = help.command && state.CommandManager.get(help.command);
    Broadcast.sayAt(player, command ? `Syntax: ${command.usage}` : help.name);
    if (command && command.aliases && command.aliases.length) Broadcast.sayAt(player, `Aliases: ${command.aliases.join(', ')}`);
    Broadcast.sayAt(player, Broadcast.wrap(help.body, 80));
  },
};
