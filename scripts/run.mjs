/**
 * `node scripts/run.mjs <entry> [args...]`: builds what is out of date, then runs the entry (a
 * file under dist/) with the args in a process of its own, passing it the signals this one gets
 * and ending with its exit. Every npm script that starts something goes through here (start,
 * verify, the benches, the dealer), so a start with nothing changed takes a moment, not a build.
 * `node scripts/run.mjs --build` only builds.
 *
 * Out of date means: a file the build reads is newer than the last build that read it.
 * - TypeScript (src, test, plugins into dist/): any .ts, .cts, .mts or .json file there, the
 *   tsconfig, or the installed packages newer than dist/.tsc-built; then `tsc -b`, which compiles
 *   only what changed (tsconfig.json's `incremental`, dist/tsconfig.tsbuildinfo).
 * - The page (web/ into dist/web): any file its last build read (dist/web/.inputs.json, written
 *   by web/record-inputs.ts), web/public, the vite config or the installed packages newer than
 *   that build's start; then `vite build`.
 * Plain JavaScript, run by node as it is: it must work before anything is compiled.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => join(ROOT, ...parts);
const TSC_STAMP = at('dist', '.tsc-built');
const PAGE_INPUTS = at('dist', 'web', '.inputs.json');
/** Rewritten by every npm install or npm ci (files unpacked from a package keep an old date). */
const PACKAGES = at('node_modules', '.package-lock.json');
const COMPILED = /\.(c|m)?ts$|\.json$/;

/** The newest modification time among these files, and the files under these folders that `keep` keeps; Infinity for a file missing. */
function newest(paths, keep = () => true) {
  let latest = 0;
  for (const path of paths) {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return Infinity;
    }
    if (!stat.isDirectory()) latest = Math.max(latest, stat.mtimeMs);
    else {
      const entries = readdirSync(path, { withFileTypes: true }).filter((e) => e.name !== 'node_modules' && e.name !== 'output' && (e.isDirectory() || keep(e.name)));
      latest = Math.max(latest, newest(entries.map((e) => join(path, e.name)), keep));
    }
  }
  return latest;
}

function stampTime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : -Infinity;
}

/** Runs a build step with its output on standard error (standard output is the program's); false if it failed. */
function step(what, args) {
  process.stderr.write(`build: ${what}\n`);
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 2, 2] });
  return result.status === 0;
}

function compile() {
  const startedAt = Date.now();
  const inputs = [at('src'), at('test'), at('plugins'), at('tsconfig.json'), PACKAGES];
  const built = existsSync(at('dist', 'tsconfig.tsbuildinfo'));
  if (built && newest(inputs, (name) => COMPILED.test(name)) < stampTime(TSC_STAMP)) return true;
  if (!step('compiling TypeScript (tsc -b)', [at('node_modules', 'typescript', 'bin', 'tsc'), '-b', at('tsconfig.json')])) return false;
  // The stamp takes the time the step began: a file saved while it ran is newer, and builds next time.
  closeSync(openSync(TSC_STAMP, 'a'));
  utimesSync(TSC_STAMP, startedAt / 1000, startedAt / 1000);
  return true;
}

function bundlePage() {
  let last = null;
  try {
    last = JSON.parse(readFileSync(PAGE_INPUTS, 'utf8'));
  } catch {
    // Never built (or the record is unreadable): build.
  }
  const inputs = [...(last?.inputs ?? []).filter((f) => !f.startsWith('node_modules/')).map((f) => at(f)), at('web', 'public'), at('web', 'vite.config.ts'), at('web', 'record-inputs.ts'), PACKAGES];
  if (last && newest(inputs) < last.startedAt) return true;
  return step('bundling the page (vite build)', [at('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', at('web', 'vite.config.ts')]);
}

/** The server (dist/src/start.cjs) runs with its node flags (src/node-flags.cts); other entries with none. */
const SERVER = at('dist', 'src', 'start.cjs');
const nodeFlags = (entry) => (entry === SERVER ? createRequire(import.meta.url)(at('dist', 'src', 'node-flags.cjs')).SERVER_NODE_FLAGS : []);

/** Runs the entry as a process of its own, passes it our signals, and ends as it ends. */
function run(entry, args) {
  const child = spawn(process.execPath, [...nodeFlags(entry), entry, ...args], { stdio: 'inherit' });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      for (const s of signals) process.removeAllListeners(s);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run.mjs <entry under dist/> [args...], or node scripts/run.mjs --build');
  process.exit(2);
}
if (!compile() || !bundlePage()) {
  console.error('build: failed (above); nothing was started.');
  process.exit(1);
}
if (entry !== '--build') run(at(entry), args);
