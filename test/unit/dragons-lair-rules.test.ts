import { describe, expect, it } from 'vitest';
import { diceValues } from '../../src/games/random.js';
import { cardName, type Card } from '../../src/games/dragons-lair/cards.js';
import {
  apply,
  defaultSettings,
  isPrivate,
  newTable,
  type DragonsLairEvent,
  type DragonsLairState,
} from '../../src/games/dragons-lair/rules.js';
import type { CoinMove } from '../../src/games/api.js';
import { fixedRandom } from '../../src/games/random.js';
import { T0, c, cs, coinsOf, handOf, holdAll, no, ofType, ok, startGame, type Run } from './dragons-lair-support.js';

/** Two players: Ana deals first. Lair 1 holds the jack of clubs (13), lair 2 the king of diamonds (17). */
function twoPlayers(settings = {}): Run {
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

function threePlayers(settings = {}): Run {
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

const play = (player: string, card: string, more: { lair?: number; target?: string } = {}) =>
  ({ type: 'play', player, card: c(card), ...more }) as const;
const hold = (player: string) => ({ type: 'hold', player }) as const;

/** Runs actions in order (each must succeed), gathering everything that happened. */
function run(state: DragonsLairState, ...steps: (Parameters<typeof ok>[1] | [Parameters<typeof ok>[1], number[]])[]): Run {
  let out: Run = { state, events: [], moves: [] };
  for (const step of steps) {
    const [action, random] = Array.isArray(step) ? step : [step, []];
    const next = ok(out.state, action, random);
    out = { state: next.state, events: [...out.events, ...next.events], moves: [...out.moves, ...next.moves] };
  }
  return out;
}

function timeout(state: DragonsLairState, random: number[] = []): Run {
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

const publicCards = (events: DragonsLairEvent[]) => cardsIn(events.filter((e) => !isPrivate(e))).map(cardName);

function paidOut(moves: CoinMove[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of moves) {
    expect(m.from.kind).toBe('escrow');
    if (m.to.kind === 'player') out[m.to.name] = (out[m.to.name] ?? 0) + m.amount;
  }
  return out;
}

describe("Dragon's Lair: sitting down and starting", () => {
  it('seats up to five players in the order they sit, and only a seated player can start once two sit', () => {
    let state = newTable();
    state = ok(state, { type: 'sit', player: 'Ana' }).state;
    expect(no(state, { type: 'start', player: 'Ana' })).toBe('At least 2 players must sit before the game can start.');
    expect(no(state, { type: 'sit', player: 'Ana' })).toBe('You are already sitting at this table.');
    for (const p of ['Bo', 'Cy', 'Di', 'Ed']) state = ok(state, { type: 'sit', player: p }).state;
    expect(no(state, { type: 'sit', player: 'Fay' })).toBe('All 5 seats are taken.');
    expect(no(state, { type: 'start', player: 'Fay' })).toMatch(/^Sit down at the table first/);
    expect(state.seats.map((s) => s.name)).toEqual(['Ana', 'Bo', 'Cy', 'Di', 'Ed']);
    const left = ok(state, { type: 'leave', player: 'Cy' });
    expect(left.events).toEqual([{ type: 'stood', player: 'Cy' }]);
    expect(left.state.seats.map((s) => s.name)).toEqual(['Ana', 'Bo', 'Di', 'Ed']);
  });

  it('takes an ante from each player into escrow, deals four secret cards each and lays two dragons face down', () => {
    const { state, events, moves } = threePlayers();
    expect(moves).toEqual(
      ['Ana', 'Bo', 'Cy'].map((name) => ({
        from: { kind: 'player', name },
        to: { kind: 'escrow', name },
        amount: 50,
        why: "Dragon's Lair ante",
      })),
    );
    expect(state.bank).toBe(150);
    expect(handOf(state, 'Ana')).toEqual(['10h', '9h', '2c', '4d']);
    expect(handOf(state, 'Cy')).toEqual(['3h', '10d', '9s', '6c']);
    expect(state.drawPile).toHaveLength(40 - 12);
    expect(state.lairs.map((l) => [l.dragon && cardName(l.dragon), l.revealed])).toEqual([['jc', false], ['qs', false]]);
    expect(state.dragonPile).toHaveLength(10);

    const dealt = ofType(events, 'dealt');
    expect(dealt.map((e) => [e.to, e.cards.map(cardName)])).toEqual([
      ['Ana', ['10h', '9h', '2c', '4d']],
      ['Bo', ['8h', '5d', '7s', 'ac']],
      ['Cy', ['3h', '10d', '9s', '6c']],
    ]);
    expect(dealt.every(isPrivate)).toBe(true);
    expect(publicCards(events)).toEqual([]);
    expect(ofType(events, 'dragonLaid').map((e) => e.lair)).toEqual([1, 2]);
    expect(ofType(events, 'turnBegan')).toEqual([{ type: 'turnBegan', turn: 1, dealer: 'Ana' }]);
    expect(ofType(events, 'awaiting')).toEqual([{ type: 'awaiting', player: 'Ana', pass: 1, deadline: T0 + 60_000 }]);
  });

  it('refuses plays before the game starts and seating once it has', () => {
    const table = ok(newTable(), { type: 'sit', player: 'Ana' }).state;
    expect(no(table, hold('Ana'))).toBe('The game has not started; once 2 players sit, type start.');
    const { state } = twoPlayers();
    expect(no(state, { type: 'sit', player: 'Cy' })).toBe('A game is under way; you can sit down when it ends.');
    expect(no(state, { type: 'start', player: 'Ana' })).toBe('The game is already under way.');
  });
});

describe("Dragon's Lair: turn order", () => {
  const order = (events: DragonsLairEvent[]) => ofType(events, 'awaiting').map((e) => `${e.player}${e.pass}`);

  it('goes round twice from the dealer, then the deal moves left', () => {
    const start = threePlayers();
    expect(no(start.state, hold('Bo'))).toBe("It is Ana's turn to play a card or hold.");
    const turn1 = holdAll(start.state);
    expect(order([...start.events, ...turn1.events])).toEqual(['Ana1', 'Bo1', 'Cy1', 'Ana2', 'Bo2', 'Cy2']);
    expect(ofType(turn1.events, 'held').map((e) => e.timedOut)).toEqual([false, false, false, false, false, false]);

    // Everyone drew a fifth card; the clock discards their lowest.
    expect(turn1.state.phase).toBe('discarding');
    const discarded = timeout(turn1.state);
    expect(ofType(discarded.events, 'turnBegan')).toEqual([{ type: 'turnBegan', turn: 2, dealer: 'Bo' }]);
    const turn2 = holdAll(discarded.state);
    expect(order([...discarded.events, ...turn2.events])).toEqual(['Bo1', 'Cy1', 'Ana1', 'Bo2', 'Cy2', 'Ana2']);
    const turn3 = timeout(turn2.state);
    expect(turn3.state.dealer).toBe('Cy');
    expect(order(turn3.events)).toEqual(['Cy1']);
  });

  it('treats a choice left for 60 seconds as a hold, and refuses a timeout that comes early', () => {
    const { state } = twoPlayers();
    expect(no(state, { type: 'timeout' }, T0 + 59_999)).toBe('The clock has not run out yet.');
    const { state: after, events } = timeout(state);
    expect(events).toEqual([
      { type: 'held', player: 'Ana', pass: 1, timedOut: true },
      { type: 'awaiting', player: 'Bo', pass: 1, deadline: T0 + 60_000 + 60_000 },
    ]);
    expect(after.queue[0]).toEqual({ player: 'Bo', pass: 1 });
  });

  it('lets a player play at most one card per pass', () => {
    const { state } = run(twoPlayers().state, play('Ana', '10h', { lair: 1 }));
    expect(no(state, play('Ana', '5h', { lair: 1 }))).toBe("It is Bo's turn to play a card or hold.");
  });
});

describe("Dragon's Lair: playing each kind of card", () => {
  it('lays a knight face down: the table learns who laid a card where, only the owner learns which', () => {
    const { state, events } = run(twoPlayers().state, play('Ana', '10h', { lair: 1 }));
    expect(events).toEqual([
      { type: 'cardLaid', player: 'Ana', lair: 1, pass: 1 },
      { type: 'youLaid', to: 'Ana', card: c('10h'), lair: 1 },
      { type: 'awaiting', player: 'Bo', pass: 1, deadline: T0 + 60_000 },
    ]);
    expect(publicCards(events)).toEqual([]);
    expect(state.lairs[0].laid).toEqual([{ by: 'Ana', card: c('10h') }]);
    expect(handOf(state, 'Ana')).toEqual(['5h', '10d', '3c']);
  });

  it('explains what a knight, wizard, leprechaun and thief each need', () => {
    const { state } = twoPlayers();
    expect(no(state, play('Ana', '10h'))).toBe('A knight needs a lair: play 10h lair 1 or play 10h lair 2.');
    expect(no(state, play('Ana', '10h', { lair: 3 }))).toBe('There are only two lairs: play 10h lair 1 or play 10h lair 2.');
    expect(no(state, play('Ana', '10h', { target: 'Bo' }))).toMatch(/^A knight attacks a dragon, not a player/);
    expect(no(state, play('Ana', '10d'))).toMatch(/^A wizard needs a lair or a target/);
    expect(no(state, play('Ana', '10d', { lair: 1, target: 'Bo' }))).toMatch(/^Send a wizard to a lair or against a player, not both/);
    expect(no(state, play('Ana', '10d', { target: 'Ana' }))).toMatch(/^You can't use your own cards against yourself/);
    expect(no(state, play('Ana', '10d', { target: 'Zed' }))).toBe('No player called Zed is playing at this table.');
    expect(no(state, play('Ana', '3c', { lair: 1 }))).toBe('A leprechaun needs no lair or target: play 3c.');
    expect(no(state, play('Ana', '7h', { lair: 1 }))).toBe('You hold no 7h; type hand to see your cards.');
    expect(no(state, play('Ana', 'qs', { lair: 1 }))).toBe('You hold no qs; type hand to see your cards.');
    expect(no(state, play('Cy', '7h', { lair: 1 }))).toBe('You are not playing at this table.');
    const bosTurn = run(state, hold('Ana')).state;
    expect(no(bosTurn, play('Bo', '8s'))).toBe('A thief needs a target: play 8s <player>.');
    expect(no(bosTurn, play('Bo', '8s', { lair: 2 }))).toBe('A thief robs a player, not a lair: play 8s <player>.');
    expect(no(bosTurn, play('Bo', '8s', { target: 'bo' }))).toMatch(/^You can't use your own cards against yourself/);
  });

  it('pays a leprechaun its value from the bank, and a thief takes up to its value but never more than the target has', () => {
    const { state, events } = run(
      twoPlayers().state,
      play('Ana', '3c'),
      play('Bo', '8s', { target: 'ana' }), // names are read in any case
    );
    expect(ofType(events, 'leprechaun')).toEqual([{ type: 'leprechaun', player: 'Ana', card: c('3c'), paid: 3, bank: 97 }]);
    expect(ofType(events, 'thief')).toEqual([{ type: 'thief', player: 'Bo', card: c('8s'), target: 'Ana', stolen: 3 }]);
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo'), state.bank]).toEqual([0, 3, 97]);
    expect(state.discardPile.map(cardName)).toEqual(['3c', '8s']);
  });

  it('lets a thief take its full value from a richer target', () => {
    const start = twoPlayers().state;
    start.seats[0].coins = 20;
    start.bank -= 20;
    const { state } = run(start, hold('Ana'), play('Bo', '8s', { target: 'Ana' }));
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo')]).toEqual([12, 8]);
  });

  it('sends a wizard on a mission: a random card from the target, both discarded when the wizard is as high or higher', () => {
    // The wizard picks Bo's third card, the 8 of spades; 10 beats 8.
    const { state, events } = run(twoPlayers().state, [play('Ana', '10d', { target: 'Bo' }), [2]]);
    expect(ofType(events, 'wizardMission')).toEqual([
      { type: 'wizardMission', player: 'Ana', wizard: c('10d'), target: 'Bo', killed: c('8s') },
    ]);
    expect(handOf(state, 'Bo')).toEqual(['3h', '5d', '2c']);
    expect(state.discardPile.map(cardName)).toEqual(['10d', '8s']);
    expect(ofType(events, 'wizardPicked')).toEqual([]);
  });

  it('lets the wizard win a tie', () => {
    // Bo's 5 of diamonds picks Ana's 5 of hearts.
    const { state, events } = run(twoPlayers().state, hold('Ana'), [play('Bo', '5d', { target: 'Ana' }), [1]]);
    expect(ofType(events, 'wizardMission')[0].killed).toEqual(c('5h'));
    expect(handOf(state, 'Ana')).toEqual(['10h', '10d', '3c']);
  });

  it('discards only a beaten wizard, and only its owner and the target learn which card it picked', () => {
    const { state, events } = run(twoPlayers().state, hold('Ana'), [play('Bo', '5d', { target: 'Ana' }), [0]]);
    expect(ofType(events, 'wizardMission')).toEqual([
      { type: 'wizardMission', player: 'Bo', wizard: c('5d'), target: 'Ana', killed: null },
    ]);
    expect(ofType(events, 'wizardPicked')).toEqual([
      { type: 'wizardPicked', to: 'Bo', player: 'Bo', target: 'Ana', card: c('10h') },
      { type: 'wizardPicked', to: 'Ana', player: 'Bo', target: 'Ana', card: c('10h') },
    ]);
    expect(publicCards(events)).toEqual(['5d']);
    expect(handOf(state, 'Ana')).toEqual(['10h', '5h', '10d', '3c']);
    expect(state.discardPile.map(cardName)).toEqual(['5d']);
  });

  it('will not send a wizard against an empty hand', () => {
    const start = twoPlayers().state;
    start.discardPile.push(...start.seats[1].hand);
    start.seats[1].hand = [];
    expect(no(start, play('Ana', '10d', { target: 'Bo' }))).toBe('Bo holds no cards for a wizard to take.');
  });
});

describe("Dragon's Lair: the reveal", () => {
  it('knights that beat the dragon go home, wizards beside them are discarded, and one die is the treasure', () => {
    // 10 + 5 = 15 beats the jack's 13.
    const { state, events } = run(
      twoPlayers().state,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '5d', { lair: 1 }),
      hold('Ana'),
      [hold('Bo'), diceValues(4)],
    );
    expect(ofType(events, 'lairRevealed')).toEqual([
      {
        type: 'lairRevealed',
        lair: 1,
        dragon: c('jc'),
        laid: [{ by: 'Ana', card: c('10h') }, { by: 'Bo', card: c('5d') }],
        total: 15,
        outcome: 'slain',
        returned: [{ by: 'Ana', card: c('10h') }],
        discarded: [c('5d')],
        roll: 4,
      },
    ]);
    expect(handOf(state, 'Ana')).toEqual(['5h', '10d', '3c', '10h']);
    expect(state.discardPile.map(cardName)).toEqual(['5d']);
    expect(state.deadDragons.map(cardName)).toEqual(['jc']);
    expect(state.lairs[0]).toEqual({ dragon: null, revealed: false, laid: [] });
    expect(ofType(events, 'negotiationOpened')).toEqual([
      { type: 'negotiationOpened', lair: 1, roll: 4, treasure: 4, contributors: ['Ana', 'Bo'], deadline: T0 + 10_000 },
    ]);
    expect(state.phase).toBe('negotiating');
  });

  it('a total equal to the dragon is not enough: knights and wizards are lost and the dragon stays face up', () => {
    const { state, events } = run(
      twoPlayers().state,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '3h', { lair: 1 }),
      play('Ana', '5h', { lair: 2 }),
      play('Bo', '5d', { lair: 2 }),
    );
    const revealed = ofType(events, 'lairRevealed');
    expect(revealed.map((e) => [e.lair, e.total, e.outcome, e.roll])).toEqual([
      [1, 13, 'repelled', null],
      [2, 10, 'repelled', null],
    ]);
    expect(revealed.flatMap((e) => e.returned)).toEqual([]);
    expect(state.discardPile.map(cardName)).toEqual(['10h', '3h', '5h', '5d']);
    expect(state.lairs.map((l) => [cardName(l.dragon!), l.revealed])).toEqual([['jc', true], ['kd', true]]);
  });

  it('wizards alone that beat the dragon kill it but win no treasure, and go home', () => {
    // No die is rolled: fixedRandom would run out if one were.
    const { state, events } = run(
      twoPlayers().state,
      play('Ana', '10d', { lair: 1 }),
      play('Bo', '5d', { lair: 1 }),
      hold('Ana'),
      hold('Bo'),
    );
    const [revealed] = ofType(events, 'lairRevealed');
    expect([revealed.outcome, revealed.roll, revealed.discarded]).toEqual(['slain-by-wizards', null, []]);
    expect(handOf(state, 'Ana')).toContain('10d');
    expect(handOf(state, 'Bo')).toContain('5d');
    expect(state.deadDragons.map(cardName)).toEqual(['jc']);
    expect(ofType(events, 'negotiationOpened')).toEqual([]);
    expect(coinsOf(state, 'Ana')).toBe(1); // only the levy
  });

  it('wizards alone that lose go home, and the dragon they met stays face up', () => {
    const { state, events } = run(twoPlayers().state, play('Ana', '10d', { lair: 2 }), hold('Bo'), hold('Ana'), hold('Bo'));
    expect(ofType(events, 'lairRevealed')[0]).toMatchObject({ lair: 2, dragon: c('kd'), outcome: 'wizards-repelled' });
    expect(handOf(state, 'Ana')).toContain('10d');
    expect(state.lairs[1]).toEqual({ dragon: c('kd'), revealed: true, laid: [] });
  });

  it('a lone attacker takes the whole treasure without negotiating', () => {
    const { state, events } = run(
      twoPlayers().state,
      play('Ana', '10h', { lair: 1 }),
      hold('Bo'),
      play('Ana', '5h', { lair: 1 }),
      [hold('Bo'), diceValues(6)],
    );
    expect(ofType(events, 'treasureTaken')).toEqual([
      { type: 'treasureTaken', lair: 1, player: 'Ana', roll: 6, amount: 6, bank: 94 },
    ]);
    expect(handOf(state, 'Ana')).toEqual(['10d', '3c', '10h', '5h', '6h']);
    expect(coinsOf(state, 'Ana')).toBe(6 + 1);
    expect(state.bank).toBe(100 - 6 - 2);
  });
});

/** Two players attacked lair 1 together; it fell to a treasure of 4, and their split is open. */
function fallenLair(): DragonsLairState {
  return run(
    twoPlayers().state,
    play('Ana', '10h', { lair: 1 }),
    play('Bo', '5d', { lair: 1 }),
    hold('Ana'),
    [hold('Bo'), diceValues(4)],
  ).state;
}

describe("Dragon's Lair: dividing the treasure", () => {
  const split = (player: string, ...pairs: [string, number][]) =>
    ({ type: 'split', player, shares: pairs.map(([name, amount]) => ({ name, amount })) }) as const;

  it('settles as soon as everyone accepts the same proposal, then the turn ends', () => {
    const proposed = ok(fallenLair(), split('Ana', ['Ana', 3], ['bo', 1]));
    expect(proposed.events).toEqual([
      {
        type: 'proposed',
        lair: 1,
        player: 'Ana',
        shares: [{ name: 'Ana', amount: 3 }, { name: 'Bo', amount: 1 }],
        waitingFor: ['Bo'],
        deadline: T0 + 10_000,
      },
    ]);
    const { state, events } = ok(proposed.state, { type: 'agree', player: 'Bo' });
    expect(events.slice(0, 2)).toEqual([
      { type: 'agreed', lair: 1, player: 'Bo', waitingFor: [] },
      { type: 'treasureShared', lair: 1, shares: [{ name: 'Ana', amount: 3 }, { name: 'Bo', amount: 1 }], bank: 96 },
    ]);
    expect(ofType(events, 'levy')).toEqual([
      { type: 'levy', paid: [{ name: 'Ana', amount: 1 }, { name: 'Bo', amount: 1 }], bank: 94 },
    ]);
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo'), state.bank]).toEqual([4, 2, 94]);
    expect(state.negotiation).toBeNull();
  });

  it('a new proposal cancels every earlier acceptance', () => {
    const first = ok(fallenLair(), split('Ana', ['Ana', 4], ['Bo', 0])).state;
    const second = ok(first, split('Bo', ['Ana', 2], ['Bo', 2])).state;
    expect(second.negotiation).toMatchObject({ proposer: 'Bo', accepted: ['Bo'] });
    expect(no(second, { type: 'agree', player: 'Bo' })).toBe('You have already agreed; waiting for Ana.');
    const { state, events } = ok(second, { type: 'agree', player: 'Ana' });
    expect(ofType(events, 'treasureShared')[0].shares).toEqual([{ name: 'Ana', amount: 2 }, { name: 'Bo', amount: 2 }]);
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo')]).toEqual([3, 3]);
  });

  it('gives each new proposal the whole time again, and tells who still has to agree', () => {
    const opened = fallenLair();
    expect(opened.deadline).toBe(T0 + 10_000);
    const first = ok(opened, split('Ana', ['Ana', 4], ['Bo', 0]), [], T0 + 6_000);
    expect(first.state.deadline).toBe(T0 + 16_000);
    expect(first.state.negotiation?.deadline).toBe(T0 + 16_000);
    expect(no(first.state, { type: 'timeout' }, T0 + 10_000)).toBe('The clock has not run out yet.');
    const second = ok(first.state, split('Bo', ['Ana', 2], ['Bo', 2]), [], T0 + 15_000);
    expect(second.events).toMatchObject([{ type: 'proposed', player: 'Bo', waitingFor: ['Ana'], deadline: T0 + 25_000 }]);
    // Agreeing does not buy time: only a proposal does.
    expect(second.state.deadline).toBe(T0 + 25_000);
  });

  it('refuses proposals that do not share exactly the treasure among exactly the attackers', () => {
    const state = fallenLair();
    expect(no(state, split('Ana', ['Ana', 3], ['Bo', 2]))).toBe('Those shares add up to 5; the treasure is 4 game coins.');
    expect(no(state, split('Ana', ['Ana', 4]))).toBe('Give Bo a share too (0 is allowed): split Ana <coins> Bo <coins>.');
    expect(no(state, split('Ana', ['Ana', 2], ['Cy', 2]))).toBe('Cy did not attack lair 1; share it among Ana and Bo.');
    expect(no(state, split('Ana', ['Ana', 2], ['ana', 2]))).toBe('You named Ana twice; name each attacker once.');
    expect(no(state, split('Ana', ['Ana', 5], ['Bo', -1]))).toBe('Shares are whole numbers of coins, 0 or more.');
    expect(no(state, split('Ana', ['Ana', 2.5], ['Bo', 1.5]))).toBe('Shares are whole numbers of coins, 0 or more.');
    expect(no(state, split('Ana'))).toBe("Name everyone's share of the 4 game coins: split Ana <coins> Bo <coins>.");
    // One coin is one coin (issue 26: "the treasure is 1 coins").
    const one = { ...state, negotiation: { ...state.negotiation!, treasure: 1 } };
    expect(no(one, split('Ana', ['Ana', 1], ['Bo', 1]))).toBe('Those shares add up to 2; the treasure is 1 game coin.');
    expect(no(one, split('Ana'))).toBe("Name everyone's share of the 1 game coin: split Ana <coins> Bo <coins>.");
    expect(no(state, { type: 'agree', player: 'Bo' })).toMatch(/^Nobody has proposed a split yet/);
    expect(no(state, hold('Ana'))).toBe('Wait: Ana and Bo are dividing the treasure of lair 1.');
  });

  it('keeps players who did not attack out of the split', () => {
    const { state } = run(
      threePlayers().state,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '8h', { lair: 1 }),
      hold('Cy'),
      hold('Ana'),
      hold('Bo'),
      [hold('Cy'), diceValues(5)],
    );
    expect(state.negotiation?.contributors).toEqual(['Ana', 'Bo']);
    expect(no(state, split('Cy', ['Ana', 0], ['Bo', 5]))).toBe('Only Ana and Bo attacked lair 1; they divide its treasure.');
    expect(no(state, { type: 'agree', player: 'Cy' })).toBe('Only Ana and Bo attacked lair 1; they divide its treasure.');
  });

  it('gives nobody the treasure when time runs out without agreement: it stays in the bank', () => {
    const proposed = ok(fallenLair(), split('Ana', ['Ana', 4], ['Bo', 0])).state;
    expect(no(proposed, { type: 'timeout' }, T0 + 9_999)).toBe('The clock has not run out yet.');
    const { state, events } = timeout(proposed);
    expect(events[0]).toEqual({ type: 'treasureLost', lair: 1, treasure: 4, reason: 'no-agreement' });
    expect([coinsOf(state, 'Ana'), coinsOf(state, 'Bo'), state.bank]).toEqual([1, 1, 98]);
  });

  it('divides two fallen lairs one after another', () => {
    const start = startGame(['Ana', 'Bo'], {
      hands: { Ana: ['10h', '9h', '2c', '3c'], Bo: ['8h', '6h', '4c', '5c'] },
      dragons: ['jc', 'jd'],
    }).state;
    const fallen = run(
      start,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '8h', { lair: 1 }),
      play('Ana', '9h', { lair: 2 }),
      [play('Bo', '6h', { lair: 2 }), diceValues(2, 5)],
    );
    expect(ofType(fallen.events, 'negotiationOpened').map((e) => [e.lair, e.treasure])).toEqual([[1, 2]]);
    const firstDone = run(fallen.state, split('Bo', ['Ana', 1], ['Bo', 1]), { type: 'agree', player: 'Ana' });
    expect(ofType(firstDone.events, 'negotiationOpened').map((e) => [e.lair, e.treasure])).toEqual([[2, 5]]);
    expect(firstDone.state.negotiation?.lair).toBe(2);
    const secondLost = timeout(firstDone.state);
    expect(secondLost.events[0]).toMatchObject({ type: 'treasureLost', lair: 2, treasure: 5 });
    expect(ofType(secondLost.events, 'levy')).toHaveLength(1);
  });

  it('caps the treasure at what is left in the bank', () => {
    const start = twoPlayers().state;
    start.seats[1].coins = 98;
    start.bank = 2;
    const { state, events } = run(
      start,
      play('Ana', '10h', { lair: 1 }),
      hold('Bo'),
      play('Ana', '5h', { lair: 1 }),
      [hold('Bo'), diceValues(6)],
    );
    expect(ofType(events, 'treasureTaken')).toEqual([
      { type: 'treasureTaken', lair: 1, player: 'Ana', roll: 6, amount: 2, bank: 0 },
    ]);
    expect(state.phase).toBe('over');
    expect(state.result?.reason).toBe('bank');
  });
});

describe("Dragon's Lair: the end of a turn", () => {
  it('pays the levy, deals one secret card each, and has players over four cards discard', () => {
    const { state, events } = run(twoPlayers().state, play('Ana', '3c'), hold('Bo'), hold('Ana'), hold('Bo'));
    expect(ofType(events, 'drew')).toEqual([
      { type: 'drew', to: 'Ana', card: c('6h') },
      { type: 'drew', to: 'Bo', card: c('7h') },
    ]);
    expect(ofType(events, 'cardsDrawn')).toEqual([{ type: 'cardsDrawn', players: ['Ana', 'Bo'], drawPile: 30 }]);
    expect(publicCards(events)).toEqual(['3c']);
    expect(ofType(events, 'discardNeeded')).toEqual([
      { type: 'discardNeeded', players: [{ name: 'Bo', amount: 1 }], deadline: T0 + 30_000 },
    ]);
    expect(state.phase).toBe('discarding');

    expect(no(state, { type: 'discard', player: 'Ana', card: c('6h') })).toBe(
      'You hold 4 cards or fewer already; wait for the others.',
    );
    expect(no(state, { type: 'discard', player: 'Bo', card: c('9c') })).toBe('You hold no 9c; type hand to see your cards.');
    expect(no(state, hold('Bo'))).toBe('Wait: players are discarding down to 4 cards.');
    const after = ok(state, { type: 'discard', player: 'Bo', card: c('8s') });
    expect(after.events[0]).toEqual({ type: 'discarded', player: 'Bo', cards: [c('8s')], timedOut: false });
    expect(handOf(after.state, 'Bo')).toEqual(['3h', '5d', '2c', '7h']);
    expect(after.state.phase).toBe('choosing');
    expect(ofType(after.events, 'turnBegan')).toEqual([{ type: 'turnBegan', turn: 2, dealer: 'Bo' }]);
  });

  it('refuses a discard in the middle of a turn', () => {
    expect(no(twoPlayers().state, { type: 'discard', player: 'Ana', card: c('3c') })).toBe(
      'You only discard at the end of a turn, when you hold more than 4 cards.',
    );
  });

  it('discards the lowest cards of whoever is still over four when the 30 seconds run out', () => {
    const { state } = holdAll(twoPlayers().state);
    expect(no(state, { type: 'timeout' }, T0 + 29_999)).toBe('The clock has not run out yet.');
    const { state: after, events } = timeout(state);
    expect(ofType(events, 'discarded')).toEqual([
      { type: 'discarded', player: 'Ana', cards: [c('3c')], timedOut: true },
      { type: 'discarded', player: 'Bo', cards: [c('2c')], timedOut: true },
    ]);
    expect(handOf(after, 'Ana')).toEqual(['10h', '5h', '10d', '6h']);
  });

  it('reshuffles the discard pile into the draw pile when it holds fewer cards than players', () => {
    const start = twoPlayers().state;
    start.discardPile = start.drawPile.slice(1);
    start.drawPile = start.drawPile.slice(0, 1);
    const identity = (n: number) => Array.from({ length: n - 1 }, (_, i) => n - 1 - i);
    const { state, events } = holdAll(start, identity(32));
    expect(ofType(events, 'reshuffled')).toEqual([{ type: 'reshuffled', pile: 'draw', cards: 32 }]);
    expect(ofType(events, 'drew').map((e) => cardName(e.card))).toEqual(['6h', '7h']);
    expect(state.drawPile).toHaveLength(30);
    expect(state.discardPile).toEqual([]);
  });

  it('lays a new dragon face down after a kill, reshuffling the dead dragons when the pile is empty', () => {
    const start = twoPlayers().state;
    start.deadDragons = start.dragonPile;
    start.dragonPile = [];
    const killed = run(start, play('Ana', '10d', { lair: 1 }), play('Bo', '5d', { lair: 1 }), hold('Ana'), hold('Bo'));
    expect(killed.state.phase).toBe('discarding');
    expect(killed.state.lairs[0].dragon).toBeNull();
    // The 10 dead dragons and the jack of clubs, in that order (an identity shuffle).
    const identity = Array.from({ length: 10 }, (_, i) => 10 - i);
    const { state, events } = run(
      killed.state,
      { type: 'discard', player: 'Ana', card: c('3c') },
      [{ type: 'discard', player: 'Bo', card: c('2c') }, identity],
    );
    expect(ofType(events, 'reshuffled')).toEqual([{ type: 'reshuffled', pile: 'dragons', cards: 11 }]);
    expect(ofType(events, 'dragonLaid')).toEqual([{ type: 'dragonLaid', lair: 1 }]);
    expect(state.lairs[0]).toEqual({ dragon: c('qh'), revealed: false, laid: [] });
    expect(state.dragonPile).toHaveLength(10);
    expect(state.deadDragons).toEqual([]);
    expect(publicCards(events)).toEqual(['3c', '2c']);
  });
});

describe("Dragon's Lair: the end of the game", () => {
  function totalOf(r: Record<string, number>): number {
    return Object.values(r).reduce((a, b) => a + b, 0);
  }

  it('ends after the last round: game coins plus an even share of the bank, exactly the antes paid out', () => {
    const turn1 = run(twoPlayers({ rounds: 2 }).state, play('Ana', '3c'), hold('Bo'), hold('Ana'), hold('Bo'));
    const turn2 = holdAll(timeout(turn1.state).state);
    const [over] = ofType(turn2.events, 'gameOver');
    // Ana: 3 (leprechaun) + 2 (levies); Bo: 2 levies; bank 100 - 3 - 4 = 93 = 46 + 46 + 1 odd coin to Ana.
    expect(over.result).toEqual({ reason: 'rounds', coins: { Ana: 5, Bo: 2 }, bankLeft: 93, payouts: { Ana: 52, Bo: 48 } });
    expect(paidOut(turn2.moves)).toEqual({ Ana: 52, Bo: 48 });
    expect(totalOf(paidOut(turn2.moves))).toBe(100);
    expect(turn2.state.phase).toBe('over');
    expect(turn2.state.seats.map((s) => [s.name, s.hand.length, s.coins])).toEqual([['Ana', 0, 0], ['Bo', 0, 0]]);
  });

  it('shares the odd coins of the bank in seat order', () => {
    const { events } = run(threePlayers({ rounds: 1 }).state, play('Ana', '2c'), hold('Bo'), hold('Cy'), hold('Ana'), hold('Bo'), hold('Cy'));
    // Bank 150 - 2 - 3 = 145: 48 each and one odd coin, to Ana in the first seat.
    expect(ofType(events, 'gameOver')[0].result.payouts).toEqual({ Ana: 2 + 1 + 49, Bo: 1 + 48, Cy: 1 + 48 });
  });

  it('ends the moment the bank runs dry', () => {
    const { state, events, moves } = run(twoPlayers({ ante: 1 }).state, play('Ana', '3c'));
    expect(ofType(events, 'leprechaun')[0]).toMatchObject({ paid: 2, bank: 0 });
    expect(ofType(events, 'gameOver')[0].result).toEqual({ reason: 'bank', coins: { Ana: 2, Bo: 0 }, bankLeft: 0, payouts: { Ana: 2, Bo: 0 } });
    expect(moves).toEqual([
      { from: { kind: 'escrow', name: 'Ana' }, to: { kind: 'player', name: 'Ana' }, amount: 1, why: "Dragon's Lair settlement" },
      { from: { kind: 'escrow', name: 'Bo' }, to: { kind: 'player', name: 'Ana' }, amount: 1, why: "Dragon's Lair settlement" },
    ]);
    expect(state.phase).toBe('over');
    expect(no(state, hold('Ana'))).toBe('The game is over; type start to play again.');
  });

  it('ends when the levy empties the bank', () => {
    const { events } = holdAll(twoPlayers({ ante: 1 }).state);
    expect(ofType(events, 'gameOver')[0].result).toMatchObject({ reason: 'bank', payouts: { Ana: 1, Bo: 1 } });
    expect(ofType(events, 'drew')).toEqual([]);
  });

  it('lets the same players start a new game', () => {
    const over = run(twoPlayers({ ante: 1 }).state, play('Ana', '3c')).state;
    const again = apply(over, { type: 'start', player: 'Bo' }, { random: fixedRandom(new Array(39 + 11).fill(0)), now: T0 });
    expect(again.ok && again.state.phase).toBe('choosing');
    expect(again.ok && again.state.bank).toBe(2);
    expect(again.ok && again.state.result).toBeNull();
  });
});

describe("Dragon's Lair: a player who leaves mid-game", () => {
  it('has their hand discarded face up, holds every remaining choice, and still shares in the settlement', () => {
    const started = threePlayers({ rounds: 1 });
    const atBo = run(started.state, play('Ana', '2c')).state;
    const left = ok(atBo, { type: 'leave', player: 'Bo' });
    expect(left.events).toEqual([
      { type: 'left', player: 'Bo', cause: 'asked', discarded: cs('8h', '5d', '7s', 'ac') },
      { type: 'awaiting', player: 'Cy', pass: 1, deadline: T0 + 60_000 },
    ]);
    expect(left.state.queue.map((q) => q.player)).toEqual(['Cy', 'Ana', 'Cy']);
    expect(no(left.state, play('Cy', '9s', { target: 'Bo' }))).toBe('No player called Bo is playing at this table.');
    expect(no(left.state, hold('Bo'))).toBe('You are not playing at this table.');
    const { events } = run(left.state, hold('Cy'), hold('Ana'), hold('Cy'));
    expect(ofType(events, 'levy')[0].paid.map((p) => p.name)).toEqual(['Ana', 'Cy']);
    // Bank 150 - 2 - 2 = 146: 48 each plus two odd coins for Ana and Bo.
    expect(ofType(events, 'gameOver')[0].result.payouts).toEqual({ Ana: 2 + 1 + 49, Bo: 49, Cy: 1 + 48 });
  });

  it('ends the game when only one player is left', () => {
    const { state, events, moves } = ok(twoPlayers().state, { type: 'leave', player: 'Ana', cause: 'disconnected' });
    expect(ofType(events, 'gameOver')[0].result).toEqual({ reason: 'players', coins: { Ana: 0, Bo: 0 }, bankLeft: 100, payouts: { Ana: 50, Bo: 50 } });
    expect(paidOut(moves)).toEqual({ Ana: 50, Bo: 50 });
    expect(state.seats.map((s) => s.name)).toEqual(['Bo']);
  });

  it('leaves the treasure to the other attacker when one walks out of the negotiation', () => {
    const fallen = run(
      threePlayers().state,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '8h', { lair: 1 }),
      hold('Cy'),
      hold('Ana'),
      hold('Bo'),
      [hold('Cy'), diceValues(5)],
    ).state;
    const { state, events } = ok(fallen, { type: 'leave', player: 'Bo' });
    expect(ofType(events, 'treasureTaken')).toEqual([
      { type: 'treasureTaken', lair: 1, player: 'Ana', roll: 5, amount: 5, bank: 145 },
    ]);
    expect(coinsOf(state, 'Ana')).toBe(5 + 1);
  });

  it('in a game of two, leaves the treasure to the other attacker before the game is settled', () => {
    const { events, moves } = ok(fallenLair(), { type: 'leave', player: 'Bo' });
    expect(ofType(events, 'treasureTaken')).toEqual([{ type: 'treasureTaken', lair: 1, player: 'Ana', roll: 4, amount: 4, bank: 96 }]);
    // The game ends before the turn does (no levy): Ana 4 + 48 of the 96 left, Bo 48.
    expect(ofType(events, 'gameOver')[0].result).toEqual({ reason: 'players', coins: { Ana: 4, Bo: 0 }, bankLeft: 96, payouts: { Ana: 52, Bo: 48 } });
    expect(paidOut(moves)).toEqual({ Ana: 52, Bo: 48 });
  });

  it('in a game of two, gives the lone attacker left every fallen lair of the reveal, the one being split and the one waiting', () => {
    const start = startGame(['Ana', 'Bo'], {
      hands: { Ana: ['10h', '9h', '2c', '3c'], Bo: ['8h', '6h', '4c', '5c'] },
      dragons: ['jc', 'jd'],
    }).state;
    const fallen = run(start, play('Ana', '10h', { lair: 1 }), play('Bo', '8h', { lair: 1 }), play('Ana', '9h', { lair: 2 }), [play('Bo', '6h', { lair: 2 }), diceValues(2, 5)]);
    expect(fallen.state.negotiation?.lair).toBe(1);
    const { events } = ok(fallen.state, { type: 'leave', player: 'Ana' });
    expect(ofType(events, 'treasureTaken').map((e) => [e.lair, e.player, e.amount])).toEqual([[1, 'Bo', 2], [2, 'Bo', 5]]);
    expect(ofType(events, 'gameOver')[0].result).toMatchObject({ coins: { Ana: 0, Bo: 7 }, bankLeft: 93 });
  });

  it('returns the knights of a player who left to the discard pile instead of their hand', () => {
    const { state, events } = run(
      threePlayers().state,
      play('Ana', '10h', { lair: 1 }),
      play('Bo', '8h', { lair: 1 }),
      { type: 'leave', player: 'Bo' },
      hold('Cy'),
      hold('Ana'),
      [hold('Cy'), diceValues(3)],
    );
    const revealed = ofType(events, 'lairRevealed')[0];
    expect(revealed.returned).toEqual([{ by: 'Ana', card: c('10h') }]);
    expect(revealed.discarded.map(cardName)).toEqual(['8h']);
    expect(state.discardPile.map(cardName)).toContain('8h');
    expect(ofType(events, 'treasureTaken')[0]).toMatchObject({ player: 'Ana', amount: 3 });
  });
});

describe("Dragon's Lair: settings", () => {
  it('defaults to the numbers of docs/games.md', () => {
    expect(defaultSettings).toEqual({
      ante: 50,
      rounds: 10,
      choiceMs: 60_000,
      negotiationMs: 10_000,
      discardMs: 30_000,
      maxHand: 4,
      minPlayers: 2,
      maxPlayers: 5,
    });
  });

  it('never changes the state it was given', () => {
    const { state } = twoPlayers();
    const before = structuredClone(state);
    apply(state, play('Ana', '10h', { lair: 1 }), { random: fixedRandom([]), now: T0 });
    expect(state).toEqual(before);
  });
});

describe("Dragon's Lair: the deck order, as the provably fair scheme needs it (docs/rulings.md)", () => {
  /** The values that make every swap of a Fisher-Yates shuffle of n cards a no-op: the order before the shuffle. */
  const identity = (n: number) => Array.from({ length: n - 1 }, (_, i) => n - 1 - i);

  it('shuffles the draw pile, then the dragons, from their order by suit and rank, and deals a card at a time from seat 1', () => {
    let state = newTable();
    for (const p of ['Ana', 'Bo', 'Cy']) state = ok(state, { type: 'sit', player: p }).state;
    const values = [...identity(40), ...identity(12)];
    let drawn = 0;
    const source = fixedRandom(values);
    const counting = { int: (n: number) => (drawn++, source.int(n)) };
    const step = apply(state, { type: 'start', player: 'Ana' }, { random: counting, now: T0 });
    if (!step.ok) throw new Error(step.reason);
    // Two shuffles and nothing else: 39 swaps for the 40 number cards, 11 for the 12 dragons.
    expect(drawn).toBe(39 + 11);
    // Hearts, diamonds, clubs, spades, each ace to ten: ah 2h 3h ... so round the table from seat 1.
    expect(handOf(step.state, 'Ana')).toEqual(['ah', '4h', '7h', '10h']);
    expect(handOf(step.state, 'Bo')).toEqual(['2h', '5h', '8h', 'ad']);
    expect(handOf(step.state, 'Cy')).toEqual(['3h', '6h', '9h', '2d']);
    expect(step.state.drawPile.slice(0, 2).map(cardName)).toEqual(['3d', '4d']);
    // Dragons jack, queen, king of each suit: the top two go to lair 1 and lair 2.
    expect(step.state.lairs.map((l) => cardName(l.dragon!))).toEqual(['jh', 'qh']);
    expect(step.state.dragonPile.map(cardName).slice(0, 2)).toEqual(['kh', 'jd']);
  });

  it('reshuffles the cards left in the draw pile, then the discards in the order they were discarded', () => {
    const start = twoPlayers().state;
    const [top, ...others] = start.drawPile;
    // One card left to draw; the discards, in the order they were discarded: 9c, 4c, 7h, then the rest.
    const first = cs('9c', '4c', '7h');
    start.drawPile = [top];
    start.discardPile = [...first, ...others.filter((card) => !first.some((f) => cardName(f) === cardName(card)))];
    const order = [cardName(start.drawPile[0]), ...start.discardPile.map(cardName)];
    const { state, events } = holdAll(start, identity(order.length));
    expect(ofType(events, 'reshuffled')).toEqual([{ type: 'reshuffled', pile: 'draw', cards: order.length }]);
    // Ana deals, so she draws first: the old top card, then the first card discarded.
    expect(ofType(events, 'drew').map((e) => [e.to, cardName(e.card)])).toEqual([['Ana', order[0]], ['Bo', '9c']]);
    expect(state.drawPile.map(cardName)).toEqual(order.slice(2));
  });
});
