/**
 * A game's settings, declared: their defaults (which give each setting its type: a whole number,
 * or a group of settings), the bounds a value must keep, the ones a host gives its own value to,
 * and a `validate` for what must hold between them. Every host reads a table's settings through
 * `readSettings` before the table opens (the tavern's world data, a Ranvier item, the dealer's
 * --settings file), so a bad value stops the start with one line naming the key, in every host.
 */

/** What one number must be: a whole number from `min` (0 unless said) to `max`. */
export interface SettingBounds {
  min?: number;
  max?: number;
  /** The host's own value is the default here (`crowd`: the world's crowd), unless the table sets one. */
  fromHost?: keyof HostSettings;
}

/** Bounds by key, following the defaults' shape: a group's keys have theirs inside it. */
export type SettingsBounds<T> = { [K in keyof T]?: T[K] extends number ? SettingBounds : SettingsBounds<T[K]> };

export interface SettingsDeclaration<T> {
  /** Every setting with its default. A table may give these keys only. */
  defaults: T;
  bounds?: SettingsBounds<T>;
  /** What must hold between settings, once each is right on its own: "minPlayers is more than maxPlayers". */
  validate?(settings: T): string[];
}

/** What a host may hand its tables for settings that declare `fromHost`. */
export interface HostSettings {
  /** More people than this in a room make a crowd (the tavern's world setting). */
  crowd: number;
}

export type SettingsRead<T> = { ok: true; settings: T } | { ok: false; problem: string };

type Loose = Record<string, unknown>;

const isGroup = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A table's settings (`given`, as its host's data has them) over the declared defaults, with the
 * host's own values where the game asks for them. One line on the first problem, naming its key
 * (`settings.payouts.hard.4`), for the host to prefix with its table.
 */
export function readSettings<T>(declared: SettingsDeclaration<T>, given: unknown, host: Partial<HostSettings> = {}): SettingsRead<T> {
  if (given !== undefined && !isGroup(given)) return { ok: false, problem: 'settings must be an object of the game\'s settings' };
  const problems: string[] = [];
  const settings = merge(declared.defaults as Loose, (declared.bounds ?? {}) as Loose, given ?? {}, host, 'settings', problems) as T;
  if (!problems.length) problems.push(...(declared.validate?.(settings) ?? []));
  return problems.length ? { ok: false, problem: problems[0] } : { ok: true, settings };
}

function merge(defaults: Loose, bounds: Loose, given: Loose, host: Partial<HostSettings>, path: string, problems: string[]): Loose {
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(defaults, key)) problems.push(`${path}.${key} is not a setting of this game (it has ${Object.keys(defaults).join(', ')})`);
  }
  const out: Loose = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const where = `${path}.${key}`;
    const value = given[key];
    if (isGroup(fallback)) {
      if (value !== undefined && !isGroup(value)) problems.push(`${where} must be a group of settings (${Object.keys(fallback).join(', ')}), not ${JSON.stringify(value)}`);
      out[key] = merge(fallback, (bounds[key] ?? {}) as Loose, isGroup(value) ? value : {}, host, where, problems);
      continue;
    }
    const rule = (bounds[key] ?? {}) as SettingBounds;
    const own = rule.fromHost ? host[rule.fromHost] : undefined;
    // A value the table gives, null included, is checked as given; only a missing one falls back.
    const n = value !== undefined ? value : (own ?? fallback);
    const min = rule.min ?? 0;
    if (!Number.isSafeInteger(n) || (n as number) < min || (rule.max !== undefined && (n as number) > rule.max)) {
      const range = rule.max !== undefined ? `from ${min} to ${rule.max}` : `of at least ${min}`;
      problems.push(`${where} must be a whole number ${range}, not ${JSON.stringify(n)}`);
    }
    out[key] = n;
  }
  return out;
}

/** A table's settings where they are known to be right (a game's own defaults, a test's table): a problem throws. */
export function settingsOf<T>(game: { settings: SettingsDeclaration<T> }, given: object = {}, host: Partial<HostSettings> = {}): T {
  const read = readSettings(game.settings, given, host);
  if (!read.ok) throw new Error(read.problem);
  return read.settings;
}
