/**
 * Things as players see and name them: what a place holds, in the world's order of things (so
 * `inventory`, the room's look and ordinals all agree), and which of them a player's words mean:
 * `jug`, `2.jug` (the second jug in that order), `3 ale`, `all`, `all.jug`, `kank-milk ale`.
 */
import type { Ledger } from '../store/ledger.js';
import type { Place } from '../store/place.js';
import { wordsFor, type ThingData } from './things.js';

/** So many of a thing. */
export interface Held {
  thing: ThingData;
  n: number;
}

/** What a place holds, in the order of the world's things. */
export function heldIn(things: ReadonlyMap<string, ThingData>, ledger: Pick<Ledger, 'holdings'>, place: Place): Held[] {
  const here = ledger.holdings(place);
  const held: Held[] = [];
  if (here.size === 0) return held;
  for (const thing of things.values()) {
    const n = here.get(thing.id) ?? 0;
    if (n > 0) held.push({ thing, n });
  }
  return held;
}

/** The things a player's words picked, by thing, or why none: nothing of that name, or fewer than asked for. */
export type Picked = { ok: true; picked: Held[] } | { ok: false; none: true } | { ok: false; fewer: Held };

const ARTICLE = /^(?:a|an|the|some|my)\s+/i;

/**
 * Which of `held` the words mean. `n <word>` picks n of the things that word names (fewer there
 * is a refusal, not a smaller gift); `<k>.<word>` the k-th one; `all.<word>` every one; `all`
 * everything. A word names a thing by one of its keywords, or the start of one; with several
 * words, each must (a thing's id names it too). Exact keywords win over starts, as they do for tables and objects.
 */
export function pickThings(held: readonly Held[], words: string): Picked {
  const q = words.trim().toLowerCase().replace(ARTICLE, '');
  if (q === 'all' || q === 'everything') return held.length ? { ok: true, picked: held.map((h) => ({ ...h })) } : { ok: false, none: true };
  const every = /^all\.(.+)$/.exec(q);
  const nth = /^(\d+)\.(.+)$/.exec(q);
  const count = /^(\d+)\s+(.+)$/.exec(q);
  const name = (every?.[1] ?? nth?.[2] ?? count?.[2] ?? q).trim();
  const named = thingsNamed(held, name);
  if (!named.length) return { ok: false, none: true };
  if (every) return { ok: true, picked: named.map((h) => ({ ...h })) };
  if (nth) {
    let k = Number(nth[1]);
    if (k < 1) return { ok: false, none: true };
    for (const h of named) {
      if (k <= h.n) return { ok: true, picked: [{ thing: h.thing, n: 1 }] };
      k -= h.n;
    }
    return { ok: false, none: true };
  }
  if (count) {
    // A count names one kind of thing: `3 jug` with one jug of ale and two empty jugs is three of the first kind, not a mix.
    const want = Number(count[1]);
    const first = named[0];
    if (want < 1) return { ok: false, none: true };
    return want <= first.n ? { ok: true, picked: [{ thing: first.thing, n: want }] } : { ok: false, fewer: first };
  }
  return { ok: true, picked: [{ thing: named[0].thing, n: 1 }] };
}

/** The held things a name fits: every word a keyword exactly, or else every word the start of one. */
function thingsNamed(held: readonly Held[], name: string): Held[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const fits = (h: Held, exact: boolean) => words.every((w) => wordsFor(h.thing).some((k) => (exact ? k === w : k.startsWith(w))));
  const exact = held.filter((h) => fits(h, true));
  return exact.length ? exact : held.filter((h) => fits(h, false));
}
