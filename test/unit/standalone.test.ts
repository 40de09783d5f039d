import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project stands alone: a clone of this repository has everything a player or developer
 * needs, in docs/. Nothing may point to texts that live outside it (the team's shared rulings,
 * style notes, contract and original rule texts). The patterns are built from pieces so that
 * this file does not name what it forbids.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const OUTSIDE: readonly RegExp[] = [
  new RegExp(['RULINGS', 'md'].join('\\.')),
  new RegExp(['STYLE', 'md'].join('\\.')),
  new RegExp(['CONTRACT', 'md'].join('\\.')),
  new RegExp(['rules', '[\\w-]+\\.txt'].join('/')),
  new RegExp(['\\.\\.', 'shared'].join('/')),
  new RegExp(['\\bshared', '(clients|rules)\\b'].join('/')),
];
const TEXT = /\.(c?ts|m?js|html|css|md|json|ya?ml|sh|exp)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' ? [] : e.isDirectory() ? files(join(dir, e.name)) : TEXT.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the repository stands alone', () => {
  it('has no file in src, web/src, plugins, test, docs or the README that points outside it', () => {
    const sources = [...['src', 'web/src', 'plugins', 'test', 'docs'].flatMap((d) => files(join(ROOT, d))), join(ROOT, 'README.md')];
    expect(sources.length).toBeGreaterThan(100);
    const pointing: string[] = [];
    for (const file of sources) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (OUTSIDE.some((p) => p.test(line))) pointing.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(pointing).toEqual([]);
  });

  it('finds such a pointer when there is one', () => {
    const samples = ['see RULINGS' + '.md', 'STYLE' + '.md 9', 'rules/' + 'spice-run.txt', '../' + 'shared/x', 'CONTRACT' + '.md, Admins'];
    expect(samples.filter((s) => !OUTSIDE.some((p) => p.test(s)))).toEqual([]);
  });
});
