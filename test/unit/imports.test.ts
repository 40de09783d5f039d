import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
/** The server's own files at the top of src/: the entry, the program, and what only they use. */
const SERVER_FILES = ['server.ts', 'connections.ts', 'main.ts', 'start.cts', 'threadpool.cts', 'node-flags.cts', 'line-queue.ts', 'verify.ts', 'log-file.ts', 'certificate.ts', 'telnet-session.ts'];

/**
 * The tavern, top first: login (accounts, passwords and the door every connection passes), the
 * tables (the tavern's host of the game package), the commands (the framework and the everyday
 * verbs), the world (its data, the tavern and its players) and the output (the outbox, the GMCP
 * panels, the palette and a player's output settings).
 */
const TAVERN = ['login', 'tables', 'commands', 'world', 'output'] as const;

/**
 * The layers, top first, and what each may import besides itself (the project's guide):
 * server -> web -> login -> tables -> commands -> world -> output -> {games, telnet, store} -> text.
 * The game package (src/games) is one of the three beside each other: it knows no host, so
 * another host can take it as it is. The text helpers (src/text: marks, amounts, directions, a typed line and the commands it names) are below
 * everything and import nothing else; so is src/disk (a file kept whole on the disk, line by line),
 * which the hosts that keep books of their own (the dealer, the Ranvier bundle) keep them in.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  server: ['web', ...TAVERN, 'games', 'telnet', 'store', 'text'],
  web: [...TAVERN, 'games', 'telnet', 'store', 'text'],
  ...Object.fromEntries(TAVERN.map((layer, i) => [layer, [...TAVERN.slice(i + 1), 'games', 'telnet', 'store', 'text']])),
  games: ['text'],
  // The dealer (a program of its own that deals a table in another MUD) is the game package's
  // third host: like the Ranvier bundle it takes nothing of the server but src/games, src/text and src/disk.
  dealer: ['games', 'text', 'disk'],
  telnet: ['store', 'text'],
  store: ['text'],
  text: [],
  disk: [],
};

function layerOf(file: string): string | null {
  const top = relative(SRC, file).split('/')[0];
  if (SERVER_FILES.includes(top.replace(/\.c?js$/, (ext) => (ext === '.cjs' ? '.cts' : '.ts')))) return 'server';
  return Object.hasOwn(MAY_IMPORT, top) ? top : null;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.c?ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Whether an import only names types (`import type`, or every name marked `type`): it is gone at run time. */
function typesOnly(statement: string): boolean {
  if (/^(?:import|export) type\b/.test(statement)) return true;
  const names = /^(?:import|export)\s*\{([^}]*)\}\s*from/.exec(statement)?.[1].split(',').map((n) => n.trim()).filter(Boolean);
  return !!names?.length && names.every((n) => n.startsWith('type '));
}

/** Every relative import of every file of src/, as [file, specifier, the layer it reaches, whether it names only types]. */
function imports(): [string, string, string | null, boolean][] {
  return importsOf(sources(SRC));
}

/** Every relative import of these files, as imports() gives them. */
function importsOf(files: string[]): [string, string, string | null, boolean][] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)].map((m): [string, string, string | null, boolean] => [
      file,
      m[1],
      layerOf(resolve(dirname(file), m[1])),
      typesOnly(m[0]),
    ]),
  );
}

describe('the import graph', () => {
  it('runs one way: server -> web -> login -> tables -> commands -> world -> output -> {games, telnet, store} -> text', () => {
    // Every file of src/ belongs to a layer: a new folder or top-level file must be placed here first.
    expect(sources(SRC).filter((f) => !layerOf(f)).map((f) => relative(SRC, f))).toEqual([]);
    // Types too: a type that two layers share lives in the lower one, so no import runs upwards.
    const wrong = imports()
      .filter(([file, , to]) => {
        const from = layerOf(file)!;
        return !(to === from || (to && MAY_IMPORT[from].includes(to)));
      })
      .map(([file, spec]) => `${relative(SRC, file)} imports ${spec}`);
    expect(wrong).toEqual([]);
  });

  it('has no circle anywhere in src: no file reaches itself through its imports, types included', () => {
    const edges = edgesWithin(SRC, imports());
    expect(edges.size).toBeGreaterThan(150);
    expect(circles(edges).map((c) => c.map((f) => relative(SRC, f)).join(' -> '))).toEqual([]);
  });

  it('has no circle in the Ranvier bundle: no file of plugins/ranvier reaches itself through its imports, types included', () => {
    const plugin = resolve(SRC, '../plugins/ranvier');
    const edges = edgesWithin(plugin, importsOf(sources(plugin)));
    expect(edges.size).toBeGreaterThan(15);
    expect(circles(edges).map((c) => c.map((f) => relative(plugin, f)).join(' -> '))).toEqual([]);
  });

  it('finds a circle where there is one', () => {
    const edges = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(circles(edges)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('tells an import that runs from one that only names types', () => {
    expect(typesOnly("import type { Tavern } from './tavern.js'")).toBe(true);
    expect(typesOnly("import { type Tavern, type Player } from './tavern.js'")).toBe(true);
    expect(typesOnly("import { arrives, type Tavern } from './tavern.js'")).toBe(false);
    expect(typesOnly("import { DIRECTIONS } from './world.js'")).toBe(false);
    expect(typesOnly("export * from './world.js'")).toBe(false);
  });

  it('writes GMCP package names only at the edge: src/telnet and src/web turn the panels\' news into GMCP', () => {
    const PACKAGE_NAME = /['"](?:Char|Room|Comm|Table|Core)\.[A-Z][\w.]*['"]/;
    const named = sources(SRC).filter((f) => PACKAGE_NAME.test(readFileSync(f, 'utf8')));
    // The test looks where it should: the edge does name them.
    expect(named.map((f) => relative(SRC, f))).toContain('telnet/gmcp.ts');
    expect(named.map((f) => layerOf(f)).filter((layer) => layer !== 'telnet' && layer !== 'web').length, named.map((f) => relative(SRC, f)).join(', ')).toBe(0);
  });

  it('leaves the game package free of any host: src/games imports only itself and src/text', () => {
    const games = imports().filter(([file]) => layerOf(file) === 'games');
    // The package is not empty, and it does use the text helpers: the test looks where it should.
    expect(games.some(([, , to]) => to === 'text')).toBe(true);
    const outside = games.filter(([, , to]) => to !== 'games' && to !== 'text').map(([file, spec]) => `${relative(SRC, file)} imports ${spec}`);
    expect(outside).toEqual([]);
  });

  it('keeps the dealer a third host of the game package: src/dealer imports only src/games, src/text, src/disk and itself', () => {
    const dealer = imports().filter(([file]) => layerOf(file) === 'dealer');
    // The dealer is there, and it does host the games: the test looks where it should.
    expect(dealer.some(([, , to]) => to === 'games')).toBe(true);
    const outside = dealer.filter(([, , to]) => !['dealer', 'games', 'text', 'disk'].includes(to!)).map(([file, spec]) => `${relative(SRC, file)} imports ${spec}`);
    expect(outside).toEqual([]);
  });

  it("keeps the Ranvier bundle a second host of the game package: its source imports only src/games, src/text, src/disk, itself and Node's own modules", () => {
    const plugin = resolve(SRC, '../plugins/ranvier');
    const wrong: string[] = [];
    const files = sources(plugin);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
        const target = m[1];
        if (target.startsWith('node:') || (file.endsWith('build.ts') && target === 'esbuild')) continue;
        const to = target.startsWith('.') ? resolve(dirname(file), target) : target;
        const inside = [join(SRC, 'games'), join(SRC, 'text'), join(SRC, 'disk'), plugin].some((dir) => to.startsWith(`${dir}/`));
        if (!inside) wrong.push(`${relative(plugin, file)} imports ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The imports between the files of one folder, types included, as edges from file to file. */
function edgesWithin(dir: string, found: [string, string, string | null, boolean][]): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [file, spec] of found) {
    if (!file.startsWith(`${dir}/`)) continue;
    const to = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
    if (to.startsWith(`${dir}/`)) edges.set(file, [...(edges.get(file) ?? []), to]);
  }
  return edges;
}

/** Every circle of imports (a file that reaches itself), each once, from its first file in `edges`' order. */
function circles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      const circle = path.slice(at);
      if (!found.some((c) => c.length === circle.length + 1 && circle.every((f) => c.includes(f)))) found.push([...circle, file]);
      return;
    }
    if (done.has(file)) return;
    for (const next of edges.get(file) ?? []) walk(next, [...path, file]);
    done.add(file);
  };
  for (const file of edges.keys()) walk(file, []);
  return found;
}
