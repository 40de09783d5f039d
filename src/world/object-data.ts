/** What a room shows of an object in it (a table, a fixture, a person who lives there): world data. */
export interface ObjectData {
  keywords: string[];
  short: string;
  description: string;
  /** Things on the floor this object hides: not in the room's look, shown by looking at the object. */
  hides?: string[];
}
