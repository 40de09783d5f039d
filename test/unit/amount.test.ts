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
