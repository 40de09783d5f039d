import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { buildBundle, type Built } from '../../plugins/ranvier/build.js';
import { TestClient } from './client.js';
import { afterEach } from 'vitest';
import { listening, type Program } from './program.js';
import { STOCK_CHANNELS, STOCK_COMMANDS } from './stock-commands.js';

/**
 * A Ranvier world for the tests of the tables' bundle: the stock core and datasources from
 * node_modules, the built obsidian-tables bundle, and a small world of our own
 * (test/support/ranvier-world: a start script, a telnet port, a login, two rooms with four
 * tables), each in a folder of its own, started as a child process.
 */

const REPO = resolve(import.meta.dirname, '../..');
const WORLD = join(REPO, 'test/support/ranvier-world');

let built: Promise<Built> | null = null;

/** The bundle, built once for the test file into a temporary folder. */
export function bundle(): Promise<Built> {
  built ??= buildBundle(mkdtempSync(join(tmpdir(), 'ranvier-bundle-')));
  return built;
}

export interface WorldOptions {
  /** `obsidianTables` in ranvier.json, over the tests' own (colour off, seed 7, lines 1,000 wide so none is wrapped). */
  tables?: Record<string, unknown>;
  /**
   * The bundles of the world, all loaded: `test-world` (our login, telnet port and casino area)
   * and `obsidian-tavern-example` (the built example area) are copied in when named.
   */
  bundles?: string[];
  /** The casino's items.yml in place of the test world's own (the same four tables, other settings). */
  items?: string;
  /** The casino's rooms.yml in place of the test world's own (a room `hall` is where players start). */
  rooms?: string;
  /** Players saved by writing a new file and renaming it (the bundle's datasources/atomic-json-directory.js), not in place. */
  atomicPlayers?: boolean;
  /**
   * More bundles, by folder name (Ranvier loads bundles in the order of these names), each of
   * commands by word: a command answers `<bundle>: <word>`, so a test sees whose it reached.
   */
  others?: Record<string, string[]>;
  /**
   * The stock world's command table (test/support/stock-commands.ts): each stock bundle's commands,
   * aliases and channels, in their folders, answering `<bundle>: <word>` (the test world's own
   * look, help, quit and save take the stock words' places).
   */
  stock?: boolean;
  /**
   * Game modules of the repository (`test/fixtures/chuck-a-luck/game.ts`), named in
   * obsidianTables.gameModules relative to the world's folder, as a host names its own.
   */
  gameModules?: string[];
}

/** Makes a world folder; removed by the returned cleanup. */
export async function makeWorld(opts: WorldOptions = {}): Promise<{ dir: string; cleanup: () => void }> {
  const built = await bundle();
  const bundles = opts.bundles ?? ['obsidian-tables', 'test-world'];
  const dir = mkdtempSync(join(tmpdir(), 'ranvier-world-'));
  cpSync(join(WORLD, 'main.js'), join(dir, 'main.js'));
  const sources: Record<string, string> = {
    'obsidian-tables': built.bundle,
    'obsidian-tavern-example': built.example,
    'test-world': join(WORLD, 'bundles/test-world'),
  };
  for (const b of bundles) cpSync(sources[b], join(dir, 'bundles', b), { recursive: true });
  const others: Record<string, Record<string, string[]>> = {
    ...(opts.stock ? STOCK_COMMANDS : {}),
    ...Object.fromEntries(Object.entries(opts.others ?? {}).map(([name, words]) => [name, Object.fromEntries(words.map((w) => [w, []]))])),
  };
  for (const [name, commands] of Object.entries(others)) {
    mkdirSync(join(dir, 'bundles', name, 'commands'), { recursive: true });
    for (const [word, aliases] of Object.entries(commands)) {
      const answer = `${JSON.stringify(`${name}: `)} + typed`;
      const file = `'use strict';\nmodule.exports = { usage: '${word}', aliases: ${JSON.stringify(aliases)}, command: () => (args, player, typed) => player.socket.write(${answer} + '\\r\\n') };\n`;
      writeFileSync(join(dir, 'bundles', name, 'commands', `${word}.js`), file);
    }
  }
  if (opts.stock) {
    const channels = STOCK_CHANNELS.map((name) => `new Channel({ name: '${name}', audience: new RoomAudience() })`).join(', ');
    mkdirSync(join(dir, 'bundles/bundle-example-channels'), { recursive: true });
    writeFileSync(join(dir, 'bundles/bundle-example-channels/channels.js'), `'use strict';\nconst { RoomAudience } = require('ranvier');\nconst { Channel } = require('ranvier').Channel;\nmodule.exports = [${channels}];\n`);
  }
  if (opts.items !== undefined) writeFileSync(join(dir, 'bundles/test-world/areas/casino/items.yml'), opts.items);
  if (opts.rooms !== undefined) writeFileSync(join(dir, 'bundles/test-world/areas/casino/rooms.yml'), opts.rooms);
  for (const d of ['data/account', 'data/player']) mkdirSync(join(dir, d), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  const config = JSON.parse(readFileSync(join(WORLD, 'ranvier.json'), 'utf8')) as Record<string, unknown>;
  const gameModules = (opts.gameModules ?? []).map((m) => relative(dir, join(REPO, m)));
  config.obsidianTables = { colour: false, seed: 7, width: 1000, ...(gameModules.length ? { gameModules } : {}), ...opts.tables };
  config.bundles = [...bundles, ...Object.keys(others), ...(opts.stock ? ['bundle-example-channels'] : [])];
  if (opts.atomicPlayers) {
    // As a host names it: the datasource the bundle ships.
    (config.dataSources as Record<string, unknown>).AtomicJsonDirectory = { require: './bundles/obsidian-tables/datasources/atomic-json-directory.js' };
    (config.entityLoaders as Record<string, { source: string }>).players.source = 'AtomicJsonDirectory';
  }
  writeFileSync(join(dir, 'ranvier.json'), JSON.stringify(config, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the world's process (its telnet port on a free port of 127.0.0.1). */
export function startWorld(dir: string): Program {
  const child = spawn(process.execPath, ['main.js'], { cwd: dir, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

/**
 * Waits until the world has made `count` tables (each commits its first seed in the journal as it
 * is made: in a world whose games come from modules, once they are loaded); throws with the
 * world's output if it stops first.
 */
export async function tablesMade(dir: string, program: Program, count: number): Promise<void> {
  const journal = join(dir, 'data/obsidian-tables/journal.jsonl');
  const made = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('\n').filter((l) => l.startsWith('{"k":"fair"')).length : 0);
  const deadline = Date.now() + 30_000;
  while (made() < count) {
    if (program.child.exitCode !== null || Date.now() > deadline) throw new Error(`the world did not make its ${count} tables:\n${program.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Enters the world as `name` (made with 1,000 of its currency the first time); the reply up to the first prompt is the room. */
export async function enter(port: number, name: string): Promise<TestClient> {
  const c = await TestClient.connect(port);
  await c.nextPrompt(20_000);
  c.send(name);
  const room = await c.nextPrompt(20_000);
  if (!/Exits:/.test(room)) throw new Error(`${name} did not come into the world: ${room}`);
  c.inGame = true;
  return c;
}

/** The coins a reply tells in the world's currency (`You have 1,000 gold.`). */
export const coinsIn = (reply: string, currency = 'gold'): number => Number(new RegExp(`You have ([\\d,]+) ${currency}\\b`).exec(reply)![1].replace(/,/g, ''));

/**
 * The worlds a test file starts, all gone after each test: their processes killed, their
 * players' connections closed, their folders removed. Called once, at the top of the file.
 */
export function testWorlds() {
  const programs: Program[] = [];
  const cleanups: (() => void)[] = [];
  const clients: TestClient[] = [];
  afterEach(async (ctx) => {
    // A failed test shows what its worlds said (a fault a timer logged is otherwise never seen).
    if (ctx.task.result?.state === 'fail') for (const p of programs) process.stderr.write(`--- the world's output:\n${p.output()}\n`);
    for (const c of clients.splice(0)) c.close();
    for (const p of programs.splice(0)) {
      p.child.kill('SIGKILL');
      await p.exited;
    }
    for (const c of cleanups.splice(0)) c();
  });
  /** A world's folder (makeWorld), removed after the test. */
  const folder = async (opts: WorldOptions = {}): Promise<string> => {
    const { dir, cleanup } = await makeWorld(opts);
    cleanups.push(cleanup);
    return dir;
  };
  /** Starts (or starts again) the world in `dir`: killed after the test. */
  const start = (dir: string): Program => {
    const program = startWorld(dir);
    programs.push(program);
    return program;
  };
  return {
    folder,
    start,
    /** A new world, started, with its telnet port. */
    async world(opts: WorldOptions = {}): Promise<{ dir: string; port: number; program: Program }> {
      const dir = await folder(opts);
      const program = start(dir);
      return { dir, port: await listening(program), program };
    },
    /** A player in the world on `port` (enter). */
    async player(port: number, name: string): Promise<TestClient> {
      const c = await enter(port, name);
      clients.push(c);
      return c;
    },
  };
}
