/**
 * A command as declared (Evennia style): key, aliases, usage and help sit next to the code, and
 * `help` is built from them. A game's verbs are declared so too (src/games/api.ts, VerbInfo).
 */
export interface CommandInfo {
  key: string;
  aliases?: string[];
  /** One line, e.g. `give <n> coins to <name>`; shown when arguments are missing or wrong. */
  usage: string;
  /** What the command is for; the first sentence is the summary in the command list. */
  help: string;
  /** Help topic heading the command is listed under (a game's verbs: the game's title). */
  group: string;
  /** When true, a bare command with no arguments answers with its usage line. */
  needsArgs?: boolean;
  /** Not offered by prefix (e.g. `quit` must be typed in full). */
  exactOnly?: boolean;
  /** A table verb that onlookers in the room may use too, without a seat. */
  forOnlookers?: boolean;
  /**
   * A table verb that shares its word with a host's command (the social `cheer`) takes a seated
   * player's line when this says the arguments are its own: `cheer 5000` at the bones table is a
   * bet, `cheer Ana` still the social.
   */
  claims?(args: string): boolean;
}

/** A command: its declaration, and what it does. */
export interface Command<Ctx> extends CommandInfo {
  /**
   * Offered by a prefix of at least this many letters (default 1): a verb added later leaves the
   * shorter prefixes to the verbs that had them (`o` stays ooc, `order` is found from `or`).
   */
  fewestLetters?: number;
  /** For admins only: to anyone else it does not exist (not found, not in help). */
  adminOnly?: boolean;
  /**
   * `word` is the command word as the player typed it (lower case; the key when another command
   * runs this one): a command with aliases may care which. A command that must ask the store (a
   * character not in play, every balance) returns a promise; the prompt waits for it.
   */
  run(ctx: Ctx, args: string, word?: string): void | Promise<void>;
}

export type Lookup<Ctx> =
  | { found: Command<Ctx> }
  | { ambiguous: string[] }
  | { unknown: true };

export class CommandSet<Ctx> {
  private readonly commands: Command<Ctx>[] = [];
  /** Every key and alias: most lines name their command in full. */
  private readonly byWord = new Map<string, Command<Ctx>>();

  constructor(commands: Command<Ctx>[] = []) {
    for (const c of commands) this.add(c);
  }

  add(command: Command<Ctx>): void {
    const words = [command.key, ...(command.aliases ?? [])];
    for (const word of words) {
      if (this.byWord.has(word)) throw new Error(`command word "${word}" is declared twice`);
    }
    for (const word of words) this.byWord.set(word, command);
    this.commands.push(command);
  }

  all(): readonly Command<Ctx>[] {
    return this.commands;
  }

  /** The command whose key or alias `word` is, if `visible` allows it. */
  exactly(word: string, visible: (c: Command<Ctx>) => boolean = () => true): Command<Ctx> | undefined {
    const found = this.byWord.get(word.toLowerCase());
    return found && visible(found) ? found : undefined;
  }

  /** By key or alias first, then by a prefix that fits exactly one command; only among the commands `visible` allows. */
  find(word: string, visible: (c: Command<Ctx>) => boolean = () => true): Lookup<Ctx> {
    const w = word.toLowerCase();
    const exact = this.byWord.get(w);
    if (exact && visible(exact)) return { found: exact };
    const byPrefix = this.commands.filter(
      (c) => !c.exactOnly && w.length >= (c.fewestLetters ?? 1) && (c.key.startsWith(w) || (c.aliases?.some((k) => k.startsWith(w)) ?? false)) && visible(c),
    );
    if (byPrefix.length === 1) return { found: byPrefix[0] };
    if (byPrefix.length > 1) return { ambiguous: byPrefix.map((c) => c.key).sort() };
    return { unknown: true };
  }
}
