/**
 * The node flags the server runs with: `npm start` (scripts/run.mjs) and the benchmarks pass
 * them; a host that starts dist/src/start.cjs itself passes them too (docs/performance.md).
 * CommonJS, like start.cts, so that scripts/run.mjs can read it from dist/ without a loader.
 *
 * --max-semi-space-size: V8 grows its young generation under a login storm to 16 MiB
 * semi-spaces, about 32 MB resident that an idle server keeps (V8 gives it back only after a
 * full collection, which a small heap may never need). At 4 MiB, 1,000 idle players cost 26 KB
 * each instead of 45, and looping `inventory` measured the same.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];
