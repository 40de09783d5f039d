import { describe, expect, it } from 'vitest';
import { dragonsLairTold, spiceRunTold } from '../support/ranvier-told.js';

/** The kill test's reading of what players were told (test/support/ranvier-told.ts), on bytes as a Ranvier world sends them. */

describe('what the kill test reads of a transcript', () => {
  it("reads a table's line that follows a world message at once, past the colour reset Ranvier's Broadcast leaves at its start", () => {
    const heard = [
      'A game of Spice Run begins: you are Player 1, Bob is Player 2.',
      'Dee leaves north.',
      '\x1b[0mYou place 12 gold on square 7. The board holds 12 gold.',
      'Bob withdraws the game: every wager goes back to its owner (12 gold to you).',
      '',
    ].join('\r\n');
    const { told, board, players } = spiceRunTold(heard, 'Ana');
    expect(players).toEqual(['Ana', 'Bob']);
    expect([...told.purse.keys()]).toEqual(['Ana']);
    expect(told.owed('Ana', 1000)).toBe(1000);
    expect(board.size).toBe(0);
  });

  it('names the players of the next game at once, as of the first', () => {
    const heard = 'The next game of Spice Run begins at once: Bob is Player 1, you are Player 2. Bob may choose a variant.\r\n\x1b[0mBob places 5 gold on square 4. The board holds 5 gold.\r\n';
    const { told, board, players } = spiceRunTold(heard, 'Ana');
    expect(players).toEqual(['Bob', 'Ana']);
    expect(told.escrow.get('Bob')).toBe(5);
    expect(board.get(4)?.get('Bob')).toBe(5);
  });

  it("reads a Dragon's Lair settlement that starts with a colour reset", () => {
    const heard = [
      "Dragon's Lair begins with Eve and you: each antes 50 gold, and the bank holds 100 game coins.",
      'Cyd leaves north.',
      "\x1b[0mThe game of Dragon's Lair is over: the last turn is played. Game coins: Eve 53, you 47. Settlement: Eve receives 53 gold, you receive 47 gold. Type start to play again.",
    ].join('\r\n');
    const told = dragonsLairTold(heard, 'Fay');
    expect(told.owed('Eve', 1000)).toBe(1003);
    expect(told.owed('Fay', 1000)).toBe(997);
  });
});
