/** A character's name as it is shown: "ana", "ANA" and "Ana" are all Ana. */
export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

/** Words in a sentence's list: "Ana", "Ana and Bex", "Ana, Bex and Cyd". */
export function andList(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}
