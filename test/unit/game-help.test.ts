import { settingsOf } from '../../src/games/settings.js';
import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { talkingCommands } from '../../src/commands/talking.js';
import { tavernWords } from '../../src/output/words.js';

const game = (id: string) => games.find((g) => g.id === id)!;

describe("each game's help follows its table's settings", () => {
  it('Spice Run names the turn limit', () => {
    expect(game('spice-run').help(settingsOf(game('spice-run'), {}), tavernWords)).toMatch(/A turn lapses after 2 minutes/);
    expect(game('spice-run').help(settingsOf(game('spice-run'), { turnMs: 300_000 }), tavernWords)).toMatch(/A turn lapses after 5 minutes/);
  });

  it('Lich Bones names rounds, timers, hand-outs and the minimum bet', () => {
    expect(game('lich-bones').help(settingsOf(game('lich-bones'), {}), tavernWords)).toMatch(/16 rounds[^]*60 seconds[^]*20,000 obsidian coins[^]*30 seconds[^]*minimum 5,000/);
    const custom = game('lich-bones').help(settingsOf(game('lich-bones'), { rounds: 8, autostartMs: 90_000, handout: 5_000, bettingMs: 20_000, minBet: 1_000 }), tavernWords);
    expect(custom).toMatch(/8 rounds[^]*90 seconds[^]*5,000 obsidian coins[^]*20 seconds[^]*minimum 1,000[^]*after round 8/);
  });

  it("Dragon's Lair names the ante, the timers and the hand size", () => {
    expect(game('dragons-lair').help(settingsOf(game('dragons-lair'), {}), tavernWords)).toMatch(/antes 50 obsidian coins[^]*60 seconds[^]*10 seconds[^]*down to 4 cards[^]*after 10 turns/);
    expect(game('dragons-lair').help(settingsOf(game('dragons-lair'), { ante: 20, rounds: 6 }), tavernWords)).toMatch(/antes 20 obsidian coins[^]*after 6 turns/);
  });
});

describe("the tavern's own help draws each game's part from the game", () => {
  it('help whisper names the dealer who takes bets by whisper, and only where a game has one', () => {
    const whisperHelp = (gs: typeof games) => talkingCommands(gs).find((c) => c.key === 'whisper')!.help;
    expect(whisperHelp(games)).toBe('Whisper to someone in the room: only they hear the words; the room sees that you whispered. Bets for Lich Bones can be whispered to Dreaven (whisper dreaven hero 5000).');
    expect(whisperHelp([game('spice-run')])).toBe('Whisper to someone in the room: only they hear the words; the room sees that you whispered.');
  });

  it("help crowd's line for Lich Bones counts the crowd it is given", () => {
    expect(game('lich-bones').asides!.crowd!(settingsOf(game('lich-bones'), { crowd: 20 }), tavernWords)).toMatch(/^At a Lich Bones table with more than 20 seated, Dreaven tells each bet to its bettor alone/);
    expect(game('lich-bones').asides!.crowd!(settingsOf(game('lich-bones'), { crowd: 7 }), tavernWords)).toMatch(/more than 7 seated/);
    expect(game('spice-run').asides?.crowd).toBeUndefined();
  });
});
