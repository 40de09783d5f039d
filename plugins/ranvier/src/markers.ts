import type { Books } from './books.js';
import type { Marker } from './purses.js';
import type { RanvierState } from './ranvier.js';

/**
 * The check at every start that the tables' books are the ones the players' purses were kept
 * with. Each purse carries a marker naming the journal it was kept with (purses.ts): a player
 * whose marker names a journal that is not in the tables' data folder (the folder lost, reset, or
 * `data` pointing elsewhere) holds coins that journal gave or owes coins it took, and fresh books
 * would silently forget them. So the world does not start, and the host is told why and what to
 * do: put the journal back, or declare it lost (`obsidianTables.lostJournals`), after which each
 * such purse keeps what it holds.
 */

/** A player as the world's players datasource holds them. */
export interface SavedPlayer {
  name?: string;
  metadata?: Record<string, unknown>;
}

/** Every player the world has saved, from its own players datasource; null where the start script keeps no registry of them. */
export async function savedPlayers(state: RanvierState): Promise<Record<string, SavedPlayer> | null> {
  const loader = state.EntityLoaderRegistry?.get('players');
  if (!loader) return null;
  return ((await loader.fetchAll()) ?? {}) as Record<string, SavedPlayer>;
}

/** The name markers of an older bundle's journal (which had no id) go by, in lostJournals too. */
export const OLDER = 'older';

/** Whether a marker says the purse holds anything the tables gave or took. */
function holdsAny(m: Marker): boolean {
  if (typeof m.applied === 'number') return m.applied !== 0;
  return Object.values(m.applied ?? {}).some((n) => n !== 0);
}

/**
 * Why the world must not start, one line per journal the players' purses name that is not
 * there; none when every purse is this journal's (or holds nothing of the tables').
 */
export function strangeJournals(players: Record<string, SavedPlayer>, books: Books, lost: readonly string[], dataDir: string, fresh: boolean): string[] {
  const strangers = new Map<string, string[]>();
  for (const [id, saved] of Object.entries(players)) {
    const m = saved?.metadata?.obsidianTables as Marker | undefined;
    if (!m || typeof m !== 'object' || !holdsAny(m)) continue;
    const journal = m.journal ?? OLDER;
    const ours = m.journal === undefined ? books.legacy !== undefined : m.journal === books.id;
    if (ours || lost.includes(journal)) continue;
    strangers.set(journal, [...(strangers.get(journal) ?? []), saved.name ?? id]);
  }
  const here = fresh ? 'there was none there, so none was made' : `it holds journal ${books.id}`;
  return [...strangers].map(([journal, names]) => {
    const who = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
    const which = journal === OLDER ? "the tables' journal of an older version of the bundle" : `the tables' journal ${journal}`;
    return (
      `obsidian-tables: the world does not start: the purses of ${who} hold what ${which} gave and took, and that journal is not in ${dataDir} (${here}). ` +
      `Put the folder that holds it back (or point obsidianTables.data at it); if it is lost for good, add "${journal}" to obsidianTables.lostJournals in ranvier.json, and each of those purses keeps what it holds.`
    );
  });
}
