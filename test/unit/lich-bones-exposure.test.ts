import { describe, expect, it } from 'vitest';
import { exposure } from '../../src/games/lich-bones/exposure.js';
import { DEFAULT_SETTINGS } from '../../src/games/lich-bones/state.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import { Table } from '../support/lich-bones-play.js';

/**
 * What the house could have to pay at a Lich Bones table beyond the stakes it holds, on the worst
 * single outcome of everything on it: a host paying real coins refuses a bet it could not cover.
 * The settings are purse mode's (no hand-outs, no HERO bonus, no early bonus).
 */

const purse = { ...DEFAULT_SETTINGS, minBet: 10, handout: 0, heroBonus: 0, earlyBonusPercent: 0 };

describe('Lich Bones: the house exposure', () => {
  it('is nothing with no bet, and a lone HERO bet at the most it can win', () => {
    const t = Table.started(['Ana', 'Bob'], 0, purse);
    expect(exposure(t.state)).toBe(0);
    t.bet('Ana', 'hero 100');
    expect(exposure(t.state)).toBe(100);
  });

  it('counts HERO and LICH as the rules settle them: they never both win, and the loser pays the winner', () => {
    const t = Table.started(['Ana', 'Bob'], 0, purse);
    t.bet('Ana', 'hero 100');
    t.bet('Bob', 'lich 100');
    expect(exposure(t.state)).toBe(0);
    t.bet('Bob', 'lich 50');
    expect(exposure(t.state)).toBe(50);
  });

  it('takes the one-throw bets at the worst throw for the house, with what that throw does to the rest', () => {
    const t = Table.started(['Ana', 'Bob'], 0, purse);
    t.bet('Ana', 'hero 10');
    t.bet('Ana', 'claw 12 10');
    // A 12 on the opening roll: the claw pays 30 to 1 (300) and the HERO bet is taken (10).
    expect(exposure(t.state)).toBe(290);
    // A LICH bet wins on that same 12: the house would pay it too.
    t.bet('Bob', 'lich 100');
    expect(exposure(t.state)).toBe(390);
  });

  it('counts the HERO bonus and the early bonus where a table pays them', () => {
    const t = Table.started(['Ana', 'Bob'], 0, { ...DEFAULT_SETTINGS, minBet: 10 });
    // No bet: nothing is exposed, even with a bonus to come.
    expect(exposure(t.state)).toBe(0);
    t.bet('Ana', 'hero 100');
    // A 7 on the opening roll: the HERO bonus (1,000) and the HERO bet with its 10 % early bonus (110).
    expect(exposure(t.state)).toBe(1110);
    t.do({ type: 'roll', player: 'Ana' }, fixedRandom(diceValues(2, 2)));
    expect(t.state.point).toBe(4);
    expect(exposure(t.state)).toBeGreaterThanOrEqual(110);
  });
});
