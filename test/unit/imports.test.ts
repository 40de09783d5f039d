import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The layers, top first: a module may import its own layer and those below it (the project's guide). */
const LAYERS = ['server', 'games', 'rooms', 'telnet'];
const SRC = resolve(import.meta.dirname, '../../src');
/** The server's own files at the top of src/: the entry, the program, and what only they use. */
const SERVER_FILES = ['server.ts', 'main.ts', 'start.cts', 'threadpool.cts', 'line-queue.ts', 'verify.ts', 'log-file.ts', 'certificate.ts', 'telnet-session.ts'];

function layerOf(file: string): string | null {
  const top = relative(SRC, file).split('/')[0];
  if (top === 'store' || top === 'web' || top === 'text') return top;
  if (SERVER_FILES.includes(top.replace(/\.c?js$/, (ext) => (ext === '.cjs' ? '.cts' : '.ts')))) return 'server';
  return LAYERS.includes(top) ? top : null;
}

/**
 * Whether a module of one layer may import one of another. The text helpers (src/text: marks and
 * amounts) are below everything and import nothing else; everyone may use them. The store imports
 * none of the others. The web transport (src/web) sits beside the server that starts it: it adapts the
 * rooms' sessions to a browser over the telnet layer's lines, and only the server imports it.
 */
function allowed(from: string, to: string): boolean {
  if (from === 'text') return false;
  if (to === 'text') return true;
  if (from === 'store') return false;
  if (to === 'store') return true;
  if (from === 'web') return to === 'rooms' || to === 'telnet';
  if (to === 'web') return from === 'server';
  return LAYERS.indexOf(to) > LAYERS.indexOf(from);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.c?ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the import graph', () => {
  it('runs one way: server -> games -> rooms -> telnet, with the store beside them, the web transport under the server and the text helpers below all', () => {
    const wrong: string[] = [];
    const files = sources(SRC);
    // Every file of src/ belongs to a layer: a new folder or top-level file must be placed here first.
    expect(files.filter((f) => !layerOf(f)).map((f) => relative(SRC, f))).toEqual([]);
    for (const file of files) {
      const from = layerOf(file)!;
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)) {
        const to = layerOf(resolve(dirname(file), m[1]));
        if (!to || to === from) continue;
        if (!allowed(from, to)) wrong.push(`${relative(SRC, file)} imports ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
