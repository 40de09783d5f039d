import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
/** The server's own files at the top of src/: the entry, the program, and what only they use. */
const SERVER_FILES = ['server.ts', 'main.ts', 'start.cts', 'threadpool.cts', 'line-queue.ts', 'verify.ts', 'log-file.ts', 'certificate.ts', 'telnet-session.ts'];

/**
 * The layers, top first, and what each may import besides itself (the project's guide):
 * server -> web -> rooms -> {games, telnet, store} -> text. The game package (src/games) is
 * one of the three beside each other: it knows no host, so another host can take it as it is.
 * The text helpers (src/text: marks and amounts) are below everything and import nothing else.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  server: ['web', 'rooms', 'games', 'telnet', 'store', 'text'],
  web: ['rooms', 'games', 'telnet', 'store', 'text'],
  rooms: ['games', 'telnet', 'store', 'text'],
  games: ['text'],
  telnet: ['store', 'text'],
  store: ['text'],
  text: [],
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

/** Every relative import of every file of src/, as [file, specifier, the layer it reaches]. */
function imports(): [string, string, string | null][] {
  return sources(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)].map((m): [string, string, string | null] => [
      file,
      m[1],
      layerOf(resolve(dirname(file), m[1])),
    ]),
  );
}

describe('the import graph', () => {
  it('runs one way: server -> web -> rooms -> {games, telnet, store} -> text', () => {
    // Every file of src/ belongs to a layer: a new folder or top-level file must be placed here first.
    expect(sources(SRC).filter((f) => !layerOf(f)).map((f) => relative(SRC, f))).toEqual([]);
    const wrong = imports()
      .filter(([file, , to]) => {
        const from = layerOf(file)!;
        return to !== from && !(to && MAY_IMPORT[from].includes(to));
      })
      .map(([file, spec]) => `${relative(SRC, file)} imports ${spec}`);
    expect(wrong).toEqual([]);
  });

  it('leaves the game package free of any host: src/games imports only itself and src/text', () => {
    const games = imports().filter(([file]) => layerOf(file) === 'games');
    // The package is not empty, and it does use the text helpers: the test looks where it should.
    expect(games.some(([, , to]) => to === 'text')).toBe(true);
    const outside = games.filter(([, , to]) => to !== 'games' && to !== 'text').map(([file, spec]) => `${relative(SRC, file)} imports ${spec}`);
    expect(outside).toEqual([]);
  });

  it("keeps the Ranvier bundle a second host of the game package: its source imports only src/games, src/text, itself and Node's own modules", () => {
    const plugin = resolve(SRC, '../plugins/ranvier');
    const wrong: string[] = [];
    const files = sources(plugin);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
        const target = m[1];
        if (target.startsWith('node:') || (file.endsWith('build.ts') && target === 'esbuild')) continue;
        const to = target.startsWith('.') ? resolve(dirname(file), target) : target;
        const inside = [join(SRC, 'games'), join(SRC, 'text'), plugin].some((dir) => to.startsWith(`${dir}/`));
        if (!inside) wrong.push(`${relative(plugin, file)} imports ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
