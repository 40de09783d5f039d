'use strict';
/**
 * The tests' login: a name, and the player is in (made with 1,000 of the tables' currency, gold
 * unless ranvier.json says otherwise, the first time). A name already in the world takes over its
 * player, as the stock login does.
 */
const fs = require('fs');
const path = require('path');
const { Broadcast, Config, Player } = require('ranvier');
const { prompt } = require('./commands.js');

module.exports = {
  event: (state) => (socket) => {
    socket.write('Name: ');
    socket.command('goAhead');
    socket.once('data', async (data) => {
      const typed = data.toString().trim();
      if (!/^[A-Za-z]{3,16}$/.test(typed)) {
        socket.write('A name is 3 to 16 letters.\r\n');
        return socket.emit('intro', socket);
      }
      const name = typed[0].toUpperCase() + typed.slice(1).toLowerCase();
      try {
        let player = state.PlayerManager.getPlayer(name);
        if (player) {
          if (player.socket && player.socket !== socket) player.socket.end();
          player.socket = socket;
          Broadcast.sayAt(player, 'You take over your connection.');
          state.CommandManager.get('look').execute('', player);
          prompt(player);
          return socket.emit('commands', player);
        }
        const account = { name, username: name };
        if (!fs.existsSync(path.join(__dirname, '../../../data/player', `${name}.json`))) {
          const currency = (Config.get('obsidianTables') || {}).currency || 'gold';
          const fresh = new Player({ name, account, metadata: { currencies: { [currency]: 1000 } } });
          fresh.room = state.RoomManager.getRoom(Config.get('startingRoom'));
          await state.PlayerManager.save(fresh);
        }
        player = await state.PlayerManager.loadPlayer(state, account, name);
        player.socket = socket;
        player.hydrate(state);
        player.save();
        state.CommandManager.get('look').execute('', player);
        prompt(player);
        socket.emit('commands', player);
        player.emit('login');
      } catch (e) {
        console.error(e);
        socket.end();
      }
    });
  },
};
