/**
 * The tavern's host of a game's table (src/tables/game-table.ts) turns what a game tells into
 * news for the panels: a step the room hears of refreshes the table's state even when the game
 * did not say its state changed, and a game's own `state` (with `by`) is taken as it is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelNews } from '../../src/output/news.js';
import type { Table } from '../../src/tables/game-table.js';
import { testTavern, type TestTavern } from '../support/tavern.js';

let tt: TestTavern | null = null;
afterEach(async () => {
  await tt?.destroy();
  tt = null;
});

async function sandTable(): Promise<{ table: Table; heard: PanelNews[] }> {
  tt = await testTavern();
  const table = tt.tavern.tables.get('sand-table') as Table;
  const heard: PanelNews[] = [];
  table.onNews = (n) => heard.push(n);
  return { table, heard };
}

describe("the tavern's host of a table, telling the panels", () => {
  it('takes a line for the room, or a throw, as a change of the table\'s state', async () => {
    const { table, heard } = await sandTable();
    table.tell({ kind: 'say', message: () => 'The sand shifts.' });
    expect(heard).toEqual([{ kind: 'state' }]);
    heard.length = 0;
    table.tell({ kind: 'dice', dice: [3, 4] });
    expect(heard).toEqual([{ kind: 'dice', dice: { table: 'sand-table', dice: [3, 4], total: 7 } }, { kind: 'state' }]);
  });

  it("keeps a game's own state news as it is (one player's small move), and adds nothing for a private line", async () => {
    const { table, heard } = await sandTable();
    table.tell({ kind: 'say', message: () => 'Ana bets.' }, { kind: 'state', by: 'Ana' });
    expect(heard).toEqual([{ kind: 'state', by: 'Ana' }]);
    heard.length = 0;
    table.tell({ kind: 'to', player: 'Ana', text: 'Your cards.' }, { kind: 'hand', player: 'Ana' });
    expect(heard).toEqual([{ kind: 'hand', player: 'Ana' }]);
  });
});
