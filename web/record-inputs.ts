/**
 * A vite plugin that writes down what a page build read: every file of the module graph (the
 * page's own, and what it imports from src/), relative to `root`, with the time the build
 * started, into `.inputs.json` in the build's folder (a dotfile: the web port never serves it).
 * scripts/run.mjs builds the page again only when one of them is newer than that.
 */
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const INPUTS_FILE = '.inputs.json';

export function recordInputs(root: string): Plugin {
  let startedAt = 0;
  let outDir = '';
  let inputs: string[] = [];
  return {
    name: 'record-inputs',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      startedAt = Date.now();
    },
    generateBundle() {
      // Files only: virtual modules start with \0, and a query (`?inline`) is not part of the name.
      inputs = [...new Set([...this.getModuleIds()].filter((id) => !id.startsWith('\0')).map((id) => relative(root, id.replace(/\?.*$/, ''))))].sort();
    },
    closeBundle() {
      writeFileSync(join(outDir, INPUTS_FILE), `${JSON.stringify({ startedAt, inputs }, null, 1)}\n`);
    },
  };
}
