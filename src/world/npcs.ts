/**
 * The people of the world data (NPCs): who they are, what they answer when asked, how they take
 * a smile or a bow, what they say now and then, what they sell and what they take when given.
 * Every word is data; docs/world-data.md, "People", shows each field.
 */
import type { ObjectData } from './object-data.js';
import type { ThingData } from './things.js';

/** `ask <npc> about <topic>`: the lines told (one after another, a story) for any of the words. */
export interface Topic {
  about: string[];
  says: string[];
}

/** A thing on sale, at its price in coins. */
export interface Ware {
  thing: string;
  price: number;
}

export interface Shop {
  wares: Ware[];
  /** The ware `order a round` pours when the round names none. */
  round?: string;
  /** What the seller says: before the list, to the room after a sale, after a refusal for coins, for a thing not sold. */
  words: { list?: string; sold?: string; poor?: string; unknown?: string };
}

export interface NpcData extends ObjectData {
  name: string;
  /** The table this NPC deals at: whispers to him go to that table's game. */
  dealerOf?: string;
  ask?: { topics: Topic[]; otherwise?: string };
  /** A social done at them, by verb ("*": any other), and the line the room sees after it: {actor}. */
  socials?: Record<string, string>;
  /** Lines the room hears now and then (life.ts). */
  lines?: string[];
  shop?: Shop;
  /** Things they take when given one (by id; `coins` for coins, which go to the house: a tip), with what the room sees: {actor}, {thing}. */
  takes?: Record<string, string>;
}

const isLine = (s: unknown, max = 400): s is string => typeof s === 'string' && s.trim() !== '' && s.length <= max;
const isObject = (o: unknown): o is Record<string, unknown> => !!o && typeof o === 'object' && !Array.isArray(o);
const isLines = (l: unknown): l is string[] => Array.isArray(l) && l.length > 0 && l.every((s) => isLine(s));

/** Checks what an NPC has beyond an object's fields; every problem is one line in `problems`. */
export function checkNpc(where: string, npc: NpcData, things: ReadonlyMap<string, ThingData>, problems: string[]): void {
  if (npc.ask !== undefined) {
    const topics = (npc.ask as { topics?: unknown }).topics;
    if (!isObject(npc.ask) || !Array.isArray(topics) || !topics.every((t) => isObject(t) && isLines(t.about) && isLines(t.says))) {
      problems.push(`${where}.ask must be { "topics": [{ "about": ["words"], "says": ["lines"] }], "otherwise"?: "a line" }`);
    } else if (npc.ask.otherwise !== undefined && !isLine(npc.ask.otherwise)) problems.push(`${where}.ask.otherwise must be a line of text`);
  }
  if (npc.socials !== undefined && !(isObject(npc.socials) && Object.values(npc.socials).every((s) => isLine(s)))) {
    problems.push(`${where}.socials must be an object of social verbs ("*" for any other) to the line the room sees, e.g. { "smile": "{npc} smiles back at {actor}." }`);
  }
  if (npc.lines !== undefined && !isLines(npc.lines)) problems.push(`${where}.lines must be a list of lines of text`);
  if (npc.takes !== undefined) {
    if (!isObject(npc.takes) || !Object.values(npc.takes).every((s) => isLine(s))) problems.push(`${where}.takes must be an object of things' ids to the line the room sees`);
    else for (const id of Object.keys(npc.takes)) if (id !== 'coins' && !things.has(id)) problems.push(`${where}.takes: there is no thing "${id}" (nor is it "coins")`);
  }
  if (npc.shop !== undefined) checkShop(`${where}.shop`, npc.shop, things, problems);
}

function checkShop(where: string, shop: Shop, things: ReadonlyMap<string, ThingData>, problems: string[]): void {
  if (!isObject(shop) || !Array.isArray(shop.wares) || !shop.wares.length) {
    problems.push(`${where} must be { "wares": [{ "thing": "ale", "price": 5 }], "words"?: {...} }`);
    return;
  }
  const sold = new Set<string>();
  for (const w of shop.wares) {
    if (!isObject(w) || typeof w.thing !== 'string' || !things.has(w.thing)) problems.push(`${where}.wares: ${JSON.stringify(w).slice(0, 60)} names no thing of the world's things`);
    else if (!Number.isSafeInteger(w.price) || w.price < 1 || w.price > 1_000_000) problems.push(`${where}.wares: ${w.thing}'s price must be a whole number of coins, 1 to 1,000,000`);
    else if (sold.has(w.thing)) problems.push(`${where}.wares: ${w.thing} is on sale twice`);
    else sold.add(w.thing);
  }
  if (shop.round !== undefined && !sold.has(shop.round)) problems.push(`${where}.round must be one of the wares`);
  shop.words ??= {};
  if (!isObject(shop.words)) problems.push(`${where}.words must be an object: list, sold, poor, unknown`);
  else {
    for (const [key, line] of Object.entries(shop.words)) {
      if (!['list', 'sold', 'poor', 'unknown'].includes(key)) problems.push(`${where}.words: "${key}" is not one of its lines (list, sold, poor, unknown)`);
      else if (!isLine(line)) problems.push(`${where}.words.${key} must be a line of text`);
    }
  }
}

/** Words too common to name a topic by their start (`the` is not the start of `theft`). */
const SMALL_WORDS = new Set(['the', 'and', 'for', 'you', 'your', 'what', 'how', 'who', 'why', 'any', 'are', 'was', 'his', 'her', 'its', 'about']);

/**
 * The topic of an NPC's that a player's words ask about: one with a word among them (or all of
 * them), else one with a word that one of them begins or ends (`hunt` for `hunts`, `hunting` for
 * `hunt`, 3 letters or more); undefined for none.
 */
export function topicOf(npc: NpcData, asked: string): Topic | undefined {
  const whole = asked.toLowerCase().replace(/[?.!]+$/, '').trim();
  const words: string[] = whole.match(/[a-z0-9'-]+/g) ?? [];
  const topics = npc.ask?.topics ?? [];
  const near = (a: string, w: string) => w.length >= 3 && a.length >= 3 && !SMALL_WORDS.has(w) && (a.startsWith(w) || w.startsWith(a));
  return (
    topics.find((t) => t.about.some((a) => words.includes(a.toLowerCase()) || whole === a.toLowerCase())) ??
    topics.find((t) => t.about.some((a) => words.some((w) => near(a.toLowerCase(), w))))
  );
}

/** A line of an NPC's with the names put in: {npc}, {actor}, {thing}, {things}. */
export function npcLine(line: string, names: Record<string, string>): string {
  return line.replace(/\{([^{}]*)\}/g, (m, name: string) => names[name] ?? m);
}
