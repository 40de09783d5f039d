'use strict';
/** `destroy <item>`: an item in the room leaves the world (ItemManager.remove), as a builder's tool would take it. */
const { Broadcast } = require('ranvier');

module.exports = {
  usage: 'destroy <item>',
  command: (state) => (args, player) => {
    const word = (args || '').trim().toLowerCase();
    const item = [...player.room.items].find((i) => i.keywords.includes(word));
    if (!item) return Broadcast.sayAt(player, `There is no ${word} here.`);
    state.ItemManager.remove(item);
    Broadcast.sayAt(player, `You destroy ${item.name}.`);
  },
};
