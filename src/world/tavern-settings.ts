/** The tavern-wide numbers a host may set: each has a default here, the world's `settings` and the command line override it. */

export interface TavernSettings {
  /** How long a seated player who lost their connection keeps the seat. */
  graceMs: number;
  /** New characters per address per hour (docs/rulings.md, Logging in); 0: no limit. The world may set it, `--creates-per-hour` overrides. */
  createsPerHour: number;
  /** Characters who may use the admin commands: the world's `admins` and each `--admin NAME`. */
  admins: readonly string[];
  /** A room with more people than this is a crowd: `look` counts them, comings and goings are summarised (the world's `crowd`). */
  crowd: number;
  /** Connections one address may hold open at once, telnet and web together; 0: no limit. The world may set it, `--connections-per-address` overrides. */
  connectionsPerAddress: number;
  /** Connections at the greeting (not logged in) at once, every port together; 0: no limit. The world may set it, `--greeting-limit` overrides. */
  greetingLimit: number;
  /** Lines a second each player may say on each channel, after a burst of 10 (commands/speech.ts, talkLimits); 0: no limit. The world may set it, `--talk-per-second` overrides. */
  talkPerSecond: number;
  /** About how often a room with people in it hears one of its timed lines (life.ts); 0: never. The world may set it. */
  linesEverySeconds: number;
  /** The pause between the lines of a story an NPC tells. The world may set it. */
  storyPauseSeconds: number;
}

export const defaultTavernSettings: TavernSettings = {
  graceMs: 120_000,
  createsPerHour: 5,
  admins: [],
  crowd: 20,
  connectionsPerAddress: 10,
  greetingLimit: 200,
  talkPerSecond: 3,
  linesEverySeconds: 120,
  storyPauseSeconds: 5,
};
