/** A character's name as it is shown: "ana", "ANA" and "Ana" are all Ana. */
export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}
