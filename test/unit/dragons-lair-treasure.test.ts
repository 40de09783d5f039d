/**
 * A Dragon's Lair lair revealed, and its treasure: which knights and wizards beat the dragon and what
 * becomes of them, the die rolled for the treasure, and how the attackers divide it (or lose it).
 */
import { describe, expect, it } from 'vitest';
import { diceValues } from '../../src/games/random.js';
import { cardName } from '../../src/games/dragons-lair/cards.js';
import {
  T0,
  c,
  coinsOf,
  fallenLair,
  fallenLairOfThree,
  handOf,
  hold,
  no,
  ofType,
  ok,
  play,
  run,
  startGame,
  timeout,
  twoPlayers,
} from '../support/dragons-lair-play.js';

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
    const state = fallenLairOfThree();
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
