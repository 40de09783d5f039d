import { describe, expect, it } from 'vitest';
import { parseAmount, formatCoins } from '../../src/text/amount.js';

describe('parseAmount', () => {
  it.each([
    ['50', 50],
    ['1000', 1000],
    ['1,000', 1000],
    ['12,345,678', 12345678],
    [' 7 ', 7],
    ['007', 7],
  ])('accepts %j as %d', (text, value) => {
    expect(parseAmount(text)).toEqual({ ok: true, value });
  });

  it.each(['', '0', '0,000', '-5', '+5', '1.5', '1e3', '0x10', '1,00', '10,00,000', 'ten', '1 000', '99999999999999', 'Infinity', 'NaN'])(
    'refuses %j with a reason',
    (text) => {
      const r = parseAmount(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(5);
    },
  );

  it("names the host's money in every refusal, and the tavern's coins when none is given", () => {
    const reasons = (money?: string) => ['', 'ten', '99999999999999', '0'].map((t) => (parseAmount(t, money) as { reason: string }).reason);
    // The tavern's words, as they always were.
    expect(reasons()).toEqual([
      'How many coins? Give a whole number, like 50 or 1,000.',
      '"ten" is not a whole number of coins; use digits only, like 50 or 1,000.',
      '99999999999999 coins is more than anyone could ever hold.',
      'That is no coins at all: the least is 1.',
    ]);
    expect(reasons('gold')).toEqual([
      'How many gold? Give a whole number, like 50 or 1,000.',
      '"ten" is not a whole number of gold; use digits only, like 50 or 1,000.',
      '99999999999999 gold is more than anyone could ever hold.',
      'That is no gold at all: the least is 1.',
    ]);
  });

  it('formats with thousands separators', () => {
    expect(formatCoins(1000)).toBe('1,000');
    expect(formatCoins(999)).toBe('999');
    // Whole amounts are grouped by hand: the same as Intl's en-US grouping, whatever the size.
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 1001, 12_345, 999_999, 1_000_000, 1_234_567_890_123, Number.MAX_SAFE_INTEGER, -1500, 2.5]) {
      expect(formatCoins(n)).toBe(intl.format(n));
    }
  });
});
