/** Lich Bones' settings, declared (src/games/settings.ts): their defaults, bounds and what must hold between them. */
import type { SettingsDeclaration } from '../settings.js';
import { DEFAULT_SETTINGS, type LichBonesSettings, type Ratio } from './state.js';

/** Every payout is "win:per" with a divisor of at least 1. */
function ratioProblems(at: string, value: unknown): string[] {
  const ratio = value as Ratio;
  if (typeof ratio.per === 'number') return ratio.per >= 1 ? [] : [`${at}.per must be a whole number of at least 1, not ${ratio.per}`];
  return Object.entries(value as object).flatMap(([key, inner]) => ratioProblems(`${at}.${key}`, inner));
}

export const lichBonesSettings: SettingsDeclaration<LichBonesSettings> = {
  defaults: DEFAULT_SETTINGS,
  bounds: {
    rounds: { min: 1 },
    autostartMs: { min: 1_000 },
    bettingMs: { min: 1_000 },
    seats: { min: 1 },
    crowd: { min: 1, fromHost: 'crowd' },
    minBet: { min: 1 },
    maxBet: { min: 0 },
    barTwelve: { max: 1 },
    earlyBonusPercent: { max: 100 },
  },
  validate: (s) => [
    ...ratioProblems('settings.payouts', s.payouts),
    ...(s.maxBet > 0 && s.maxBet < s.minBet ? [`settings.maxBet (${s.maxBet}) must be 0 (no limit) or at least settings.minBet (${s.minBet})`] : []),
  ],
};
