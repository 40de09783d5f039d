import { settingsOf } from '../../src/games/settings.js';
import { describe, expect, it } from 'vitest';
import { dragonsLair } from '../../src/games/dragons-lair/table.js';
import { dragonCards, numberCards, sameCard, type Card } from '../../src/games/dragons-lair/cards.js';
import type { GameTable, HostWords, TableHost } from '../../src/games/api.js';
import { tavernWords } from '../../src/output/words.js';
import { diceValues } from '../../src/games/random.js';
import { FakeHostBase } from '../support/fakeHost.js';
import { paint } from '../../src/text/markup.js';
import { plainFor } from '../support/plain.js';

/** `look <table>` as a sighted player reads it. */
const look = (game: GameTable, viewer: string) => plainFor(game.describe(viewer), 'sight');
import { cs, shuffleValues } from '../support/dragons-lair-play.js';

/** A host that keeps purses in a map, records what each person in the room hears, and draws queued values. */
class FakeHost extends FakeHostBase implements TableHost {
  readonly id = 'lair-table';
  readonly label = 'the lair table';
  readonly settings = settingsOf(dragonsLair);

  constructor(inRoom: string[], words?: HostWords) {
    super(inRoom, { words });
    for (const name of inRoom) this.purses.set(`player:${name}`, 1000);
  }

  sit(game: GameTable, name: string): void {
    this.seats.push(name);
    game.onSit(name);
  }
}

/** Runs a table verb as `player` typed it; returns the reply. */
function type(game: GameTable, host: FakeHost, player: string, line: string): string {
  const [word, ...rest] = line.split(' ');
  const command = game.commands.find((c) => c.key === word || c.aliases?.includes(word))!;
  let reply = '';
  command.run({ player, reply: (t) => (reply += t) }, rest.join(' '));
  host.heard.get(player)!.push(reply);
  return reply;
}

/** Draw pile and dragon pile come out of the start's shuffles in exactly this order. */
function stackedDeck(first: Card[], dragons: Card[]): number[] {
  const rest = (all: Card[], top: Card[]) => [...top, ...all.filter((c) => !top.some((t) => sameCard(t, c)))];
  return [...shuffleValues(numberCards(), rest(numberCards(), first)), ...shuffleValues(dragonCards(), rest(dragonCards(), dragons))];
}

function threeAtTheTable() {
  const host = new FakeHost(['Ana', 'Bob', 'Zed']);
  const game = dragonsLair.create(host);
  host.sit(game, 'Ana');
  host.sit(game, 'Bob');
  // Dealt in turn, a card each: Ana 10h 9h 2c 4d; Bob 8h 5d 7s ac; then Ana draws 3c, Bob 6c.
  // Dragons: jack of clubs (13), queen of spades (15), king of hearts next.
  host.queue(...stackedDeck(cs('10h', '8h', '9h', '5d', '2c', '7s', '4d', 'ac', '3c', '6c'), cs('jc', 'qs', 'kh')));
  expect(type(game, host, 'Ana', 'start')).toBe('');
  return { host, game };
}

describe("Dragon's Lair table", () => {
  it('words its hints as whispers for a host whose dealer takes every verb whispered (a dealer in another MUD)', () => {
    const whispered: HostWords = { ...tavernWords, dealer: 'Croupier', whisper: (dealer, text) => `whisper ${dealer}=${text}`, whisperedOnly: true };
    const host = new FakeHost(['Ana', 'Bob'], whispered);
    const game = dragonsLair.create(host);
    expect(look(game, 'Ana')).toMatch(/seats are free: whisper Croupier=sit to play; once 2 to 5 are seated, type whisper Croupier=start/);
    host.sit(game, 'Ana');
    expect(plainFor(type(game, host, 'Ana', 'hand'), 'sight')).toBe('You hold no cards: the game has not started (type whisper Croupier=start).');
    expect(plainFor(type(game, host, 'Ana', 'hold'), 'sight')).toBe('The game has not started; once 2 players sit, type whisper Croupier=start.');
    // The tavern's words are the verbs themselves.
    const tavern = new FakeHost(['Ana']);
    const plain = dragonsLair.create(tavern);
    tavern.sit(plain, 'Ana');
    expect(plainFor(type(plain, tavern, 'Ana', 'hold'), 'sight')).toBe('The game has not started; once 2 players sit, type start.');
  });

  it('plays a turn: two knights take lair 1, the attackers agree on a split, Bob discards down to four', () => {
    const { host, game } = threeAtTheTable();
    expect(host.purses.get('player:Ana')).toBe(950);
    expect(host.purses.get('escrow:Bob')).toBe(50);
    expect(host.news('Ana')).toMatch(/You are dealt 10h \(knight 10\), 9h \(knight 9\), 2c \(leprechaun 2\), 4d \(wizard 4\)\./);
    expect(host.news('Zed')).toMatch(/Dragon's Lair begins with Ana and Bob[^]*It is Ana's turn to play a card or hold \(pass 1 of 2, 60 seconds left\)/);

    expect(type(game, host, 'Ana', 'play 10 of hearts lair 1')).toBe('');
    expect(host.news('Ana')).toMatch(/You lay 10h \(knight 10\) face down at lair 1\./);
    expect(host.news('Zed')).toMatch(/^Ana lays a card face down at lair 1\./);
    expect(type(game, host, 'Bob', 'play knight 8 at lair 1')).toBe('');
    expect(look(game, 'Zed')).toMatch(/Lair 1: a dragon lies face down; 2 cards face down beside it \(Ana 1, Bob 1\)/);
    expect(look(game, 'Bob')).toMatch(/2 cards face down beside it \(Ana 1, you 1\)/); // "you" mid-sentence, not "You"
    expect(type(game, host, 'Ana', 'play 2c')).toBe('');
    host.queue(...diceValues(5));
    expect(type(game, host, 'Bob', 'hold')).toBe('');
    const zed = host.news('Zed');
    expect(zed).toMatch(/Lair 1 is revealed: jc \(dragon 13\) against Ana's 10h \(knight 10\), Bob's 8h \(knight 8\) \(18\)\. The dragon is slain! The treasure die shows 5\./);
    expect(zed).toMatch(/Ana and Bob have 10 seconds left to share lair 1's treasure of 5 game coins/);

    expect(type(game, host, 'Zed', 'agree')).toMatch(/Only Ana and Bob attacked lair 1/);
    expect(type(game, host, 'Ana', 'split an 3 b 3')).toMatch(/Those shares add up to 6; the treasure is 5 game coins\./);
    expect(type(game, host, 'Ana', 'split an 3 b 2')).toBe('');
    expect(host.news('Bob')).toMatch(/Ana proposes to share lair 1's treasure: Ana 3, you 2\. Waiting for you to agree \(10 seconds left\): type agree, or propose your own split\./);
    expect(host.news('Zed')).toMatch(/Ana proposes to share lair 1's treasure: Ana 3, Bob 2\. Waiting for Bob to agree \(10 seconds left\)\.$/);
    expect(type(game, host, 'Bob', 'agree')).toBe('');
    const bob = host.news('Bob');
    expect(bob).toMatch(/Agreed! Lair 1's treasure is shared: Ana 3, you 2 \(bank: 93\)\./);
    expect(bob).toMatch(/The bank pays each player 1 coin \(levy\)\. The bank holds 91 game coins\./);
    expect(bob).toMatch(/You draw 6c \(leprechaun 6\)\./);
    expect(bob).toMatch(/You hold 5 cards: discard 1 within 30 seconds/);
    expect(type(game, host, 'Ana', 'hold')).toMatch(/Wait: players are discarding down to 4 cards/);
    expect(type(game, host, 'Bob', 'discard 9h')).toMatch(/You hold no 9h/);
    expect(type(game, host, 'Bob', 'discard ac')).toBe('');
    expect(host.news('Zed')).toMatch(/Bob discards ac \(leprechaun 1\)\.[^]*A dragon is laid face down at lair 1\.[^]*Turn 2: Bob deals/);
    expect(type(game, host, 'Ana', 'hand')).toBe('Your hand: 9h (knight 9), 4d (wizard 4), 10h (knight 10), 3c (leprechaun 3). You have 6 game coins.');
    expect(look(game, 'Zed')).toMatch(/Ana +4 cards +6 game coins\n +2\. Bob +4 cards +3 game coins +\(dealer\)/);
    // A screen reader hears the players in a sentence instead of columns.
    const heard = plainFor(game.describe('Zed'), 'speech');
    expect(heard).toMatch(/Players, in the order of play: Ana, 4 cards, 6 game coins; Bob, 4 cards, 3 game coins, the dealer\./);
    expect(heard).not.toMatch(/ {2}1\. Ana/);
    expect(game.describe('Ana')).toContain(paint('turn', "It is Bob's turn to play a card or hold"));
  });

  it('tells the table how long a dropped player keeps the seat mid-game', () => {
    const { host, game } = threeAtTheTable();
    host.news('Zed');
    game.onAway!('Bob', 90_000);
    expect(host.news('Zed')).toBe('Bob has lost the thread; their seat is kept for 90 seconds, and any choice of theirs is held when its time runs out.');
  });

  it('gives GMCP a Table.State per viewer, a Table.Hand to each owner alone, and news of each change', () => {
    const { host, game } = threeAtTheTable();
    expect(host.stateChanges).toBeGreaterThan(0);
    expect(host.handChanges.sort()).toEqual(['Ana', 'Bob']);
    expect(game.hand!('Ana')).toEqual([
      { card: '10h', face: '10♥', name: '10 of hearts', red: true },
      { card: '9h', face: '9♥', name: '9 of hearts', red: true },
      { card: '2c', face: '2♣', name: '2 of clubs' },
      { card: '4d', face: '4♦', name: '4 of diamonds', red: true },
    ]);
    expect(game.hand!('Zed')).toBeNull();
    host.tellings.length = 0;
    type(game, host, 'Ana', 'play 10h lair 1');
    expect(host.handChanges.at(-1)).toBe('Ana');
    // The play is told in one call: its lines, then the table's state and Ana's hand for the panels.
    expect(host.tellings).toHaveLength(1);
    expect(host.tellings[0].filter((n) => n.kind !== 'say' && n.kind !== 'to')).toEqual([{ kind: 'state' }, { kind: 'hand', player: 'Ana' }]);
    const zed = game.tableState('Zed');
    expect(zed).toMatchObject({
      phase: 'playing',
      players: [
        { name: 'Ana', seat: 1, connected: true, left: false },
        { name: 'Bob', seat: 2, connected: true, left: false },
      ],
      turn: 'Bob',
      deadline: host.clock.now() + 60_000,
      round: 1,
      rounds: 10,
      bank: 100,
      pass: 1,
      dealer: 'Ana',
      coins: [{ player: 'Ana', coins: 0 }, { player: 'Bob', coins: 0 }],
      hands: [{ player: 'Ana', cards: 3 }, { player: 'Bob', cards: 4 }],
      lairs: [
        { lair: 1, dragon: null, strength: null, faceDown: true, laid: [{ player: 'Ana', cards: 1 }] },
        { lair: 2, dragon: null, strength: null, faceDown: true, laid: [] },
      ],
      negotiation: null,
    });
    // Nothing in it names a card in a hand or face down, for her as for anyone.
    expect(JSON.stringify(game.tableState('Ana'))).not.toMatch(/"(10h|9h|2c|4d|8h|5d|7s|ac|jc|qs)"/);
    expect(JSON.stringify(zed)).not.toMatch(/"(10|[2-9]|[ajqk])[hdcs]"/);
    // Its panel, for a client that knows no game (docs/gmcp.md, "The panel"): the hand is a place for Table.Hand's cards, never the cards.
    expect(zed.panel).toEqual({
      title: "Dragon's Lair",
      parts: [
        { kind: 'facts', facts: [{ label: 'Round', value: '1 of 10' }, { label: 'Pass', value: '1' }, { label: 'Bank', value: '100' }] },
        {
          kind: 'board',
          id: 'lairs',
          label: 'The lairs',
          layout: 'list',
          cells: [
            { label: 'Lair 1', marked: false, cards: [{ faceDown: true }], note: 'a dragon face down', tags: ['Ana: 1 face down'] },
            { label: 'Lair 2', marked: false, cards: [{ faceDown: true }], note: 'a dragon face down', tags: [] },
          ],
        },
        { kind: 'cards', id: 'hand', label: 'Your hand', cards: 'hand', empty: 'No cards.', noHand: 'Not dealt in.' },
        {
          kind: 'lines',
          label: 'Game coins and cards held',
          columns: [{ label: 'Player' }, { label: 'Coins', numeric: true }, { label: 'Cards', numeric: true }],
          rows: [['Ana', '0', '3'], ['Bob', '0', '4']],
        },
      ],
    });

    type(game, host, 'Bob', 'play 8h lair 1');
    type(game, host, 'Ana', 'play 2c');
    host.queue(...diceValues(5));
    type(game, host, 'Bob', 'hold');
    expect(host.throws).toEqual([[5]]); // the treasure die, for Table.Dice
    expect(game.tableState('Zed')).toMatchObject({
      phase: 'negotiating',
      turn: null,
      negotiation: { lair: 1, treasure: 5, attackers: ['Ana', 'Bob'], proposal: null, agreed: [], waitingFor: ['Ana', 'Bob'] },
    });
    const lairs = () => game.tableState('Zed').panel.parts.find((p) => p.kind === 'board')!;
    expect(lairs()).toMatchObject({ cells: [{ label: 'Lair 1', marked: true }, { label: 'Lair 2', marked: false }] });
    type(game, host, 'Ana', 'split ana 3 bob 2');
    // The split being agreed, set apart on the panel.
    expect(game.tableState('Zed').panel.parts.find((p) => p.kind === 'notice')).toEqual({
      kind: 'notice',
      lines: [{ text: 'Lair 1: 5 treasure between Ana, Bob.' }, { text: 'Ana proposes Ana 3, Bob 2.' }, { text: 'Waiting for Bob.', quiet: true }],
    });
    expect(game.tableState('Zed').negotiation).toEqual({
      lair: 1,
      treasure: 5,
      attackers: ['Ana', 'Bob'],
      proposal: { by: 'Ana', split: { Ana: 3, Bob: 2 } },
      agreed: ['Ana'],
      waitingFor: ['Bob'],
    });
  });

  it('tells nobody else a card in a hand or laid face down', () => {
    const { host, game } = threeAtTheTable();
    type(game, host, 'Ana', 'play 9h lair 2');
    host.queue(1);
    type(game, host, 'Bob', 'play 5d ana'); // the wizard picks Ana's second card: 2c, and beats it
    const zed = host.news('Zed') + look(game, 'Zed');
    const bob = host.news('Bob') + look(game, 'Bob');
    for (const hidden of ['10h', '9h', '4d']) {
      expect(zed).not.toContain(hidden);
      expect(bob).not.toContain(hidden);
    }
    expect(bob).toMatch(/You send the wizard 5d against Ana: it picks Ana's 2c \(leprechaun 2\) and beats it/);
  });

  it('on the clock: a choice is held, a lone attacker takes the treasure, and the lowest cards are discarded', () => {
    const { host, game } = threeAtTheTable();
    type(game, host, 'Ana', 'play 10h lair 1');
    host.news('Bob');
    host.news('Zed');
    host.clock.advance(50_000);
    // Ten seconds before a choice is held, the player who must choose hears it; nobody else.
    expect(host.news('Bob')).toBe("It is your turn to play a card or hold (pass 1 of 2, 10 seconds left).");
    expect(host.news('Zed')).toBe('');
    expect(look(game, 'Zed')).toMatch(/It is Bob's turn to play a card or hold \(pass 1 of 2, 10 seconds left\)/);
    host.clock.advance(10_000);
    expect(host.news('Zed')).toMatch(/Bob took too long and holds\./);
    type(game, host, 'Ana', 'play 9h lair 1');
    host.queue(...diceValues(6));
    host.clock.advance(60_000);
    // A lone attacker takes it all, no split needed.
    expect(host.news('Zed')).toMatch(/Ana alone takes lair 1's treasure: 6 game coins \(bank: 94\)/);
    host.news('Ana');
    host.clock.advance(20_000);
    expect(host.news('Ana')).toBe('You must discard 1 card with discard <card> (10 seconds left).');
    host.clock.advance(10_000);
    expect(host.news('Zed')).toMatch(/Ana ran out of time and loses 2c \(leprechaun 2\)\.\nBob ran out of time and loses ac \(leprechaun 1\)\./);
    expect(look(game, 'Ana')).toMatch(/turn 2 of 10, pass 1 of 2\. Bob deals/);
  });

  it('keeps the clock of a step whose story failed to be told: the first choice is still held after 60 seconds', () => {
    const host = new FakeHost(['Ana', 'Bob', 'Zed']);
    const game = dragonsLair.create(host);
    host.sit(game, 'Ana');
    host.sit(game, 'Bob');
    host.queue(...stackedDeck(cs('10h', '8h', '9h', '5d', '2c', '7s', '4d', 'ac', '3c', '6c'), cs('jc', 'qs', 'kh')));
    const tell = host.tell;
    host.tell = () => {
      throw new Error('a fault while telling the story');
    };
    expect(() => type(game, host, 'Ana', 'start')).toThrow('a fault while telling the story');
    host.tell = tell;
    expect(host.purses.get('escrow:Ana')).toBe(50);
    host.news('Zed');
    host.clock.advance(60_000);
    expect(host.news('Zed')).toMatch(/Ana took too long and holds\./);
  });

  it('checks the antes before it shuffles, so the deal is always nonces 0 and 1; the end of the game retires its seed', () => {
    const host = new FakeHost(['Ana', 'Bob']);
    const game = dragonsLair.create(host);
    host.sit(game, 'Ana');
    host.sit(game, 'Bob');
    host.purses.set('player:Bob', 49);
    // Nothing is queued: a shuffle would throw. A start the ledger would refuse must not draw.
    expect(type(game, host, 'Ana', 'start')).toBe('Bob has only 49 obsidian coins, and the ante is 50: the game cannot start.');
    expect(type(game, host, 'Bob', 'start')).toBe('You have only 49 obsidian coins, and the ante is 50: the game cannot start.');
    host.purses.set('player:Bob', 50);
    host.queue(...stackedDeck(cs('10h', '8h', '9h', '5d', '2c', '7s', '4d', 'ac'), cs('jc', 'qs')));
    expect(type(game, host, 'Ana', 'start')).toBe('');
    expect(host.gamesOver).toBe(0);
    host.seats.splice(host.seats.indexOf('Bob'), 1);
    game.onStand('Bob', 'stand');
    expect(host.gamesOver).toBe(1);
  });
});
