/**
 * Socials as data: each verb has lines for doing it alone and for doing it at someone, each in
 * the actor's, the target's and the room's words, with `{actor}` and `{target}` for the names.
 * The tavern ships the defaults below; a world's `socials` section adds verbs or rewords these.
 *
 *     "socials": {
 *       "wink": {
 *         "alone": { "actor": "You wink.", "room": "{actor} winks." },
 *         "at": { "actor": "You wink at {target}.", "target": "{actor} winks at you.", "room": "{actor} winks at {target}." }
 *       }
 *     }
 */

export interface SocialLines {
  actor: string;
  room: string;
}

export interface SocialAtLines extends SocialLines {
  target: string;
}

/** A social: at least one of its two forms. */
export interface Social {
  alone?: SocialLines;
  at?: SocialAtLines;
}

/** The actor says "you", the room a name: a regular verb's forms from its two spellings. */
function regular(verb: string, does: string, at = 'at'): Social {
  return {
    alone: { actor: `You ${verb}.`, room: `{actor} ${does}.` },
    at: { actor: `You ${verb} ${at} {target}.`, target: `{actor} ${does} ${at} you.`, room: `{actor} ${does} ${at} {target}.` },
  };
}

export const DEFAULT_SOCIALS: Readonly<Record<string, Social>> = {
  smile: regular('smile', 'smiles'),
  nod: regular('nod', 'nods'),
  bow: {
    alone: { actor: 'You bow with a flourish.', room: '{actor} bows with a flourish.' },
    at: { actor: 'You bow to {target}.', target: '{actor} bows to you.', room: '{actor} bows to {target}.' },
  },
  laugh: regular('laugh', 'laughs'),
  wave: regular('wave', 'waves'),
  grin: regular('grin', 'grins'),
  shrug: regular('shrug', 'shrugs'),
  sigh: regular('sigh', 'sighs'),
  cheer: {
    alone: { actor: 'You cheer!', room: '{actor} cheers!' },
    at: { actor: 'You cheer for {target}!', target: '{actor} cheers for you!', room: '{actor} cheers for {target}!' },
  },
};

const VERB = /^[a-z]{2,16}$/;
const MAX_LINE = 200;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Which names each line must (and may) hold. */
const NEEDS: Record<'alone' | 'at', Record<string, string[]>> = {
  alone: { actor: [], room: ['actor'] },
  at: { actor: ['target'], target: ['actor'], room: ['actor', 'target'] },
};

/**
 * The world's `socials` over the defaults, each problem as one line in `problems`. A verb the
 * world gives replaces the default of that name whole.
 */
export function parseSocials(raw: unknown, problems: string[]): Map<string, Social> {
  const socials = new Map(Object.entries(DEFAULT_SOCIALS));
  if (raw === undefined) return socials;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('socials must be an object of verbs, e.g. { "wink": { "alone": {...}, "at": {...} } }');
    return socials;
  }
  for (const [verb, value] of Object.entries(raw)) {
    const before = problems.length;
    const social = parseSocial(`socials.${verb}`, value, problems);
    if (!VERB.test(verb)) problems.push(`socials: "${verb}" is not a verb (2 to 16 lower-case letters)`);
    if (problems.length === before) socials.set(verb, social);
  }
  return socials;
}

function parseSocial(where: string, value: unknown, problems: string[]): Social {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(`${where} must be an object with "alone" and/or "at" lines`);
    return {};
  }
  const social: Social = {};
  for (const [form, lines] of Object.entries(value)) {
    if (form !== 'alone' && form !== 'at') {
      problems.push(`${where}: "${form}" is not a form of a social (alone, at)`);
      continue;
    }
    const parsed = parseLines(`${where}.${form}`, NEEDS[form], lines, problems);
    if (parsed) social[form] = parsed as unknown as SocialAtLines;
  }
  if (!social.alone && !social.at && !problems.some((p) => p.startsWith(where))) problems.push(`${where} needs "alone" or "at" lines`);
  return social;
}

function parseLines(where: string, needs: Record<string, string[]>, raw: unknown, problems: string[]): Record<string, string> | null {
  const wanted = Object.keys(needs);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push(`${where} must be an object of lines: ${wanted.join(', ')}`);
    return null;
  }
  const given = raw as Record<string, unknown>;
  const before = problems.length;
  for (const key of Object.keys(given)) if (!wanted.includes(key)) problems.push(`${where}: "${key}" is not one of its lines (${wanted.join(', ')})`);
  for (const [key, names] of Object.entries(needs)) {
    const line = given[key];
    if (typeof line !== 'string' || !line.trim() || line.length > MAX_LINE) {
      problems.push(`${where}.${key} must be a line of text (at most ${MAX_LINE} characters)`);
      continue;
    }
    const used = [...line.matchAll(PLACEHOLDER)].map((m) => m[1]);
    const stray = used.find((name) => !names.includes(name));
    if (stray !== undefined) problems.push(`${where}.${key}: {${stray}} cannot stand in this line${names.length ? ` (it may name ${names.map((n) => `{${n}}`).join(' and ')})` : ''}`);
    const missing = names.filter((name) => !used.includes(name));
    if (missing.length) problems.push(`${where}.${key} must name ${missing.map((n) => `{${n}}`).join(' and ')}`);
  }
  return problems.length === before ? (given as Record<string, string>) : null;
}

/** A social's line with the names put in. */
export function socialLine(line: string, actor: string, target?: string): string {
  return line.replace(PLACEHOLDER, (_m, name: string) => (name === 'actor' ? actor : (target ?? '')));
}
