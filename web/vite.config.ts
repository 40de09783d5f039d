// The web page: built from web/ into dist/web, which the server's web port serves.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { recordInputs } from './record-inputs.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset paths, so the page also works under a proxy's sub-path.
  base: './',
  logLevel: 'warn',
  // What the build read, so that scripts/run.mjs builds the page again only when that changed.
  plugins: [recordInputs(fileURLToPath(new URL('..', import.meta.url)))],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // Fonts stay files: the page's Content-Security-Policy allows no data: fonts.
    assetsInlineLimit: 0,
    // The play page, and the public tavern page (the server writes its lists and data into it).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        tavern: fileURLToPath(new URL('tavern.html', import.meta.url)),
      },
    },
  },
});
