import { describe, expect, it } from 'vitest';
import { NOBODY, Voice } from '../../src/games/voice.js';
import { tell, type Said } from '../../src/games/lich-bones/story.js';
import { DEFAULT_SETTINGS, newTable, type LichBonesEvent } from '../../src/games/lich-bones/state.js';
import { tavernWords } from '../../src/output/words.js';

describe('a voice: one sentence, worded for each viewer', () => {
  const robs = (v: Voice) => `${v.Poss('Ana')} thief robs ${v.name('Bob')}; ${v.does('Ana', 'have', 'has')} ${v.theirs('Bob')} now.`;

  it('calls the viewer "you", with the verb agreeing, and names everyone else', () => {
    expect(robs(new Voice('Ana'))).toBe('Your thief robs Bob; You have Bob\'s now.');
    expect(robs(new Voice('Bob'))).toBe("Ana's thief robs you; Ana has yours now.");
    expect(robs(new Voice('Zed'))).toBe("Ana's thief robs Bob; Ana has Bob's now.");
    expect(robs(NOBODY)).toBe("Ana's thief robs Bob; Ana has Bob's now.");
  });

  it('lists names in their order with the viewer as "you", and labels them in a list of who is where', () => {
    const v = new Voice('Bob');
    expect(v.names(['Ana', 'Bob', 'Cy'])).toBe('Ana, you and Cy');
    expect(v.Names(['Bob', 'Cy'])).toBe('You and Cy');
    expect(v.label('Bob')).toBe('Bob (you)');
    expect(v.label('Ana')).toBe('Ana');
    expect(v.verb('Ana', 'take')).toBe('takes');
    expect(v.verb('Bob', 'take')).toBe('take');
  });
});

/** A reader's own line in the room's words (as the dealer on a MUD compares them): everyone named, nobody "you". */
class RoomWords extends Voice {
  protected override addressed(): boolean {
    return false;
  }
}

describe("either: news about the reader worded apart, which the room's line may already tell them", () => {
  const late = (names: string[]) => {
    const gameOver: LichBonesEvent = { type: 'gameOver', why: 'rounds-done', players: names, handout: 20_000, paid: [], cooling: [], late: names };
    const said = tell([gameOver], { state: newTable({ ...DEFAULT_SETTINGS, rounds: 1 }), throwCommand: 'roll dice bones', now: 0, timeLeft: () => '30 seconds', words: tavernWords });
    return (said[0] as Extract<Said, { all: unknown }>).all;
  };

  it("words it for the reader, and in the room's words names them as the room's line does", () => {
    const m = late(['Ana', 'Bo']);
    expect(m(new Voice('Ana'))).toMatch(/You sat down after the game began and get none this time\./);
    expect(m(new Voice('Cy'))).toMatch(/Ana and Bo sat down after the game began and get none\./);
    expect(m(new RoomWords('Ana'))).toBe(m(new Voice('Cy')));
  });

  it("keeps the reader's own line where the room's only counts them: it does not tell them they are among them", () => {
    const names = ['Ana', 'Bo', 'Cy', 'Dee', 'Eli', 'Fay'];
    const m = late(names);
    expect(m(new Voice('Zed'))).toMatch(/6 players sat down after the game began and get none\./);
    expect(m(new RoomWords('Ana'))).toMatch(/You sat down after the game began and get none this time\./);
  });

  it("gives the room's line where the reader hears their own part apart: hand-outs withheld, each told by the dealer", () => {
    const names = ['Ana', 'Bo', 'Cy', 'Dee', 'Eli', 'Fay'];
    for (const cooling of [names.slice(0, 2), names]) {
      const started: LichBonesEvent = { type: 'started', by: null, players: cooling, handout: 20_000, paid: [], cooling };
      const said = tell([started], { state: newTable(DEFAULT_SETTINGS), throwCommand: 'roll dice bones', now: 0, timeLeft: () => '30 seconds', words: tavernWords });
      const m = (said[0] as Extract<Said, { all: unknown }>).all;
      expect(m(new Voice('Zed'))).toMatch(/(Ana and Bo|6 players) were paid hand-outs by another game/);
      expect(m(new Voice('Ana'))).not.toMatch(/paid hand-outs/);
      expect(m(new RoomWords('Ana'))).toBe(m(new Voice('Zed')));
    }
  });
});
