import { existsSync, readFileSync } from 'node:fs';
import diku from './profiles/diku.json' with { type: 'json' };
import obsidian from './profiles/obsidian.json' with { type: 'json' };
import tinymux from './profiles/tinymux.json' with { type: 'json' };

/**
 * What the dealer knows of one MUD, as data (docs/dealer-profiles.md): how to log
 * in, which lines it trusts and how it reads who said what, the commands it sends, how it keeps
 * from idling out, and what the MUD takes (line length, character set, a command quota). The
 * shipped profiles are JSON files in profiles/; a host copies one and edits it for their MUD.
 *
 * Patterns are regular expressions over one line as the MUD sent it (colour codes removed).
 * Templates and patterns may hold placeholders, filled in by the dealer: `{character}` (its
 * name), `{password}` (only in login lines), `{secret}` (random, new at every login), `{tag}`
 * (random, new for every query), `{to}` (whom an answer goes to: their id or name), `{text}`
 * (escaped for the MUD) and `{dealer}` (in the line that tells players how to whisper).
 */

export type Via = 'whisper' | 'page' | 'tell';

/** A line that tells an amount of the MUD's coins: group `amount`, or a fixed `amount` where the line names none ("a Penny"). */
export interface AmountLine {
  pattern: string;
  amount?: number;
}

/**
 * What `--money purse` needs of a MUD (docs/dealer.md, "Purse mode"): how the dealer reads its
 * own purse, the lines that tell a payment in, its give, and what keeps payments out while it
 * cannot see them.
 */
export interface PurseProfile {
  /** The MUD's name for its coins, as the dealer words amounts: `Pennies`, `gold coins`. */
  coins: string;
  /** One of them, where that is worded otherwise: `Penny`, `gold coin`. */
  coin?: string;
  /**
   * Reads the dealer's own purse: `send`, then a line matching one of `answers`. Where `send`
   * holds `{tag}` the answer must carry that fresh tag, which no player can forge; where it
   * cannot, a second balance line in one answer is taken as tampering.
   */
  read: { send: string; answers: AmountLine[] };
  /**
   * Where the MUD itself keeps a numbered record of every give to the dealer (TinyMUX: the
   * dealer's own @pay, docs/dealer.md): one item of the read's group `given`, with groups `n`
   * (the record's number, always growing), `id` (a player payer; absent for a thing), `amount`
   * (absent where the MUD could not tell). `read.send` takes `{mark}`, the last number the books
   * account for. Then only this record credits anyone: a payment line merely prompts a read.
   */
  given?: string;
  /**
   * Where the MUD can stamp the dealer's own give (TinyMUX, docs/dealer.md): the pattern of the
   * stamp the read answers in its group `out`, groups `n` (the payout's number), `cost` (what the
   * MUD kept for running the give: TinyMUX's penny for a queued command), and `before` and `after`
   * (the purse just before and just after the give, in one run nothing else comes between). Then
   * `give` takes `{n}` and `{read}` (the read that follows it, in the same run), `read.send` takes
   * `{payout}` (the payout pending, else 0), `close` takes `{fence}` (no give numbered below it may
   * run any more), and the stamp alone says whether a give left: no stamp after `halt`, no give.
   */
  out?: string;
  /** With `out`: commands that stop any give still waiting to run (TinyMUX: `@halt me`), sent before a read that must settle a payout. */
  halt?: string[];
  /**
   * Lines that tell a payment in: `name` (and `id`) of the payer where the line names one;
   * `proven` where only the MUD can write the line and only a give makes it, so its payer is
   * certain. (On TinyMUX even the ear's line is anyone's own `@pemit`: there `given` decides.)
   */
  paid: (AmountLine & { proven?: boolean })[];
  /** The MUD's give, naming one player exactly: `give {to}={amount}`, `give {amount} coins 0.{to}`. */
  give: string;
  /** How a player pays the dealer, for the room and the help: `give {dealer}={amount}`, `give {amount} coins 0.{dealer}` (a plain name may reach a look-alike first). */
  playersGive: string;
  /** Where the MUD proves them: the line that says the dealer's own give went out, and the lines that say it was refused (group `reason`). */
  gave?: string;
  refused: string[];
  /** Commands that keep payments out (first thing at every login, and at the end), and let them in once the dealer sees every line. */
  close: string[];
  open: string[];
  /** Names whose own lines could pass for the dealer's own (a Diku character named You): no payment is taken and none made while one is known to be here. */
  forgers?: string;
}
/** A setup step that asks the MUD (`ask`, with a fresh `{tag}`) and sends `send` filled with the named groups of the `answer`; the setup after it waits for the answer. */
export interface SetupAsk {
  ask: string;
  answer: string;
  send: string;
}

export type EventKind = 'arrived' | 'left' | 'connected' | 'disconnected';

export interface Profile {
  name: string;
  /** One sentence: which MUDs this profile is for. */
  about: string;
  /** What the MUD shows its players: `ascii` (anything else is spelt in ASCII) or `utf-8`. */
  charset: 'ascii' | 'utf-8';
  /** The longest command line the dealer sends; longer text goes in several. */
  lineLength: number;
  /** How many commands the MUD takes from one connection: a burst, then so many a second. */
  quota: { burst: number; perSecond: number };
  /** `id`: the MUD gives each player a lasting number (a dbref) that `heard` captures; `name`: names are the identity. */
  identity: 'id' | 'name';
  /** The login dialogue, in order: when a line matches `expect`, the dealer sends `send`. */
  login: { expect: string; send: string }[];
  /** Lines that mean the login failed (the dealer stops with the line). */
  loginFailed: string[];
  /** Commands sent once logged in, before the dealer trusts anything; a step may ask the MUD for a value to fill into a command. */
  setup: (string | SetupAsk)[];
  /**
   * Where the MUD prints a keyed hash of the secret rather than the secret itself (TinyMUX: anyone
   * can make the dealer's @prefix print to its room, so it shows `sha1(secret + who)` and who):
   * groups `mac` (the hash, hex) and `signed` (the text hashed after the secret). A line whose hash
   * is right has the secret put in its place before any pattern reads it; any other line keeps
   * what it had, which carries no secret.
   */
  seal?: string;
  /** Proof that the dealer is in and set up: `send` (optional), then a line matching `expect`. */
  ready: { send?: string; expect: string };
  /**
   * The lines the dealer takes as a player speaking to it: named groups `name` and `text`, and
   * `id` where identity is `id`. `via` says how it came: a whisper (only from the same room),
   * a page or a tell (from anywhere). `partial` marks the first line of a message that goes on
   * over more lines, which the dealer refuses; `posed` a line the MUD wrote for a posed whisper
   * or page (TinyMUX's `whisper Croupier=:gold`), answered with how to whisper instead.
   */
  heard: { via: Via; pattern: string; partial?: boolean; posed?: boolean }[];
  /**
   * Who is in the dealer's room, asked with a fresh tag: `send`, then a line matching `answer`
   * (group `list`), read item by item with `item` (groups `name`, `connected` as 1 or 0, and
   * `id` where identity is `id`). A MUD that cannot be asked leaves it out and relies on `events`.
   * Where `answer` has a group `room` (the dealer's own room), the dealer notices when it was moved
   * (killed and sent home, teleported): it waits, and sends `goBack` (with `{room}`) where given.
   * `askOn`: lines after which it may stand elsewhere, so it asks at once.
   */
  roster?: { send: string; answer: string; item: string; goBack?: string; askOn?: string[] };
  /** Lines that tell of someone coming, going, dropping or coming back: group `name` (and `id`). */
  events: { kind: EventKind; pattern: string }[];
  /** A prompt the MUD may put before a line (no newline, no GA), taken off before matching. */
  prompt?: string;
  commands: {
    /** Speaks to the room: every public line of the table. */
    say: string;
    /** Acts before the room: a public line that begins with the dealer's name ("Croupier chalks up..."), the name left to the MUD. */
    pose: string;
    /** Optional: a pose with no space after the name, for a line that begins with the dealer's name and an apostrophe ("Croupier's finger..."); without it such a line is said. */
    poseNoSpace?: string;
    /** Answers one player in the room. */
    answer: string;
    /** Answers one player anywhere (a page, a tell). */
    answerFar: string;
    /**
     * Optional: what put before the text of `answer` and `answerFar` poses it to that one player
     * (TinyMUX: `:` and `;`, as in `whisper Ana=:nods`), for a line to them that begins with the
     * dealer's name; without it such a line is whispered as it is.
     */
    answerPose?: { space: string; noSpace: string };
    /** Logs out. */
    logout: string;
    /** Sent every `keepaliveMs` of quiet, so the MUD does not take the dealer for idle. */
    keepalive: string;
  };
  keepaliveMs: number;
  /** Characters the MUD would evaluate in text the dealer sends, each written as `by` (where `$&` is the character itself). */
  escape: { chars: string; by: string }[];
  /** Characters an answer may not begin with (the MUD gives them a meaning there). */
  guard: string;
  /**
   * The mark the MUD puts around what the dealer says or whispers (TinyMUX: `"`; a Diku's tell:
   * `'`): a player's word quoted inside an answer gets the other one, so that quotes never
   * nest. Without it, `"`.
   */
  speechQuote?: '"' | "'";
  /** How a player whispers to the dealer, for the help texts: `whisper {dealer}={text}`. */
  playersWhisper: string;
  /** What a name must look like to be written into a command (where identity is `name`). */
  names: string;
  /** What `--money purse` needs; a profile without it deals with `--money tab` only. */
  purse?: PurseProfile;
}

/** The shipped profiles (profiles/*.json), by name: imported, so a build carries them. */
const SHIPPED: Record<string, unknown> = { tinymux, obsidian, diku };

/** The shipped profiles' names. */
export function shippedProfiles(): string[] {
  return Object.keys(SHIPPED);
}

/** A shipped profile by name, or a profile file; throws with one line saying what is wrong. */
export function loadProfile(nameOrFile: string): Profile {
  if (Object.hasOwn(SHIPPED, nameOrFile)) {
    const problem = profileProblem(SHIPPED[nameOrFile]);
    if (problem) throw new Error(`the shipped profile ${nameOrFile}: ${problem}`);
    return structuredClone(SHIPPED[nameOrFile]) as Profile;
  }
  const file = nameOrFile;
  if (!existsSync(file)) throw new Error(`no profile "${nameOrFile}": give one of ${shippedProfiles().join(', ')}, or a profile file`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`the profile ${file} is not JSON: ${(e as Error).message}`);
  }
  const problem = profileProblem(data);
  if (problem) throw new Error(`the profile ${file}: ${problem}`);
  return data as Profile;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isWhole = (v: unknown, min: number) => Number.isSafeInteger(v) && (v as number) >= min;

function patternProblem(where: string, source: unknown, groups: string[]): string | null {
  if (!isText(source)) return `${where} must be a pattern (text)`;
  let re: RegExp;
  try {
    re = new RegExp(fill(source, { secret: 'a', tag: 'a', character: 'a' }));
  } catch (e) {
    return `${where} is not a regular expression: ${(e as Error).message}`;
  }
  const missing = groups.filter((g) => !new RegExp(`\\(\\?<${g}>`).test(re.source));
  return missing.length ? `${where} has no group ${missing.map((g) => `(?<${g}>...)`).join(' or ')}` : null;
}

/** What is wrong with a profile, in one line, or null. */
export function profileProblem(d: unknown): string | null {
  if (!d || typeof d !== 'object' || Array.isArray(d)) return 'a profile is one JSON object';
  const p = d as Record<string, unknown>;
  for (const key of ['name', 'about', 'playersWhisper', 'guard', 'names'] as const) if (!isText(p[key])) return `"${key}" must be text`;
  if (p.charset !== 'ascii' && p.charset !== 'utf-8') return '"charset" must be "ascii" or "utf-8"';
  if (p.speechQuote !== undefined && p.speechQuote !== '"' && p.speechQuote !== "'") return `"speechQuote" must be one quote mark, " or '`;
  if (!isWhole(p.lineLength, 40)) return '"lineLength" must be a whole number of at least 40';
  const quota = p.quota as Record<string, unknown> | undefined;
  if (!quota || !isWhole(quota.burst, 1) || !(typeof quota.perSecond === 'number' && quota.perSecond > 0)) return '"quota" must be { "burst": whole number, "perSecond": more than 0 }';
  if (p.identity !== 'id' && p.identity !== 'name') return '"identity" must be "id" or "name"';
  if (!Array.isArray(p.login) || !p.login.every((s) => s && isText(s.expect) && isText(s.send))) return '"login" must be a list of { "expect": pattern, "send": text }';
  if (!Array.isArray(p.loginFailed) || !p.loginFailed.every(isText)) return '"loginFailed" must be a list of patterns';
  if (!Array.isArray(p.setup)) return '"setup" must be a list of commands';
  for (const [i, step] of (p.setup as unknown[]).entries()) {
    if (isText(step)) continue;
    const a = step as Record<string, unknown>;
    if (!a || !isText(a.ask) || !isText(a.send) || !a.ask.includes('{tag}')) return `setup[${i}] must be a command, or { "ask": command with {tag}, "answer": pattern, "send": command }`;
    const problem = patternProblem(`setup[${i}].answer`, a.answer, [...a.send.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((g) => !['secret', 'character'].includes(g)));
    if (problem) return problem;
  }
  if (p.seal !== undefined) {
    const problem = patternProblem('seal', p.seal, ['mac', 'signed']);
    if (problem) return problem;
  }
  const ready = p.ready as Record<string, unknown> | undefined;
  if (!ready || !isText(ready.expect) || (ready.send !== undefined && !isText(ready.send))) return '"ready" must be { "send": text (optional), "expect": pattern }';
  const idGroups = p.identity === 'id' ? ['id', 'name'] : ['name'];
  if (!Array.isArray(p.heard) || p.heard.length === 0) return '"heard" must list at least one pattern';
  for (const [i, h] of (p.heard as Record<string, unknown>[]).entries()) {
    if (h.via !== 'whisper' && h.via !== 'page' && h.via !== 'tell') return `heard[${i}].via must be whisper, page or tell`;
    const problem = patternProblem(`heard[${i}].pattern`, h.pattern, [...idGroups, 'text']);
    if (problem) return problem;
  }
  if (p.roster !== undefined) {
    const r = p.roster as Record<string, unknown>;
    if (!isText(r.send)) return 'roster.send must be a command';
    const problem = patternProblem('roster.answer', r.answer, ['list']) ?? patternProblem('roster.item', r.item, [...idGroups, 'connected']);
    if (problem) return problem;
    if (r.goBack !== undefined && !(isText(r.goBack) && r.goBack.includes('{room}'))) return 'roster.goBack must be a command that holds {room}';
    if (r.askOn !== undefined && !(Array.isArray(r.askOn) && r.askOn.every(isText))) return 'roster.askOn must be a list of patterns';
    for (const [i, a] of ((r.askOn ?? []) as string[]).entries()) {
      const bad = patternProblem(`roster.askOn[${i}]`, a, []);
      if (bad) return bad;
    }
  }
  if (!Array.isArray(p.events)) return '"events" must be a list';
  for (const [i, e] of (p.events as Record<string, unknown>[]).entries()) {
    if (!['arrived', 'left', 'connected', 'disconnected'].includes(e.kind as string)) return `events[${i}].kind must be arrived, left, connected or disconnected`;
    const problem = patternProblem(`events[${i}].pattern`, e.pattern, ['name']);
    if (problem) return problem;
  }
  if (p.prompt !== undefined) {
    const problem = patternProblem('prompt', p.prompt, []);
    if (problem) return problem;
  }
  const c = p.commands as Record<string, unknown> | undefined;
  for (const key of ['say', 'pose', 'answer', 'answerFar', 'logout', 'keepalive']) if (!c || !isText(c[key])) return `commands.${key} must be a command`;
  for (const key of ['say', 'pose', 'answer', 'answerFar']) if (!(c![key] as string).includes('{text}')) return `commands.${key} must hold {text}`;
  if (c!.poseNoSpace !== undefined && !(isText(c!.poseNoSpace) && c!.poseNoSpace.includes('{text}'))) return 'commands.poseNoSpace must be a command that holds {text}';
  for (const key of ['answer', 'answerFar']) if (!(c![key] as string).includes('{to}')) return `commands.${key} must hold {to}`;
  const posed = c!.answerPose as Record<string, unknown> | undefined;
  if (posed !== undefined && !(posed && isText(posed.space) && posed.space && isText(posed.noSpace) && posed.noSpace)) return 'commands.answerPose must give the marks "space" and "noSpace"';
  if (!isWhole(p.keepaliveMs, 1000)) return '"keepaliveMs" must be a whole number of at least 1000';
  if (!Array.isArray(p.escape) || !p.escape.every((e) => e && isText(e.chars) && isText(e.by))) return '"escape" must be a list of { "chars": text, "by": text }';
  if (!(p.playersWhisper as string).includes('{text}')) return '"playersWhisper" must hold {text}';
  return patternProblem('names', p.names, []) ?? (p.purse === undefined ? null : purseProblem(p.purse as Record<string, unknown>, idGroups));
}

function amountLinesProblem(where: string, lines: unknown, groups: string[]): string | null {
  if (!Array.isArray(lines) || lines.length === 0) return `${where} must list at least one { "pattern": ..., "amount": optional }`;
  for (const [i, l] of (lines as Record<string, unknown>[]).entries()) {
    if (l.amount !== undefined && !isWhole(l.amount, 0)) return `${where}[${i}].amount must be a whole number`;
    const problem = patternProblem(`${where}[${i}].pattern`, l.pattern, l.amount === undefined ? ['amount', ...groups] : groups);
    if (problem) return problem;
  }
  return null;
}

function purseProblem(q: Record<string, unknown>, idGroups: string[]): string | null {
  if (!q || typeof q !== 'object') return '"purse" must be an object';
  if (!isText(q.coins)) return 'purse.coins must be text';
  if (q.coin !== undefined && !isText(q.coin)) return 'purse.coin must be text: one of the coins (Penny)';
  const read = q.read as Record<string, unknown> | undefined;
  if (!read || !isText(read.send)) return 'purse.read must be { "send": command, "answers": [...] }';
  const problem = amountLinesProblem('purse.read.answers', read.answers, []) ?? amountLinesProblem('purse.paid', q.paid, []);
  if (problem) return problem;
  if (q.given !== undefined) {
    const given = patternProblem('purse.given', q.given, ['n', 'id', 'amount']);
    if (given) return given;
    if (!read.send.includes('{mark}') || !(read.answers as Record<string, unknown>[]).every((a) => /\(\?<given>/.test(String(a.pattern)))) return 'purse.read must send {mark} and answer with a group (?<given>...) where purse.given is set';
  }
  // A payment line names its payer by the identity the MUD has, or by nobody (`Someone`).
  for (const [i, l] of (q.paid as Record<string, unknown>[]).entries()) {
    const named = /\(\?<name>/.test(String(l.pattern));
    if (named && idGroups.includes('id') && !/\(\?<id>/.test(String(l.pattern))) return `purse.paid[${i}].pattern names a payer without the group (?<id>...)`;
  }
  if (!isText(q.give) || !q.give.includes('{to}') || !q.give.includes('{amount}')) return 'purse.give must be a command holding {to} and {amount}';
  if (!isText(q.playersGive) || !q.playersGive.includes('{dealer}')) return 'purse.playersGive must be a command holding {dealer}';
  if (q.gave !== undefined) {
    const gave = patternProblem('purse.gave', q.gave, []);
    if (gave) return gave;
  }
  if (!Array.isArray(q.refused) || !q.refused.every(isText)) return 'purse.refused must be a list of patterns';
  for (const key of ['close', 'open']) if (!Array.isArray(q[key]) || !(q[key] as unknown[]).every(isText)) return `purse.${key} must be a list of commands`;
  if (q.out !== undefined) {
    const out = patternProblem('purse.out', q.out, ['n', 'cost', 'before', 'after']);
    if (out) return out;
    if (!q.give.includes('{n}') || !q.give.includes('{read}')) return 'purse.give must hold {n} and {read} where purse.out is set';
    if (!(read.answers as Record<string, unknown>[]).every((a) => /\(\?<out>/.test(String(a.pattern)))) return 'purse.read must answer with a group (?<out>...) where purse.out is set';
    if (!Array.isArray(q.halt) || !q.halt.length || !q.halt.every(isText)) return 'purse.halt must list the commands that stop a waiting give, where purse.out is set';
  }
  return q.forgers === undefined ? null : patternProblem('purse.forgers', q.forgers, []);
}

/** A template with its placeholders filled; a placeholder not given stays as it is. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : whole));
}

/** A pattern with its placeholders filled (their values taken literally). */
export function pattern(source: string, values: Record<string, string>): RegExp {
  const literal = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')]));
  return new RegExp(fill(source, literal));
}
