/**
 * Placing a Lich Bones bet: the stake into escrow, the minimum, HERO or LICH first and never both
 * sides, the rate locked when placed, INFERNO's four parts and CHEER's cap; and gold, a player's
 * bets on the table.
 */
import { describe, expect, it } from 'vitest';
import { betLabel } from '../../src/games/lich-bones/bets.js';
import { gold } from '../../src/games/lich-bones/rules.js';
import { escrow, player } from '../../src/games/rules.js';
import { lichBonesSettings } from '../../src/games/lich-bones/settings.js';
import { DEFAULT_SETTINGS } from '../../src/games/lich-bones/state.js';
import { readSettings } from '../../src/games/settings.js';
import { Table, plain } from '../support/lich-bones-play.js';

describe('placing bets', () => {
  it('takes the stake into escrow and reports it', () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
    expect(plain(t.moves)).toEqual([{ from: player('Bo'), to: escrow('Bo'), amount: 5_000 }]);
    expect(t.events).toEqual([
      {
        type: 'betPlaced',
        asked: 5_000,
        bet: { id: 1, owner: 'Bo', spec: { kind: 'hero' }, amount: 5_000, placedOn: null, locked: { ratio: { win: 1, per: 1 }, bonusPercent: 10 } },
      },
    ]);
  });

  it('refuses anything under the minimum, for every kind of bet', () => {
    const t = Table.started(['Ana', 'Bo']);
    expect(t.betRefused('Bo', 'hero 4999')).toBe('The minimum bet is 5,000 coins.');
    expect(t.betRefused('Bo', 'hero 0')).toBe('The minimum bet is 5,000 coins.');
    t.bet('Bo', 'hero 5000');
    expect(t.betRefused('Bo', 'claw 7 4999')).toBe('The minimum bet is 5,000 coins.');
    expect(t.betRefused('Bo', 'inferno 4996')).toBe('The minimum bet is 5,000 coins.');
  });

  it('refuses anything over the maximum where the table sets one, and a maximum under the minimum', () => {
    const t = Table.started(['Ana', 'Bo'], 0, { ...DEFAULT_SETTINGS, maxBet: 8_000 });
    expect(t.betRefused('Bo', 'hero 8001')).toBe('The most one bet may be at this table is 8,000 coins.');
    t.bet('Bo', 'hero 8000');
    expect(readSettings(lichBonesSettings, { maxBet: 100 })).toEqual({ ok: false, problem: 'settings.maxBet (100) must be 0 (no limit) or at least settings.minBet (5000)' });
  });

  it('needs a HERO or LICH bet on the table before any other bet', () => {
    const t = Table.started(['Ana', 'Bo']);
    expect(t.betRefused('Bo', 'attack 6 5000')).toBe('Place a HERO or LICH bet first; then ATTACK 6 is open to you.');
    expect(t.betRefused('Bo', 'field 5000')).toBe('Place a HERO or LICH bet first; then BESEECH is open to you.');
    t.bet('Ana', 'hero 5000');
    expect(t.betRefused('Bo', 'craps 5000')).toMatch(/^Place a HERO or LICH bet first/);
    t.bet('Bo', 'lich 5000').bet('Bo', 'craps 5000');
  });

  it('refuses a bet on the other side; more on the same side is fine', () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
    expect(t.betRefused('Bo', 'lich 5000')).toBe('You already back the HERO; nobody may bet on both sides.');
    t.bet('Bo', 'hero 7000').bet('Ana', 'lich 5000');
    expect(t.betRefused('Ana', 'pass 5000')).toBe('You already back the LICH; nobody may bet on both sides.');
    t.roll([3, 4]); // the HERO bets are paid: now the other side is open again
    t.bet('Bo', 'lich 5000');
  });

  it('locks the HERO/LICH rate of the quest point when the bet is placed', () => {
    const t = Table.started(['Ana', 'Bo']).roll([2, 3]);
    t.bet('Bo', 'hero 5000');
    expect(t.of('betPlaced')[0].bet).toMatchObject({ placedOn: 5, locked: { ratio: { win: 9, per: 8 }, bonusPercent: 0 } });
    t.bet('Ana', 'lich 5000');
    expect(t.of('betPlaced')[0].bet).toMatchObject({ placedOn: 5, locked: { ratio: { win: 1, per: 2 }, bonusPercent: 0 } });
  });

  it('INFERNO must split into four equal parts', () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
    expect(t.betRefused('Bo', 'horn 5001')).toBe('INFERNO is four equal parts: stake a multiple of 4, like 5,004 coins.');
    expect(t.betRefused('Bo', 'inferno 5003')).toBe('INFERNO is four equal parts: stake a multiple of 4, like 5,004 coins.');
    t.bet('Bo', 'inferno 5004');
  });

  describe('CHEER', () => {
    it('needs a quest point', () => {
      const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000');
      expect(t.betRefused('Bo', 'cheer 5000')).toBe('CHEER can only be placed while a quest point is set.');
    });

    it('needs a HERO or LICH bet placed before the opening roll', () => {
      const t = Table.started(['Ana', 'Bo']).roll([3, 3]).bet('Bo', 'hero 5000');
      expect(t.betRefused('Bo', 'odds 5000')).toBe('CHEER needs a HERO or LICH bet placed before the opening roll.');
    });

    it('is cut to twice the HERO/LICH bet, taking only the cap, and cheers that side', () => {
      const t = Table.started(['Ana', 'Bo']).bet('Bo', 'lich 5000').roll([3, 3]);
      t.bet('Bo', 'cheer 25,000');
      expect(plain(t.moves)).toEqual([{ from: player('Bo'), to: escrow('Bo'), amount: 10_000 }]);
      expect(t.of('betPlaced')).toMatchObject([{ asked: 25_000, bet: { amount: 10_000, side: 'lich', placedOn: 6 } }]);
      expect(betLabel(t.of('betPlaced')[0].bet)).toBe('CHEER LICH');
      expect(t.betRefused('Bo', 'cheer 5000')).toBe(
        'Your CHEER is capped at twice your HERO/LICH bet (10,000 coins) and can grow by only 0 more, under the 5,000 minimum.',
      );
    });

    it('can be added to up to the cap', () => {
      const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 8000').roll([3, 3]);
      t.bet('Bo', 'cheer 6000').bet('Bo', 'cheer 20000');
      expect(plain(t.moves)).toEqual([{ from: player('Bo'), to: escrow('Bo'), amount: 10_000 }]);
      expect(t.betRefused('Bo', 'cheer 5000')).toMatch(/capped at twice your HERO\/LICH bet \(16,000 coins\)/);
    });
  });
});

describe('gold', () => {
  it("lists the player's bets on the table and their total", () => {
    const t = Table.started(['Ana', 'Bo']).bet('Bo', 'hero 5000').bet('Ana', 'lich 6000').bet('Bo', 'attack 6 7000');
    const mine = gold(t.state, 'Bo');
    expect(mine.bets.map(betLabel)).toEqual(['HERO', 'ATTACK 6']);
    expect(mine.onTable).toBe(12_000);
    expect(gold(t.state, 'Cy')).toEqual({ bets: [], onTable: 0 });
  });
});
