/** Splits a player's line into the command word and the rest; `'hi` and `:waves` are say and emote. */
export function splitCommand(line: string): { word: string; args: string } {
  const t = line.trim();
  const first = t.charAt(0);
  if (first === "'" || first === '"') return { word: 'say', args: t.slice(1).trim() };
  if (first === ':') return { word: 'emote', args: t.slice(1).trim() };
  const space = t.search(/\s/);
  if (space < 0) return { word: t.toLowerCase(), args: '' };
  return { word: t.slice(0, space).toLowerCase(), args: t.slice(space).trim() };
}
