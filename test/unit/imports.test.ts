import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The layers, top first: a module may import its own layer and those below it (the project's guide). */
const LAYERS = ['server', 'games', 'rooms', 'telnet'];
const SRC = resolve(import.meta.dirname, '../../src');

function layerOf(file: string): string | null {
  const top = relative(SRC, file).split('/')[0];
  if (top === 'store') return 'store';
  if (top === 'server.ts' || top === 'main.ts') return 'server';
  return LAYERS.includes(top) ? top : null;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the import graph', () => {
  it('runs one way: server -> games -> rooms -> telnet, with the store beside them', () => {
    const wrong: string[] = [];
    for (const file of sources(SRC)) {
      // The web transport (src/web) sits outside these layers, beside the server that starts it.
      const from = layerOf(file);
      if (!from) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)) {
        const to = layerOf(resolve(dirname(file), m[1]));
        if (!to || to === from) continue;
        const allowed = from === 'store' ? false : to === 'store' || LAYERS.indexOf(to) > LAYERS.indexOf(from);
        if (!allowed) wrong.push(`${relative(SRC, file)} imports ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
