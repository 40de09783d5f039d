/**
 * scripts/run.mjs, what every npm script that starts something runs: it builds only what changed
 * since the last build (tsc -b for the TypeScript, vite for the page, each only when a file it
 * reads is newer), then runs the entry, passing on its signals and its exit code. Tried in a
 * small project of the same shape, with the repository's own script, vite plugin and packages.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
let project: string;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node scripts/run.mjs ...args` in the project; `until`: once stdout holds it, SIGTERM the script. */
function run(args: string[], until?: string): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/run.mjs', ...args], { cwd: project });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (d: Buffer) => {
      out.stdout += d.toString();
      if (until && out.stdout.includes(until)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
    child.on('close', (code) => resolve({ code, ...out }));
  });
}

/** The entry: greets the first argument, exits with the second, stops on SIGTERM, and waits for it when told to. */
const HELLO = [
  "import { greeting } from './greeting.js';",
  'const [who, code] = process.argv.slice(2);',
  // Ready for the signal before it says anything: the test sends it as soon as it reads the greeting.
  "process.on('SIGTERM', () => { console.log('told to stop'); process.exit(0); });",
  'console.log(`${greeting} ${who}`);',
  "if (who === 'waiting') setInterval(() => undefined, 1000);",
  'if (code) process.exitCode = Number(code);',
].join('\n');

const mtime = (path: string) => statSync(join(project, path)).mtimeMs;
const COMPILING = 'build: compiling TypeScript';
const BUNDLING = 'build: bundling the page';

describe('scripts/run.mjs', () => {
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'run-script-'));
    symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'));
    mkdirSync(join(project, 'scripts'));
    copyFileSync(join(REPO, 'scripts', 'run.mjs'), join(project, 'scripts', 'run.mjs'));
    mkdirSync(join(project, 'web'));
    copyFileSync(join(REPO, 'web', 'record-inputs.ts'), join(project, 'web', 'record-inputs.ts'));
    write('package.json', '{ "type": "module" }\n');
    write('tsconfig.json', JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, outDir: 'dist', rootDir: '.', incremental: true, types: ['node'] },
      include: ['src', 'test', 'plugins'],
    }));
    write('src/greeting.ts', "export const greeting = 'hello';\n");
    write('src/hello.ts', HELLO);
    write('test/a.test.ts', 'export {};\n');
    write('plugins/a.ts', 'export {};\n');
    write('web/index.html', '<!doctype html><title>t</title><script type="module" src="./src/main.ts"></script>\n');
    write('web/src/main.ts', "import { greeting } from '../../src/greeting.js';\ndocument.title = greeting;\n");
    write('web/public/icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    write('web/vite.config.ts', [
      "import { fileURLToPath } from 'node:url';",
      "import { defineConfig } from 'vite';",
      "import { recordInputs } from './record-inputs.js';",
      'export default defineConfig({',
      "  root: fileURLToPath(new URL('.', import.meta.url)),",
      "  logLevel: 'warn',",
      "  plugins: [recordInputs(fileURLToPath(new URL('..', import.meta.url)))],",
      "  build: { outDir: fileURLToPath(new URL('../dist/web', import.meta.url)), emptyOutDir: true },",
      '});',
    ].join('\n'));
    write('node_modules/.package-lock.json', '');
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('builds everything the first time, then nothing until a file the build reads changes', async () => {
    const first = await run(['dist/src/hello.js', 'world']);
    expect(first).toMatchObject({ code: 0, stdout: 'hello world\n' });
    expect(first.stderr).toContain(COMPILING);
    expect(first.stderr).toContain(BUNDLING);
    const [js, page] = [mtime('dist/src/hello.js'), mtime('dist/web/index.html')];

    const again = await run(['dist/src/hello.js', 'again']);
    expect(again).toEqual({ code: 0, stdout: 'hello again\n', stderr: '' });
    expect([mtime('dist/src/hello.js'), mtime('dist/web/index.html')]).toEqual([js, page]);

    // The server's source changed: tsc compiles; the page, which does not read that file, stays.
    write('src/hello.ts', "console.log(`changed ${process.argv[2]}`);\n");
    const changed = await run(['dist/src/hello.js', 'world']);
    expect(changed.stdout).toBe('changed world\n');
    expect(changed.stderr).toContain(COMPILING);
    expect(changed.stderr).not.toContain(BUNDLING);
    expect(mtime('dist/web/index.html')).toBe(page);

    // The page's own source changed: vite builds; the TypeScript is up to date.
    write('web/src/main.ts', "import { greeting } from '../../src/greeting.js';\ndocument.title = `${greeting}!`;\n");
    const pageChanged = await run(['--build']);
    expect(pageChanged.stderr).toContain(BUNDLING);
    expect(pageChanged.stderr).not.toContain(COMPILING);

    // A file of src/ that the page imports changed: both.
    write('src/greeting.ts', "export const greeting = 'salaam';\n");
    write('src/hello.ts', HELLO);
    const shared = await run(['dist/src/hello.js', 'traveller']);
    expect(shared.stdout).toBe('salaam traveller\n');
    expect(shared.stderr).toContain(COMPILING);
    expect(shared.stderr).toContain(BUNDLING);

    // A new install of the packages: both again, then quiet.
    write('node_modules/.package-lock.json', '');
    expect((await run(['--build'])).stderr).toMatch(new RegExp(`${COMPILING}[^]*${BUNDLING}`));
    expect((await run(['--build'])).stderr).toBe('');
  }, 180_000);

  it('starts nothing when the build fails, and says so', async () => {
    write('src/broken.ts', 'export const n: number = "not a number";\n');
    const broken = await run(['dist/src/hello.js', 'world']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).not.toContain('world');
    expect(broken.stderr).toMatch(/error TS2322[^]*build: failed \(above\); nothing was started\./);
    rmSync(join(project, 'src', 'broken.ts'));
    expect((await run(['dist/src/hello.js', 'world'])).code).toBe(0);
  }, 120_000);

  it('starts the server (dist/src/start.cjs) with its node flags (src/node-flags.cts), and any other entry with none', async () => {
    copyFileSync(join(REPO, 'src', 'node-flags.cts'), join(project, 'src', 'node-flags.cts'));
    write('src/start.cts', 'console.log(`flags ${JSON.stringify(process.execArgv)}`);\n');
    write('src/flags.ts', 'console.log(`flags ${JSON.stringify(process.execArgv)}`);\n');
    expect((await run(['dist/src/start.cjs'])).stdout).toContain('flags ["--max-semi-space-size=4"]');
    expect((await run(['dist/src/flags.js'])).stdout).toContain('flags []');
  }, 60_000);

  it("passes on the entry's exit code and the signals it gets", async () => {
    expect((await run(['dist/src/hello.js', 'world', '3'])).code).toBe(3);
    const stopped = await run(['dist/src/hello.js', 'waiting'], 'waiting');
    expect(stopped).toMatchObject({ code: 0, stdout: expect.stringContaining('told to stop') });
  }, 60_000);
});
