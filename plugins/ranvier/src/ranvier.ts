/**
 * The few parts of a RanvierMUD world (npm `ranvier` 3.0.x) the tables use, as the core defines
 * them. The bundle never loads `ranvier` itself: everything comes through the GameState and the
 * entities the core hands to its commands, behaviors and events, so the bundle runs on whatever
 * copy of the core the world has.
 */

/** A player's connection: ranvier-telnet's stream, a websocket's, or any TransportStream. */
export interface RanvierSocket {
  readonly writable: boolean;
  write(text: string): void;
  /** Set by Broadcast.prompt: the prompt ends the last line, so a message starts on a new one. */
  _prompted?: boolean;
}

export interface RanvierPlayer {
  name: string;
  room: RanvierRoom | null;
  socket: RanvierSocket | null;
  /** Saved with the player: `currencies.<name>` are their coins. */
  metadata: Record<string, unknown>;
  /** Set by PlayerManager.removePlayer (quit, an idle kick): the player has left the world. */
  __pruned?: boolean;
}

export interface RanvierRoom {
  entityReference: string;
  title: string;
  players: Set<RanvierPlayer>;
  items: Set<RanvierItem>;
}

export interface RanvierItem {
  /** `area:id`, the item's definition. */
  entityReference: string;
  name: string;
  keywords: string[];
  metadata: Record<string, unknown>;
  room: RanvierRoom | null;
  /** Set by ItemManager.remove: the item has left the world. */
  __pruned?: boolean;
}

export interface RanvierHelpfile {
  bundle: string;
  name: string;
  keywords: string[];
  command?: string;
  related: string[];
  body: string;
}

/** The GameState the world's start script builds (the stock `ranvier` executable's). */
export interface RanvierState {
  Config: { get(key: string, fallback?: unknown): unknown };
  PlayerManager: {
    getPlayer(name: string): RanvierPlayer | undefined;
    players: Map<string, RanvierPlayer>;
  };
  HelpManager?: { add(help: RanvierHelpfile): void };
  /** The world's datasources by entity (`players`): the stock start script keeps them in the state. */
  EntityLoaderRegistry?: { get(name: string): { fetchAll(): Promise<unknown> } | undefined };
  /** The world's channels (say, chat), which a typed word reaches when no command does. */
  ChannelManager?: { find(typed: string): { name: string } | undefined };
  /** Where the world's bundles are (`<root>/bundles/`), when the start script keeps it in the state. */
  BundleManager?: { bundlesPath: string };
}

/** What the world's command loop runs for a command. */
export type RanvierCommandRun = (args: string | null, player: RanvierPlayer, typed?: string) => void;

/**
 * A Ranvier command module: `command(state)` makes the function the world's command loop runs.
 * BundleManager calls it before it reads `aliases` and `usage`, so it may still set them.
 */
export interface RanvierCommand {
  usage: string;
  aliases?: string[];
  command(state: RanvierLoadingState): RanvierCommandRun;
}

/** A command in the world's command table: its bundle's folder name, and the function it runs. */
export interface RanvierCommandEntry {
  bundle?: string;
  name?: string;
  aliases?: string[];
  func: RanvierCommandRun;
}

/** The GameState as the bundles' commands and server events get it: with the world's one command per word. */
export interface RanvierLoadingState extends RanvierState {
  CommandManager: {
    get(word: string): RanvierCommandEntry | undefined;
    /** The first command, in the table's order, whose word starts with `typed`. */
    find?(typed: string): RanvierCommandEntry | undefined;
    /** Every word, the name of a command or an alias, and its command. */
    commands: Map<string, RanvierCommandEntry>;
  };
}
