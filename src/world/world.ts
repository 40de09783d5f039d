import { readFile } from 'node:fs/promises';
import { parseSocials, type Social } from './socials.js';
import { DIRECTIONS, type Direction } from '../text/directions.js';
import { parseThings, type ThingData } from './things.js';
import { checkNpc, type NpcData } from './npcs.js';
import { ID } from '../store/shapes.js';
import type { ObjectData } from './object-data.js';

export type { NpcData } from './npcs.js';
export type { ObjectData } from './object-data.js';

export interface TableData extends ObjectData {
  id: string;
  /** How prose names the table: "the sand table". */
  name: string;
  game: string;
  /** Host-tunable numbers for the game (timers, minimums, payouts); defaults in each game. */
  settings?: Record<string, unknown>;
  /** Phases of its Table.State (`negotiating`) in which the room's timed lines keep quiet. */
  quiet?: string[];
}

/** A thing a room's floor is stocked with: topped up to `upTo` at the start and every `everyMinutes`. */
export interface Stock {
  thing: string;
  upTo: number;
  everyMinutes: number;
}

export interface Room {
  id: string;
  name: string;
  description: string;
  exits: Partial<Record<Direction, string>>;
  objects: ObjectData[];
  npcs: NpcData[];
  tables: TableData[];
  /** What its floor is stocked with (life.ts). */
  stock: Stock[];
  /** Lines the room hears now and then, its own (the NPCs' are theirs). */
  lines: string[];
  /** A room a party may reserve (`reserve`), for so many minutes. */
  private?: { minutes: number };
}

/** Tavern-wide numbers a world may set (each has a default in the server). */
export interface WorldSettings {
  createsPerHour?: number;
  /** More people than this in a room make it a crowd (docs/playing.md, "Crowded rooms"). */
  crowd?: number;
  /** Connections one address may hold open at once; 0: no limit. */
  connectionsPerAddress?: number;
  /** Connections that may be at the greeting (not logged in) at once; 0: no limit. */
  greetingLimit?: number;
  /** Lines a second each player may say on each channel (docs/limits.md); 0: no limit. */
  talkPerSecond?: number;
  /** About how often a room with people in it hears one of its timed lines (life.ts); 0: never. */
  linesEverySeconds?: number;
  /** The pause between the lines of a story an NPC tells. */
  storyPauseSeconds?: number;
}

export interface World {
  name: string;
  start: string;
  rooms: Map<string, Room>;
  /** Extra MSSP variables for MUD lists (CONTACT, WEBSITE, GENRE...): name -> value(s). */
  mssp: Record<string, string | string[]>;
  settings: WorldSettings;
  /** Characters who may use the admin commands (docs/hosting.md, Admins), as written in the world file. */
  admins: string[];
  /** The social verbs (socials.ts): the shipped ones, with the world's own added or reworded. */
  socials: Map<string, Social>;
  /** What `news` shows: the host's notices, newest first, one paragraph each. */
  news: string[];
  /** The kinds of things (things.ts), by id. */
  things: Map<string, ThingData>;
}

/** Reads and checks a world file; every problem found is reported at once. */
export async function loadWorld(path: string): Promise<World> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new Error(`cannot read world ${path}: ${(e as Error).message}`);
  }
  return parseWorld(raw, path);
}

export function parseWorld(raw: unknown, source = 'world'): World {
  const problems: string[] = [];
  const w = raw as { name?: unknown; start?: unknown; rooms?: unknown; mssp?: unknown; settings?: unknown; admins?: unknown; socials?: unknown; news?: unknown; things?: unknown };
  if (!w || typeof w !== 'object' || !Array.isArray(w.rooms)) throw new Error(`${source}: expected { name, start, rooms: [...] }`);
  const things = parseThings(w.things, problems);
  const rooms = new Map<string, Room>();
  const tableIds = new Set<string>();
  for (const r of w.rooms as Partial<Room>[]) {
    if (typeof r.id !== 'string' || typeof r.name !== 'string' || typeof r.description !== 'string') {
      problems.push(`a room needs an id, a name and a description (${JSON.stringify(r).slice(0, 60)})`);
      continue;
    }
    if (rooms.has(r.id)) problems.push(`room ${r.id} is defined twice`);
    if (!ID.test(r.id)) problems.push(`room "${r.id}": a room's id is 1 to 64 letters, digits, _ or - (things lie on its floor by it)`);
    const room: Room = {
      id: r.id,
      name: r.name,
      description: r.description,
      exits: r.exits ?? {},
      objects: r.objects ?? [],
      npcs: r.npcs ?? [],
      tables: r.tables ?? [],
      stock: r.stock ?? [],
      lines: r.lines ?? [],
      ...(r.private ? { private: r.private } : {}),
    };
    checkRoomLife(room, things, problems);
    for (const thing of [...room.objects, ...room.npcs, ...room.tables]) {
      if (!Array.isArray(thing.keywords) || thing.keywords.length === 0 || typeof thing.description !== 'string') {
        problems.push(`room ${r.id}: every object needs keywords and a description`);
      }
    }
    for (const npc of room.npcs) {
      if (typeof npc.name !== 'string' || !/^[A-Za-z]+$/.test(npc.name) || typeof npc.short !== 'string') {
        problems.push(`room ${r.id}: every NPC needs a name (letters only) and a short description`);
      } else checkNpc(`room ${r.id}: ${npc.name}`, npc, things, problems);
    }
    for (const t of room.tables) {
      if (typeof t.id !== 'string' || typeof t.name !== 'string' || typeof t.game !== 'string') {
        problems.push(`room ${r.id}: every table needs an id, a name and a game`);
      }
      if (tableIds.has(t.id)) problems.push(`table ${t.id} is defined twice`);
      tableIds.add(t.id);
    }
    rooms.set(room.id, room);
  }
  for (const room of rooms.values()) {
    for (const [dir, to] of Object.entries(room.exits)) {
      if (!(DIRECTIONS as readonly string[]).includes(dir)) problems.push(`room ${room.id}: "${dir}" is not a direction`);
      else if (!rooms.has(to as string)) problems.push(`room ${room.id}: exit ${dir} leads to unknown room ${to}`);
    }
    for (const npc of room.npcs) {
      if (npc.dealerOf && !room.tables.some((t) => t.id === npc.dealerOf)) {
        problems.push(`room ${room.id}: ${npc.name} deals at ${npc.dealerOf}, which is not in that room`);
      }
    }
  }
  const start = typeof w.start === 'string' ? w.start : '';
  if (!rooms.has(start)) problems.push(`the start room "${start}" does not exist`);
  const mssp = parseMssp(w.mssp, problems);
  const settings = parseSettings(w.settings, problems);
  const admins = parseAdmins(w.admins, problems);
  const socials = parseSocials(w.socials, problems);
  const news = parseNews(w.news, problems);
  if (problems.length) throw new Error(`${source}:\n  ${problems.join('\n  ')}`);
  return { name: typeof w.name === 'string' ? w.name : 'the world', start, rooms, mssp, settings, admins, socials, news, things };
}

/** A room's stock, lines, hidden things, reservation and quiet phases, checked against the world's things. */
function checkRoomLife(room: Room, things: ReadonlyMap<string, ThingData>, problems: string[]): void {
  const where = `room ${room.id}`;
  if (!Array.isArray(room.stock)) problems.push(`${where}: stock must be a list, e.g. [{ "thing": "date", "upTo": 3, "everyMinutes": 60 }]`);
  else {
    for (const s of room.stock) {
      if (!things.has(s?.thing)) problems.push(`${where}: stock names no thing of the world's things (${JSON.stringify(s?.thing)})`);
      else if (!Number.isSafeInteger(s.upTo) || s.upTo < 1 || s.upTo > 100 || !Number.isSafeInteger(s.everyMinutes) || s.everyMinutes < 1) {
        problems.push(`${where}: the stock of ${s.thing} needs upTo (1 to 100) and everyMinutes (1 or more), whole numbers`);
      }
    }
  }
  if (!Array.isArray(room.lines) || !room.lines.every((l) => typeof l === 'string' && l.trim() !== '')) problems.push(`${where}: lines must be a list of lines of text`);
  for (const o of room.objects) {
    if (o.hides !== undefined && !(Array.isArray(o.hides) && o.hides.every((id) => things.has(id)))) problems.push(`${where}: an object's hides must list things of the world's things`);
  }
  if (room.private !== undefined && !(Number.isSafeInteger(room.private.minutes) && room.private.minutes >= 1)) problems.push(`${where}: private must be { "minutes": <whole number, 1 or more> }`);
  for (const t of room.tables) {
    if (t.quiet !== undefined && !(Array.isArray(t.quiet) && t.quiet.every((p) => typeof p === 'string'))) problems.push(`${where}: table ${t.id}'s quiet must be a list of phases, e.g. ["negotiating"]`);
  }
}

/** A character's name as an admin is named: 3 to 16 letters (accounts.ts has the full rule for new names). */
export const ADMIN_NAME = /^[A-Za-z]{3,16}$/;

/** `admins`: a list of character names, e.g. ["Ana", "Bex"]. */
function parseAdmins(raw: unknown, problems: string[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push('admins must be a list of character names, e.g. ["Ana"]');
    return [];
  }
  const admins: string[] = [];
  for (const name of raw) {
    if (typeof name !== 'string' || !ADMIN_NAME.test(name)) problems.push(`admins: ${JSON.stringify(name)} is not a character's name (3 to 16 letters)`);
    else admins.push(name);
  }
  return admins;
}

/** `news`: a list of notices, newest first, e.g. ["The lair table opens at dusk."]. */
function parseNews(raw: unknown, problems: string[]): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((n) => typeof n === 'string' && n.trim() !== '')) {
    problems.push('news must be a list of notices (non-empty strings), newest first');
    return [];
  }
  return raw as string[];
}

/** `mssp`: an object of upper-case MSSP variable names to a string, a number or a list of strings. */
function parseMssp(raw: unknown, problems: string[]): Record<string, string | string[]> {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('mssp must be an object of MSSP variables, e.g. { "CONTACT": "host@example.org" }');
    return {};
  }
  const mssp: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!/^[A-Z0-9][A-Z0-9 -]*$/.test(name)) problems.push(`mssp: "${name}" is not an MSSP variable name (upper-case letters, digits, spaces)`);
    else if (typeof value === 'string' || typeof value === 'number') mssp[name] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) mssp[name] = value as string[];
    else problems.push(`mssp: ${name} must be a string, a number or a list of strings`);
  }
  return mssp;
}

/** `settings`: the tavern-wide numbers a world may set (WorldSettings), each checked. */
function parseSettings(raw: unknown, problems: string[]): WorldSettings {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push('settings must be an object such as { "createsPerHour": 5 }');
    return {};
  }
  const settings: WorldSettings = {};
  const whole = (value: unknown, least: number) => Number.isSafeInteger(value) && (value as number) >= least;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'createsPerHour') {
      if (whole(value, 0)) settings.createsPerHour = value as number;
      else problems.push('settings: createsPerHour must be a whole number, 0 or more (0: no limit)');
    } else if (key === 'crowd') {
      if (whole(value, 1)) settings.crowd = value as number;
      else problems.push('settings: crowd must be a whole number, 1 or more (a room with more people than this is a crowd)');
    } else if (key === 'connectionsPerAddress') {
      if (whole(value, 0)) settings.connectionsPerAddress = value as number;
      else problems.push('settings: connectionsPerAddress must be a whole number, 0 or more (0: no limit)');
    } else if (key === 'greetingLimit') {
      if (whole(value, 0)) settings.greetingLimit = value as number;
      else problems.push('settings: greetingLimit must be a whole number, 0 or more (0: no limit)');
    } else if (key === 'talkPerSecond') {
      if (whole(value, 0)) settings.talkPerSecond = value as number;
      else problems.push('settings: talkPerSecond must be a whole number, 0 or more (0: no limit)');
    } else if (key === 'linesEverySeconds' || key === 'storyPauseSeconds') {
      if (whole(value, 0)) settings[key] = value as number;
      else problems.push(`settings: ${key} must be a whole number of seconds, 0 or more`);
    } else {
      problems.push(`settings: "${key}" is not a setting (known: createsPerHour, crowd, connectionsPerAddress, greetingLimit, talkPerSecond, linesEverySeconds, storyPauseSeconds)`);
    }
  }
  return settings;
}

/**
 * Finds the one thing a player means by `2.table`, `sand`, `ta`, `the spice hunter`: every word
 * (after an article) a keyword, exactly before by its start, and an ordinal picks among several.
 */
export function matchKeyword<T>(items: readonly T[], keywordsOf: (t: T) => string[], query: string): T | undefined {
  const m = /^(\d+)\.(.+)$/.exec(query.trim().toLowerCase());
  const nth = m ? Number(m[1]) : 1;
  const words = (m ? m[2] : query.trim().toLowerCase()).replace(/^(?:the|a|an)\s+(?=\S)/, '').split(/\s+/).filter(Boolean);
  if (!words.length || nth < 1) return undefined;
  const fits = (t: T, exact: boolean) => words.every((w) => keywordsOf(t).some((k) => (exact ? k.toLowerCase() === w : k.toLowerCase().startsWith(w))));
  const exact = items.filter((t) => fits(t, true));
  const pool = exact.length ? exact : items.filter((t) => fits(t, false));
  return pool[nth - 1];
}
