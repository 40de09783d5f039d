/** The largest stake anyone may name: far above any purse, far below float trouble. */
export const MAX_AMOUNT = 1_000_000_000_000;

export type AmountResult = { ok: true; value: number } | { ok: false; reason: string };

const PLAIN = /^\d+$/;
const GROUPED = /^\d{1,3}(,\d{3})+$/;

/**
 * Reads a number of coins as a player types it: `50`, `1000`, `1,000`.
 * Anything else (zero, signs, fractions, exponents, hex, stray grouping) gets a reason, naming
 * the money as the host's refusals do (`money`: the tavern's "coins", a Ranvier world's "gold"),
 * and quoting what was typed as the host quotes a player's words (`quote`: in double quotes, or
 * a dealer's single ones inside a MUD's double-quoted whisper).
 */
export function parseAmount(text: string, money = 'coins', quote: (text: string) => string = (t) => `"${t}"`): AmountResult {
  const t = text.trim();
  if (t === '') return { ok: false, reason: `How many ${money}? Give a whole number, like 50 or 1,000.` };
  if (!PLAIN.test(t) && !GROUPED.test(t)) {
    return { ok: false, reason: `${quote(t)} is not a whole number of ${money}; use digits only, like 50 or 1,000.` };
  }
  const digits = t.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 13 || Number(digits) > MAX_AMOUNT) {
    return { ok: false, reason: `${t} ${money} is more than anyone could ever hold.` };
  }
  const value = Number(digits);
  if (value === 0) return { ok: false, reason: `That is no ${money} at all: the least is 1.` };
  return { ok: true, value };
}

/** True when a word looks like an amount attempt (used to tell amounts from bet words). */
export function looksLikeAmount(word: string): boolean {
  return /^[-+]?[\d.,]+([eE][-+]?\d+)?$/.test(word) || /^[-+]?0x[0-9a-f]+$/i.test(word);
}

// One formatter for every amount: toLocaleString builds a new one on each call.
const GROUPED_NUMBER = new Intl.NumberFormat('en-US');

export function formatCoins(n: number): string {
  // Whole amounts, nearly every call (inventory, every bet): grouped by hand, as Intl is slow.
  if (!Number.isSafeInteger(n) || n < 0) return GROUPED_NUMBER.format(n);
  const digits = String(n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return out;
}
