'use strict';
/**
 * The tests' command loop: a direction walks (n, s, e, w, u, d or in full), anything else is a
 * command by its name or the start of one, as the stock loop finds them; then the prompt, `> `
 * and IAC GA (written as it is: Broadcast.prompt would end it with a colour reset).
 */
const { Broadcast } = require('ranvier');

/** The prompt on a line of its own, then IAC GA; Broadcast starts the next message on a new line. */
function prompt(player) {
  player.socket.write('\r\n> ');
  player.socket._prompted = true;
  player.socket.command('goAhead');
}

const DIRECTIONS = { n: 'north', s: 'south', e: 'east', w: 'west', u: 'up', d: 'down' };

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
  const direction = DIRECTIONS[verb] || Object.values(DIRECTIONS).find((d) => d === verb);
  if (direction) return walk(state, player, direction);
  const command = state.CommandManager.get(verb) || state.CommandManager.find(verb);
  if (!command) return Broadcast.sayAt(player, 'Huh?');
  command.execute(rest.join(' '), player, verb);
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
