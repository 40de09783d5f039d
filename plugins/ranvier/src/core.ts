import type { RanvierPlayer } from './ranvier.js';

/**
 * The parts of the world's own Ranvier core the bundle uses, taken from the copy its start script
 * loaded (`require.main`), never bundled: the Logger for the lines a host reads at the start, and
 * Broadcast for a player's prompt, so the prompt is the world's own (its text, its extra prompts,
 * its go-ahead).
 */

/** The two levels of Ranvier's Logger the tables use. */
export interface Log {
  warn(line: string): void;
  error(line: string): void;
}

interface Core {
  Logger?: Log;
  Broadcast?: { prompt(player: RanvierPlayer): void };
}

function core(): Core | undefined {
  try {
    return require.main?.require('ranvier') as Core | undefined;
  } catch {
    // A start script with no core beside it.
    return undefined;
  }
}

/** Ranvier's own Logger; the console where there is none. */
export function log(): Log {
  return core()?.Logger ?? console;
}

/** Draws the player's prompt as the world's command loop does (Broadcast.prompt); nothing where there is no core. */
export function prompt(player: RanvierPlayer): void {
  core()?.Broadcast?.prompt(player);
}

/** The world does not start: the reason in one line through the world's Logger, as Ranvier stops at a wrong area. */
export function stopStart(reason: unknown): never {
  log().error(reason instanceof Error ? reason.message : String(reason));
  process.exit(1);
}
