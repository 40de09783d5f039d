'use strict';
/**
 * The tests' command loop, in the order the stock one (bundle-example-lib's CommandParser) reads
 * a typed word: any start of a direction walks, `l` and `i` are look and inventory, then a
 * command of exactly that word, then the first command whose word starts with it, then a
 * channel; then the prompt, `> ` and IAC GA (written as it is: Broadcast.prompt would end it with
 * a colour reset).
 */
const { Broadcast } = require('ranvier');

/** The prompt on a line of its own, then IAC GA; Broadcast starts the next message on a new line. */
function prompt(player) {
  player.socket.write('\r\n> ');
  player.socket._prompted = true;
  player.socket.command('goAhead');
}

const DIRECTIONS = ['north', 'south', 'east', 'west', 'up', 'down'];

function walk(state, player, direction) {
  const exit = player.room.getExits().find((x) => x.direction === direction);
  if (!exit) return Broadcast.sayAt(player, 'You cannot go that way.');
  const from = player.room;
  Broadcast.sayAtExcept(from, `${player.name} leaves ${direction}.`, player);
  player.moveTo(state.RoomManager.getRoom(exit.roomId), () => state.CommandManager.get('look').execute('', player));
}

function run(state, player, line) {
  const [word, ...rest] = line.split(/\s+/);
  const verb = word.toLowerCase();
  const direction = DIRECTIONS.find((d) => d.startsWith(verb));
  if (direction) return walk(state, player, direction);
  const first = { l: 'look', i: 'inventory' }[verb];
  if (first && state.CommandManager.get(first)) return state.CommandManager.get(first).execute(rest.join(' '), player, first);
  const exact = state.CommandManager.get(verb);
  const found = exact ? { command: exact, alias: verb } : state.CommandManager.find(verb, true);
  if (found) return found.command.execute(rest.join(' '), player, found.alias);
  const channel = state.ChannelManager.find(verb);
  if (channel) return channel.send(state, player, rest.join(' '));
  Broadcast.sayAt(player, 'Huh?');
}

module.exports = {
  prompt,
  event: (state) => (player) => {
    player.socket.once('data', (data) => {
      const line = data.toString().trim();
      if (line === 'quit') return state.CommandManager.get('quit').execute('', player);
      try {
        if (line) run(state, player, line);
      } catch (e) {
        console.error(e);
      }
      prompt(player);
      player.socket.emit('commands', player);
    });
  },
};
