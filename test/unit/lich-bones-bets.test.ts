import { describe, expect, it } from 'vitest';
import { BETS_HERE, type BetSpec, describeBet, parseBet } from '../../src/games/lich-bones/bets.js';

/** Every bet form of docs/games.md, Lich Bones (the rule text's, and our spelling variants). */
const FORMS: [string, BetSpec, string][] = [
  ['hero', { kind: 'hero' }, 'HERO'],
  ['pass', { kind: 'hero' }, 'HERO'],
  ['lich', { kind: 'lich' }, 'LICH'],
  ["don't pass", { kind: 'lich' }, 'LICH'],
  ['dont pass', { kind: 'lich' }, 'LICH'],
  ['charge', { kind: 'hard', number: 4 }, 'CHARGE'],
  ['hard 4', { kind: 'hard', number: 4 }, 'CHARGE'],
  ['feint', { kind: 'hard', number: 6 }, 'FEINT'],
  ['hard 6', { kind: 'hard', number: 6 }, 'FEINT'],
  ['judgement', { kind: 'hard', number: 8 }, 'JUDGEMENT'],
  ['judgment', { kind: 'hard', number: 8 }, 'JUDGEMENT'],
  ['hard 8', { kind: 'hard', number: 8 }, 'JUDGEMENT'],
  ['strike', { kind: 'hard', number: 10 }, 'STRIKE'],
  ['hard 10', { kind: 'hard', number: 10 }, 'STRIKE'],
  ['cheer', { kind: 'cheer' }, 'CHEER'],
  ['odds', { kind: 'cheer' }, 'CHEER'],
  ...[4, 5, 6, 8, 9, 10].flatMap((n): [string, BetSpec, string][] => [
    [`attack ${n}`, { kind: 'attack', number: n } as BetSpec, `ATTACK ${n}`],
    [`place ${n}`, { kind: 'attack', number: n } as BetSpec, `ATTACK ${n}`],
  ]),
  ['beseech', { kind: 'beseech' }, 'BESEECH'],
  ['field', { kind: 'beseech' }, 'BESEECH'],
  ['inferno', { kind: 'inferno' }, 'INFERNO'],
  ['horn', { kind: 'inferno' }, 'INFERNO'],
  ['drain', { kind: 'drain' }, 'DRAIN'],
  ['craps', { kind: 'drain' }, 'DRAIN'],
  ...[2, 3, 7, 11, 12].flatMap((n): [string, BetSpec, string][] => [
    [`claw ${n}`, { kind: 'claw', number: n } as BetSpec, `CLAW ${n}`],
    [`prop ${n}`, { kind: 'claw', number: n } as BetSpec, `CLAW ${n}`],
  ]),
];

describe('parseBet reads every form in the rule text', () => {
  describe.each(FORMS)('%s', (words, bet, name) => {
    it.each([
      `${words} 5000`,
      `5000 ${words}`,
      `bet ${words} 5000`,
      `bet 5000 ${words}`,
      `${words.toUpperCase()} 5,000`,
      `BET 5,000 ${words.toUpperCase()}`,
      `  ${words.replace(' ', '   ')}   5000  `,
    ])('%j', (text) => {
      expect(parseBet(text)).toEqual({ ok: true, bet, amount: 5000 });
    });

    it(`is shown as ${name}`, () => {
      expect(describeBet(bet)).toBe(name);
    });
  });

  it('reads the examples from the brief and the rulings', () => {
    expect(parseBet('hero 5000')).toEqual({ ok: true, bet: { kind: 'hero' }, amount: 5000 });
    expect(parseBet('bet attack 4 5000')).toEqual({ ok: true, bet: { kind: 'attack', number: 4 }, amount: 5000 });
    expect(parseBet('5000 attack 4')).toEqual({ ok: true, bet: { kind: 'attack', number: 4 }, amount: 5000 });
    expect(parseBet("don't pass 5,000")).toEqual({ ok: true, bet: { kind: 'lich' }, amount: 5000 });
    expect(parseBet('HARD 4 5000')).toEqual({ ok: true, bet: { kind: 'hard', number: 4 }, amount: 5000 });
    expect(parseBet('Place 10 6000')).toEqual({ ok: true, bet: { kind: 'attack', number: 10 }, amount: 6000 });
    expect(parseBet('prop 11 5000')).toEqual({ ok: true, bet: { kind: 'claw', number: 11 }, amount: 5000 });
    expect(parseBet('bet hard 4 5000')).toEqual({ ok: true, bet: { kind: 'hard', number: 4 }, amount: 5000 });
  });

  it('takes a curly apostrophe in don’t pass', () => {
    expect(parseBet('don\u2019t pass 5000')).toEqual({ ok: true, bet: { kind: 'lich' }, amount: 5000 });
  });

  it('keeps amounts large and small as typed', () => {
    expect(parseBet('claw 7 12,345,678')).toEqual({ ok: true, bet: { kind: 'claw', number: 7 }, amount: 12_345_678 });
    expect(parseBet('1 hero')).toEqual({ ok: true, bet: { kind: 'hero' }, amount: 1 });
  });
});

describe('parseBet refuses with a reason', () => {
  const refused = (text: string) => {
    const result = parseBet(text);
    expect(result.ok).toBe(false);
    return result.ok ? '' : result.reason;
  };

  it('when the words of a multi-word bet are split by the amount', () => {
    expect(refused('attack 1000 4')).toBe('Keep the words of a bet together: attack 4 1000 or 1000 attack 4.');
    expect(refused("don't 5000 pass")).toMatch(/together: don't pass 5000 or 5000 don't pass/);
    expect(refused('bet hard 5000 8')).toMatch(/together: hard 8 5000/);
  });

  it('when a numbered bet names a number it cannot take', () => {
    expect(refused('attack 7 5000')).toMatch(/ATTACK takes 4, 5, 6, 8, 9 or 10/);
    expect(refused('place 3 5000')).toMatch(/PLACE takes 4, 5, 6, 8, 9 or 10/);
    expect(refused('hard 5 5000')).toMatch(/hard 4, hard 6, hard 8 and hard 10/);
    expect(refused('5000 claw 4')).toMatch(/CLAW takes 2, 3, 7, 11 or 12/);
    expect(refused('prop 6 5000')).toMatch(/PROP takes/);
    expect(refused('attack 5000')).toMatch(/ATTACK takes .* like attack 4 5000/);
  });

  it('when the bet is unknown, listing the bets', () => {
    const reason = refused('dragon 5000');
    expect(reason).toMatch(/^"dragon" is no bet\. The bets at this table: hero \(pass\), lich \(don't pass\), cheer \(odds\)/);
    expect(reason).toContain('claw N (prop N)');
    expect(reason).not.toContain('\n');
    const list = reason.slice(reason.indexOf('The bets'));
    expect(refused('hero 5000 lich')).toBe(`"hero lich" is no bet. ${list}`);
    expect(refused("don't 5000")).toBe(`"don't" is no bet. ${list}`);
    expect(refused('5000 5000')).toBe(`Name the bet the amount is for, like hero 5000. ${list}`);
    // Words that do name a bet are never called no bet: it is the amount that is wrong.
    for (const [text, bet] of [['hero 5 000', 'hero'], ['hero 5000 5000', 'hero'], ['charge 4 5000', 'charge'], ['cheer 6 5000', 'cheer'], ['bet lich 10 20', 'lich'], ['hero 5000 coins', 'hero']]) {
      expect(refused(text), text).toBe(`Say one amount, as a number alone, first or last: ${bet} 5000.`);
    }
    // Nothing visible to name; a long word cut between characters, never inside one.
    expect(refused('\u200b 5000')).toBe(list);
    expect(refused(`a${'\u{1F600}'.repeat(30)} 5000`)).toBe(`"a${'\u{1F600}'.repeat(23)}..." is no bet. ${list}`);
    // A long line is not searched for a bet (a whisper can be 8 KB): no bet is more than a few words.
    expect(refused(`hero ${'x '.repeat(4000)}5000`)).toBe(`A bet is its name and one amount, like hero 5000. ${list}`);
    expect(parseBet("bet don't pass 5,000")).toMatchObject({ ok: true, amount: 5000 });
  });

  it('when the amount is missing', () => {
    expect(refused('')).toBe('Name a bet and an amount, like hero 5000.');
    expect(refused('bet')).toBe('Name a bet and an amount, like hero 5000.');
    expect(refused('hero')).toBe('How many coins on HERO? Say it like hero 5000.');
    expect(refused('bet attack 4')).toBe('How many coins on ATTACK 4? Say it like attack 4 5000.');
    // An amount alone names no bet.
    expect(refused('5000')).toBe(`Name the bet the amount is for, like hero 5000. ${BETS_HERE}`);
    expect(refused('bet 5,000')).toBe(`Name the bet the amount is for, like hero 5000. ${BETS_HERE}`);
    // The money's name is no bet either, however the host capitalises it (a MUD's Pennies).
    expect(parseBet('5000 pennies', 'Pennies')).toEqual({ ok: false, reason: `Name the bet the amount is for, like hero 5000. ${BETS_HERE}` });
  });

  it('takes nothing at all as an amount, for the table to answer with its least bet', () => {
    expect(parseBet('hero 0')).toMatchObject({ ok: true, amount: 0 });
    expect(parseBet('000 lich')).toMatchObject({ ok: true, amount: 0 });
    expect(parseBet('hero 0,000')).toMatchObject({ ok: true, amount: 0 });
  });

  it.each([
    ['hero -5', '"-5" is not a whole number of coins; use digits only, like 50 or 1,000.'],
    ['1.5 lich', '"1.5" is not a whole number of coins; use digits only, like 50 or 1,000.'],
    ['field 1e4', '"1e4" is not a whole number of coins; use digits only, like 50 or 1,000.'],
    ['hero ten', '"ten" is not a whole number of coins; use digits only, like 50 or 1,000.'],
    ['hero 5,00', '"5,00" is not a whole number of coins; use digits only, like 50 or 1,000.'],
    ['hero 99999999999999', '99999999999999 coins is more than anyone could ever hold.'],
  ])('with parseAmount’s reason for %j', (text, reason) => {
    expect(refused(text)).toBe(reason);
  });
});

describe('words that only look like keys', () => {
  it.each(['constructor 5000', '__proto__ 5000', 'toString 5000', 'hasOwnProperty 4 5000'])('%j is no bet', (text) => {
    expect(parseBet(text).ok).toBe(false);
  });
});
