/**
 * What came of a bet, in one line: `history` lists a player's results so, and a player coming
 * back is told so of those settled while they were away (away.ts).
 */
import { resultText } from '../games/result-text.js';
import type { TableResult } from '../store/index.js';
import type { TavernCore } from './tavern-core.js';

/** The game's title by its id, or by the table's game when the result could not name it (a return after a restart). */
function gameTitle(tavern: TavernCore, r: Readonly<TableResult>): string {
  const byId = [...tavern.tables.values()].find((t) => t.definition.id === r.game);
  return (byId ?? tavern.tables.get(r.table))?.definition.title ?? 'A game';
}

/** One result in one line: `Spice Run at the sand table, square 5: staked 100, paid 300, won 200`. */
export function resultLine(tavern: TavernCore, r: Readonly<TableResult>): string {
  const where = `${gameTitle(tavern, r)} at ${tavern.tables.get(r.table)?.data.name ?? r.table}, ${r.bet}`;
  return `  ${where}: ${resultText(r)}`;
}
