/**
 * Random games, checked after every step: nobody's view holds a card they may not see, public
 * events reveal a hidden card only where the rules turn it face up, private events go to one
 * player, and no card or coin is ever made or lost.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom, type RandomSource } from '../../src/games/random.js';
import { cardName, kindOf, sameCard, type Card } from '../../src/games/dragons-lair/cards.js';
import {
  apply,
  defaultSettings,
  isPrivate,
  newTable,
  presentSeats,
  type DragonsLairAction,
  type DragonsLairEvent,
  type DragonsLairState,
} from '../../src/games/dragons-lair/rules.js';
import { handOf as tableHandOf, viewFor } from '../../src/games/dragons-lair/view.js';
import { tableStateOf } from '../../src/games/dragons-lair/panel.js';
import type { CoinMove } from '../../src/games/api.js';
import { resultsMismatch } from '../support/results.js';

const NAMES = ['Ana', 'Bo', 'Cy', 'Di', 'Ed'];
const ONLOOKER = 'Zed';

function cardsIn(value: unknown, found: Card[] = []): Card[] {
  if (Array.isArray(value)) {
    for (const item of value) cardsIn(item, found);
  } else if (value && typeof value === 'object') {
    if ('rank' in value && 'suit' in value) found.push(value as Card);
    else for (const item of Object.values(value)) cardsIn(item, found);
  }
  return found;
}

/** Every string in the structured state (GMCP Table.State) that names a card, like "7h" or "qs". */
function cardNamesIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^(10|[2-9]|[ajqk])[hdcs]$/.test(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) cardNamesIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      cardNamesIn(key, found);
      cardNamesIn(item, found);
    }
  }
  return found;
}

/** How many card names the structured-state watch has checked, so it provably saw some. */
let structuredCardsChecked = 0;

/** Plain checks: expect() per card would make this test crawl. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

const has = (cards: readonly Card[], card: Card) => cards.some((x) => sameCard(x, card));
const handOf = (s: DragonsLairState, name: string) => s.seats.find((x) => x.name === name)?.hand ?? [];

/** Tells whether a card (by short name) is hidden from a viewer: in another hand, face down, or in a pile. */
function secrecyOf(s: DragonsLairState): (viewer: string, card: string) => boolean {
  const holder = new Map(s.seats.flatMap((x) => x.hand.map((card) => [cardName(card), x.name] as const)));
  const faceDown = new Set(
    [
      ...s.lairs.flatMap((l) => l.laid.map((x) => x.card)),
      ...s.lairs.filter((l) => l.dragon && !l.revealed).map((l) => l.dragon!),
      ...s.drawPile,
      ...s.dragonPile,
    ].map(cardName),
  );
  return (viewer, card) => faceDown.has(card) || (holder.has(card) && holder.get(card) !== viewer);
}

/**
 * Where a public event may show a card that was hidden before the step: the rules turn it face
 * up, and a card shown from a hand must have left that hand (played or discarded).
 */
function mayReveal(before: DragonsLairState, after: DragonsLairState, event: DragonsLairEvent, card: Card): boolean {
  const leftHand = (name: string) => has(handOf(before, name), card) && !has(handOf(after, name), card);
  switch (event.type) {
    case 'leprechaun':
    case 'thief':
      return sameCard(card, event.card) && leftHand(event.player);
    case 'wizardMission':
      return (
        (sameCard(card, event.wizard) && leftHand(event.player)) ||
        (event.killed !== null && sameCard(card, event.killed) && leftHand(event.target))
      );
    case 'lairRevealed': {
      const lair = before.lairs[event.lair - 1];
      if (lair.dragon && sameCard(card, lair.dragon)) return sameCard(card, event.dragon);
      // The last card of the turn may be laid in the same step that reveals it.
      return event.laid.some((l) => sameCard(l.card, card) && (has(lair.laid.map((x) => x.card), card) || has(handOf(before, l.by), card)));
    }
    case 'discarded':
    case 'left':
      return leftHand(event.player);
    default:
      return false;
  }
}

function checkStep(before: DragonsLairState, after: DragonsLairState, events: DragonsLairEvent[], moves: CoinMove[]): void {
  const hiddenAfter = secrecyOf(after);
  for (const viewer of [...NAMES, ONLOOKER]) {
    const view = viewFor(after, viewer);
    for (const card of cardsIn(view)) {
      check(!hiddenAfter(viewer, cardName(card)), `${viewer} sees hidden ${cardName(card)}`);
    }
    const own = presentSeats(after).find((x) => x.name === viewer)?.hand ?? [];
    check(JSON.stringify(view.hand ?? []) === JSON.stringify(own), `${viewer} does not see their own hand`);
    // The same view as GMCP sends it: Table.State to everyone, Table.Hand to its owner alone.
    for (const card of cardNamesIn(tableStateOf(view, () => true))) {
      check(!hiddenAfter(viewer, card), `${viewer}'s Table.State shows hidden ${card}`);
      structuredCardsChecked++;
    }
    const hand = tableHandOf(view)?.map((face) => face.card) ?? null;
    check(JSON.stringify(hand ?? []) === JSON.stringify(own.map(cardName)), `${viewer}'s Table.Hand is not their own hand`);
    check(hand === null || presentSeats(after).some((x) => x.name === viewer), `${viewer} gets a Table.Hand without a seat`);
  }

  const hiddenBefore = secrecyOf(before);
  for (const event of events) {
    if (isPrivate(event)) {
      check(before.seats.some((x) => x.name === event.to), `private ${event.type} for a stranger, ${event.to}`);
      // Only what the recipient holds, laid, or (a wizard's pick) saw taken from a hand.
      const known = (card: Card) => has(handOf(before, event.to), card) || has(handOf(after, event.to), card);
      switch (event.type) {
        case 'dealt':
          check(event.cards.every(known), 'dealt cards not in the hand');
          break;
        case 'drew':
        case 'youLaid':
          check(known(event.card), `${event.type} card unknown to ${event.to}`);
          break;
        case 'wizardPicked':
          check([event.player, event.target].includes(event.to), 'wizardPicked for a bystander');
          check(has(handOf(before, event.target), event.card), 'wizardPicked a card the target never held');
          break;
      }
      continue;
    }
    for (const card of cardsIn(event)) {
      if (!hiddenBefore(ONLOOKER, cardName(card))) continue;
      check(mayReveal(before, after, event, card), `public ${event.type} shows hidden ${cardName(card)}`);
    }
  }

  if (after.phase !== 'over') {
    const everywhere = [
      ...after.seats.flatMap((x) => x.hand),
      ...after.lairs.flatMap((l) => [...l.laid.map((x) => x.card), ...(l.dragon ? [l.dragon] : [])]),
      ...after.drawPile,
      ...after.discardPile,
      ...after.dragonPile,
      ...after.deadDragons,
    ];
    check(everywhere.length === 52 && new Set(everywhere.map(cardName)).size === 52, 'a card was made or lost');
    const antes = Object.values(after.antes).reduce((a, b) => a + b, 0);
    check(after.bank + after.seats.reduce((t, x) => t + x.coins, 0) === antes, 'game coins do not add up to the antes');
    check(after.seats.every((x) => x.coins >= 0) && after.bank >= 0, 'a negative purse');
  }
  const over = events.find((e) => e.type === 'gameOver');
  if (over) {
    const antes = Object.values(before.antes).reduce((a, b) => a + b, 0);
    check(moves.reduce((t, m) => t + m.amount, 0) === antes, 'the settlement is not the antes');
    check(moves.every((m) => m.from.kind === 'escrow' && m.to.kind === 'player'), 'the settlement moves coins oddly');
    for (const [name, amount] of Object.entries(over.result.payouts)) {
      const received = moves.filter((m) => m.to.kind === 'player' && m.to.name === name).reduce((t, m) => t + m.amount, 0);
      check(received === amount, `${name} is paid ${received}, not ${amount}`);
    }
  }
}

function pick<T>(rng: RandomSource, items: readonly T[]): T {
  return items[rng.int(items.length)];
}

/** A legal action for the state, chosen at random (occasionally letting the clock run out). */
function randomAction(s: DragonsLairState, rng: RandomSource): DragonsLairAction {
  const present = presentSeats(s);
  if (rng.int(200) === 0) return { type: 'leave', player: pick(rng, present).name };
  if (rng.int(10) === 0) return { type: 'timeout' };
  switch (s.phase) {
    case 'choosing': {
      const me = present.find((x) => x.name === s.queue[0].player)!;
      const others = present.filter((x) => x !== me);
      if (me.hand.length === 0 || rng.int(4) === 0) return { type: 'hold', player: me.name };
      const card = pick(rng, me.hand);
      // Attackers mostly pile onto the busier lair, so dragons fall often enough to run out.
      const busier = s.lairs[0].laid.length >= s.lairs[1].laid.length ? 1 : 2;
      const lair = rng.int(4) === 0 ? 3 - busier : busier;
      const victim = pick(rng, others).name;
      switch (kindOf(card)) {
        case 'knight':
          return { type: 'play', player: me.name, card, lair };
        case 'wizard': {
          const withCards = others.filter((x) => x.hand.length > 0);
          if (withCards.length > 0 && rng.int(2) === 0) return { type: 'play', player: me.name, card, target: pick(rng, withCards).name };
          return { type: 'play', player: me.name, card, lair };
        }
        case 'thief':
          return { type: 'play', player: me.name, card, target: victim };
        default:
          // Leprechauns drain the bank; sparing them lets long games run long.
          return rng.int(3) === 0 ? { type: 'play', player: me.name, card } : { type: 'hold', player: me.name };
      }
    }
    case 'negotiating': {
      const n = s.negotiation!;
      const who = pick(rng, n.contributors);
      if (n.proposal && !n.accepted.includes(who) && rng.int(3) > 0) return { type: 'agree', player: who };
      let left = n.treasure;
      const shares = n.contributors.map((name, i) => {
        const amount = i === n.contributors.length - 1 ? left : rng.int(left + 1);
        left -= amount;
        return { name, amount };
      });
      return { type: 'split', player: who, shares };
    }
    case 'discarding': {
      const over = present.filter((x) => x.hand.length > s.settings.maxHand);
      const me = pick(rng, over);
      return { type: 'discard', player: me.name, card: pick(rng, me.hand) };
    }
    default:
      throw new Error(`no action for phase ${s.phase}`);
  }
}

function playRandomGame(seed: number, seen: Map<string, number>): { steps: number; reasons: Set<string> } {
  const rng = seededRandom(seed);
  const random = seededRandom(seed + 1_000_000);
  let now = 1_000_000;
  // Small antes run the bank dry, so every way a game ends gets played.
  // Long games get through the dragon pile.
  let state = newTable({ ...defaultSettings, ante: pick(rng, [2, 10, 50, 500]), rounds: pick(rng, [10, 60]) });
  const players = NAMES.slice(0, 2 + rng.int(4));
  for (const p of players) {
    const step = apply(state, { type: 'sit', player: p }, { random, now });
    if (!step.ok) throw new Error(step.reason);
    state = step.state;
  }
  let action: DragonsLairAction = { type: 'start', player: pick(rng, players) };
  let steps = 0;
  const reasons = new Set<string>();
  for (;;) {
    if (action.type === 'timeout') now = Math.max(now, state.deadline ?? now);
    const step = apply(state, action, { random, now });
    if (!step.ok) throw new Error(`seed ${seed}: ${JSON.stringify(action)} refused: ${step.reason}`);
    try {
      checkStep(state, step.state, step.events, step.moves);
      expect(resultsMismatch(step.moves, step.results)).toBeNull();
    } catch (e) {
      throw new Error(`seed ${seed}, step ${steps} ${JSON.stringify(action)}: ${(e as Error).message}`);
    }
    for (const e of step.events) {
      const key = e.type === 'lairRevealed' ? `lairRevealed:${e.outcome}` : e.type === 'reshuffled' ? `reshuffled:${e.pile}` : e.type;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    state = step.state;
    steps++;
    if (action.type === 'start' && seed % 2 === 0) {
      // Half the games begin with most dragons already dead, so the dragon pile runs out.
      state.deadDragons = state.dragonPile.splice(0, state.dragonPile.length - 1);
    }
    if (state.phase === 'over') {
      reasons.add(state.result!.reason);
      return { steps, reasons };
    }
    if (steps > 5_000) throw new Error(`seed ${seed}: the game never ended`);
    action = randomAction(state, rng);
  }
}

/** Every kind of event these games must have produced at least once, or they tested too little. */
const EXPECTED_EVENTS = [
  'awaiting', 'held', 'cardLaid', 'youLaid', 'wizardMission', 'wizardPicked', 'leprechaun', 'thief',
  'lairRevealed:slain', 'lairRevealed:repelled', 'lairRevealed:slain-by-wizards', 'lairRevealed:wizards-repelled',
  'negotiationOpened', 'proposed', 'agreed', 'treasureShared', 'treasureTaken', 'treasureLost', 'levy',
  'reshuffled:draw', 'reshuffled:dragons', 'drew', 'cardsDrawn', 'discardNeeded', 'discarded', 'dragonLaid', 'left', 'gameOver',
];

describe("Dragon's Lair secrecy and conservation over random games", () => {
  it('never shows anyone a card they may not see, in text or in structured state, and never makes or loses a card or a coin', () => {
    const reasons = new Set<string>();
    const seen = new Map<string, number>();
    let steps = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const game = playRandomGame(seed, seen);
      steps += game.steps;
      for (const r of game.reasons) reasons.add(r);
    }
    // The games went somewhere: long enough, and ending in more than one way.
    expect(steps).toBeGreaterThan(80 * 20);
    for (const kind of EXPECTED_EVENTS) expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    expect([...reasons].sort()).toEqual(['bank', 'players', 'rounds']);
    // The structured state showed cards (face-up dragons, the top discard), and none was hidden.
    expect(structuredCardsChecked).toBeGreaterThan(1000);
  });
});
