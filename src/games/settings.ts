/**
 * A table's settings as a host reads them from its world data: the game's tunable numbers
 * (GameDefinition.settings) are the only keys a table may set, each a whole number.
 */

/**
 * Problems with a table's settings from the world data, checked against the game's defaults:
 * only known keys, and whole numbers where the defaults have numbers (ratios need a divisor).
 */
export function settingsProblems(defaults: object, given: unknown, path = 'settings'): string[] {
  if (given === undefined) return [];
  if (!given || typeof given !== 'object' || Array.isArray(given)) return [`${path} must be an object`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(given)) {
    const where = `${path}.${key}`;
    if (!Object.hasOwn(defaults, key)) {
      problems.push(`${where} is not a setting of this game (it has ${Object.keys(defaults).join(', ')})`);
      continue;
    }
    const wanted = (defaults as Record<string, unknown>)[key];
    if (typeof wanted === 'object' && wanted !== null) problems.push(...settingsProblems(wanted, value, where));
    else if (!Number.isSafeInteger(value) || (value as number) < (key === 'per' ? 1 : 0)) {
      problems.push(`${where} must be a whole number${key === 'per' ? ' of at least 1' : ' (0 or more)'}, not ${JSON.stringify(value)}`);
    }
  }
  return problems;
}
