import { readConfig } from './config.js';
import { log, stopStart } from './core.js';
import { worldGames } from './games.js';
import { shiftedPrefixes, type Entry } from './prefixes.js';
import type { RanvierCommand, RanvierCommandEntry, RanvierCommandRun, RanvierLoadingState } from './ranvier.js';
import { typedUsage } from './verbs.js';

/**
 * The tables' words in the world's command table. Ranvier keeps one command per word, and a
 * bundle loaded later (in the order of the folders' names) silently replaces an earlier one's: a
 * world's own `sit` or `hold` and the tables' cannot both be typed. So the tables say so through
 * Ranvier's own Logger, both ways: as Ranvier makes one of their commands, when it replaces
 * another bundle's word; once the world starts, when a later bundle's word hides one of theirs.
 * A host gives a verb of the tables a word of its own with `obsidianTables.verbs` ({ "sit":
 * "join" }): the command takes that word as an alias, and the word it gave up goes back, at the
 * start, to the bundle that had it (Ranvier names a command by its file, so the tables' `sit` is
 * registered as `sit` all the same).
 */

const worlds = new WeakMap<RanvierLoadingState, CommandWords>();

export class CommandWords {
  /** Each word a command of the tables took: the verb of the tables it types, and the function behind it. */
  private readonly ours = new Map<string, { verb: string; run: RanvierCommandRun }>();
  /** Each verb given another word, and the other bundle's command it replaced at load, if any. */
  private readonly givenUp = new Map<string, RanvierCommandEntry | undefined>();
  /** Each word of the tables' that replaced another bundle's command as Ranvier loaded them: that command. */
  private readonly replaced = new Map<string, RanvierCommandEntry>();
  /** The bundle's folder, once a command is added after the load (add): a bundle whose folder sorts after it loaded after it. */
  private bundle: string | undefined;

  /**
   * The world's words, read as its first command of the tables is made, when the load of its
   * games begins too (games.ts): a wrong config stops the start in one line.
   */
  static of(state: RanvierLoadingState): CommandWords {
    let words = worlds.get(state);
    if (!words) {
      let verbs: Readonly<Record<string, string>>;
      try {
        verbs = readConfig(state).verbs;
        worldGames(state);
      } catch (e) {
        // As Ranvier stops at a wrong area: the message alone, and no world.
        stopStart(e);
      }
      words = new CommandWords(state, verbs);
      worlds.set(state, words);
    }
    return words;
  }

  private constructor(
    private readonly state: RanvierLoadingState,
    private readonly verbs: Readonly<Record<string, string>>,
  ) {}

  /** A verb of the tables as this world types it. */
  readonly word = (verb: string): string => this.verbs[verb] ?? verb;

  /** The verb of the tables a typed word stands for (`join` is sit). */
  verbOf(typed: string): string {
    return Object.keys(this.verbs).find((verb) => this.verbs[verb] === typed) ?? typed;
  }

  /**
   * A command of the tables as Ranvier makes it (`command(state)`, called before Ranvier reads
   * the aliases and usage): its words as this world types them, and a warning for each that
   * replaces another bundle's.
   */
  claim(name: string, command: RanvierCommand, run: RanvierCommandRun): void {
    const verbs = [name, ...(command.aliases ?? [])];
    command.aliases = verbs.map(this.word).filter((w) => w !== name);
    command.usage = typedUsage(command.usage, name, this.word);
    if (this.word(name) !== name) this.givenUp.set(name, this.foreign(name));
    for (const verb of verbs) {
      const word = this.word(verb);
      const before = this.foreign(word);
      if (before && !this.loadedAfter(before)) {
        this.replaced.set(word, before);
        log().warn(
          `obsidian-tables: the tables' "${word}" replaces the "${word}" of ${owner(before)}, loaded before them. ` +
            `To keep theirs, give the tables' ${verb} another word in ranvier.json: ${advice(verb)}`,
        );
      }
      this.ours.set(word, { verb, run });
    }
  }

  /**
   * A command of the tables made after the bundles loaded (a verb a module game brings, or one
   * whose usage it widens: commands.ts), put in the world's command table as Ranvier would have
   * put a file of the bundle's `commands/`: made as the bundle's other commands were, each new
   * word among theirs in the table's order (the order a word typed short is read in), and a word
   * that a bundle loaded after the tables has kept by it (settle tells so).
   */
  add(name: string, made: RanvierCommand): void {
    const table = this.state.CommandManager.commands;
    const sibling = [...table.values()].find((c) => this.isOurs(c));
    if (!sibling) throw new Error(`the tables' ${name} cannot join the command table: none of their commands is in it`);
    this.bundle = sibling.bundle;
    const run = made.command(this.state);
    const Command = sibling.constructor as new (bundle: string | undefined, name: string, def: object) => RanvierCommandEntry;
    const entry = new Command(sibling.bundle, name, { command: run, aliases: made.aliases, usage: made.usage });
    for (const word of [name, ...(made.aliases ?? [])]) {
      const now = table.get(word);
      if (now && !this.isOurs(now) && this.loadedAfter(now)) continue;
      if (now) table.set(word, entry);
      else this.insert(word, entry, name);
    }
  }

  /** Puts a new word of the tables' command `name` where Ranvier puts a file's: before the first of the bundle's commands named after it. */
  private insert(word: string, entry: RanvierCommandEntry, name: string): void {
    const table = this.state.CommandManager.commands;
    const entries = [...table];
    const ours = (c: RanvierCommandEntry) => c.bundle === this.bundle;
    let at = entries.findIndex(([, c]) => ours(c) && (c.name ?? '') > name);
    if (at < 0) at = entries.length - [...entries].reverse().findIndex(([, c]) => ours(c));
    entries.splice(at, 0, [word, entry]);
    table.clear();
    for (const [w, c] of entries) table.set(w, c);
  }

  /** Whether the command's bundle loaded after the tables (Ranvier loads bundles in the order of their folders' names). */
  private loadedAfter(command: RanvierCommandEntry): boolean {
    return this.bundle !== undefined && (command.bundle ?? '') > this.bundle;
  }

  /**
   * At the start, every bundle loaded: each word given up goes back; each word of the tables a
   * later bundle took is told, and each start of a word another command answered before the
   * tables came; and each of `betWords` (Lich Bones' bets, which are no commands here) that
   * another command answers.
   */
  settle(betWords: readonly string[]): void {
    const table = this.state.CommandManager.commands;
    for (const [word, before] of this.givenUp) {
      if (!this.isOurs(table.get(word))) continue;
      if (before) table.set(word, before);
      else table.delete(word);
    }
    // A verb's word of this world is its command's name there (`help join` shows no "Aliases: join").
    for (const [word, { verb }] of this.ours) {
      const command = table.get(word);
      if (word === verb || !command || !this.isOurs(command)) continue;
      const named = Object.assign(Object.create(Object.getPrototypeOf(command) as object) as RanvierCommandEntry, command, {
        name: word,
        aliases: (command.aliases ?? []).filter((alias) => alias !== word),
      });
      table.set(word, named);
    }
    for (const [word, { verb }] of this.ours) {
      const now = table.get(word);
      if (!now || this.isOurs(now)) continue;
      const theirs = verb === word ? 'theirs' : `theirs (their ${verb})`;
      log().warn(
        `obsidian-tables: ${owner(now)}, loaded after the tables, has its own "${word}", which hides ${theirs}: players typing ${word} get that one. ` +
          `To have both, give the tables' ${verb} another word in ranvier.json: ${advice(verb)}`,
      );
    }
    this.tellShifts();
    for (const word of betWords) {
      const theirs = this.state.CommandManager.get(word) ?? this.state.CommandManager.find?.(word);
      if (!theirs || this.isOurs(theirs)) continue;
      log().warn(
        `obsidian-tables: "${word}" types ${described(theirs)} in this world, not a Lich Bones bet as at the tavern: ` +
          `players bet with bet ${word} ... (help lich bones says so; no word in obsidianTables.verbs changes this).`,
      );
    }
  }

  /** One line per verb of the tables that a start of a word now reaches where it reached another command before. */
  private tellShifts(): void {
    const entry = (word: string, command: RanvierCommandEntry): Entry => {
      const ours = this.isOurs(command) ? this.ours.get(word) : undefined;
      if (ours) return { name: word, verb: ours.verb };
      return { name: command.name && command.name !== word ? `${word}, ${described(command)}` : described(command) };
    };
    const now = [...this.state.CommandManager.commands].map(([word, command]) => [word, entry(word, command)] as const);
    const before = [...this.state.CommandManager.commands].flatMap(([word, command]) => {
      if (!this.isOurs(command)) return [[word, entry(word, command)] as const];
      const theirs = this.replaced.get(word);
      return theirs && !this.givenUp.has(word) ? [[word, entry(word, theirs)] as const] : [];
    });
    const channel = (typed: string) => {
      const found = this.state.ChannelManager?.find(typed);
      return found ? `the channel ${found.name}` : undefined;
    };
    for (const [verb, shifts] of shiftedPrefixes(now, before, channel)) {
      const typed = shifts.map((s) => `"${s.prefix}" (which typed ${s.was})`).join(', ');
      log().warn(
        `obsidian-tables: with the tables, ${typed} now ${shifts.length === 1 ? 'types' : 'type'} their ${this.word(verb)}. ` +
          `To keep ${shifts.length === 1 ? 'it' : 'them'}, give the tables' ${verb} a word that does not start so in ranvier.json: ${advice(verb)}`,
      );
    }
  }

  /** Whether typing the verb (in this world's word) reaches the tables' command. */
  reaches(verb: string): boolean {
    return this.isOurs(this.state.CommandManager.get(this.word(verb)));
  }

  /** The command of another bundle that has the word, if one has. */
  private foreign(word: string): RanvierCommandEntry | undefined {
    const command = this.state.CommandManager.get(word);
    return command && !this.isOurs(command) ? command : undefined;
  }

  private isOurs(command: RanvierCommandEntry | undefined): boolean {
    return !!command && [...this.ours.values()].some((o) => o.run === command.func);
  }
}

const owner = (command: RanvierCommandEntry) => (command.bundle ? `the bundle ${command.bundle}` : 'a command of no bundle');
/** A command as a host reads it in a warning: `kill of the bundle bundle-example-combat`. */
const described = (command: RanvierCommandEntry) => `${command.name ?? 'a command'} of ${owner(command)}`;
const advice = (verb: string) => `"obsidianTables": { "verbs": { "${verb}": "<word>" } }`;
