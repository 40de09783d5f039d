/**
 * The house rules for real coins (docs/dealer.md, "Purse mode"): with the MUD's own coins the
 * house must not lose by design, so nothing is given away. Lich Bones pays no hand-outs, no HERO
 * bonus and no early bonus (they are nothing unless the settings name them, and a setting that
 * names one is refused with the reason), and bars 12 for LICH at the opening roll. Spice Run and Dragon's Lair move coins between players
 * only. A game from a module is not dealt for real coins: the dealer cannot tell what it could
 * cost the house.
 */

const GIFTS: Record<string, Record<string, string>> = {
  'lich-bones': { handout: 'hand-outs', heroBonus: 'the HERO bonus', earlyBonusPercent: 'the early bonus on HERO and LICH' },
  'spice-run': {},
  'dragons-lair': {},
};

/** The table's settings as given, with every gift made nothing; or why this game or a setting cannot be dealt for real coins. */
export function purseSettings(game: string, given: unknown): { ok: true; settings: object } | { ok: false; problem: string } {
  const gifts = GIFTS[game];
  if (!gifts) return { ok: false, problem: `--money purse deals ${Object.keys(GIFTS).join(', ')}: a game from a module cannot be dealt for the MUD's own coins, since the dealer cannot tell what it could cost the house` };
  const settings: Record<string, unknown> = given && typeof given === 'object' ? { ...(given as object) } : {};
  for (const [key, what] of Object.entries(gifts)) {
    if (settings[key] !== undefined && settings[key] !== 0) return { ok: false, problem: `--money purse pays no ${what} (the house rules for real coins): leave "${key}" out or make it 0` };
    settings[key] = 0;
  }
  if (game === 'lich-bones') {
    // A LICH bet placed before the opening roll stays on a 12 there (craps' bar 12): without it LICH would favour the player.
    if (settings.barTwelve !== undefined && settings.barTwelve !== 1) return { ok: false, problem: '--money purse bars 12 for LICH at the opening roll (the house rules for real coins): leave "barTwelve" out or make it 1' };
    settings.barTwelve = 1;
  }
  return { ok: true, settings };
}
