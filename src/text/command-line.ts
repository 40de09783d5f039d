/** Splits a player's line into the command word and the rest; `'hi` and `:waves` are say and emote. */
export function splitCommand(line: string): { word: string; args: string } {
  const t = line.trim();
  const first = t.charAt(0);
  if (first === "'" || first === '"') return { word: 'say', args: t.slice(1).trim() };
  if (first === ':') return { word: 'emote', args: t.slice(1).trim() };
  const space = firstSpace(t);
  if (space < 0) return { word: t.toLowerCase(), args: '' };
  return { word: t.slice(0, space).toLowerCase(), args: t.slice(space).trim() };
}

/** Where the first white space (what `\s` matches) is in `t`, or -1: a loop, cheaper than a regular expression on every line. */
function firstSpace(t: string): number {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) return i;
    if (c >= 0xa0 && (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff)) return i;
  }
  return -1;
}
