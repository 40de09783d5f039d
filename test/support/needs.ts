/**
 * Tests that need a program this machine may lack (Chromium, TinTin++, openssl): without it they
 * are skipped, saying why; under CI (the CI variable set) they fail instead, since .ci/run
 * installs everything and a missing install step must not pass unseen.
 */
import { describe, it } from 'vitest';

/** `it`, or (the program missing) a skip outside CI and a failing test under CI. */
export function itNeeds(missing: string | null): (name: string, fn: () => Promise<void>, timeout?: number) => void {
  if (missing === null) return it;
  if (process.env.CI) return (name) => it(name, () => Promise.reject(new Error(`${missing} (.ci/run installs it)`)));
  console.warn(`SKIPPED: ${missing}`);
  return (name, fn, timeout) => it.skip(`${name} (skipped: ${missing})`, fn, timeout);
}

/** `describe`, or (the program missing) a skip outside CI and one failing test under CI. */
export function describeNeeds(missing: string | null): (name: string, body: () => void) => void {
  if (missing === null) return describe;
  if (process.env.CI) return (name) => describe(name, () => it('has what it needs', () => Promise.reject(new Error(`${missing} (.ci/run installs it)`))));
  console.warn(`SKIPPED: ${missing}`);
  return (name, body) => describe.skip(`${name} (skipped: ${missing})`, body);
}
