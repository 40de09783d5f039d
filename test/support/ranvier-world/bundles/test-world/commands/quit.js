'use strict';
/** `quit`: saved, out of the world, disconnected. */
const { Broadcast } = require('ranvier');

module.exports = {
  usage: 'quit',
  command: (state) => (args, player) => {
    Broadcast.sayAt(player, 'Farewell!');
    player.save(() => state.PlayerManager.removePlayer(player, true));
  },
};
