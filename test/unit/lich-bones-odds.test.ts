import { describe, expect, it } from 'vitest';
import { plainFor } from '../support/plain.js';
import { render } from '../../src/telnet/render.js';
import { type BetSpec, HARD_NAMES, HARD_NUMBERS } from '../../src/games/lich-bones/bets.js';
import {
  type Fraction,
  type OddsRow,
  add,
  div,
  formatOddsHelp,
  frac,
  heroWinChance,
  mul,
  oddsTable,
} from '../../src/games/lich-bones/odds.js';
import { apply } from '../../src/games/lich-bones/rules.js';
import { type LichBonesAction, type LichBonesSettings, type LichBonesState, DEFAULT_PAYOUTS, DEFAULT_SETTINGS, newTable } from '../../src/games/lich-bones/state.js';
import { diceValues, fixedRandom } from '../../src/games/random.js';

const row = (rows: OddsRow[], label: string) => {
  const found = rows.find((r) => r.label === label);
  if (!found) throw new Error(`no row ${label}`);
  return found;
};

describe('oddsTable, under the default payouts', () => {
  const rows = oddsTable(DEFAULT_SETTINGS);

  it('knows the pass line: the HERO wins 244 times in 495', () => {
    expect(heroWinChance()).toEqual(frac(244, 495));
    expect(row(rows, 'HERO before opening roll').win).toEqual(frac(244, 495));
    expect(row(rows, 'LICH before opening roll').win).toEqual(frac(251, 495));
  });

  it('without the early bonus, HERO is the pass line (-7/495) and LICH, with no bar on 12, +7/495', () => {
    const plain = oddsTable({ ...DEFAULT_SETTINGS, earlyBonusPercent: 0 });
    expect(row(plain, 'HERO before opening roll')).toMatchObject({ payout: '1:1', expected: frac(-7, 495) });
    expect(row(plain, 'LICH before opening roll')).toMatchObject({ payout: '1:1', expected: frac(7, 495) });
  });

  it('with the 10% bonus, both early bets favour the player', () => {
    // 244/495 * 1.1 - 251/495 and 251/495 * 1.1 - 244/495
    expect(row(rows, 'HERO before opening roll')).toMatchObject({ payout: '1:1 +10%', expected: frac(174, 4950) });
    expect(row(rows, 'LICH before opening roll')).toMatchObject({ payout: '1:1 +10%', expected: frac(321, 4950) });
  });

  it.each([
    ['HERO placed on point 4', '1:1', frac(1, 3), frac(-1, 3)],
    ['HERO placed on point 5', '9:8', frac(2, 5), frac(-3, 20)],
    ['HERO placed on point 6', '9:10', frac(5, 11), frac(-3, 22)],
    ['LICH placed on point 10', '3:8', frac(2, 3), frac(-1, 12)],
    ['LICH placed on point 9', '1:2', frac(3, 5), frac(-1, 10)],
    ['LICH placed on point 8', '5:8', frac(6, 11), frac(-5, 44)],
    ['CHEER HERO on point 4', '2:1', frac(1, 3), frac(0)],
    ['CHEER HERO on point 9', '3:2', frac(2, 5), frac(0)],
    ['CHEER LICH on point 6', '5:6', frac(6, 11), frac(0)],
    ['CHARGE (hard 4)', '7:1', frac(1, 9), frac(-1, 9)],
    ['FEINT (hard 6)', '9:1', frac(1, 11), frac(-1, 11)],
    ['JUDGEMENT (hard 8)', '9:1', frac(1, 11), frac(-1, 11)],
    ['STRIKE (hard 10)', '7:1', frac(1, 9), frac(-1, 9)],
    ['ATTACK 4', '5:11', frac(1, 3), frac(-17, 33)],
    ['ATTACK 9', '5:8', frac(2, 5), frac(-7, 20)],
    ['ATTACK 8', '4:5', frac(5, 11), frac(-2, 11)],
    ['BESEECH', '2/12 2:1, 3/4/9/10/11 1:1', frac(16, 36), frac(-1, 18)],
    ['INFERNO', '2/12 30:1, 3/11 15:1 per quarter', frac(6, 36), frac(-1, 8)],
    ['DRAIN', '2/3/12 7:1', frac(4, 36), frac(-1, 9)],
    ['CLAW 2', '30:1', frac(1, 36), frac(-5, 36)],
    ['CLAW 3', '15:1', frac(2, 36), frac(-1, 9)],
    ['CLAW 7', '4:1', frac(6, 36), frac(-1, 6)],
    ['CLAW 12', '30:1', frac(1, 36), frac(-5, 36)],
  ])('%s pays %s, wins %o, returns %o per coin', (label, payout, win, expected) => {
    expect(row(rows, label)).toMatchObject({ payout, win, expected });
  });

  it('has a row for every bet and number', () => {
    expect(rows.map((r) => r.label)).toEqual([
      'HERO before opening roll',
      'LICH before opening roll',
      ...['HERO placed on point', 'LICH placed on point', 'CHEER HERO on point', 'CHEER LICH on point'].flatMap((b) =>
        [4, 5, 6, 8, 9, 10].map((n) => `${b} ${n}`),
      ),
      ...HARD_NUMBERS.map((n) => `${HARD_NAMES[n]} (hard ${n})`),
      ...[4, 5, 6, 8, 9, 10].map((n) => `ATTACK ${n}`),
      'BESEECH',
      'INFERNO',
      'DRAIN',
      ...[2, 3, 7, 11, 12].map((n) => `CLAW ${n}`),
    ]);
  });
});

describe('oddsTable follows the host’s payouts', () => {
  it('recomputes when a payout changes', () => {
    const rows = oddsTable({
      ...DEFAULT_SETTINGS,
      payouts: { ...DEFAULT_PAYOUTS, attack: { ...DEFAULT_PAYOUTS.attack, 4: { win: 9, per: 5 } }, drain: { win: 8, per: 1 } },
    });
    expect(row(rows, 'ATTACK 4')).toMatchObject({ payout: '9:5', expected: frac(-1, 15) });
    expect(row(rows, 'ATTACK 10')).toMatchObject({ payout: '5:11', expected: frac(-17, 33) });
    expect(row(rows, 'DRAIN')).toMatchObject({ payout: '2/3/12 8:1', expected: frac(0) });
  });
});

/**
 * The same expected returns, measured on the rules engine itself: every one of the 36
 * throws is played against a real table and the coins each bet actually won or lost are
 * averaged exactly. A bet still on the table after a throw faces the same odds again, so
 * its value is that of the throws that decide it; an early HERO/LICH bet is followed
 * into the quest point its opening roll sets.
 */
const STAKE = 13_200; // divisible by every `per` used below and by 40, so nothing is rounded

function throwOnce(state: LichBonesState, a: number, b: number): LichBonesState & { net?: number } {
  const action: LichBonesAction = { type: 'roll', player: state.hero as string };
  const step = apply(state, action, { random: fixedRandom([...diceValues(a, b), 0]), now: 0, handoutsOpened: () => null, money: (n) => `${n} coins`, dealer: 'Dreaven' });
  if (!step.ok) throw new Error(step.reason);
  const settled = step.events.find((e) => e.type === 'settled' && e.bet.owner === 'Bo' && e.bet.id === state.nextBetId - 1);
  return settled?.type === 'settled' && (settled.result === 'won' || settled.result === 'lost')
    ? { ...step.state, net: settled.winnings - settled.lost }
    : step.state;
}

function measured(state: LichBonesState, betId: number): Fraction {
  const bet = state.bets.find((b) => b.id === betId);
  const followPoint = state.point === null && (bet?.spec.kind === 'hero' || bet?.spec.kind === 'lich');
  let value = frac(0);
  let deciding = frac(0);
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const next = throwOnce(state, a, b);
      const p = frac(1, 36);
      if (next.net !== undefined) {
        value = add(value, mul(p, frac(next.net, STAKE)));
        deciding = add(deciding, p);
      } else if (followPoint) {
        value = add(value, mul(p, measured(next, betId)));
        deciding = add(deciding, p);
      }
    }
  }
  return div(value, deciding);
}

const POINT_DICE: Record<number, [number, number]> = { 4: [1, 3], 5: [1, 4], 6: [1, 5], 8: [2, 6], 9: [3, 6], 10: [4, 6] };

/** A table where Bo has just placed the bet a row describes, ready for the throws that settle it. */
function tableFor(r: OddsRow, settings: LichBonesSettings): LichBonesState {
  let s = newTable(settings);
  const run = (action: LichBonesAction, values: number[] = []) => {
    const step = apply(s, action, { random: fixedRandom(values), now: 0, handoutsOpened: () => null, money: (n) => `${n} coins`, dealer: 'Dreaven' });
    if (!step.ok) throw new Error(`${r.label}: ${step.reason}`);
    s = step.state;
  };
  const bet = (spec: BetSpec) => run({ type: 'bet', player: 'Bo', bet: spec, amount: STAKE });
  const setPoint = (n: number) => run({ type: 'roll', player: 'Ana' }, diceValues(...POINT_DICE[n]));
  run({ type: 'sit', player: 'Ana' });
  run({ type: 'sit', player: 'Bo' });
  run({ type: 'start', player: 'Ana' }, [0]);
  const n = r.number ?? 0;
  if (r.bet.endsWith('before opening roll')) bet({ kind: r.bet.startsWith('HERO') ? 'hero' : 'lich' });
  else if (r.bet.endsWith('placed on point')) {
    setPoint(n);
    bet({ kind: r.bet.startsWith('HERO') ? 'hero' : 'lich' });
  } else if (r.bet.startsWith('CHEER')) {
    bet({ kind: r.bet.startsWith('CHEER HERO') ? 'hero' : 'lich' });
    setPoint(n);
    bet({ kind: 'cheer' });
  } else {
    bet({ kind: 'hero' });
    const spec: BetSpec =
      r.bet === 'ATTACK' ? { kind: 'attack', number: n as 4 }
      : r.bet === 'CLAW' ? { kind: 'claw', number: n as 2 }
      : r.bet === 'BESEECH' ? { kind: 'beseech' }
      : r.bet === 'INFERNO' ? { kind: 'inferno' }
      : r.bet === 'DRAIN' ? { kind: 'drain' }
      : { kind: 'hard', number: n as 4 };
    if (spec.kind === 'attack' || spec.kind === 'hard') setPoint(5);
    bet(spec);
  }
  return s;
}

const HOST_SETTINGS: LichBonesSettings = {
  ...DEFAULT_SETTINGS,
  earlyBonusPercent: 5,
  payouts: {
    ...DEFAULT_PAYOUTS,
    heroEarly: { win: 6, per: 5 },
    lichOnPoint: { ...DEFAULT_PAYOUTS.lichOnPoint, 6: { win: 2, per: 3 } },
    cheerHero: { ...DEFAULT_PAYOUTS.cheerHero, 4: { win: 11, per: 6 } },
    hard: { ...DEFAULT_PAYOUTS.hard, 4: { win: 8, per: 1 } },
    attack: { ...DEFAULT_PAYOUTS.attack, 4: { win: 9, per: 5 }, 8: { win: 7, per: 6 } },
    beseech: { ...DEFAULT_PAYOUTS.beseech, 12: { win: 3, per: 1 } },
    inferno: { ...DEFAULT_PAYOUTS.inferno, 2: { win: 27, per: 1 } },
    claw: { ...DEFAULT_PAYOUTS.claw, 7: { win: 9, per: 2 } },
  },
};

describe('the odds agree with what the rules engine pays', () => {
  for (const [name, settings] of [['default payouts', DEFAULT_SETTINGS], ['a host’s changed payouts', HOST_SETTINGS]] as const) {
    describe(name, () => {
      it.each(oddsTable(settings).map((r) => [r.label, r] as const))('%s', (_label, r) => {
        const state = tableFor(r, settings);
        expect(measured(state, state.nextBetId - 1)).toEqual(r.expected);
      });
    });
  }
});

describe('formatOddsHelp', () => {
  // As a sighted player reads it: the table drawn in columns.
  const text = plainFor(formatOddsHelp(DEFAULT_SETTINGS), 'sight');
  const lines = text.split('\n');

  it('lists each bet with its payout and expected return', () => {
    expect(lines.filter((l) => /^ HERO before opening roll +1:1 \+10% +\+3\.52% \(\+29\/825\)$/.test(l))).toHaveLength(1);
    for (const pattern of [
      /HERO placed on point 4\/10 +1:1 +-33\.33% \(-1\/3\)/,
      /LICH placed on point 6\/8 +5:8 +-11\.36% \(-5\/44\)/,
      /CHEER HERO on point 5\/9 +3:2 +0\.00% \(0\)/,
      /CHARGE \(hard 4\) +7:1 +-11\.11% \(-1\/9\)/,
      /JUDGEMENT \(hard 8\) +9:1 +-9\.09% \(-1\/11\)/,
      /ATTACK 4\/10 +5:11 +-51\.52% \(-17\/33\)/,
      /ATTACK 6\/8 +4:5 +-18\.18% \(-2\/11\)/,
      /BESEECH +2\/12 2:1, 3\/4\/9\/10\/11 1:1 +-5\.56% \(-1\/18\)/,
      /INFERNO +2\/12 30:1, 3\/11 15:1 per quarter +-12\.50% \(-1\/8\)/,
      /DRAIN +2\/3\/12 7:1 +-11\.11% \(-1\/9\)/,
      /CLAW 2\/12 +30:1 +-13\.89% \(-5\/36\)/,
      /CLAW 7 +4:1 +-16\.67% \(-1\/6\)/,
    ]) {
      expect(text).toMatch(pattern);
    }
  });

  it('explains X:Y and shows the rounding with an example', () => {
    expect(text).toContain('X:Y pays X coins for every Y staked, and the stake comes back too.');
    expect(text).toContain('Winnings are rounded down to whole coins: 5,000 on ATTACK 4 at 5:11 wins 2,272 8/11, paid as 2,272.');
  });

  it('fits an 80-column terminal once the output path wraps it, each row of the table on one line', () => {
    const shown = render(formatOddsHelp(DEFAULT_SETTINGS), { colour: 0, screenReader: false, ascii: false, width: 80 }).split('\n');
    expect(shown.filter((l) => l.length > 80)).toEqual([]);
    const rows = lines.filter((l) => l.startsWith(' ') && l.includes('%'));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(shown).toContain(row);
  });

  it('tells a screen reader each bet in a sentence instead of columns', () => {
    const spoken = plainFor(formatOddsHelp(DEFAULT_SETTINGS), 'speech');
    expect(spoken).toMatch(/^HERO before opening roll pays 1:1 \+10% and returns \+3\.52% \(\+29\/825\) per coin\.$/m);
    expect(spoken).toMatch(/^ATTACK 4\/10 pays 5:11 and returns /m);
    expect(spoken).not.toMatch(/Returns per coin|  /);
  });

  it('shows a host’s payouts, and finds a rounding example that fits them', () => {
    const host = plainFor(formatOddsHelp({
      ...DEFAULT_SETTINGS,
      minBet: 100,
      payouts: { ...DEFAULT_PAYOUTS, attack: { 4: { win: 2, per: 1 }, 5: { win: 2, per: 1 }, 6: { win: 2, per: 1 }, 8: { win: 2, per: 1 }, 9: { win: 2, per: 1 }, 10: { win: 2, per: 1 } } },
    }), 'sight');
    expect(host).toMatch(/ATTACK 6\/8 +2:1 +\+36\.36% \(\+4\/11\)/);
    expect(host).toContain('Winnings are rounded down to whole coins: 101 on CHEER HERO on 5 at 3:2 wins 151 1/2, paid as 151.');
  });
});
