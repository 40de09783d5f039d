/**
 * Games from outside the source tree: a host adds a game by naming a module that exports a
 * GameDefinition (the server's and the dealer's `--game-module FILE`, the Ranvier bundle's
 * `obsidianTables.gameModules`), and a world's table names it by its id. A module in TypeScript is
 * loaded through tsx, as the project's own scripts are; a built one (.js, .mjs) as it is.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameDefinition } from './api.js';
import { readSettings, type SettingsDeclaration } from './settings.js';

/** What a game's id may be: the `game` of a table in a world's data. */
const GAME_ID = /^[a-z][a-z0-9-]{0,31}$/;

/** Why `value` is not a GameDefinition, or null when it is one. */
export function definitionProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'it is not an object';
  const d = value as Record<string, unknown>;
  if (typeof d.id !== 'string' || !GAME_ID.test(d.id)) return `its id must be a word of lower-case letters, digits and hyphens, not ${JSON.stringify(d.id)}`;
  if (typeof d.title !== 'string' || !d.title) return 'it has no title';
  for (const f of ['help', 'seats', 'verbs', 'create'] as const) if (typeof d[f] !== 'function') return `it has no ${f}()`;
  const settings = d.settings as SettingsDeclaration<unknown> | undefined;
  if (typeof settings?.defaults !== 'object' || settings.defaults === null) return 'its settings declare no defaults';
  // Else every table that leaves a default alone would be refused for what the game got wrong.
  const own = readSettings(settings, {});
  return own.ok ? null : `its own settings are refused: ${own.problem}`;
}

/**
 * The game a module exports: its default export, or its export named `game`, or else its one
 * export that is a GameDefinition. A problem is one line naming the file.
 */
export async function loadGameModule(file: string): Promise<GameDefinition> {
  const path = resolve(file);
  if (!existsSync(path)) throw new Error(`game module ${file}: there is no such file`);
  if (statSync(path).isDirectory()) throw new Error(`game module ${file} is a folder: name the module's file`);
  let exported: Record<string, unknown>;
  try {
    exported = /\.[cm]?ts$/.test(path) ? await importTypeScript(path) : await import(pathToFileURL(path).href);
  } catch (e) {
    throw new Error(`game module ${file} does not load: ${firstLine((e as Error).message)}`);
  }
  // A module outside an ES package is loaded as CommonJS: its exports arrive as the default.
  const wrapped = exported.default as Record<string, unknown> | undefined;
  if (wrapped?.__esModule) exported = wrapped;
  const named = [exported.default, exported.game].find((v) => v !== undefined);
  if (named !== undefined) {
    const problem = definitionProblem(named);
    if (problem) throw new Error(`game module ${file}: its game is not a GameDefinition: ${problem}`);
    return named as GameDefinition;
  }
  const found = Object.values(exported).filter((v) => definitionProblem(v) === null);
  if (found.length !== 1) throw new Error(`game module ${file} exports ${found.length ? 'more than one game: name one as its default export' : 'no GameDefinition (export default, or export const game)'}`);
  return found[0] as GameDefinition;
}

/** A load error in one line: its first, or the next where the first only leads in to it ("Transform failed with 1 error:"). */
function firstLine(message: string): string {
  const [first = '', second] = message.split('\n').map((l) => l.trim()).filter(Boolean);
  return first.endsWith(':') && second ? second : first;
}

async function importTypeScript(path: string): Promise<Record<string, unknown>> {
  const api = await import('tsx/esm/api').catch(() => null);
  if (!api) throw new Error('a game module in TypeScript needs tsx installed (npm install tsx), or build it to .js first');
  // The module's own address as the one importing it: a host built as CommonJS has no import.meta.
  const url = pathToFileURL(path).href;
  return api.tsImport(url, url);
}

/** A host's games: its own, then those loaded from modules; two games of one id stop the start. */
export function gamesWith(own: readonly GameDefinition[], loaded: readonly GameDefinition[]): GameDefinition[] {
  const all = [...own, ...loaded];
  for (const [i, g] of all.entries()) {
    const first = all.findIndex((other) => other.id === g.id);
    if (first !== i) throw new Error(`two games have the id ${g.id} (${all[first].title} and ${g.title}): a table could not tell them apart`);
  }
  return all;
}
