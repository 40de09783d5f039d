import { Ledger, accountText, carriedBy, charAccount, escrowAccount, floorOf, HOUSE, HOUSE_STOCK, MINT, placeText, type NewCharacter, type Store } from '../../src/store/index.js';

/**
 * Random sequences of the changes a server makes (gifts, wagers, settlements, things bought,
 * handed over, dropped, picked up and drunk, rooms, preferences, bans, hand-outs, table seeds),
 * and the store's whole state as one comparable text: for the fault-injection tests of each
 * engine (store-faults, store-pg-faults).
 */

export const NAMES = ['ana', 'bob', 'cyd', 'dee', 'eli'];
export const TABLE = 'sand-table';
/** The floor things are dropped on and picked up from, and the things bought (at a price each). */
const FLOOR = floorOf('common-room');
const WARES = { ale: 3, date: 1 } as const;
const WARE_IDS = Object.keys(WARES) as (keyof typeof WARES)[];

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** JSON with every object's keys in order, so that two equal states read the same whatever built them. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Everything the store holds, as one comparable text, read through its interface only. */
export function canonical(store: Store): string {
  return stableJson({
    characters: NAMES.map((k) => store.character(k) ?? null),
    balances: store.accounts().sort(),
    bans: NAMES.map((k) => store.ban(k) ?? null),
    handouts: NAMES.map((k) => store.handouts(k)),
    table: store.fairness(TABLE) ?? null,
    things: [...NAMES.map(carriedBy), FLOOR, HOUSE_STOCK].map((place) => [placeText(place), [...store.things(placeText(place))].sort()]),
  });
}

/** One random change that fits the state, through the ledger or the store as the server makes them. */
export async function randomChange(store: Store, ledger: Ledger, r: () => number, n: number, onCreate?: (c: NewCharacter) => void): Promise<void> {
  const existing = NAMES.filter((k) => store.character(k));
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const roll = r();
  if (!existing.length || (roll < 0.12 && existing.length < NAMES.length)) {
    const name = pick(NAMES.filter((k) => !store.character(k)));
    const c = { name: name[0].toUpperCase() + name.slice(1), passwordHash: `hash-${n}`, room: 'common-room', purse: 1000 };
    onCreate?.(c);
    await store.createCharacter(c);
    return;
  }
  const a = pick(existing);
  const b = pick(existing.filter((k) => k !== a)) ?? a;
  const purse = ledger.balance(charAccount(a));
  const staked = ledger.balance(escrowAccount(TABLE, a));
  if (roll < 0.38 && b !== a && purse > 0) {
    ledger.transfer([{ from: charAccount(a), to: charAccount(b), amount: 1 + Math.floor(r() * Math.min(purse, 97)), why: `gift ${n}` }]);
  } else if (roll < 0.52 && purse > 0) {
    ledger.transfer([{ from: charAccount(a), to: escrowAccount(TABLE, a), amount: 1 + Math.floor(r() * Math.min(purse, 89)), why: `wager ${n}` }]);
  } else if (roll < 0.6) {
    // A purchase at the bar: the coins to the house and the things from its stock, in one transaction (refused when the purse is short).
    const thing = pick(WARE_IDS);
    const count = 1 + Math.floor(r() * 3);
    ledger.moveThings([{ thing, n: count, from: HOUSE_STOCK, to: carriedBy(a), why: `bought ${n}` }], [{ from: charAccount(a), to: HOUSE, amount: WARES[thing] * count, why: `paid ${n}` }]);
  } else if (roll < 0.7 && staked > 0) {
    // A settlement: the stake back and the winnings from the house, in one transaction.
    ledger.transfer([
      { from: escrowAccount(TABLE, a), to: charAccount(a), amount: staked, why: `stake back ${n}` },
      { from: HOUSE, to: charAccount(a), amount: 1 + n, why: `winnings ${n}` },
    ]);
  } else if (roll < 0.74) {
    thingChange(ledger, a, b, r, n);
  } else if (roll < 0.78) {
    store.record({ kind: 'room', key: a, room: `room-${n}` });
  } else if (roll < 0.84) {
    store.record({ kind: 'prefs', key: a, prefs: { colour: r() < 0.5, description: `desc ${n}` } });
  } else if (roll < 0.88) {
    if (store.ban(a)) store.record({ kind: 'unban', key: a });
    else store.record({ kind: 'ban', key: a, by: 'admin', reason: `reason ${n}`, at: 'now' });
  } else if (roll < 0.92) {
    store.record({ kind: 'handout', key: a, handout: 'start', at: n });
  } else {
    // A table's seeds: a draw (the nonce), or the seed retired and the next one committed.
    const was = store.fairness(TABLE);
    const seed = () => (n * 1_000_003 + Math.floor(r() * 1e9)).toString(16).padStart(64, '0');
    if (was && roll < 0.97) store.record({ kind: 'fair', fair: { ...was, nonce: was.nonce + 1 } });
    else {
      const revealed = was ? { serverSeed: was.serverSeed, commitment: was.commitment, clientSeed: was.clientSeed, draws: was.nonce } : null;
      store.record({ kind: 'fair', fair: { table: TABLE, game: (was?.game ?? 0) + 1, serverSeed: seed(), commitment: seed(), clientSeed: `${TABLE}:${n}`, nonce: 0, revealed } });
    }
  }
}

/** One of a's things handed to b, dropped, picked up from the floor or drunk (back to the house's stock); refused when there is none. */
function thingChange(ledger: Ledger, a: string, b: string, r: () => number, n: number): void {
  const thing = WARE_IDS[Math.floor(r() * WARE_IDS.length)];
  const way = r();
  const count = 1 + Math.floor(r() * 2);
  const [from, to] = way < 0.3 && b !== a ? [carriedBy(a), carriedBy(b)] : way < 0.55 ? [carriedBy(a), FLOOR] : way < 0.8 ? [FLOOR, carriedBy(a)] : [carriedBy(a), HOUSE_STOCK];
  ledger.moveThings([{ thing, n: count, from, to, why: `moved ${n}` }]);
}

/**
 * The state after a creation that was sent but never answered (the PostgreSQL engine brings a
 * new character into memory only once it is committed, so a death can leave one in the
 * database that the server never saw).
 */
export function withCreated(state: string, c: NewCharacter, created: string): string {
  const s = JSON.parse(state) as { characters: unknown[]; balances: [string, number][] };
  const key = c.name.toLowerCase();
  s.characters[NAMES.indexOf(key)] = { name: c.name, passwordHash: c.passwordHash, room: c.room, created, lastSeen: created, prefs: {} };
  const balances = new Map(s.balances);
  const [purse, mint] = [charAccount(key), MINT].map(accountText);
  balances.set(purse, (balances.get(purse) ?? 0) + c.purse);
  balances.set(mint, (balances.get(mint) ?? 0) - c.purse);
  s.balances = [...balances].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  return stableJson(s);
}

/** A run of random changes, for checking what a crash in it left. */
export interface Run {
  /** canonical() after 0, 1, 2... changes of this run. */
  states: string[];
  /** How many changes a flush had vouched for when the crash came. */
  acknowledged: number;
  crashed: boolean;
}

/**
 * After change `i`, flushes as a server does, at random: half the time a flush, which once done
 * vouches for the first `i` changes; a pause of a few ticks, which lets the writes in flight go on
 * so that groups of different sizes form; now and then a wait for the last flush.
 */
export async function flushNowAndThen(store: Store, r: () => number, i: number, run: Run, flushes: Promise<void>[]): Promise<void> {
  if (r() < 0.5) {
    const flushed = store.flush().then(() => void (run.acknowledged = Math.max(run.acknowledged, i)));
    flushed.catch(() => undefined); // a crash rejects it; finishRun awaits it
    flushes.push(flushed);
  }
  for (let k = Math.floor(r() * 4); k > 0; k--) await Promise.resolve();
  if (r() < 0.15) await flushes.at(-1);
}

/** Ends a run no crash stopped: every flush done, all `changes` vouched for, the store closed. */
export async function finishRun(store: Store, run: Run, flushes: Promise<void>[], changes: number): Promise<void> {
  await Promise.all(flushes);
  await store.flush();
  run.acknowledged = changes;
  await store.close();
}
