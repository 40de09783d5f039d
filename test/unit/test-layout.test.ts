/**
 * Where a test lives says what it needs: test/unit runs in memory (rules, parsers, protocol
 * bytes, the file store with fault injection), and anything that opens a real socket, a database
 * or a browser lives in test/integration. A unit test that reaches for one of those fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = resolve(import.meta.dirname);

/** Modules that open sockets, databases or browsers: node's, npm's, and the test support that wraps them. */
const REAL = /^(?:node:(?:net|tls|http|https|dgram)|ws|pg|playwright-core|\.\.\/support\/(?:telnetHarness|postgres|engines|client|webClient|server|program|browser|tcpProxy|cutProxy|secureClient|ranvier|certificates|tinymux|dealer)\.js)$/;

/** The modules a file imports at run time (`import type` is gone at run time). */
function runtimeImports(source: string): string[] {
  return [...source.matchAll(/^import(?!\s+type\b)[^;]*?from '([^']+)'/gms)].map((m) => m[1]);
}

describe('the test folders', () => {
  it('keep real sockets, databases and browsers out of test/unit', () => {
    const files = readdirSync(UNIT).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(50); // it looks where the unit tests are
    const reaching = files.flatMap((f) => runtimeImports(readFileSync(join(UNIT, f), 'utf8')).filter((m) => REAL.test(m)).map((m) => `${f} imports ${m}`));
    expect(reaching).toEqual([]);
  });

  it('tells a run-time import from a type-only one', () => {
    expect(runtimeImports("import net from 'node:net';\nimport type { IncomingMessage } from 'node:http';")).toEqual(['node:net']);
    expect(REAL.test('../support/telnetHarness.js')).toBe(true);
    expect(REAL.test('../support/fakeHost.js')).toBe(false);
  });
});
