import { ID, KEY } from './shapes.js';

/**
 * Where things are (the store's holdings.ts counts them there). In the server a place is a typed
 * value; in the journal, a checkpoint and the database it is a string, and this module alone
 * turns one into the other:
 *   char:<key>      carried by a character (the same text as their purse: it is theirs)
 *   room:<room>     lying on a room's floor
 *   house           the tavern's stock: what the barkeep sells and a room's floor is stocked
 *                   from comes from here, and what is drunk or eaten goes back here
 * Only the house may hold fewer than none of a thing: every place starts empty, so the counts of
 * a thing always sum to zero, and what the house lacks is what is out in the world.
 */
export type Place = CharacterPlace | RoomPlace | { readonly kind: 'house' };

export interface CharacterPlace {
  readonly kind: 'character';
  readonly key: string;
}

export interface RoomPlace {
  readonly kind: 'room';
  readonly room: string;
}

export const HOUSE_STOCK: Place = { kind: 'house' };
export const carriedBy = (key: string): CharacterPlace => ({ kind: 'character', key });
export const floorOf = (room: string): RoomPlace => ({ kind: 'room', room });

/**
 * The text of a place kept for long (a player's hands), spelt once and held by the place itself,
 * as a kept account's is (account.ts): a player's things are asked for at every `inventory`. A
 * place made for one command (a room's floor, another player's hands) is spelt when asked.
 */
const TEXT = Symbol('place text');
type Kept = Place & { readonly [TEXT]?: string };

/** `place`, its text spelt once and kept on it. */
export function keptPlace<P extends Place>(place: P): P {
  Object.defineProperty(place, TEXT, { value: spell(place) });
  return place;
}

/** A place as the journal, checkpoints and the database spell it. */
export function placeText(p: Place): string {
  return (p as Kept)[TEXT] ?? spell(p);
}

function spell(p: Place): string {
  return p.kind === 'character' ? `char:${p.key}` : p.kind === 'room' ? `room:${p.room}` : 'house';
}

const STORED = /^(?:char:([a-z]{1,32})|room:([\w-]{1,64})|house)$/;

/** Reads a place as stored, or null when the text names none. */
export function readPlace(text: string): Place | null {
  const m = STORED.exec(text);
  if (!m) return null;
  if (m[1] !== undefined) return carriedBy(m[1]);
  if (m[2] !== undefined) return floorOf(m[2]);
  return HOUSE_STOCK;
}

/** Why a stored text is no place (for a reason about a damaged entry or checkpoint). */
export function whyNoPlace(text: string): string {
  const [kind, rest] = text.split(/:(.*)/s);
  if (kind === 'char' && !KEY.test(rest ?? '')) return `${JSON.stringify(text.slice(0, 80))} names no character: a key is 1 to 32 lower-case letters`;
  if (kind === 'room' && !ID.test(rest ?? '')) return `${JSON.stringify(text.slice(0, 80))} names no room: a room's id is 1 to 64 letters, digits, _ or -`;
  return `${JSON.stringify(text.slice(0, 80))} is not a place: one is char:<key>, room:<room> or house`;
}

/** The character who carries what a stored place holds, or null for a floor and the house. */
export function placeOwner(text: string): string | null {
  return /^char:([a-z]{1,32})$/.exec(text)?.[1] ?? null;
}

/** Whether a stored place may hold fewer than none: the house's stock alone may. */
export const mayLack = (text: string): boolean => text === 'house';
