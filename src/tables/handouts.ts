import type { Store } from '../store/index.js';
import type { HandoutRecord } from '../games/api.js';

/**
 * The tavern's HandoutRecord (api.ts), kept in the store so a restart does not start the
 * cool-downs again: a note is a `handout` entry, written with the coins it went with.
 */
export function handoutsInStore(store: Pick<Store, 'handouts' | 'record'>): HandoutRecord {
  return {
    last: (name, kind) => store.handouts(name.toLowerCase())[kind] ?? null,
    note: (name, kind, at) => store.record({ kind: 'handout', key: name.toLowerCase(), handout: kind, at }),
  };
}
