/**
 * Builds the Ranvier bundle (`npm run build`, or `tsx plugins/ranvier/build.ts [out]`): the
 * tables and the game package compiled into one CommonJS file, lib/obsidian-tables.js, and the
 * one-line files Ranvier's BundleManager looks for (commands/, behaviors/item/,
 * input-events/, player-events.js, server-events/), each taking its part from that file. The folder needs
 * nothing else at run time: no `require` of anything but Node's own modules. Beside them,
 * datasources/ holds the players' datasource a host may name in ranvier.json. The example area
 * is copied beside it, as a bundle of its own.
 */
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableCommands } from './src/commands.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
export const BUNDLE_NAME = 'obsidian-tables';
/** The folder `npm run build` fills: the bundle, and the example area's bundle beside it. */
export const DEFAULT_OUT = join(REPO, 'dist/ranvier');

export interface Built {
  /** The bundle's folder. */
  bundle: string;
  /** The example area's bundle folder. */
  example: string;
  /** The source files compiled in, relative to the repository. */
  inputs: string[];
}

/** Builds the bundle into `<out>/obsidian-tables` and the example into `<out>/obsidian-tavern-example`. */
export async function buildBundle(out = DEFAULT_OUT): Promise<Built> {
  const bundle = join(out, BUNDLE_NAME);
  rmSync(bundle, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(HERE, 'src/bundle.ts')],
    outfile: join(bundle, 'lib/obsidian-tables.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    // A game module in TypeScript (obsidianTables.gameModules) is loaded through the world's own tsx, if it has one.
    external: ['tsx'],
    banner: { js: '// The Obsidian Scorpion tables for RanvierMUD, built from its repository: do not edit.' },
  });
  const lib = "require('../lib/obsidian-tables.js')";
  const files: Record<string, string> = {
    'behaviors/item/obsidian-table.js': `module.exports = require('../../lib/obsidian-tables.js').behavior;\n`,
    'player-events.js': `module.exports = require('./lib/obsidian-tables.js').playerEvents;\n`,
    'input-events/intro.js': `module.exports = ${lib}.intro;\n`,
    'server-events/obsidian-tables.js': `module.exports = ${lib}.serverEvents;\n`,
    // One file per command bundle.ts exports: the host's verbs and every registered game's own.
    ...Object.fromEntries(Object.keys(tableCommands()).map((c) => [`commands/${c}.js`, `module.exports = ${lib}.commands[${JSON.stringify(c)}];\n`])),
    // CommonJS whatever the world's own package.json says.
    'package.json': `${JSON.stringify({ name: BUNDLE_NAME, version: version(), private: true, type: 'commonjs', description: "Spice Run, Lich Bones and Dragon's Lair tables for RanvierMUD", license: 'MIT' }, null, 2)}\n`,
    'README.md': readmeSection(),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(bundle, name)), { recursive: true });
    writeFileSync(join(bundle, name), name.endsWith('.js') ? `'use strict';\n${text}` : text);
  }
  // The players' datasource that saves a file whole (docs/ranvier.md), for the world's ranvier.json to name.
  cpSync(join(HERE, 'datasources'), join(bundle, 'datasources'), { recursive: true });
  await buildPage(join(bundle, 'page'));
  const example = join(out, 'obsidian-tavern-example');
  rmSync(example, { recursive: true, force: true });
  cpSync(join(HERE, 'example'), example, { recursive: true });
  const inputs = Object.keys(result.metafile.inputs).map((f) => relative(REPO, resolve(process.cwd(), f)));
  return { bundle, example, inputs };
}

/**
 * The tables' page (page.ts): the tavern page's template and its script and style (web/), built
 * here with esbuild into page/tables.html, tables.js and tables.css.
 */
async function buildPage(out: string): Promise<void> {
  await build({
    entryPoints: { tables: join(REPO, 'web/src/tavern/main.ts') },
    outdir: out,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  const template = readFileSync(join(REPO, 'web/tavern.html'), 'utf8');
  const script = '<script type="module" src="./src/tavern/main.ts"></script>';
  if (!template.includes(script)) throw new Error(`web/tavern.html no longer loads its script as ${script}: build.ts must follow it`);
  writeFileSync(join(out, 'tables.html'), template.replace(script, '<link rel="stylesheet" href="./tables.css" />\n    <script type="module" src="./tables.js"></script>'));
  cpSync(join(REPO, 'web/public/favicon.svg'), join(out, 'favicon.svg'));
}

function version(): string {
  return (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
}

/** docs/ranvier.md, the page for hosts, as the bundle's own README. */
function readmeSection(): string {
  const page = readFileSync(join(REPO, 'docs', 'ranvier.md'), 'utf8');
  const body = page.replace(/^# .*\n/, '').trim();
  return `# obsidian-tables: the Obsidian Scorpion's tables for RanvierMUD\n\n(From docs/ranvier.md of the Obsidian Scorpion, whose links point into its repository.)\n\n${body}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildBundle(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUT);
  console.log(`built ${relative(process.cwd(), built.bundle)} and ${relative(process.cwd(), built.example)}`);
}
