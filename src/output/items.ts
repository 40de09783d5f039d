/**
 * What a player carries, as the panels are told it: the IRE names that Mudlet and other clients
 * know (Char.Items.List, .Add, .Remove, location "inv"; docs/gmcp.md). The store counts things;
 * a panel lists items, so each thing carried is one item: the third jug of ale is `ale#3`. A
 * count going up adds the new numbers, going down removes the highest, so an item's id stays
 * the same while it is carried.
 */

/** What an item says of its thing (the world's ThingData has these, and more). */
export interface ItemOf {
  id: string;
  short: string;
  drink?: unknown;
  eat?: unknown;
}

/** One thing carried: `id` is the thing's id and its number among those carried (`ale#2`). */
export interface Item {
  id: string;
  name: string;
  /** IRE's letters for what it is: `e` edible, `f` a fluid (to drink). */
  attrib?: string;
}

export interface ItemList {
  location: 'inv';
  items: Item[];
}

export interface ItemNews {
  location: 'inv';
  item: Item;
}

/** The items of so many of a thing, numbered from `from` to `to`. */
export function itemsOf(thing: ItemOf, from: number, to: number): Item[] {
  const attrib = `${thing.eat ? 'e' : ''}${thing.drink ? 'f' : ''}`;
  const items: Item[] = [];
  for (let k = from; k <= to; k++) items.push({ id: `${thing.id}#${k}`, name: thing.short, ...(attrib ? { attrib } : {}) });
  return items;
}

/** What was told of a carried count before and what it is now, as the items added (new numbers) and removed (the highest first). */
export function itemChanges(thing: ItemOf, was: number, now: number): { added: Item[]; removed: Item[] } {
  if (now > was) return { added: itemsOf(thing, was + 1, now), removed: [] };
  return { added: [], removed: itemsOf(thing, now + 1, was).reverse() };
}
