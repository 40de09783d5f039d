import { settingsOf } from '../../src/games/settings.js';
import { describe, expect, it } from 'vitest';
import { spiceRun } from '../../src/games/spice-run/table.js';
import type { GameTable, HostWords, TableHost } from '../../src/games/api.js';
import { tavernWords } from '../../src/output/words.js';
import { diceValues } from '../../src/games/random.js';
import { FakeHostBase } from '../support/fakeHost.js';
import { paint } from '../../src/text/markup.js';
import { plainFor } from '../support/plain.js';

/** `look <table>` as a sighted player reads it. */
const look = (game: GameTable, viewer: string) => plainFor(game.describe(viewer), 'sight');

/** A host that keeps purses in a map and records what each person in the room hears. */
class FakeHost extends FakeHostBase implements TableHost {
  readonly id = 'sand-table';
  readonly label = 'the sand table';
  readonly settings = settingsOf(spiceRun);

  constructor(words?: HostWords) {
    super(['Ana', 'Bob', 'Zed'], { words });
    for (const name of ['Ana', 'Bob', 'Zed']) this.purses.set(`player:${name}`, 1000);
  }

  sit(game: GameTable, name: string): void {
    this.seats.push(name);
    game.onSit(name);
  }
}

function twoAtTheTable(words?: HostWords) {
  const host = new FakeHost(words);
  const game = spiceRun.create(host);
  host.sit(game, 'Ana');
  host.sit(game, 'Bob');
  return { host, game };
}

const verb = (game: GameTable, player: string, line: string) => {
  const [word, ...rest] = line.split(' ');
  let reply = '';
  game.commands.find((c) => c.key === word)!.run({ player, reply: (t) => (reply += t) }, rest.join(' '));
  return reply;
};

describe('the Spice Run table', () => {
  it('words the how of a turn for a host whose dealer takes every verb whispered (a dealer in another MUD)', () => {
    const whispered: HostWords = { ...tavernWords, dealer: 'Croupier', whisper: (dealer, text) => `whisper ${dealer}=${text}`, whisperedOnly: true };
    const { host, game } = twoAtTheTable(whispered);
    expect(host.news('Ana')).toMatch(/You may choose a variant \(whisper Croupier=variant standard\|all-or-none\|take-and-give\)[^]*It is your turn to roll the dice to place a wager\. Type whisper Croupier=roll dice\.$/);
    host.queue(...diceValues(2, 3));
    game.roll!('Ana', () => undefined);
    expect(host.news('Ana')).toMatch(/It is your turn to bet on square 5\. Type whisper Croupier=bet <amount>\.$/);
    // A refusal from the rules says it the same way.
    let refused = '';
    game.roll!('Ana', (t) => (refused += t));
    expect(plainFor(refused, 'sight')).toBe('It is your turn to bet on square 5. Type whisper Croupier=bet <amount>.');
    expect(look(game, 'Ana')).toMatch(/Type whisper Croupier=bet <amount>\./);
  });

  it('tells the player on turn in the second person, and the others by name', () => {
    const { host, game } = twoAtTheTable();
    expect(host.news('Ana')).toMatch(/you are Player 1, Bob is Player 2\. You may choose a variant[^]*It is your turn to roll the dice to place a wager\. Type roll dice\.$/);
    expect(host.news('Bob')).toMatch(/Ana is Player 1, you are Player 2\. Ana may choose[^]*It is Ana's turn to roll the dice to place a wager\.$/);
    host.news('Zed');
    host.queue(...diceValues(2, 3));
    game.roll!('Ana', () => undefined);
    expect(host.news('Ana')).toBe('You throw the dice: 2 and 3 (5).\nIt is your turn to bet on square 5. Type bet <amount>.');
    expect(host.news('Zed')).toBe("Ana throws the dice: 2 and 3 (5).\nIt is Ana's turn to bet on square 5.");
    expect(look(game, 'Ana')).toMatch(/Last roll: you threw 2 and 3 \(5\)\./); // "you" mid-sentence
    expect(look(game, 'Zed')).toMatch(/Last roll: Ana threw 2 and 3 \(5\)\./);
    expect(verb(game, 'Ana', 'bet 40')).toBe('');
    expect(host.news('Bob')).toMatch(/\nAna places 40 obsidian coins on square 5\. The board holds 40 obsidian coins\.\nIt is your turn to roll/);
  });

  it('tells each step in one call to its host, in order: the new state for the panels, the throw, then the lines', () => {
    const { host, game } = twoAtTheTable();
    host.tellings.length = 0;
    host.queue(...diceValues(2, 3));
    game.roll!('Ana', () => undefined);
    expect(host.tellings.map((news) => news.map((n) => n.kind))).toEqual([['state', 'dice', 'say', 'say']]);
    expect(host.tellings[0][1]).toEqual({ kind: 'dice', dice: [2, 3] });
  });

  it('tells the table how long a dropped player keeps the seat', () => {
    const { host, game } = twoAtTheTable();
    host.news('Bob');
    game.onAway!('Ana', 120_000);
    expect(host.news('Bob')).toBe('Ana has lost the thread; their seat is kept for 2 minutes.');
  });

  it('warns the player on turn 10 seconds before the turn lapses, and look shows the seconds left', () => {
    const { host, game } = twoAtTheTable();
    host.news('Ana');
    host.news('Bob');
    host.clock.advance(110_000);
    expect(host.news('Ana')).toBe('10 seconds left for your turn, or the game is withdrawn and you get up. It is your turn to roll the dice to place a wager. Type roll dice.');
    expect(host.news('Bob')).toBe('');
    expect(look(game, 'Bob')).toMatch(/Ana has 10 seconds left for this turn; then the game is withdrawn and Ana gets up\./);
    expect(host.gamesOver).toBe(0);
    host.clock.advance(10_000);
    expect(host.news('Bob')).toMatch(/Ana let the turn lapse, so the game is withdrawn/);
    // The game is over, so the seed of its draws retires (docs/rulings.md, Provably fair draws).
    expect(host.gamesOver).toBe(1);
  });

  it('keeps the turn clock of a step whose story failed to be told: the renewed turn still lapses', () => {
    const { host, game } = twoAtTheTable();
    host.clock.advance(60_000);
    const tell = host.tell;
    host.tell = () => {
      throw new Error('a fault while telling the story');
    };
    host.queue(...diceValues(2, 3));
    expect(() => game.roll!('Ana', () => undefined)).toThrow('a fault while telling the story');
    host.tell = tell;
    host.news('Bob');
    // Rolling renewed Ana's two minutes: the turn lapses two minutes after the roll.
    host.clock.advance(119_000);
    expect(host.news('Bob')).not.toMatch(/lapse/);
    host.clock.advance(1_000);
    expect(host.news('Bob')).toMatch(/Ana let the turn lapse, so the game is withdrawn/);
  });

  it('lets a roller with no coins skip the bet at once, without first asking them for it', () => {
    const { host, game } = twoAtTheTable();
    expect(verb(game, 'Ana', 'variant all-or-none')).toBe('');
    for (const [who, stake] of [['Ana', '500'], ['Bob', '100'], ['Ana', '500'], ['Bob', '100']] as const) {
      host.queue(...diceValues(2, 3));
      game.roll!(who, () => undefined);
      expect(verb(game, who, `bet ${stake}`)).toBe('');
    }
    expect(host.balance('Ana')).toBe(0);
    host.news('Ana');
    host.queue(...diceValues(3, 3));
    game.roll!('Ana', () => undefined);
    const told = host.news('Ana');
    expect(told).toMatch(/You have no coins left and skip the wager on square 6\./);
    expect(told).not.toMatch(/Type bet <amount>/);
  });

  it('gives GMCP a Table.State of the board, the roll waiting and whose turn it is, and each throw', () => {
    const { host, game } = twoAtTheTable();
    host.queue(...diceValues(3, 4));
    game.roll!('Ana', () => undefined);
    verb(game, 'Ana', 'bet 40');
    host.queue(...diceValues(5, 6));
    game.roll!('Bob', () => undefined);
    expect(host.throws).toEqual([[3, 4], [5, 6]]);
    expect(host.stateChanges).toBeGreaterThan(2);
    const state = game.tableState('Zed');
    expect(state).toMatchObject({
      phase: 'placing',
      players: [
        { name: 'Ana', seat: 1, connected: true },
        { name: 'Bob', seat: 2, connected: true },
      ],
      turn: 'Bob',
      deadline: host.clock.now() + 120_000,
      variant: 'standard',
      roll: [5, 6],
    });
    expect((state.board as { square: number; wagers: unknown[] }[]).filter((sq) => sq.wagers.length)).toEqual([
      { square: 7, wagers: [{ player: 'Ana', amount: 40 }] },
    ]);
    expect((state.board as unknown[]).length).toBe(9);
    // Its panel, for a client that knows no game (docs/gmcp.md, "The panel"): the roll to play marks its square.
    const square = (n: number, wagers: { player: string; amount: string }[] = []) => ({ label: String(n), marked: n === 11, wagers });
    expect(state.panel).toEqual({
      title: 'Spice Run',
      parts: [
        { kind: 'facts', facts: [{ label: 'Variant', value: 'standard' }] },
        { kind: 'dice', label: 'To play', dice: [5, 6] },
        {
          kind: 'board',
          id: 'board',
          label: 'The board',
          layout: 'grid',
          cells: [3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => square(n, n === 7 ? [{ player: 'Ana', amount: '40' }] : [])),
        },
      ],
    });
    const waiting = spiceRun.create(new FakeHost()).tableState('Zed');
    expect(waiting).toMatchObject({ phase: 'waiting', players: [], turn: null, deadline: null, roll: null });
    // Before any throw the panel has no dice, and the board no marked square.
    expect(waiting.panel.parts.map((p) => p.kind)).toEqual(['facts', 'board']);
  });

  it('shows the last throw on the panel once the roll is played', () => {
    const { host, game } = twoAtTheTable();
    host.queue(...diceValues(3, 4));
    game.roll!('Ana', () => undefined);
    verb(game, 'Ana', 'bet 1,000');
    expect(game.tableState('Zed').panel.parts[1]).toEqual({ kind: 'dice', label: 'Last throw', dice: [3, 4] });
    expect(game.tableState('Zed').panel.parts[2]).toMatchObject({ cells: expect.arrayContaining([{ label: '7', marked: false, wagers: [{ player: 'Ana', amount: '1,000' }] }]) });
  });

  it('draws the board for the eye and says it in a sentence for a screen reader, and marks whose turn and your winnings', () => {
    const { host, game } = twoAtTheTable();
    host.queue(...diceValues(3, 4));
    game.roll!('Ana', () => undefined);
    verb(game, 'Ana', 'bet 40');
    const seen = plainFor(game.describe('Bob'), 'sight');
    expect(seen).toMatch(/\+-----\+-+/);
    expect(seen).toMatch(/P1 40/);
    expect(seen).toMatch(/square  7: 40 obsidian coins of Ana's/);
    const heard = plainFor(game.describe('Bob'), 'speech');
    expect(heard).toMatch(/On the sand grid: square 7, 40 obsidian coins of Ana's\./);
    expect(heard).not.toMatch(/\+---|\|/);
    expect(host.marked.get('Bob')!.at(-1)).toBe(
      `${paint('turn', 'It is your turn to roll the dice to place a wager.')} ${paint('hint', 'Type roll dice.')}`,
    );
    expect(game.describe('Bob')).toContain(paint('deadline', '120 seconds'));
  });
});
