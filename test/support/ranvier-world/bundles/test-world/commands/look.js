'use strict';
/** The tests' `look`: the room, its items, who is here and the exits; `look <thing>` an item's description. */
const { Broadcast } = require('ranvier');

module.exports = {
  usage: 'look [<thing>]',
  command: () => (args, player) => {
    const room = player.room;
    const what = (args || '').trim().toLowerCase();
    if (what) {
      const item = [...room.items].find((i) => i.keywords.some((k) => k.startsWith(what)));
      return Broadcast.sayAt(player, item ? item.description : `You do not see "${what}" here.`);
    }
    Broadcast.sayAt(player, room.title);
    Broadcast.sayAt(player, room.description);
    for (const item of room.items) Broadcast.sayAt(player, item.roomDesc || item.name);
    for (const other of room.players) if (other !== player) Broadcast.sayAt(player, `${other.name} is here.`);
    Broadcast.sayAt(player, `Exits: ${room.getExits().map((x) => x.direction).join(' ') || 'none'}`);
  },
};
