import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every option `npm start -- --help` lists (src/main.ts's usage) is in the flag table of
 * docs/hosting.md, where a host looks for it.
 */
const ROOT = resolve(import.meta.dirname, '../..');

describe("the hosting page's flags", () => {
  it('are every option of npm start -- --help', () => {
    const main = readFileSync(resolve(ROOT, 'src/main.ts'), 'utf8');
    const usage = /const USAGE = `([^`]*)`/.exec(main)![1];
    const options = [...usage.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]);
    expect(options.length).toBeGreaterThan(15);
    const rows = readFileSync(resolve(ROOT, 'docs/hosting.md'), 'utf8').split('\n').filter((l) => l.startsWith('| `--'));
    const documented = new Set(rows.flatMap((row) => [...row.split('|')[1].matchAll(/`(--[a-z-]+)/g)].map((m) => m[1])));
    expect(options.filter((o) => !documented.has(o))).toEqual([]);
  });
});
