import { describe, expect, it } from 'vitest';
import { diceValues } from '../../src/games/random.js';
import { cardName, type Card } from '../../src/games/dragons-lair/cards.js';
import { newTable } from '../../src/games/dragons-lair/rules.js';
import { viewFor } from '../../src/games/dragons-lair/view.js';
import { eventMessage } from '../../src/games/dragons-lair/story.js';
import { Voice } from '../../src/games/voice.js';
import { tavernWords } from '../../src/output/words.js';
import { unmarked } from '../../src/text/markup.js';
import { T0, c, ok, startGame, type Run } from '../support/dragons-lair-play.js';
import type { DragonsLairAction, DragonsLairState } from '../../src/games/dragons-lair/rules.js';
import type { DragonsLairView } from '../../src/games/dragons-lair/view.js';
import type { HostWords } from '../../src/games/api.js';
import { loadProfile } from '../../src/dealer/profile.js';
import { dealerWords } from '../../src/dealer/words.js';

function threePlayers(): Run {
  return startGame(['Ana', 'Bo', 'Cy'], {
    hands: { Ana: ['10h', '9h', '2c', '4d'], Bo: ['8h', '5d', '7s', 'ac'], Cy: ['3h', '10d', '9s', '6c'] },
    dragons: ['jc', 'qs'],
    draw: ['2h', '3c', '4s'],
  });
}

function steps(state: DragonsLairState, ...actions: (DragonsLairAction | [DragonsLairAction, number[]])[]): DragonsLairState {
  for (const a of actions) {
    const [action, random] = Array.isArray(a) ? a : [a, []];
    state = ok(state, action, random).state;
  }
  return state;
}

const names = (cards: Card[] | null) => cards?.map(cardName) ?? null;

describe("Dragon's Lair: what each player sees", () => {
  it('shows a player their own hand and only the size of everyone else’s', () => {
    const { state } = threePlayers();
    const ana = viewFor(state, 'Ana');
    expect(names(ana.hand)).toEqual(['10h', '9h', '2c', '4d']);
    expect(ana.players.map((p) => [p.name, p.cards, p.coins, p.dealer])).toEqual([
      ['Ana', 4, 0, true],
      ['Bo', 4, 0, false],
      ['Cy', 4, 0, false],
    ]);
    expect(ana).toMatchObject({ seated: true, bank: 150, turn: 1, rounds: 10, onTurn: 'Ana', pass: 1, drawPile: 28, dragonPile: 10 });
    expect(JSON.stringify(ana)).not.toMatch(/"rank":8,"suit":"hearts"/);
    expect(names(viewFor(state, 'Bo').hand)).toEqual(['8h', '5d', '7s', 'ac']);
  });

  it('tells the player on turn to choose and everyone else whom they wait for', () => {
    const { state } = threePlayers();
    expect(viewFor(state, 'Ana').todo).toEqual({ kind: 'choose', pass: 1, deadline: T0 + 60_000 });
    expect(viewFor(state, 'Bo').todo).toEqual({ kind: 'wait-for-choice', player: 'Ana', pass: 1, deadline: T0 + 60_000 });
  });

  it('shows face-down dragons and cards at a lair only as counts and owners', () => {
    const state = steps(
      threePlayers().state,
      { type: 'play', player: 'Ana', card: c('10h'), lair: 1 },
      { type: 'play', player: 'Bo', card: c('8h'), lair: 1 },
      { type: 'play', player: 'Cy', card: c('10d'), lair: 1 },
      { type: 'play', player: 'Ana', card: c('9h'), lair: 1 },
    );
    for (const viewer of ['Ana', 'Bo', 'Cy', 'Zed']) {
      const view = viewFor(state, viewer);
      expect(view.lairs[0]).toEqual({
        lair: 1,
        dragon: null,
        faceDown: true,
        laid: [{ by: 'Ana', count: 2 }, { by: 'Bo', count: 1 }, { by: 'Cy', count: 1 }],
        cardsLaid: 4,
      });
      const text = JSON.stringify(view);
      for (const hidden of ['jc', 'qs', '10h', '8h', '9h']) {
        const card = c(hidden);
        expect(text).not.toContain(`"rank":${card.rank},"suit":"${card.suit}"`);
      }
    }
  });

  it('shows a dragon once it has been revealed, and the public discard pile', () => {
    // Ana's lone 10 of hearts loses to the jack: discarded, the jack stays face up.
    const state = steps(
      threePlayers().state,
      { type: 'play', player: 'Ana', card: c('10h'), lair: 1 },
      { type: 'hold', player: 'Bo' },
      { type: 'hold', player: 'Cy' },
      { type: 'hold', player: 'Ana' },
      { type: 'hold', player: 'Bo' },
      { type: 'hold', player: 'Cy' },
    );
    const view = viewFor(state, 'Bo');
    expect(view.lairs[0]).toMatchObject({ dragon: { card: c('jc'), value: 13 }, faceDown: false, cardsLaid: 0 });
    expect(view.lairs[1]).toMatchObject({ dragon: null, faceDown: true });
    expect(names(view.discardPile)).toEqual(['10h']);
  });

  it('shows the negotiation and who still has to agree', () => {
    let state = steps(
      threePlayers().state,
      { type: 'play', player: 'Ana', card: c('10h'), lair: 1 },
      { type: 'play', player: 'Bo', card: c('8h'), lair: 1 },
      { type: 'hold', player: 'Cy' },
      { type: 'hold', player: 'Ana' },
      { type: 'hold', player: 'Bo' },
      [{ type: 'hold', player: 'Cy' }, diceValues(5)],
    );
    expect(viewFor(state, 'Ana').todo).toEqual({ kind: 'negotiate', lair: 1, hasProposal: false, deadline: T0 + 10_000 });
    state = steps(state, { type: 'split', player: 'Ana', shares: [{ name: 'Ana', amount: 3 }, { name: 'Bo', amount: 2 }] });
    expect(viewFor(state, 'Bo').todo).toEqual({ kind: 'negotiate', lair: 1, hasProposal: true, deadline: T0 + 10_000 });
    expect(viewFor(state, 'Ana').todo).toEqual({ kind: 'wait-for-agreement', lair: 1, waitingFor: ['Bo'], deadline: T0 + 10_000 });
    expect(viewFor(state, 'Cy').negotiation).toEqual({
      lair: 1,
      roll: 5,
      treasure: 5,
      contributors: ['Ana', 'Bo'],
      proposal: [{ name: 'Ana', amount: 3 }, { name: 'Bo', amount: 2 }],
      proposer: 'Ana',
      accepted: ['Ana'],
      deadline: T0 + 10_000,
    });
  });

  it('asks only the players over four cards to discard', () => {
    // Cy plays nothing and draws a fifth card; Ana and Bo each played one.
    const state = steps(
      threePlayers().state,
      { type: 'play', player: 'Ana', card: c('2c') },
      { type: 'play', player: 'Bo', card: c('ac') },
      { type: 'hold', player: 'Cy' },
      { type: 'hold', player: 'Ana' },
      { type: 'hold', player: 'Bo' },
      { type: 'hold', player: 'Cy' },
    );
    expect(viewFor(state, 'Cy').todo).toEqual({ kind: 'discard', count: 1, deadline: T0 + 30_000 });
    expect(viewFor(state, 'Ana').todo).toEqual({ kind: 'wait-for-discards', players: ['Cy'], deadline: T0 + 30_000 });
  });

  it('gives an onlooker no hand, and a seated player the way to start', () => {
    let table = ok(newTable(), { type: 'sit', player: 'Ana' }).state;
    expect(viewFor(table, 'Zed')).toMatchObject({ seated: false, hand: null, todo: { kind: 'sit', free: 4 } });
    expect(viewFor(table, 'Ana').todo).toEqual({ kind: 'wait-for-players', need: 1 });
    table = ok(table, { type: 'sit', player: 'Bo' }).state;
    expect(viewFor(table, 'Ana').todo).toEqual({ kind: 'start' });
    expect(viewFor(threePlayers().state, 'Zed').hand).toBeNull();
  });

});

describe("Dragon's Lair: how a thief is told", () => {
  const told = (stolen: number, viewer: string) => {
    const message = eventMessage(
      { type: 'thief', player: 'Ana', card: c('8s'), target: 'Bex', stolen },
      T0,
      () => {
        throw new Error('a thief needs nobody’s view');
      },
      tavernWords,
    );
    return unmarked(message!(new Voice(viewer)) ?? '');
  };

  it('says how much was stolen, from whom', () => {
    expect(told(3, 'Zed')).toBe("Ana's thief 8s robs Bex of 3 game coins.");
    expect(told(1, 'Bex')).toBe("Ana's thief 8s robs you of 1 game coin.");
  });

  it('says a target with no game coins had nothing to steal, not "robs Bex of 0 game coins"', () => {
    expect(told(0, 'Zed')).toBe("Ana's thief 8s finds nothing to steal: Bex has no game coins.");
    expect(told(0, 'Bex')).toBe("Ana's thief 8s finds nothing to steal: you have no game coins.");
    expect(told(0, 'Ana')).toBe('Your thief 8s finds nothing to steal: Bex has no game coins.');
  });
});

describe("Dragon's Lair: how a player is told to discard", () => {
  const told = (words: HostWords) => {
    const message = eventMessage({ type: 'discardNeeded', players: [{ name: 'Ana', amount: 1 }], deadline: T0 + 10_000 }, T0, () => ({ hand: [c('8s')] }) as DragonsLairView, words);
    return unmarked(message!(new Voice('Ana')) ?? '');
  };

  it('names the verb as this host takes it: typed at the tavern, whispered to a dealer', () => {
    expect(told(tavernWords)).toMatch(/discard 1 within 10 seconds \(discard <card>\), or the lowest go/);
    expect(told(dealerWords(loadProfile('tinymux'), 'Croupier'))).toMatch(/\(whisper Croupier=discard <card>\), or the lowest go/);
  });
});
