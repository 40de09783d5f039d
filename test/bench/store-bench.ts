/**
 * The file store's write and start-up costs as the number of characters grows. A write is one
 * acknowledged transfer (recorded, appended, fsynced): it must not grow with the characters,
 * since the checkpoint is written by another thread and a write appends only its own entry.
 * Run: npm run bench:store
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FileStore, Ledger, charAccount } from '../../src/store/index.js';

const SIZES = [100, 1_000, 10_000, 100_000];
const WRITES = 200;

async function measure(characters: number): Promise<{ p50: number; startMs: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  try {
    const first = await FileStore.open({ dataDir: dir });
    for (let i = 0; i < characters; i++) {
      await first.createCharacter({ name: `c${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)])}`, passwordHash: 'scrypt$x', room: 'common-room', purse: 1000 });
      if (i % 10_000 === 9_999) await first.flush();
    }
    await first.close(); // writes the checkpoint

    const t0 = performance.now();
    const store = await FileStore.open({ dataDir: dir });
    const startMs = performance.now() - t0;
    const ledger = new Ledger(store);
    const [a, b] = ['cq', 'cr'].map(charAccount);
    const times: number[] = [];
    for (let i = 0; i < WRITES + 50; i++) {
      const t = performance.now();
      ledger.transfer([{ from: i % 2 ? a : b, to: i % 2 ? b : a, amount: 1, why: 'gift' }]);
      await store.flush();
      if (i >= 50) times.push(performance.now() - t); // the first ones warm up (and let the checkpoint thread settle)
      else if (i === 49) await new Promise((r) => setTimeout(r, characters / 100));
    }
    await store.close();
    times.sort((x, y) => x - y);
    return { p50: times[Math.floor(times.length / 2)], startMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const results = new Map<number, { p50: number; startMs: number }>();
for (const n of SIZES) {
  const r = await measure(n);
  results.set(n, r);
  console.log(`characters ${n}: write p50 ${r.p50.toFixed(2)} ms (start ${r.startMs.toFixed(0)} ms)`);
}
const small = results.get(SIZES[0])!.p50;
const large = results.get(SIZES.at(-1)!)!.p50;
const limit = 2 * small + 1;
const ok = large <= limit;
console.log(`${SIZES.at(-1)} characters: ${large.toFixed(2)} ms, limit 2 x ${small.toFixed(2)} + 1 = ${limit.toFixed(2)} ms: ${ok ? 'ok' : 'TOO SLOW'}`);
process.exitCode = ok ? 0 : 1;
