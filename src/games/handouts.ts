import type { Store } from '../store/index.js';

/**
 * When each character last received each kind of hand-out, by the clock (docs/rulings.md, Lich Bones:
 * hand-outs from one game per cool-down, per character, across every table). The server keeps one
 * for all tables, in the store, so a restart does not start the cool-downs again.
 */
export interface HandoutRecord {
  /** When `name` last got a hand-out of `kind`, in clock ms, or null. */
  last(name: string, kind: string): number | null;
  note(name: string, kind: string, at: number): void;
}

/** The HandoutRecord kept in the store: a note is a `handout` entry, written with the coins it went with. */
export function handoutsInStore(store: Pick<Store, 'handouts' | 'record'>): HandoutRecord {
  return {
    last: (name, kind) => store.handouts(name.toLowerCase())[kind] ?? null,
    note: (name, kind, at) => store.record({ kind: 'handout', key: name.toLowerCase(), handout: kind, at }),
  };
}
