import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDealer } from '../support/dealer.js';

/**
 * The dealer's command line refuses what cannot work, in one line and before it reaches for the
 * MUD: a character with no name, a --game-module without its file, a rate of lines so low the
 * table could never speak.
 */

const work = mkdtempSync(join(tmpdir(), 'dealer-args-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const base = (over: Record<string, string | null>) => {
  const args: Record<string, string | null> = { '--mud': '127.0.0.1:1', '--profile': 'tinymux', '--character': 'Croupier', '--data': join(work, 'books'), ...over };
  return Object.entries(args).flatMap(([k, v]) => (v === null ? [k] : [k, v]));
};

describe('the dealer command line', () => {
  it.each([
    [{ '--character': '' }, /^dealer: --character is the name of the character that deals, not ""\.$/m],
    [{ '--character': '   ' }, /^dealer: --character is the name of the character that deals, not " {3}"\.$/m],
    [{ '--game-module': null }, /^dealer: --game-module needs a file\.$/m],
    [{ '--lines-per-second': '0.0000001' }, /^dealer: --lines-per-second is a number from 0\.1 \(a line every 10 s\) to 1000, not "0\.0000001"\.$/m],
  ])('refuses %j in one line, with the usage', async (over, reason) => {
    const run = runDealer(base(over));
    try {
      const code = await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
      expect(code, run.output()).toBe(2);
      expect(run.output()).toMatch(reason);
      expect(run.output()).toMatch(/^Usage: npm run dealer/m);
      expect(run.output()).not.toMatch(/connected to|dealing/);
    } finally {
      if (run.child.exitCode === null) await run.kill();
    }
  }, 30_000);
});
