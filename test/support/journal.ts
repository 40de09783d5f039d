import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accountText, charAccount, MINT } from '../../src/store/account.js';

/** Every entry in a data folder's journal, in order, as written. */
export async function journalEntries(dataDir: string): Promise<any[]> {
  const dir = join(dataDir, 'journal');
  const names = (await readdir(dir)).filter((n) => /^\d{12}\.jsonl$/.test(n)).sort();
  const lines: any[] = [];
  for (const n of names) {
    for (const l of (await readFile(join(dir, n), 'utf8')).split('\n')) if (l) lines.push(JSON.parse(l));
  }
  return lines;
}

/** Every coin movement in the journal (starting purses included), for adding up accounts. */
export async function coinMoves(dataDir: string): Promise<{ from: string; to: string; amount: number }[]> {
  return (await journalEntries(dataDir)).flatMap((e) =>
    e.kind === 'coins' ? e.moves : e.kind === 'character' && e.purse ? [{ from: accountText(MINT), to: accountText(charAccount(e.name.toLowerCase())), amount: e.purse }] : [],
  );
}
