/**
 * Fixed decks and small drivers for the Dragon's Lair rules tests: stacked deals (and the two- and
 * three-player games most tests start from), steps that must succeed or be refused, and what a run
 * of steps showed the table and paid out.
 */
import { expect } from 'vitest';
import { diceValues, fixedRandom } from '../../src/games/random.js';
import { cardName, dragonCards, numberCards, parseCard, sameCard, type Card } from '../../src/games/dragons-lair/cards.js';
import {
  apply,
  newTable,
  defaultSettings,
  isPrivate,
  type DragonsLairAction,
  type DragonsLairEvent,
  type DragonsLairSettings,
  type DragonsLairState,
} from '../../src/games/dragons-lair/rules.js';
import type { CoinMove } from '../../src/games/api.js';

export const T0 = 1_000_000;

export function c(text: string): Card {
  const r = parseCard(text);
  if (!r.ok) throw new Error(r.reason);
  return r.card;
}

export function cs(...texts: string[]): Card[] {
  return texts.map(c);
}

/** The fixedRandom values that make `shuffle(items)` come out as `wanted` (a permutation of items). */
export function shuffleValues(items: readonly Card[], wanted: readonly Card[]): number[] {
  const out = items.slice();
  const values: number[] = [];
  for (let i = out.length - 1; i > 0; i--) {
    const j = out.findIndex((x, k) => k <= i && sameCard(x, wanted[i]));
    if (j < 0) throw new Error('shuffleValues: wanted is not a permutation of items');
    values.push(j);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return values;
}

/** `first` in that order, then the rest of `all` in its own order. */
function stacked(all: readonly Card[], first: readonly Card[]): Card[] {
  return [...first, ...all.filter((x) => !first.some((f) => sameCard(f, x)))];
}

export interface Deal {
  /** Four cards per player, in seat order. */
  hands: Record<string, string[]>;
  /** The two dragons laid at lair 1 and lair 2, then the rest of the dragon pile on top. */
  dragons: string[];
  /** The draw pile after the deal, top first (the rest follows in canonical order). */
  draw?: string[];
}

export interface Run {
  state: DragonsLairState;
  events: DragonsLairEvent[];
  moves: CoinMove[];
}

/** Seats the players (in order) and starts the game with a stacked deck. */
export function startGame(players: string[], deal: Deal, settings: Partial<DragonsLairSettings> = {}): Run {
  let state = newTable({ ...defaultSettings, ...settings });
  for (const p of players) state = ok(state, { type: 'sit', player: p }).state;
  // Dealt one card at a time round the table from seat 1: the pile's top holds the first card of
  // every hand, then the second of every hand, and so on.
  const handCards = [0, 1, 2, 3].flatMap((i) => players.map((p) => c(deal.hands[p][i])));
  const drawOrder = stacked(numberCards(), [...handCards, ...cs(...(deal.draw ?? []))]);
  const dragonOrder = stacked(dragonCards(), cs(...deal.dragons));
  const random = [...shuffleValues(numberCards(), drawOrder), ...shuffleValues(dragonCards(), dragonOrder)];
  return ok(state, { type: 'start', player: players[0] }, random);
}

/** Applies an action that must succeed. */
export function ok(state: DragonsLairState, action: DragonsLairAction, random: number[] = [], now = T0): Run {
  const step = apply(state, action, { random: fixedRandom(random), now });
  if (!step.ok) throw new Error(`refused ${JSON.stringify(action)}: ${step.reason}`);
  return { state: step.state, events: step.events, moves: step.moves };
}

/** Applies an action that must be refused, and gives the reason. */
export function no(state: DragonsLairState, action: DragonsLairAction, now = T0): string {
  const step = apply(state, action, { random: fixedRandom([]), now });
  if (step.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return step.reason;
}

/** Holds for every choice still to be made this turn (whoever is on turn). */
export function holdAll(state: DragonsLairState, random: number[] = [], now = T0): Run {
  let run: Run = { state, events: [], moves: [] };
  while (run.state.phase === 'choosing' && run.state.queue.length > 0) {
    const last = run.state.queue.length === 1;
    const step = ok(run.state, { type: 'hold', player: run.state.queue[0].player }, last ? random : [], now);
    run = { state: step.state, events: [...run.events, ...step.events], moves: [...run.moves, ...step.moves] };
  }
  return run;
}

export function ofType<T extends DragonsLairEvent['type']>(
  events: readonly DragonsLairEvent[],
  type: T,
): Extract<DragonsLairEvent, { type: T }>[] {
  return events.filter((e): e is Extract<DragonsLairEvent, { type: T }> => e.type === type);
}

export function handOf(state: DragonsLairState, name: string): string[] {
  return state.seats.find((s) => s.name === name)!.hand.map(cardName);
}

export function coinsOf(state: DragonsLairState, name: string): number {
  return state.seats.find((s) => s.name === name)!.coins;
}

/** Two players: Ana deals first. Lair 1 holds the jack of clubs (13), lair 2 the king of diamonds (17). */
export function twoPlayers(settings = {}): Run {
  return startGame(
    ['Ana', 'Bo'],
    {
      hands: { Ana: ['10h', '5h', '10d', '3c'], Bo: ['3h', '5d', '8s', '2c'] },
      dragons: ['jc', 'kd', 'qh'],
      draw: ['6h', '7h', '9c', '4c'],
    },
    settings,
  );
}

/** Three players: Ana deals first. Lair 1 holds the jack of clubs (13), lair 2 the queen of spades (15). */
export function threePlayers(settings = {}): Run {
  return startGame(
    ['Ana', 'Bo', 'Cy'],
    {
      hands: { Ana: ['10h', '9h', '2c', '4d'], Bo: ['8h', '5d', '7s', 'ac'], Cy: ['3h', '10d', '9s', '6c'] },
      dragons: ['jc', 'qs', 'kh'],
      draw: ['2h', '3c', '4s', '5c', '6s', '7c'],
    },
    settings,
  );
}

/** A play of one of the player's cards, to a lair or against a player as the card needs. */
export const play = (player: string, card: string, more: { lair?: number; target?: string } = {}) =>
  ({ type: 'play', player, card: c(card), ...more }) as const;
export const hold = (player: string) => ({ type: 'hold', player }) as const;

/** Runs actions in order (each must succeed), gathering everything that happened. */
export function run(state: DragonsLairState, ...steps: (Parameters<typeof ok>[1] | [Parameters<typeof ok>[1], number[]])[]): Run {
  let out: Run = { state, events: [], moves: [] };
  for (const step of steps) {
    const [action, random] = Array.isArray(step) ? step : [step, []];
    const next = ok(out.state, action, random);
    out = { state: next.state, events: [...out.events, ...next.events], moves: [...out.moves, ...next.moves] };
  }
  return out;
}

/** The clock runs out at the state's deadline. */
export function timeout(state: DragonsLairState, random: number[] = []): Run {
  return ok(state, { type: 'timeout' }, random, state.deadline!);
}

/** Every card object anywhere inside a value. */
function cardsIn(value: unknown): Card[] {
  if (Array.isArray(value)) return value.flatMap(cardsIn);
  if (value && typeof value === 'object') {
    if ('rank' in value && 'suit' in value) return [value as Card];
    return Object.values(value).flatMap(cardsIn);
  }
  return [];
}

/** The cards the events show the whole table (not those told to one player). */
export const publicCards = (events: DragonsLairEvent[]) => cardsIn(events.filter((e) => !isPrivate(e))).map(cardName);

/** What a settlement paid each player, every coin out of escrow. */
export function paidOut(moves: CoinMove[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of moves) {
    expect(m.from.kind).toBe('escrow');
    if (m.to.kind === 'player') out[m.to.name] = (out[m.to.name] ?? 0) + m.amount;
  }
  return out;
}

/** Two players attacked lair 1 together; it fell to a treasure of 4, and their split is open. */
export function fallenLair(): DragonsLairState {
  return run(
    twoPlayers().state,
    play('Ana', '10h', { lair: 1 }),
    play('Bo', '5d', { lair: 1 }),
    hold('Ana'),
    [hold('Bo'), diceValues(4)],
  ).state;
}

/** Of three players, Ana and Bo attacked lair 1 and Cy held; it fell to a treasure of 5, and their split is open. */
export function fallenLairOfThree(): DragonsLairState {
  return run(
    threePlayers().state,
    play('Ana', '10h', { lair: 1 }),
    play('Bo', '8h', { lair: 1 }),
    hold('Cy'),
    hold('Ana'),
    hold('Bo'),
    [hold('Cy'), diceValues(5)],
  ).state;
}
