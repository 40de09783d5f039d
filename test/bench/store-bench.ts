/**
 * How long one grouped write takes as the ledger grows: with the journal, a write costs the
 * entries it adds (plus db.json's characters), not the whole history.
 * Run: npm run bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/rooms/store.js';
import { charAccount, HOUSE, Ledger } from '../../src/rooms/ledger.js';

const dir = await mkdtemp(join(tmpdir(), 'store-bench-'));
const store = await Store.open(dir);
for (const name of ['ana', 'bob']) {
  store.data.characters[name] = { name, passwordHash: 'x', coins: 0, room: 'r', created: '', lastSeen: '' };
}
const ledger = new Ledger(store);
ledger.transfer([{ from: HOUSE, to: charAccount('ana'), amount: 1_000_000, why: 'seed' }]);

async function timeOneGive(): Promise<number> {
  const start = process.hrtime.bigint();
  ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'gift' }]);
  await store.flush();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

console.log('ledger entries | one give, written and fsynced (median of 20)');
let entries = 1;
for (const target of [0, 100_000, 300_000, 500_000]) {
  while (entries < target) {
    // Grow the history in big batches (one write each) to reach the next size quickly.
    for (let i = 0; i < 10_000 && entries < target; i++, entries++) {
      ledger.transfer([{ from: charAccount('ana'), to: charAccount('bob'), amount: 1, why: 'filler' }]);
    }
    await store.flush();
  }
  const times: number[] = [];
  for (let i = 0; i < 20; i++) times.push(await timeOneGive());
  entries += 20;
  times.sort((a, b) => a - b);
  console.log(`${String(entries).padStart(14)} | ${times[10].toFixed(2)} ms`);
}
await rm(dir, { recursive: true, force: true });
