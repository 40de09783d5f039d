/**
 * The line under a game's Check on the tavern page (web/src/tavern/fair.ts): the count of draws
 * reads right for a game that made none (a Spice Run withdrawn before its first throw), one or two.
 */
import { describe, expect, it } from 'vitest';
import { verdictOf, type DrawCheck } from '../../web/src/tavern/fair.js';

const dice = (nonce: number, matches = true): DrawCheck => ({ draw: { nonce, kind: 'dice', dice: [3, 4] }, computed: matches ? '3 and 4' : '6 and 6', matches });

describe('the verdict under Check', () => {
  it('counts the draws in words a player reads', () => {
    expect(verdictOf({ commitmentMatches: true, draws: [] })).toEqual({ result: 'pass', text: 'Checks out: the seed hashes to the commitment, and the game made no draws.' });
    expect(verdictOf({ commitmentMatches: true, draws: [dice(0)] }).text).toBe('Checks out: the seed hashes to the commitment, and its one draw matches what the seed gives.');
    expect(verdictOf({ commitmentMatches: true, draws: [dice(0), dice(1)] }).text).toBe('Checks out: the seed hashes to the commitment, and both draws match what the seed gives.');
    expect(verdictOf({ commitmentMatches: true, draws: [dice(0), dice(1), dice(2)] }).text).toBe('Checks out: the seed hashes to the commitment, and all 3 draws match what the seed gives.');
  });

  it('names what does not check out', () => {
    expect(verdictOf({ commitmentMatches: false, draws: [dice(0), dice(1, false)] })).toEqual({
      result: 'fail',
      text: 'Does not check out: the revealed seed does not hash (SHA-256) to the commitment; draw 1 (dice) does not match: the record says "3 and 4", the seed gives 6 and 6.',
    });
  });
});
